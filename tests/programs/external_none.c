/* symplex-test
 * args: --external-calls=none
 * paths: 1
 * early: external call 1
 * early-total: 1
 * --external-calls=none refuses every native call, even j0, which the
 * default policy allows: the path that calls it ends with reason
 * `external call`; the other path completes.
 */
#include <symplex.h>
#include <math.h>

int main(void) {
    int x;
    symplex_make_symbolic(&x, sizeof x, "x");
    if (x == 3)
        return (int)j0(0.0); /* concrete: only the policy stops it */
    return 0;
}
