/* symplex-target
 * expect: reached
 * args: --solver-linear-only
 * phase2: seed
 * The thesis's dart (Figure 4.3): a = x*x*x; b = y + 3; a == b (e.g. x = 2,
 * y = 5). Z3 solves the cube directly; behind --solver-linear-only the
 * conjunct is deferred (the thesis's trace: a = x*x*x; change(a); b = y + 3;
 * fit(a == b)) and the concolic walk solves it. In Phase I already: the
 * model of the trace's path condition is an input that reaches the line.
 */
#include <klee/klee.h>

int main(void) {
    int x, y;
    klee_make_symbolic(&x, sizeof x, "x");
    klee_make_symbolic(&y, sizeof y, "y");
    if (x > 0 && x < 1000) {
        int a = x * x * x;
        int b = y + 3;
        if (a == b)
            return 1; /* TARGET */
    }
    return 0;
}
