/* symplex-test
 * paths: 2
 * klee_set_forking(0) stops forking: each branch with two feasible sides
 * follows one of them (the path condition records which, so the test replays
 * that side); klee_set_forking(1) forks again. Three branches on x while
 * forking is off, one on y after: 2 paths, where forking all along gives 8.
 */
#include <klee/klee.h>

int main(void) {
    int x = klee_int("x"), y = klee_int("y"), r = 0;
    klee_set_forking(0);
    if (x > 5)
        r += 1;
    if (x < -7)
        r += 2;
    if (x & 1)
        r += 4;
    klee_set_forking(1);
    if (y > 0)
        r += 8;
    return r;
}
