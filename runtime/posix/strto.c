/* strto.c: numbers read from strings as the host's C library (glibc) reads
 * them, linked over musl's.
 *
 * A test replays natively, on glibc. Two differences changed a program's
 * path there:
 *   - errno: musl's strtol, strtod and their families (wide ones too) set
 *     EINVAL when there is no number to convert; glibc's leave errno alone
 *     (and set EINVAL only for a base that is no base). musl's scanners are
 *     built renamed (scripts/musl-bitcode.sh) and wrapped here;
 *   - "-nan" is a NaN with its sign bit set, as glibc reads it, in the narrow
 *    and the wide functions (musl's has none).
 * atoi, atol and atoll are runtime/libc/atoi.c's. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "floatscan.h"
#include "intscan.h"
#include "shgetc.h"
#include "stdio_impl.h"

unsigned long long __musl_intscan(FILE *f, unsigned base, int pok, unsigned long long lim);
long double __musl_floatscan(FILE *f, int prec, int pok);

unsigned long long __intscan(FILE *f, unsigned base, int pok, unsigned long long lim) {
    int saved = errno;
    unsigned long long v = __musl_intscan(f, base, pok, lim);
    if (errno == EINVAL && base != 1 && base <= 36) errno = saved;
    return v;
}

/* Whether the characters read, from p to end, begin (after white space) with
 * a minus sign. */
static int strto_negative(const unsigned char *p, const unsigned char *end) {
    while (p < end && isspace(*p)) p++;
    return p < end && *p == '-';
}

long double __floatscan(FILE *f, int prec, int pok) {
    int saved = errno;
    /* The sign of "-nan": its characters lie between where the scan starts
     * and where it stops, unless the buffer was filled again on the way. A
     * stream fills its buffer from the start, and musl's wcstod fills it
     * anew at the end of the string, over the sign: so the first character
     * is also looked at (read and put back: one byte of pushback always
     * works), which is the sign when no white space comes first (wcstod
     * skips it before). */
    int first = shgetc(f);
    if (first != EOF) shunget(f);
    const unsigned char *start = f->rpos != f->rend ? f->rpos : f->buf;
    long double v = __musl_floatscan(f, prec, pok);
    if (errno == EINVAL) errno = saved;
    if (isnan(v) && (first == '-' || strto_negative(start, f->rpos))) v = -fabsl(v); /* glibc keeps the sign */
    return v;
}
