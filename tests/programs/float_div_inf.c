/* symplex-test
 * args: --solver-timeout=120
 * paths: 3
 * 1.0f / x is an infinity for x = +-0 and for any x below 2^-128 in
 * magnitude: a positive and a negative infinity and a finite quotient are
 * three paths (printf keeps the compiler from turning the sign test into a
 * select).
 * stdout: negative infinity
 * stdout: positive infinity
 */
#include <klee/klee.h>
#include <math.h>
#include <stdio.h>

int main(void) {
    float x;
    klee_make_symbolic(&x, sizeof x, "x");
    float r = 1.0f / x;
    if (isinf(r)) {
        if (r < 0) {
            printf("negative infinity\n");
            return 1;
        }
        printf("positive infinity\n");
        return 2;
    }
    return 0;
}
