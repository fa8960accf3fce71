/* symplex-test
 * args: --solver-timeout=120
 * paths: 3
 * stdout: inside the window
 * A symbolic double x with x * x < 2.0 && x > 1.41: the window just below
 * sqrt(2) must be found (Z3's floating-point theory, the product rounded as
 * IEEE binary64 does), and both ways out of it. Each test replays natively
 * on the same path. A NaN fails the first comparison.
 */
#include <klee/klee.h>
#include <stdio.h>

int main(void) {
    double x;
    klee_make_symbolic(&x, sizeof x, "x");
    if (x * x < 2.0 && x > 1.41) {
        printf("inside the window\n");
        return 1;
    }
    if (x * x < 2.0)
        return 2;
    return 0;
}
