/* symplex-test
 * paths: 4
 * stdout: 3 1.5000000000 1.500000 1.58114 1500 15
 * x86_fp80 (long double) computed exactly as the host's x87 unit does:
 * arithmetic, conversions to and from double and integers, sqrtl/fabsl,
 * long double globals, struct members (16-byte slots), bytes via memcpy,
 * variadic arguments, printf's %Lf/%Lg, and libm calls made natively.
 * Each value of the symbolic selector becomes a concrete long double (a
 * symbolic one would be concretized: long double is computed on the host only).
 * Paths: a = 0, 1, 2, 3 (exit statuses 3, 3, 3, 2).
 */
#include <klee/klee.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct S { char c; long double v; int k; };
static long double G[2] = {1.25L, -3.5L};
static struct S gs = {'x', 2.75L, 9};

static long double vsum(int n, ...) {
    va_list ap;
    va_start(ap, n);
    long double s = 0;
    for (int i = 0; i < n; i++)
        s += va_arg(ap, long double);
    va_end(ap);
    return s;
}

static long double poly(long double x) { return 3.0L * x * x - 2.0L * x + 0.5L; }

int main(void) {
    int a = klee_range(0, 4, "a"), ai = 3;
    if (a == 0)
        ai = 0;
    else if (a == 1)
        ai = 1;
    else if (a == 2)
        ai = 2;
    long double y = poly((long double)ai / 3.0L);
    long double s = sqrtl(y + 1.0L), f = fabsl(-y);
    printf("%d %.10Lf %.6f %Lg %lld %llu\n", ai, y, (double)y, s, (long long)(y * 1000.0L),
           (unsigned long long)(f * 10));
    long double g = G[0] + G[1] + gs.v;
    unsigned char bytes[16] = {0};
    memcpy(bytes, &g, sizeof g);
    long double b;
    memcpy(&b, bytes, sizeof b);
    long double c = vsum(3, g, b, 1.0L);
    if (c != 2.0L || fmodl(c, 0.75L) != 0.5L || !(nextafterl(1.0L, 2.0L) > 1.0L))
        return 9;
    if (y > 2.0L)
        return 1;
    long double sum = 1.0L + y + s;
    if (isnan(sum) || isinf(sum))
        return 5;
    return sum > 3.0L ? 2 : 3;
}
