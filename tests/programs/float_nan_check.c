/* symplex-test
 * args: --solver-timeout=120
 * paths: 4
 * NaN and the values x + 1 cannot change: isnan(x) is found (any NaN
 * payload), x != x is a NaN again (never reached after the isnan branch),
 * x == x + 1.0 holds for the infinities and for |x| >= 2^53, and the rest.
 * stdout: infinite
 * stdout: too big to count
 */
#include <klee/klee.h>
#include <math.h>
#include <stdio.h>

int main(void) {
    double x;
    klee_make_symbolic(&x, sizeof x, "x");
    if (isnan(x))
        return 1;
    if (x != x)
        return 9; /* never */
    if (x == x + 1.0) {
        if (isinf(x)) {
            printf("infinite\n");
            return 2;
        }
        printf("too big to count\n");
        return 3;
    }
    return 0;
}
