/* symplex-test
 * paths: 5
 * tests: 6
 * errors: 1
 * error: assert 14
 * The same failing assert is reached from several paths (any of the three
 * sub-branches with v == 0): like KLEE, one (kind, file, line) is reported
 * once, with one error test. Paths: k < 0, k >= 3 (the || forks twice),
 * k == 0, 1, 2 with the asserted value nonzero: 5; tests: 5 + 1 error.
 */
#include <klee/klee.h>
#include <assert.h>

static void need_nonzero(int v) { assert(v != 0); /*@A*/ }

int main(void) {
    int k = klee_int("k");
    int v = klee_int("v");
    if (k < 0 || k >= 3)
        return 1;
    switch (k) {
    case 0: need_nonzero(v); break;
    case 1: need_nonzero(v + 1); break;
    default: need_nonzero(v - 1); break;
    }
    return 0;
}
