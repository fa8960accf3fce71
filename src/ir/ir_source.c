/* ir_source: what a user's file is, and compiling C with clang.
 *
 * The content decides where that is cheap (the first 4 KiB): bitcode magic
 * means bitcode whatever the name; otherwise the name does (.c, .i, .ll, .bc),
 * and a file with any other name is C source when it is text (no NUL byte),
 * LLVM IR when that text starts the way llvm-dis and clang -S write it. */
#define _GNU_SOURCE
#include "ir/ir_load.h"
#include "util/util.h"
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#define IRSRC_SAMPLE 4096

/* clang-16 makes these errors by default in C99 and later; gcc, older clangs
 * and the usual SV-COMP/KLEE harnesses take them (an undeclared
 * __VERIFIER_nondet_int(), implicit int, `return;` in an int function). */
static const char *const irsrc_downgraded[] = {
    "-Wno-error=implicit-function-declaration", "-Wno-error=implicit-int", "-Wno-error=int-conversion",
    "-Wno-error=incompatible-function-pointer-types", "-Wno-error=return-type",
};

static bool irsrc_ends_with(const char *s, const char *suf) {
    size_t n = strlen(s), k = strlen(suf);
    return n >= k && strcmp(s + n - k, suf) == 0;
}

static bool irsrc_is_bitcode(const unsigned char *p, size_t n) {
    static const unsigned char raw[4] = {'B', 'C', 0xC0, 0xDE}, wrapper[4] = {0xDE, 0xC0, 0x17, 0x0B};
    return n >= 4 && (memcmp(p, raw, 4) == 0 || memcmp(p, wrapper, 4) == 0);
}

static bool irsrc_looks_like_ir(const char *text) {
    text += strspn(text, " \t\r\n");
    return strncmp(text, "; ModuleID", 10) == 0 || strncmp(text, "source_filename", 15) == 0 ||
           strncmp(text, "target datalayout", 17) == 0;
}

/* Kind of a file that is not bitcode, from its name and (for other names) its text. */
static bool irsrc_by_name(const char *path, const char *buf, size_t n, IrInputKind *kind, char **err) {
    bool text = memchr(buf, 0, n) == NULL;
    if (irsrc_ends_with(path, ".c")) *kind = IR_IN_C;
    else if (irsrc_ends_with(path, ".i")) *kind = IR_IN_CPP_OUTPUT;
    else if (irsrc_ends_with(path, ".ll")) *kind = IR_IN_LL;
    else if (n == 0) *err = util_format("cannot load '%s': the file is empty", path);
    else if (irsrc_ends_with(path, ".bc") && !text) *kind = IR_IN_BC; /* the reader says what is wrong */
    else if (irsrc_ends_with(path, ".bc"))
        *err = util_format("cannot load '%s': a text file, not bitcode (name C source .c or .i, LLVM IR .ll)", path);
    else if (!text) *err = util_format("cannot load '%s': neither C source, LLVM IR nor bitcode", path);
    else *kind = irsrc_looks_like_ir(buf) ? IR_IN_LL : IR_IN_C;
    return *err == NULL;
}

bool irsrc_kind(const char *path, IrInputKind *kind, char **err) {
    char buf[IRSRC_SAMPLE + 1];
    *err = NULL;
    FILE *f = fopen(path, "rb");
    if (!f) {
        *err = util_format("cannot open '%s': %s", path, strerror(errno));
        return false;
    }
    size_t n = fread(buf, 1, IRSRC_SAMPLE, f);
    bool failed = ferror(f);
    fclose(f);
    if (failed) {
        *err = util_format("cannot read '%s'", path);
        return false;
    }
    buf[n] = 0;
    if (irsrc_is_bitcode((const unsigned char *)buf, n)) {
        *kind = IR_IN_BC;
        return true;
    }
    return irsrc_by_name(path, buf, n, kind, err);
}

/* ---- clang ---- */

/* The line of clang's log that says what went wrong: its first error, else its first line. */
static char *irsrc_error_line(const char *log_path) {
    FILE *f = fopen(log_path, "r");
    char line[1024], *first = NULL, *err = NULL;
    while (f && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        if (!first && line[0]) first = util_strdup(line);
        if (strstr(line, "error:")) { err = util_strdup(line); break; }
    }
    if (f) fclose(f);
    if (err) { free(first); return err; }
    return first;
}

/* symplex's flags first, then the user's (so -O1 or -std=c89 override ours),
 * then the language and the file. */
static const char **irsrc_argv(const IrLoadOptions *opt, const char *clang, char *inc, const char *src,
                               IrInputKind kind, const char *out) {
    static const char *const own[] = {"-emit-llvm", "-c", "-g", "-O0", "-Xclang", "-disable-O0-optnone"};
    size_t nown = sizeof own / sizeof *own, ndown = sizeof irsrc_downgraded / sizeof *irsrc_downgraded;
    const char **argv = util_calloc(nown + ndown + opt->ncflags + 16, sizeof *argv);
    size_t n = 0;
    argv[n++] = clang;
    for (size_t i = 0; i < nown; i++) argv[n++] = own[i];
    if (inc) argv[n++] = inc;
    if (opt->libc_include) { /* --posix: the program is built against the libc linked into it */
        argv[n++] = "-nostdinc";
        argv[n++] = "-isystem";
        argv[n++] = opt->libc_include;
        argv[n++] = "-isystem";
        argv[n++] = SYMPLEX_CLANG_RESOURCE_INCLUDE; /* clang's own: stddef.h, stdatomic.h, intrinsics */
    }
    for (size_t i = 0; i < ndown; i++) argv[n++] = irsrc_downgraded[i];
    for (size_t i = 0; i < opt->ncflags; i++) argv[n++] = opt->cflags[i];
    argv[n++] = "-o";
    argv[n++] = out;
    argv[n++] = "-x";
    argv[n++] = kind == IR_IN_CPP_OUTPUT ? "cpp-output" : "c";
    argv[n++] = src;
    argv[n] = NULL;
    return argv;
}

/* Exit status of clang, 128 + signal if it died, -1 if it could not run. */
static int irsrc_run_clang(const IrLoadOptions *opt, const char *src, IrInputKind kind, const char *out,
                           const char *log_path) {
    const char *clang = opt->clang ? opt->clang : "clang-16";
    char *inc = opt->include_dir ? util_format("-I%s", opt->include_dir) : NULL;
    const char **argv = irsrc_argv(opt, clang, inc, src, kind, out);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, log_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    pid_t pid;
    int rc = posix_spawnp(&pid, clang, &fa, NULL, (char *const *)argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    free(argv);
    free(inc);
    if (rc != 0) return -1;
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

bool irsrc_compile(const IrLoadOptions *opt, const char *src, IrInputKind kind, const char *out_bc,
                   const char *log_path, char **err) {
    int rc = irsrc_run_clang(opt, src, kind, out_bc, log_path);
    if (rc == 0) return true;
    char *line = rc < 0 ? NULL : irsrc_error_line(log_path);
    if (rc < 0) *err = util_format("cannot run clang '%s'", opt->clang ? opt->clang : "clang-16");
    else if (line) *err = util_format("clang failed on '%s': %s", src, line);
    else *err = util_format("clang failed on '%s' (exit status %d)", src, rc);
    free(line);
    return false;
}
