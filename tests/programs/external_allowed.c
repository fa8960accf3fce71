/* symplex-test
 * paths: 2
 * early-total: 0
 * stdout: wrong=0
 * Functions on the external-call allow-list (--external-calls=safe, the
 * default) run natively with concrete arguments: libm (j0, ldexp, frexp;
 * sqrt is no call, it is the IEEE operation, and cbrt or pow are symplex's
 * opaque math functions), conversions (strtod with its
 * end pointer, atof), memccpy, time queries (time, gmtime_r, strftime) and
 * getpid. strtol and getenv are modelled by the
 * runtime (getenv sees an empty environment). A pointer the callee returns or
 * stores into an object it was given (memccpy's end, strtod's end pointer,
 * gmtime_r's argument) comes back as the program's own address, so the
 * program can use it. Each check sets a bit of `wrong`; the symbolic branch
 * gives 2 paths, both expected to exit 0 or 1 with wrong == 0.
 */
#include <symplex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int check_math(void) {
    int e = 0;
    double m = frexp(48.0, &e); /* 48 = 0.75 * 2^6 */
    return (j0(0.0) != 1.0) | (ldexp(1.0, 10) != 1024.0) << 1 | (m != 0.75 || e != 6) << 2;
}

static int check_strings(void) {
    const char *num = "2.5e1xyz";
    char *end = NULL;
    double d = strtod(num, &end);
    char buf[16];
    char *p = memccpy(buf, "abc", 0, sizeof buf); /* just past the NUL it copied */
    return (d != 25.0 || end != num + 5 || *end != 'x') | (p != buf + 4 || strcmp(buf, "abc") != 0) << 1 |
           (atof("0.5") != 0.5) << 2 | (strtol("  -42", NULL, 10) != -42) << 3;
}

static int check_time(void) {
    time_t t = 86400 * 365; /* 1971-01-01 00:00:00 UTC */
    struct tm tm;
    char date[32];
    struct tm *r = gmtime_r(&t, &tm);
    size_t len = strftime(date, sizeof date, "%Y-%m-%d", &tm);
    return (r != &tm || tm.tm_year != 71) | (len != 10 || strcmp(date, "1971-01-01") != 0) << 1 |
           (time(NULL) <= 0) << 2;
}

int main(void) {
    int x;
    symplex_make_symbolic(&x, sizeof x, "x");
    int wrong = check_math() | check_strings() << 3 | check_time() << 7 | (getpid() <= 0) << 10 |
                (getenv("SYMPLEX_TEST_SURELY_UNSET_VARIABLE") != NULL) << 11;
    printf("wrong=%d\n", wrong);
    if (x == 7)
        return wrong ? 100 : 1;
    return wrong ? 100 : 0;
}
