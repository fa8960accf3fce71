/* symplex-test
 * args: --silent-klee-assume
 * paths: 2
 * errors: 0
 * With --silent-klee-assume, a provably false klee_assume ends its path
 * silently (no test), as KLEE's option of that name does.
 * Paths: x <= 5 then y == 3 and y != 3.
 */
#include <klee/klee.h>

int main(void) {
    int x = klee_int("x"), y = klee_int("y");
    if (x > 5)
        klee_assume(x < 3);
    if (y == 3)
        return 1;
    return 0;
}
