/* symplex-test
 * variants: --solver=cw | --fp-search=first
 * paths: 24
 * stdout: sine above a half
 * stdout: second quadrant
 * stdout: exp above 1000
 * stdout: steep
 * stdout: log below -10
 * Branches on math functions IEEE does not define exactly (sin, cos, exp,
 * atan2f, log): with a search layer on, a call on a symbolic argument is an
 * opaque symbol, evaluated by the host's libm, and the concolic walk (first
 * variant) or the floating-point search (second) solves the branches Z3 can
 * only give candidate models for. Every side is feasible; each test replays
 * natively against the same libm.
 */
#include <klee/klee.h>
#include <math.h>
#include <stdio.h>

int main(void) {
    double u, v, w;
    float f;
    klee_make_symbolic(&u, sizeof u, "u");
    klee_make_symbolic(&v, sizeof v, "v");
    klee_make_symbolic(&w, sizeof w, "w");
    klee_make_symbolic(&f, sizeof f, "f");
    if (sin(u) > 0.5) {
        printf("sine above a half\n");
        if (cos(u) < 0)
            printf("second quadrant\n");
    }
    if (exp(v) > 1000.0)
        printf("exp above 1000\n");
    if (atan2f(f, 1.0f) > 0.7f)
        printf("steep\n");
    if (log(w) < -10.0)
        printf("log below -10\n");
    return 0;
}
