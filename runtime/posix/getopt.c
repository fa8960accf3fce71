/* getopt.c: getopt as the host's C library (glibc) does it, in place of
 * musl's (linked over it).
 *
 * A test replays natively, on glibc, whose getopt permutes: the options
 * after a non-option argument are still options (`prog file -v` sees -v),
 * and the non-options end up after them, optind at the first. musl's getopt
 * stops at the first non-option, so a test for `file -v` took another path
 * natively. As glibc: no permutation when the option string starts with '+'
 * or POSIXLY_CORRECT is set; with a leading '-' each non-option is returned
 * as option 1 with optarg set to it; "--" ends the options; glibc's
 * messages. musl's getopt_long (which permutes already) asks this getopt
 * for short options: argv[optind] is then an option, so nothing moves. It
 * is built renamed (scripts/musl-bitcode.sh) and wrapped here to read
 * POSIXLY_CORRECT as glibc's does (musl's permuted regardless). */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* musl's (src/misc/getopt.c): where in argv[optind] the next option
 * character is (0: at a new argument), and getopt's reset request */
extern int __optpos, __optreset;

static bool getopt_is_option(const char *arg) { return arg[0] == '-' && arg[1]; }

/* The option at argv[optind] (after __optpos characters). */
static int getopt_short(int argc, char *const argv[], const char *optstring) {
    const char *arg = argv[optind];
    if (!__optpos) {
        if (!getopt_is_option(arg)) {
            if (optstring[0] != '-') return -1;
            optarg = (char *)arg; /* RETURN_IN_ORDER */
            optind++;
            return 1;
        }
        if (arg[1] == '-' && !arg[2]) {
            optind++;
            return -1;
        }
        __optpos = 1;
    }
    const char *spec = optstring + (optstring[0] == '+' || optstring[0] == '-');
    bool colon = spec[0] == ':';
    int c = (unsigned char)arg[__optpos++];
    const char *p = c == ':' ? NULL : strchr(spec, c);
    bool last = !arg[__optpos];
    const char *rest = arg + __optpos;
    if (last || (p && p[1] == ':')) {
        optind++;
        __optpos = 0;
    }
    if (!p) {
        optopt = c;
        if (opterr && !colon) fprintf(stderr, "%s: invalid option -- '%c'\n", argv[0], c);
        return '?';
    }
    if (p[1] != ':') return c;
    if (!last || p[2] == ':') { /* attached, or an optional argument (never the next word) */
        optarg = last ? NULL : (char *)rest;
        return c;
    }
    if (optind >= argc) {
        optopt = c;
        if (colon) return ':';
        if (opterr) fprintf(stderr, "%s: option requires an argument -- '%c'\n", argv[0], c);
        return '?';
    }
    optarg = argv[optind++];
    return c;
}

int getopt(int argc, char *const argv[], const char *optstring) {
    if (!optind || __optreset) {
        __optreset = 0;
        __optpos = 0;
        optind = 1;
    }
    optarg = NULL;
    if (optind >= argc || !argv[optind]) return -1;
    if (optstring[0] == '+' || optstring[0] == '-' || getenv("POSIXLY_CORRECT"))
        return getopt_short(argc, argv, optstring);
    /* skip the non-options; those left at the end stay where optind points */
    int first = optind, at = optind;
    while (at < argc && argv[at] && !getopt_is_option(argv[at])) at++;
    if (at >= argc || !argv[at]) return -1;
    optind = at;
    int r = getopt_short(argc, argv, optstring);
    /* the arguments this call used go before the non-options it skipped */
    char **av = (char **)argv;
    for (int k = at; k < optind; k++) {
        char *used = av[k];
        int to = first + (k - at);
        memmove(av + to + 1, av + to, (size_t)(k - to) * sizeof *av);
        av[to] = used;
    }
    optind = first + (optind - at);
    return r;
}

int __musl_getopt_long(int argc, char *const *argv, const char *optstring, const struct option *longopts, int *idx);
int __musl_getopt_long_only(int argc, char *const *argv, const char *optstring, const struct option *longopts,
                            int *idx);

/* The option string getopt_long works with: under POSIXLY_CORRECT, with a
 * leading '+' (no permutation) unless it has '+' or '-' already. */
static const char *getopt_long_order(const char *optstring) {
    static char *buf;
    static size_t cap;
    if (optstring[0] == '+' || optstring[0] == '-' || !getenv("POSIXLY_CORRECT")) return optstring;
    size_t n = strlen(optstring) + 2;
    if (n > cap) {
        char *b = realloc(buf, n);
        if (!b) return optstring;
        buf = b;
        cap = n;
    }
    buf[0] = '+';
    memcpy(buf + 1, optstring, n - 1);
    return buf;
}

int getopt_long(int argc, char *const *argv, const char *optstring, const struct option *longopts, int *idx) {
    return __musl_getopt_long(argc, argv, getopt_long_order(optstring), longopts, idx);
}

int getopt_long_only(int argc, char *const *argv, const char *optstring, const struct option *longopts, int *idx) {
    return __musl_getopt_long_only(argc, argv, getopt_long_order(optstring), longopts, idx);
}
