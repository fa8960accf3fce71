/* symplex-posix-run: runs a native program in the environment a --posix
 * test describes, as KLEE's klee-replay does for its POSIX runtime.
 *
 *   symplex-posix-run TEST.ktest PROGRAM [ARGS...]
 *
 * A test written under --posix records the arguments symplex gave the
 * program (its ktest `args`: the program's name, the --sym-* options and the
 * concrete arguments) and holds the environment's objects first, in the order
 * the environment model made them: "n_args", "argNN", "A-data",
 * "A-data-stat", ..., "stdin", "stdin-stat", "stdout", "stdout-stat",
 * "model_version". From them this builds the program's argv, creates the
 * symbolic files A, B, ... in a fresh scratch directory (with the permission
 * bits of their stat data), makes stdin a file holding the "stdin" bytes (or
 * /dev/null without --sym-stdin), runs PROGRAM there and removes the
 * directory. ARGS are ignored then: the test says what they were. A test
 * without "model_version" was not written under --posix: PROGRAM runs with
 * ARGS as they are, in the current directory.
 *
 * The model has no terminal: under a --posix test, a stdout or stderr that
 * is one reaches the program as a pipe (its output copied through).
 *
 * The exit status is the program's, 128 + N when signal N killed it, and 2
 * when the test cannot be replayed (a message says why). */
#define _GNU_SOURCE
#include "out/ktest.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct PosixReplay {
    const KTest *t;
    uint32_t next;         /* next environment object */
    char **argv;
    int argc;
    const char *dir;       /* the scratch directory */
    int stdin_fd;
} PosixReplay;

static _Noreturn __attribute__((format(printf, 1, 2))) void prun_fail(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "symplex-posix-run: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

static const KTestObject *prun_take(PosixReplay *r, const char *want) {
    if (r->next >= r->t->nobjects) prun_fail("the test lacks the object '%s'", want);
    const KTestObject *o = &r->t->objects[r->next];
    if (strcmp(o->name, want) != 0) prun_fail("the test's objects are not in the environment's order (want '%s')", want);
    r->next++;
    return o;
}

static int prun_find(const KTest *t, const char *name) {
    for (uint32_t i = 0; i < t->nobjects; i++)
        if (strcmp(t->objects[i].name, name) == 0) return (int)i;
    return -1;
}

/* A symbolic argument: the object's bytes up to the first NUL. Its last
 * byte is no part of it: the model overwrites it with NUL after making the
 * object symbolic, so the test's value for that byte is arbitrary. */
static void prun_sym_arg(PosixReplay *r, unsigned *index) {
    char name[16];
    snprintf(name, sizeof name, "arg%02u", *index % 100);
    (*index)++;
    const KTestObject *o = prun_take(r, name);
    r->argv[r->argc++] = strndup((const char *)o->bytes, o->nbytes ? o->nbytes - 1 : 0);
}

static void prun_write_file(PosixReplay *r, const char *name, const KTestObject *data, const KTestObject *st) {
    char *path;
    if (asprintf(&path, "%s/%s", r->dir, name) < 0) prun_fail("out of memory");
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd < 0 || write(fd, data->bytes, data->nbytes) != (ssize_t)data->nbytes) prun_fail("cannot write '%s'", path);
    close(fd);
    /* the permission bits the path chose (struct stat's st_mode, at offset 24 on x86_64) */
    if (st && st->nbytes >= 28) {
        unsigned mode;
        memcpy(&mode, st->bytes + 24, sizeof mode);
        chmod(path, mode & 0777);
    }
    free(path);
}

static void prun_files(PosixReplay *r, unsigned nfiles) {
    for (unsigned i = 0; i < nfiles; i++) {
        char data_name[16], stat_name[24], name[2] = {(char)('A' + i), 0};
        snprintf(data_name, sizeof data_name, "%c-data", 'A' + i);
        snprintf(stat_name, sizeof stat_name, "%c-data-stat", 'A' + i);
        const KTestObject *data = prun_take(r, data_name);
        prun_write_file(r, name, data, prun_take(r, stat_name));
    }
}

static void prun_stdin(PosixReplay *r) {
    const KTestObject *data = prun_take(r, "stdin");
    prun_take(r, "stdin-stat");
    char *path;
    if (asprintf(&path, "%s/.stdin", r->dir) < 0) prun_fail("out of memory");
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
    if (fd < 0 || write(fd, data->bytes, data->nbytes) != (ssize_t)data->nbytes) prun_fail("cannot write '%s'", path);
    lseek(fd, 0, SEEK_SET);
    unlink(path); /* the descriptor keeps it; the program does not see it among A, B, ... */
    free(path);
    r->stdin_fd = fd;
}

static bool prun_is(const char *arg, const char *name) {
    if (arg[0] != '-') return false;
    return strcmp(arg + (arg[1] == '-' ? 2 : 1), name) == 0;
}

/* Walks the recorded arguments as the environment model did (runtime/posix/env.c). */
static void prun_setup(PosixReplay *r, const char *program) {
    const KTest *t = r->t;
    r->argv = calloc(t->nargs + 1024, sizeof *r->argv);
    r->argv[r->argc++] = (char *)program;
    unsigned index = 0, nfiles = 0;
    bool sym_stdin = false, sym_stdout = false;
    for (uint32_t i = 1; i < t->nargs; i++) {
        const char *a = t->args[i];
        if (prun_is(a, "sym-arg") && i + 1 < t->nargs) {
            i++;
            prun_sym_arg(r, &index);
        } else if (prun_is(a, "sym-args") && i + 3 < t->nargs) {
            i += 3;
            const KTestObject *n = prun_take(r, "n_args");
            int count = 0;
            if (n->nbytes == 4) memcpy(&count, n->bytes, 4);
            if (count < 0 || count > 1000) prun_fail("n_args out of range in the test");
            for (int k = 0; k < count; k++) prun_sym_arg(r, &index);
        } else if (prun_is(a, "sym-files") && i + 2 < t->nargs) {
            nfiles = (unsigned)atoi(t->args[i + 1]);
            i += 2;
        } else if (prun_is(a, "sym-stdin") && i + 1 < t->nargs) {
            sym_stdin = true;
            i++;
        } else if (prun_is(a, "sym-stdout")) {
            sym_stdout = true;
        } else {
            r->argv[r->argc++] = t->args[i];
        }
    }
    prun_files(r, nfiles);
    if (sym_stdin) prun_stdin(r);
    if (sym_stdout) {
        prun_take(r, "stdout");
        prun_take(r, "stdout-stat");
    }
    prun_take(r, "model_version");
}

static void prun_write_all(int fd, const char *buf, ssize_t len) {
    for (ssize_t off = 0, w; off < len; off += w > 0 ? w : 0)
        if ((w = write(fd, buf + off, (size_t)(len - off))) < 0 && errno != EINTR) return;
}

/* Copies what the program writes to the pipes in relay[fd] (-1: none) to
 * descriptor fd, until every pipe is closed or, once the program has ended
 * (*status), nothing more is waiting: a child it left running may hold a
 * pipe open. */
static bool prun_relay(int relay[3], pid_t pid, int *status) {
    struct pollfd pf[2];
    int to[2], n = 0;
    bool ended = false;
    for (int fd = 1; fd <= 2; fd++)
        if (relay[fd] >= 0) pf[n] = (struct pollfd){.fd = relay[fd], .events = POLLIN}, to[n++] = fd;
    while (n) {
        int ready = poll(pf, (nfds_t)n, ended ? 0 : 100);
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) {
            if (ended || ready < 0) break;
            ended = waitpid(pid, status, WNOHANG) == pid;
            continue;
        }
        for (int k = 0; k < n; k++) {
            if (!pf[k].revents) continue;
            char buf[4096];
            ssize_t got = read(pf[k].fd, buf, sizeof buf);
            if (got > 0) {
                prun_write_all(to[k], buf, got);
                continue;
            }
            if (got < 0 && errno == EINTR) continue;
            close(pf[k].fd);
            pf[k] = pf[--n], to[k] = to[n], k--;
        }
    }
    for (int k = 0; k < n; k++) close(pf[k].fd);
    return ended;
}

/* Runs the program. With no_terminal, its stdout and stderr are pipes
 * whenever ours are terminals (copied through to them): the environment
 * model has no terminal (isatty is 0), and a program that asks (ls's
 * columns, colour, line buffering) must take the recorded path. */
static int prun_exec(char **argv, int stdin_fd, const char *dir, bool no_terminal) {
    int relay[3] = {-1, -1, -1}, child_end[3] = {-1, -1, -1};
    for (int fd = 1; fd <= 2; fd++) {
        int p[2];
        if (!no_terminal || !isatty(fd)) continue;
        if (pipe(p) != 0) prun_fail("cannot make a pipe: %s", strerror(errno));
        relay[fd] = p[0], child_end[fd] = p[1];
    }
    pid_t pid = fork();
    if (pid < 0) prun_fail("cannot fork: %s", strerror(errno));
    if (pid == 0) {
        if (dir && chdir(dir) != 0) _exit(2);
        if (stdin_fd >= 0) {
            dup2(stdin_fd, 0);
            close(stdin_fd);
        }
        for (int fd = 1; fd <= 2; fd++)
            if (child_end[fd] >= 0) dup2(child_end[fd], fd), close(child_end[fd]), close(relay[fd]);
        execv(argv[0], argv);
        fprintf(stderr, "symplex-posix-run: cannot run '%s': %s\n", argv[0], strerror(errno));
        _exit(2);
    }
    for (int fd = 1; fd <= 2; fd++)
        if (child_end[fd] >= 0) close(child_end[fd]);
    int status;
    if (!prun_relay(relay, pid, &status))
        while (waitpid(pid, &status, 0) < 0)
            if (errno != EINTR) prun_fail("waitpid: %s", strerror(errno));
    return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
}

/* The scratch directory and what the program left in it: the model's files,
 * and, where a test's path ended as unsupported (mkdir, symlink, ...) and the
 * native run went on, anything else. */
static void prun_rmdir(const char *dir) {
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        char *p;
        if (asprintf(&p, "%s/%s", dir, e->d_name) < 0) continue;
        struct stat st;
        if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode)) prun_rmdir(p);
        else unlink(p);
        free(p);
    }
    if (d) closedir(d);
    if (rmdir(dir) != 0) fprintf(stderr, "symplex-posix-run: cannot remove %s: %s\n", dir, strerror(errno));
}

int main(int argc, char **argv) {
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "--version") == 0)) {
        if (argv[1][2] == 'v') puts("symplex-posix-run (symplex) " SYMPLEX_VERSION);
        else puts("usage: symplex-posix-run TEST.ktest PROGRAM [ARGS...]\n\nruns a native PROGRAM in the environment a "
                  "--posix test describes:\nits arguments, its symbolic files in a scratch directory, its stdin");
        return 0;
    }
    if (argc < 3) {
        fputs("usage: symplex-posix-run TEST.ktest PROGRAM [ARGS...]\n", stderr);
        return 2;
    }
    char *err = NULL;
    KTest *t = ktest_read(argv[1], &err);
    if (!t) prun_fail("%s", err ? err : "cannot read the test");
    char *program = realpath(argv[2], NULL);
    if (!program) prun_fail("no such program: %s", argv[2]);
    if (prun_find(t, "model_version") < 0) {
        argv[2] = program;
        return prun_exec(argv + 2, -1, NULL, false); /* as symplex ran it: isatty was the host's */
    }
    char tmpl[] = "/tmp/symplex-posix-XXXXXX";
    const char *base = getenv("TMPDIR");
    char *dir_tmpl = NULL;
    if (base && *base && asprintf(&dir_tmpl, "%s/symplex-posix-XXXXXX", base) < 0) dir_tmpl = NULL;
    char *dir = mkdtemp(dir_tmpl ? dir_tmpl : tmpl);
    if (!dir) prun_fail("cannot create a scratch directory: %s", strerror(errno));
    PosixReplay r = {.t = t, .dir = dir, .stdin_fd = -1};
    prun_setup(&r, program);
    if (r.stdin_fd < 0) r.stdin_fd = open("/dev/null", O_RDONLY);
    int rc = prun_exec(r.argv, r.stdin_fd, dir, true);
    prun_rmdir(dir);
    ktest_free(t);
    return rc;
}
