/* ir_load_fork: the parent's side of the loader's child. Forks it, waits for
 * it, and turns whatever end it met into one line: its own message for an
 * error it caught, or, for a crash, what its log says (LLVM's last words, a
 * sanitizer's verdict). A sanitizer's report on symplex's own code (not
 * LLVM's) is a bug in symplex: it is copied to stderr for the tests to see. */
#define _GNU_SOURCE
#include "ir/ir_load.h"
#include "util/util.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* What the child's log says about its end. */
typedef struct ChildLog {
    char *llvm_error; /* "LLVM ERROR: out of memory" -> "out of memory" */
    char *sanitizer;  /* kind of a sanitizer's report ("heap-buffer-overflow", "SEGV") */
    bool ours;        /* the report points into symplex's own code: a bug to show, not to summarise */
} ChildLog;

static bool frame_in(const char *line, const char *const *libs) {
    for (; *libs; libs++)
        if (strstr(line, *libs)) return true;
    return false;
}

/* LLVM's frames: in its shared library, or, linked statically into symplex
 * (CMakeLists.txt), named as C++ functions (symplex's are C, never qualified
 * with "::") or as its C API's LLVM* functions. */
static bool frame_in_llvm(const char *line, const char *const *libs) {
    return frame_in(line, libs) || strstr(line, "::") || strstr(line, " in LLVM");
}

/* A sanitizer's report blames the first stack frame outside the sanitizer's
 * runtime: in LLVM (or the C++ runtime under it) the damaged input tripped a
 * bug symplex contains; anywhere else it is symplex's. LLVM is not
 * instrumented, so UBSan's "runtime error" is always symplex's. */
static void child_log_line(ChildLog *c, const char *line, bool *in_report, bool *blamed) {
    static const char *const runtime[] = {"libsanitizer", "libasan", "libubsan", "interceptor", NULL};
    static const char *const foreign[] = {"libLLVM", "libstdc++", "libc.so", "libgcc_s", "libz.so", NULL};
    if (!c->llvm_error && strncmp(line, "LLVM ERROR: ", 12) == 0) c->llvm_error = irload_first_line(line + 12);
    if (strstr(line, "runtime error:")) c->ours = true;
    if (strstr(line, "ERROR: AddressSanitizer:")) *in_report = true;
    const char *sum = strstr(line, "SUMMARY: AddressSanitizer: ");
    if (sum && !c->sanitizer) c->sanitizer = util_format("%.*s", (int)strcspn(sum + 27, " \n"), sum + 27);
    if (*in_report && !*blamed && strncmp(line + strspn(line, " "), "#", 1) == 0 && !frame_in(line, runtime)) {
        *blamed = true;
        if (!frame_in_llvm(line, foreign)) c->ours = true;
    }
}

static ChildLog child_log_read(const char *log_path) {
    ChildLog c = {0};
    bool in_report = false, blamed = false;
    FILE *f = fopen(log_path, "r");
    char line[1024];
    while (f && fgets(line, sizeof line, f)) child_log_line(&c, line, &in_report, &blamed);
    if (f) fclose(f);
    return c;
}

/* The child's log verbatim on stderr: with SYMPLEX_DEBUG_LOADER=1 for any
 * failed load, and always for a sanitizer's report on symplex's own code. */
static void child_log_copy(const char *log_path, bool always) {
    const char *v = getenv("SYMPLEX_DEBUG_LOADER");
    FILE *f = always || (v && *v && strcmp(v, "0") != 0) ? fopen(log_path, "r") : NULL;
    char buf[4096];
    size_t n;
    while (f && (n = fread(buf, 1, sizeof buf, f)) > 0) fwrite(buf, 1, n, stderr);
    if (f) fclose(f);
}

/* One line for a child that crashed or died without saying why. */
static char *child_crash_error(const IrChildJob *j, int status, const ChildLog *c) {
    const char *why = c->llvm_error ? c->llvm_error : "";
    const char *sep = c->llvm_error ? ": " : "";
    if (c->ours)
        return util_format("cannot load '%s': symplex's loader crashed (a symplex bug; its report is above)",
                           j->shown);
    bool oom = (c->llvm_error && strstr(c->llvm_error, "out of memory")) ||
               (c->sanitizer && (strstr(c->sanitizer, "memory") || strstr(c->sanitizer, "allocation")));
    if (oom)
        return util_format("cannot load '%s': LLVM ran out of memory reading it (the loader may take %llu MiB)",
                           j->shown, IR_CHILD_MEMORY_MB);
    if (WIFSIGNALED(status))
        return util_format("cannot load '%s': LLVM crashed reading it (signal %d%s%s)", j->shown, WTERMSIG(status),
                           sep, why);
    if (c->sanitizer)
        return util_format("cannot load '%s': LLVM crashed reading it (%s%s%s)", j->shown, c->sanitizer, sep, why);
    if (c->llvm_error) return util_format("cannot load '%s': LLVM failed reading it: %s", j->shown, why);
    return util_format("cannot load '%s': LLVM failed reading it (exit status %d)", j->shown, WEXITSTATUS(status));
}

/* One line for a child that did not finish cleanly. */
static char *child_error(const IrChildJob *j, int status, const char *msg) {
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    ChildLog c = child_log_read(j->log_path);
    char *e;
    if (msg[0] && code == IR_CHILD_FAILED) e = util_strdup(msg);
    else if (msg[0] && code == IR_CHILD_LLVM_FATAL) e = util_format("cannot load '%s': %s", j->shown, msg);
    else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
        e = util_format("cannot load '%s': LLVM did not finish reading it in %u s", j->shown, j->timeout_s);
    else if (WIFSIGNALED(status) && (WTERMSIG(status) == SIGINT || WTERMSIG(status) == SIGTERM))
        e = util_format("cannot load '%s': interrupted", j->shown);
    else e = child_crash_error(j, status, &c);
    child_log_copy(j->log_path, c.ours);
    free(c.llvm_error);
    free(c.sanitizer);
    return e;
}

bool irload_in_child(const IrChildJob *j, char **err) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) {
        *err = util_format("cannot create a pipe: %s", strerror(errno));
        return false;
    }
    pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        irchild_run(j, fds[1]);
    }
    close(fds[1]);
    int status = 0, waited = 0, why = errno; /* fork's */
    while (pid > 0 && (waited = waitpid(pid, &status, 0)) < 0 && errno == EINTR) continue;
    if (pid > 0) why = errno;
    char msg[1024] = {0};
    size_t n = 0;
    ssize_t k; /* the child writes at most 1000 bytes, less than a pipe holds: it never blocks */
    while (n < sizeof msg - 1 && (k = read(fds[0], msg + n, sizeof msg - 1 - n)) != 0)
        if (k > 0) n += (size_t)k;
        else if (errno != EINTR) break;
    close(fds[0]);
    if (pid < 0) *err = util_format("cannot fork the loader: %s", strerror(why));
    else if (waited < 0) *err = util_format("cannot wait for the loader: %s", strerror(why));
    else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) *err = child_error(j, status, msg);
    return *err == NULL;
}
