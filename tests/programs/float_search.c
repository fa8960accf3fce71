/* symplex-test
 * args: --fp-search=first --solver-timeout=120
 * paths: 24
 * stdout: in the circle
 * stdout: a third
 * stdout: a neighbour of 6.25
 * Branches on doubles and floats whose sides the floating-point search
 * (MuSE's distance minimisation) finds before Z3 is asked: a quarter circle
 * cut by two lines, a float that times 3 rounds to exactly 1, and the
 * neighbours of 6.25 whose square root rounds to 2.5 (C's sqrt is the IEEE
 * operation, so it stays symbolic). Every side is feasible; each test
 * replays natively on the same path.
 */
#include <klee/klee.h>
#include <math.h>
#include <stdio.h>

int main(void) {
    double x, y, z;
    float f;
    klee_make_symbolic(&x, sizeof x, "x");
    klee_make_symbolic(&y, sizeof y, "y");
    klee_make_symbolic(&z, sizeof z, "z");
    klee_make_symbolic(&f, sizeof f, "f");
    if (x > 0.5 && y > 0.5 && x * x + y * y < 1.0)
        printf("in the circle\n");
    if (f * 3.0f == 1.0f)
        printf("a third\n");
    if (sqrt(z) == 2.5 && z != 6.25)
        printf("a neighbour of 6.25\n");
    return 0;
}
