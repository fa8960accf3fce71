/* symplex-test
 * paths: 2
 * error: user 17
 * klee_assume of a condition that is provably false on the path is an error,
 * as in KLEE ("invalid klee_assume call (provably false)", kind user), while
 * symplex_assume and __VERIFIER_assume end such a path silently (SV-COMP's
 * meaning). Paths: x <= 5 then y == 3 and y != 3 (the silent assume ends
 * neither: it only prunes y's other values), and the error path x > 5.
 */
#include <klee/klee.h>
#include <symplex.h>

int main(void) {
    int x = klee_int("x"), y = klee_int("y");
    symplex_assume(x < 100);
    if (x > 5)
        klee_assume(x < 3);
    if (x < -200)
        symplex_assume(x > 0); /* silent: no test, no error */
    if (y == 3)
        return 1;
    return 0;
}
