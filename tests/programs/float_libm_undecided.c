/* symplex-test
 * args: --drop-undecided
 * variants: --solver=cw | --fp-search=fallback
 * paths: 2
 * early-total: 0
 * stdout: above one
 * sin(u) > 2 has no solution, but the solver chain cannot prove it: Z3's
 * uninterpreted sin gives a model that evaluation refutes, and the walk or
 * the search finds none. The side stays undecided, so it is dropped and the
 * state goes on along the side its model satisfies (--drop-undecided),
 * instead of ending with reason `solver timeout`.
 */
#include <klee/klee.h>
#include <math.h>
#include <stdio.h>

int main(void) {
    double u;
    klee_make_symbolic(&u, sizeof u, "u");
    if (sin(u) > 2.0)
        printf("impossible\n");
    if (u > 1.0)
        printf("above one\n");
    return 0;
}
