#define _GNU_SOURCE
#include "out.h"
#include "../util/util.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool out_dir_empty(const char *dir) {
    DIR *d = opendir(dir);
    if (!d) return false;
    struct dirent *e;
    bool empty = true;
    while (empty && (e = readdir(d)))
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) empty = false;
    closedir(d);
    return empty;
}

/* What summary.json, info and results.sarif need at the end of a run, held
 * from the start: a run that fills its disk still says so. */
enum { OUT_RESERVE_BYTES = 512 * 1024 };

static bool out_make_reserve(OutDir *o, char **err) {
    o->reserve = out_path(o, ".symplex-reserve");
    int fd = open(o->reserve, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    int rc = fd < 0 ? errno : posix_fallocate(fd, 0, OUT_RESERVE_BYTES);
    if (fd >= 0 && close(fd) != 0 && !rc) rc = errno;
    if (rc) {
        *err = util_format("cannot write into output directory '%s': %s", o->path, strerror(rc));
        if (fd >= 0) unlink(o->reserve);
        free(o->reserve);
        o->reserve = NULL;
        return false;
    }
    return true;
}

void out_release_reserve(OutDir *o) {
    if (!o->reserve) return;
    unlink(o->reserve);
    free(o->reserve);
    o->reserve = NULL;
}

const char *out_failure(const OutDir *o) { return o->failure; }

void out_note_failure(OutDir *o, const char *name, int err) {
    if (!o->failure) o->failure = util_format("cannot write %s: %s", name, strerror(err ? err : EIO));
}

void out_fail(OutDir *o, const char *name, int err) {
    char *p = out_path(o, name);
    unlink(p);
    free(p);
    out_note_failure(o, name, err);
}

/* symplex-last sits next to the output directory, once it is known to be writable */
static void out_link_last(const char *path) {
    char *abs = realpath(path, NULL);
    const char *slash = strrchr(path, '/');
    char *link = slash ? util_format("%.*s/symplex-last", (int)(slash - path), path) : util_strdup("symplex-last");
    unlink(link);
    if (abs && symlink(abs, link) != 0) util_warn("cannot create link '%s'", link);
    free(abs);
    free(link);
}

OutDir *out_open(const char *dir, char **err) {
    char *path = NULL;
    if (dir) {
        /* never write over the tests of an earlier run */
        if (mkdir(dir, 0755) != 0 && errno == EEXIST && !out_dir_empty(dir)) {
            *err = util_format("output directory '%s' already exists and is not empty", dir);
            return NULL;
        }
        if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
            *err = util_format("cannot create output directory '%s': %s", dir, strerror(errno));
            return NULL;
        }
        path = util_strdup(dir);
    } else {
        for (int i = 0; i < 100000 && !path; i++) {
            char *p = util_format("symplex-out-%d", i);
            if (mkdir(p, 0755) == 0) path = p;
            else if (errno != EEXIST) {
                *err = util_format("cannot create output directory '%s': %s", p, strerror(errno));
                free(p);
                return NULL;
            } else free(p);
        }
        if (!path) {
            *err = util_strdup("no free symplex-out-N directory name");
            return NULL;
        }
    }
    OutDir *o = util_calloc(1, sizeof *o);
    o->path = path;
    o->start = timer_now();
    char *csv = out_path(o, "tests.csv");
    o->tests_csv = fopen(csv, "w");
    free(csv);
    if (!o->tests_csv || fputs("test,outcome,kind,file,line,exit_status,time_s\n", o->tests_csv) < 0 ||
        fflush(o->tests_csv) != 0) {
        *err = util_format("cannot write into output directory '%s': %s", path, strerror(errno));
        out_close(o);
        return NULL;
    }
    if (!out_make_reserve(o, err)) {
        out_close(o);
        return NULL;
    }
    out_link_last(path);
    return o;
}

/* The highest N of the testNNNNNN.ktest files in dir (0: none). */
static uint32_t out_last_test(const char *dir) {
    DIR *d = opendir(dir);
    if (!d) return 0;
    uint32_t last = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        unsigned n;
        char tail[8];
        if (sscanf(e->d_name, "test%6u.%7s", &n, tail) == 2 && strcmp(tail, "ktest") == 0 && n > last) last = n;
    }
    closedir(d);
    return last;
}

OutDir *out_reopen(const char *dir, char **err) {
    char *csv = util_format("%s/tests.csv", dir);
    if (access(csv, F_OK) != 0) {
        *err = util_format("'%s' is not a symplex output directory (no tests.csv)", dir);
        free(csv);
        return NULL;
    }
    OutDir *o = util_calloc(1, sizeof *o);
    o->path = util_strdup(dir);
    o->start = timer_now();
    o->ntests = out_last_test(dir);
    o->tests_csv = fopen(csv, "a");
    free(csv);
    char *stats = out_path(o, "stats.csv");
    o->stats_csv = fopen(stats, "a");
    free(stats);
    if (!o->tests_csv || !o->stats_csv) {
        *err = util_format("cannot write into output directory '%s': %s", dir, strerror(errno));
        out_close(o);
        return NULL;
    }
    if (!out_make_reserve(o, err)) {
        out_close(o);
        return NULL;
    }
    out_link_last(o->path);
    return o;
}

/* tests.csv without the rows of tests after `last`, reopened for appending */
static bool out_trim_tests_csv(OutDir *o, uint32_t last) {
    char *csv = out_path(o, "tests.csv"), *tmp = out_path(o, "tests.csv.new");
    FILE *in = fopen(csv, "r"), *out = fopen(tmp, "w");
    bool ok = in && out;
    char *line = NULL;
    size_t cap = 0;
    while (ok && getline(&line, &cap, in) > 0) {
        unsigned n;
        if (sscanf(line, "test%6u,", &n) == 1 && n > last) continue;
        ok = fputs(line, out) >= 0;
    }
    free(line);
    if (in) fclose(in);
    if (out && fclose(out) != 0) ok = false;
    if (ok) ok = rename(tmp, csv) == 0;
    else unlink(tmp);
    if (o->tests_csv) fclose(o->tests_csv);
    o->tests_csv = fopen(csv, "a");
    free(csv);
    free(tmp);
    return ok && o->tests_csv;
}

bool out_forget_tests_after(OutDir *o, uint32_t last, char **err) {
    if (o->ntests <= last) return true;
    DIR *d = opendir(o->path);
    if (!d) {
        *err = util_format("cannot read output directory '%s': %s", o->path, strerror(errno));
        return false;
    }
    struct dirent *e;
    while ((e = readdir(d))) {
        unsigned n;
        if (sscanf(e->d_name, "test%6u.", &n) == 1 && n > last) {
            char *p = out_path(o, e->d_name);
            unlink(p);
            free(p);
        }
    }
    closedir(d);
    o->ntests = last;
    if (!out_trim_tests_csv(o, last)) {
        *err = util_format("cannot rewrite tests.csv in '%s': %s", o->path, strerror(errno));
        return false;
    }
    return true;
}

void out_close(OutDir *o) {
    if (!o) return;
    if (o->tests_csv) fclose(o->tests_csv);
    if (o->stats_csv) fclose(o->stats_csv);
    out_release_reserve(o);
    free(o->failure);
    free(o->testcomp_dir);
    free(o->path);
    free(o);
}

char *out_path(const OutDir *o, const char *name) { return util_format("%s/%s", o->path, name); }

static void out_csv_field(FILE *f, const char *s) {
    if (!strpbrk(s, ",\"\n")) { fputs(s, f); return; }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"') fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

uint32_t out_write_test(OutDir *o, const KTest *kt, const TestRecord *r) {
    if (o->failure) return 0;
    uint32_t n = o->ntests + 1;
    char name[64];
    snprintf(name, sizeof name, "test%06u.ktest", n);
    char *p = out_path(o, name), *err = NULL;
    bool ok = ktest_write(p, kt, &err);
    int why = errno;
    free(p);
    free(err);
    if (!ok) {
        out_fail(o, name, why);
        return 0;
    }
    o->ntests = n;
    fprintf(o->tests_csv, "test%06u,%s,", n, r->outcome);
    out_csv_field(o->tests_csv, r->kind ? r->kind : "");
    fputc(',', o->tests_csv);
    out_csv_field(o->tests_csv, r->file ? r->file : "");
    if (r->line) fprintf(o->tests_csv, ",%u,", r->line);
    else fputs(",,", o->tests_csv);
    if (strcmp(r->outcome, "exit") == 0) fprintf(o->tests_csv, "%d", r->exit_status);
    fprintf(o->tests_csv, ",%.3f\n", timer_now() - o->start);
    if (fflush(o->tests_csv) != 0) out_note_failure(o, "tests.csv", errno);
    return n;
}

void out_write_err(OutDir *o, uint32_t test, const char *kind, const char *message, const char *file,
                   uint32_t line, const char *stack) {
    char name[96];
    snprintf(name, sizeof name, "test%06u.%s.err", test, kind);
    char *p = out_path(o, name);
    FILE *f = fopen(p, "w");
    free(p);
    if (!f) {
        out_fail(o, name, errno);
        return;
    }
    fprintf(f, "Error: %s\nKind: %s\nFile: %s\nLine: %u\nStack:\n%s", message ? message : kind, kind,
            file ? file : "", line, stack ? stack : "");
    int bad = ferror(f) ? (errno ? errno : EIO) : 0;
    if (fclose(f) != 0 && !bad) bad = errno;
    if (bad) out_fail(o, name, bad);
}

void out_json_string(FILE *f, const char *s) {
    fputc('"', f);
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c == '\n') fputs("\\n", f);
        else if (c < 0x20) fprintf(f, "\\u%04x", c);
        else fputc(c, f);
    }
    fputc('"', f);
}
