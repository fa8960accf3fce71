/* path.c: the native side of path-faithful replay (symplex-replay
 * --check-path). The program is the module symplex explored, instrumented
 * by its loader (src/ir/ir_path_module.c): every conditional branch and
 * switch of the program's own code calls __symplex_path_decision(site,
 * succ) before it goes, calls out of the program's code are bracketed by
 * __symplex_path_lib(+1/-1), and the path's end (main's return, exit) calls
 * __symplex_path_end(). This file holds the run to the decisions of the
 * test's .path file ($SYMPLEX_PATH_FILE), one by one:
 *   - a decision that differs, or one past the end of a path that ended by
 *     exit, is a mismatch the moment it is made;
 *   - a path that ended by exit must end natively after exactly its
 *     decisions; a path cut short (an error, a limit) only claims its
 *     decisions as a prefix: once they all matched, the run has nothing
 *     left to show and ends at once;
 *   - an end found otherwise (a signal, a sanitizer's report, atexit) is
 *     checked the same way, as far as that run got.
 * The verdict is one line in $SYMPLEX_PATH_RESULT: "ok", or the mismatch,
 * after which the process exits with status 6. Decisions made under a
 * library call (a qsort comparison) are not the path's, as the engine does
 * not record the ones its libc models make. This object is linked only into
 * the path build (nothing else references its hooks). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "out/pathfile.h"
#include "util/path_hash.h"

__attribute__((weak)) void __sanitizer_set_death_callback(void (*callback)(void));

static struct {
    bool on, done;
    PathFile want;     /* the recorded path */
    uint64_t k;        /* native decisions so far */
    uint64_t hash;     /* their hash */
    int lib;           /* library calls in progress */
    const char *result, *sites;
} path;

static void path_verdict(const char *line) {
    int fd = path.result ? open(path.result, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644) : -1;
    if (fd >= 0) {
        size_t n = strlen(line);
        if (write(fd, line, n) != (ssize_t)n || write(fd, "\n", 1) != 1) {
            /* nothing better to do: the harness finds no verdict */
        }
        close(fd);
    } else {
        dprintf(2, "symplex-replay: %s\n", line);
    }
    path.done = true;
}

static _Noreturn void path_mismatch(const char *line) {
    path_verdict(line);
    _exit(6);
}

/* "FILE:LINE" of a site, from the table symplex wrote beside the module. */
static void path_site_where(uint32_t site, char *out, size_t n) {
    snprintf(out, n, "?");
    FILE *f = path.sites ? fopen(path.sites, "r") : NULL;
    char line[4096];
    while (f && fgets(line, sizeof line, f)) {
        char *tab = strchr(line, '\t');
        if (!tab || strtoul(line, NULL, 10) != site) continue;
        tab[1 + strcspn(tab + 1, "\n")] = 0;
        snprintf(out, n, "%s", tab + 1);
        break;
    }
    if (f) fclose(f);
}

static _Noreturn void path_diverged(uint64_t want, uint64_t got) {
    char line[8192], wsite[2048], gsite[2048];
    uint32_t ws = path_decision_site(want), gs = path_decision_site(got);
    path_site_where(gs, gsite, sizeof gsite);
    if (ws == gs) {
        snprintf(line, sizeof line, "path mismatch at decision %llu: site %u (%s), recorded succ %u, native succ %u",
                 (unsigned long long)path.k + 1, gs, gsite, path_decision_succ(want), path_decision_succ(got));
    } else {
        path_site_where(ws, wsite, sizeof wsite);
        snprintf(line, sizeof line,
                 "path mismatch at decision %llu: recorded site %u (%s) succ %u, native site %u (%s) succ %u",
                 (unsigned long long)path.k + 1, ws, wsite, path_decision_succ(want), gs, gsite,
                 path_decision_succ(got));
    }
    path_mismatch(line);
}

static _Noreturn void path_went_on(uint64_t got) {
    char line[4096], where[2048];
    path_site_where(path_decision_site(got), where, sizeof where);
    snprintf(line, sizeof line,
             "path mismatch at decision %llu: site %u (%s), native succ %u, but the recorded path ended after %llu "
             "decisions",
             (unsigned long long)path.k + 1, path_decision_site(got), where, path_decision_succ(got),
             (unsigned long long)path.want.count);
    path_mismatch(line);
}

/* All recorded decisions made: beyond the stored ones only the hash tells. */
static void path_all_made(void) {
    if (path.want.count > path.want.stored && path.hash != path.want.hash) {
        char line[256];
        snprintf(line, sizeof line,
                 "path mismatch: the %llu decisions after the first %llu differ (their hashes differ)",
                 (unsigned long long)(path.want.count - path.want.stored), (unsigned long long)path.want.stored);
        path_mismatch(line);
    }
    if (path.want.end == PATH_END_CUT) { /* the claimed prefix holds: nothing more to check */
        path_verdict("ok");
        _exit(0);
    }
}

void __symplex_path_decision(uint32_t site, uint32_t succ) {
    if (!path.on || path.done || path.lib > 0) return;
    uint64_t d = path_decision(site, succ);
    if (path.k >= path.want.count) path_went_on(d);
    if (path.k < path.want.stored && path.want.d[path.k] != d) path_diverged(path.want.d[path.k], d);
    path.hash = path_hash_step(path.hash, d);
    if (++path.k == path.want.count) path_all_made();
}

void __symplex_path_lib(int32_t delta) {
    path.lib += delta;
}

/* The run ends here (how: for the message): it must have made every decision. */
static void path_finish(const char *how) {
    if (!path.on || path.done) return;
    if (path.k < path.want.count) {
        char line[512];
        snprintf(line, sizeof line, "path mismatch: native run ended (%s) after %llu decisions, recorded %llu", how,
                 (unsigned long long)path.k, (unsigned long long)path.want.count);
        path_mismatch(line);
    }
    path_verdict("ok");
}

void __symplex_path_end(void) {
    path_finish("exit or return from main");
}

static void path_at_exit(void) {
    path_finish("exit");
}

static void path_on_death(void) {
    path_finish("sanitizer report");
}

static void path_on_signal(int sig) {
    char how[128];
    if ((sig == SIGTERM || sig == SIGXCPU) && path.on && !path.done) { /* the harness's time limit */
        snprintf(how, sizeof how, "path mismatch: native run did not end in time (%llu decisions made, recorded %llu)",
                 (unsigned long long)path.k, (unsigned long long)path.want.count);
        path_mismatch(how);
    }
    snprintf(how, sizeof how, "signal %d", sig);
    path_finish(how);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* The replay library found that the test does not fit the program (it
 * exits 3 or 4): no path to judge, the usual replay reports it. */
void symplex_path_abandon(void) {
    if (path.on && !path.done) path_verdict("abandoned: the test does not fit the program");
}

extern int replay_environ_anchor; /* replay.c, which restores the program's environment after this */

/* Before main: the recorded path, and every way the run can end. */
__attribute__((constructor(201))) static void path_start(void) {
    replay_environ_anchor = 1;
    const char *file = getenv("SYMPLEX_PATH_FILE");
    if (!file || !*file) return;
    path.result = getenv("SYMPLEX_PATH_RESULT");
    path.sites = getenv("SYMPLEX_PATH_SITES");
    char *err = NULL;
    if (!pathfile_read(file, &path.want, &err)) {
        dprintf(2, "symplex-replay: %s\n", err ? err : "cannot read the path file");
        _exit(2);
    }
    path.on = true;
    path.hash = PATH_HASH_INIT;
    if (path.want.count == 0) path_all_made();
    atexit(path_at_exit);
    if (__sanitizer_set_death_callback) __sanitizer_set_death_callback(path_on_death);
    static const int sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTERM, SIGXCPU};
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) signal(sigs[i], path_on_signal);
}
