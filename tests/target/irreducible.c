/* symplex-target
 * expect: reached
 * phase1: unknown
 * A cycle that is no natural loop: the goto enters it in the middle, so no
 * block of it dominates the others and Phase I has no loop to summarise. The
 * target needs i == 7, three trips around the cycle from B (x odd), but an
 * edge is crossed at most L = 2 times per backward path: Phase I cuts every
 * such path and ends without a trace or a proof (a cut that no summary
 * covers is no refutation), and forward search reaches the target (x odd).
 */
#include <klee/klee.h>

int main(void) {
    int x;
    klee_make_symbolic(&x, sizeof x, "x");
    if (x < 0 || x > 10)
        return 0;
    int i = 0;
    if (x & 1)
        goto b;
a:
    i++;
b:
    i++;
    if (i < 6)
        goto a;
    if (i == 7)
        return 1; /* TARGET */
    return 0;
}
