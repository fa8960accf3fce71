/* strto.c: numbers read from strings as the host's C library (glibc) reads
 * them, linked over musl's.
 *
 * A test replays natively, on glibc. Two differences changed a program's
 * path there:
 *   - errno: musl's strtol, strtod and their families (wide ones too) set
 *     EINVAL when there is no number to convert; glibc's leave errno alone
 *     (and set EINVAL only for a base that is no base). musl's scanners are
 *     built renamed (scripts/musl-bitcode.sh) and wrapped here;
 *   - "-nan" is a NaN with its sign bit set, as glibc reads it (musl's has none).
 * atoi, atol and atoll are runtime/libc/atoi.c's. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "floatscan.h"
#include "stdio_impl.h"
#include "intscan.h"

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
    /* where the number's characters are, or will be once read: a stream (as
     * musl's wcstod makes of a wide string) fills its buffer from the start */
    const unsigned char *start = f->rpos != f->rend ? f->rpos : f->buf;
    long double v = __musl_floatscan(f, prec, pok);
    if (errno == EINVAL) errno = saved;
    if (isnan(v) && strto_negative(start, f->rpos)) v = -fabsl(v); /* glibc keeps the sign of "-nan" */
    return v;
}
