/* symplex-test
 * paths: 2
 * exits: 0 1
 * Named parameters that spill to the stack move a variadic callee's overflow
 * area: tail()'s named int, long double and ninth double take 40 bytes of
 * stack, so its first variadic argument lies 8 bytes past a 16-byte
 * boundary and a long double after it is aligned up to the next one; byval()'s
 * named struct takes the first 24 bytes. Values are asserted, and every branch
 * of clang's va_arg code is checked against the native run (path check). The
 * symbolic x reaches tail() on the stack and decides its branch.
 */
#include <symplex.h>
#include <assert.h>
#include <stdarg.h>

struct big { long a, b, c; };

static double tail(int a, int b, int c, int d, int e, int f, int g, long double h, double d1, double d2,
                   double d3, double d4, double d5, double d6, double d7, double d8, double d9, ...) {
    va_list ap;
    va_start(ap, d9);
    int x = va_arg(ap, int);
    long double l = va_arg(ap, long double);
    double y = va_arg(ap, double);
    int z = va_arg(ap, int);
    va_end(ap);
    double named = a + b + c + d + e + f + g + (double)h + d1 + d2 + d3 + d4 + d5 + d6 + d7 + d8 + d9;
    if (x > 50)
        return named + (double)l + y + z;
    return -1;
}

static long byval(struct big s, int n, ...) {
    va_list ap;
    va_start(ap, n);
    long sum = s.a + s.b + s.c;
    for (int i = 0; i < n; i++)
        sum += va_arg(ap, long);
    va_end(ap);
    return sum;
}

int main(void) {
    unsigned char x;
    symplex_make_symbolic(&x, sizeof x, "x");
    struct big s = {100, 200, 300};
    assert(byval(s, 7, 1L, 2L, 3L, 4L, 5L, 6L, 7L) == 628);
    double r = tail(1, 2, 3, 4, 5, 6, 7, 8.0L, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, (int)x, 0.5L, 0.25, 9);
    if (r < 0)
        return 0;
    assert(r == 28 + 8 + 45 + 0.5 + 0.25 + 9);
    return 1;
}
