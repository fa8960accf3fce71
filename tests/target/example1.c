/* symplex-target
 * expect: reached
 * args: --solver-linear-only
 * The thesis's example1 (Figure 5.1): z = x*y; x == z && x > 2 (e.g. x = 3,
 * y = 1). Behind --solver-linear-only (a linear solver, like jCUTE) Phase I
 * defers the non-linear conjunct and the concolic walk solves it in Phase II.
 */
#include <klee/klee.h>

int main(void) {
    int x, y;
    klee_make_symbolic(&x, sizeof x, "x");
    klee_make_symbolic(&y, sizeof y, "y");
    int z = x * y;
    if (x == z) {
        if (x > 2)
            return 1; /* TARGET */
    }
    return 0;
}
