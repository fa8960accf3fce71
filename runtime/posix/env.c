/* env.c: the program's arguments under --posix, with KLEE's options.
 *
 * The arguments reach the program with KLEE's --sym-* options still among
 * them (symplex places the ones given before the program file first), and
 * are rewritten here exactly as KLEE's POSIX runtime rewrites them, so that
 * a published KLEE command line means the same and its ktest objects carry
 * the same names in the same order (KLEE's replay tools read them):
 *   --sym-arg N            one symbolic argument of up to N bytes: object
 *                          "argNN" (N + 1 bytes, the last one ends it)
 *   --sym-args MIN MAX N   "n_args" (MIN..MAX, a 4-byte int), then that many
 *                          arguments of up to N bytes
 *   --sym-files NUM N      NUM symbolic files A, B, ... of N bytes each
 *   --sym-stdin N          stdin holds N symbolic bytes
 *   --sym-stdout           stdout is a symbolic file the program writes into
 * Each option is spelled with one dash or two. Everything else is an argument
 * of the program, kept as it is. */
#include "posix.h"
#include <stdlib.h>
#include <string.h>
#include <symplex.h>

enum { POSIX_MAX_ARGS = 1024 };

static int posix_is_option(const char *arg, const char *name) {
    if (arg[0] != '-') return 0;
    arg += arg[1] == '-' ? 2 : 1;
    return strcmp(arg, name) == 0;
}

static void posix_usage(const char *msg) {
    symplex_report_error(__FILE__, __LINE__, msg, "user");
}

/* A non-negative decimal number argument of an option. */
static long posix_number(int argc, char **argv, int i, const char *option) {
    if (i >= argc) posix_usage(option);
    char *end;
    long v = strtol(argv[i], &end, 10);
    if (!argv[i][0] || *end || v < 0) posix_usage(option);
    return v;
}

/* A symbolic string of up to n bytes: n + 1 symbolic bytes, the last one set
 * to NUL, so any shorter string (a NUL earlier) is one of its values. */
static char *posix_sym_string(unsigned index, size_t n) {
    char name[16] = "arg";
    name[3] = (char)('0' + index / 10 % 10);
    name[4] = (char)('0' + index % 10);
    name[5] = 0;
    char *s = malloc(n + 1);
    symplex_make_symbolic(s, n + 1, name);
    s[n] = 0;
    return s;
}

void posix_env_init(int *argcp, char ***argvp, PosixConfig *cfg) {
    int argc = *argcp;
    char **argv = *argvp;
    char **out = malloc(POSIX_MAX_ARGS * sizeof *out);
    int n = 0;
    unsigned sym_index = 0;
    memset(cfg, 0, sizeof *cfg);
    out[n++] = argv[0];
    for (int i = 1; i < argc; i++) {
        if (n >= POSIX_MAX_ARGS - 1) posix_usage("too many arguments");
        if (posix_is_option(argv[i], "sym-arg")) {
            long len = posix_number(argc, argv, ++i, "--sym-arg needs a length");
            out[n++] = posix_sym_string(sym_index++, (size_t)len);
        } else if (posix_is_option(argv[i], "sym-args")) {
            long lo = posix_number(argc, argv, i + 1, "--sym-args needs MIN MAX N");
            long hi = posix_number(argc, argv, i + 2, "--sym-args needs MIN MAX N");
            long len = posix_number(argc, argv, i + 3, "--sym-args needs MIN MAX N");
            i += 3;
            if (lo > hi || n + hi >= POSIX_MAX_ARGS - 1) posix_usage("--sym-args: invalid MIN MAX");
            int count = symplex_range((int)lo, (int)hi + 1, "n_args");
            for (int k = 0; k < count; k++) out[n++] = posix_sym_string(sym_index++, (size_t)len);
        } else if (posix_is_option(argv[i], "sym-files")) {
            cfg->nfiles = (unsigned)posix_number(argc, argv, i + 1, "--sym-files needs NUM N");
            cfg->file_len = (size_t)posix_number(argc, argv, i + 2, "--sym-files needs NUM N");
            if (cfg->nfiles > 26) posix_usage("--sym-files: at most 26 files");
            i += 2;
        } else if (posix_is_option(argv[i], "sym-stdin")) {
            cfg->stdin_len = (size_t)posix_number(argc, argv, ++i, "--sym-stdin needs a length");
        } else if (posix_is_option(argv[i], "sym-stdout")) {
            cfg->sym_stdout = 1;
        } else {
            out[n++] = argv[i];
        }
    }
    out[n] = 0;
    *argcp = n;
    *argvp = out;
}
