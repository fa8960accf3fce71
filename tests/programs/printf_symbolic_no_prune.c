/* symplex-test
 * paths: 2
 * error: assert 17
 * Printing a symbolic value shows one feasible value but must not constrain
 * the path: after the printf, x can still be anything in 0..9, so both sides
 * of x > 5 and the failing assertion (x == 7) are reached. An engine that
 * pinned x to the printed value would find one path and no error.
 */
#include <assert.h>
#include <klee/klee.h>
#include <stdio.h>

int main(void) {
    int x = klee_range(0, 10, "x");
    printf("x=%d\n", x);
    if (x > 5) {
        assert(x != 7);
        return 1;
    }
    return 0;
}
