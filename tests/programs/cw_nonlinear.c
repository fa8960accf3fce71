/* symplex-test
 * args: --solver-linear-only --solver=cw
 * error: assert 27
 * error: assert 30
 * error: assert 33
 * error: assert 35
 * The concolic walk's examples from the thesis (ch. 3-5), each behind an
 * assertion that fails exactly when the walk finds a solution. With
 * --solver-linear-only every query with a non-linear conjunct gives up before
 * Z3 (a linear solver, like the thesis's jCUTE), so each of these branches is
 * reached only through the concolic walk: Figure 3.2 (linear: the walk's
 * start solves it), example1 (x == x*y && x > 2), dart (x*x*x == y + 3) and
 * a sum of squares with both variables bounded. Each error test replays
 * natively. tests/test_cw.py checks that without --solver=cw none of the
 * non-linear ones is reached.
 */
#include <klee/klee.h>

int main(void) {
    int x, y;
    unsigned char which;
    klee_make_symbolic(&x, sizeof x, "x");
    klee_make_symbolic(&y, sizeof y, "y");
    klee_make_symbolic(&which, sizeof which, "which");
    if (which == 0) {
        int res = x + 23;
        klee_assert(res != 8192);
    } else if (which == 1) {
        int z = x * y;
        klee_assert(!(x == z && x > 2));
    } else if (which == 2) {
        int a = x * x * x, b = y + 3;
        klee_assert(!(x > 1 && x < 1000 && a == b));
    } else if (which == 3) {
        klee_assert(!(x > 0 && x < 100 && y > 0 && y < 100 && x * x + y * y == 2 * 25 * 25));
    }
    return 0;
}
