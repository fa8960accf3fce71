/* symplex-target
 * expect: reached
 * The thesis's Figure 3.2: res = x + 23; res == 8192 (Phase I's path
 * condition decides x = 8169), then sin(u) > 0. Phase I cannot reason about
 * sin: the call's result is free there, and the comparison is solved in
 * Phase II, where sin(u) is an opaque symbol (a Z3 uninterpreted function
 * whose models are checked by evaluation) and the concolic walk finds a u
 * whose sine is positive (u = 0 is not one).
 */
#include <klee/klee.h>
#include <math.h>

int main(void) {
    int x;
    double u;
    klee_make_symbolic(&x, sizeof x, "x");
    klee_make_symbolic(&u, sizeof u, "u");
    int res = x + 23;
    if (res == 8192) {
        double v = sin(u);
        if (v > 0)
            return 1; /* TARGET */
    }
    return 0;
}
