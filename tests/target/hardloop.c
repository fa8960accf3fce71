/* symplex-target
 * expect: reached
 * timeout: 400
 * The thesis's hard-loop (Figure 3.1): the loop runs x
 * times, res -= 1 on even and += 17 on odd iterations, and res == 8192 needs
 * x = 1024 (512 * 16 = 8192). Phase I cannot unroll 1024 iterations: past
 * L it summarises the loop (res and i free) and the trace goes on to main;
 * Phase II runs the loop forward in the corridor; then sin(u) > 0, an opaque
 * symbol the concolic walk solves (as in fig32.c). Forward execution pays one query per iteration
 * over a path condition that grows with it (about 17 s in a release build,
 * minutes under the sanitizers): hence the budget.
 */
#include <klee/klee.h>
#include <math.h>

int main(void) {
    int x;
    double u;
    klee_make_symbolic(&x, sizeof x, "x");
    klee_make_symbolic(&u, sizeof u, "u");
    if (x < 0 || x > 5000)
        return 0;
    int res = 0;
    for (int i = 0; i < x; i++) {
        if (i % 2 == 0)
            res -= 1;
        else
            res += 17;
    }
    if (res == 8192 && sin(u) > 0)
        return 1; /* TARGET */
    return 0;
}
