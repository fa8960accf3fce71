/* symplex-test
 * args: --speculate=2 --solver-timeout=1
 * paths: 5
 * exits: 1 2 3 7
 * early: solver timeout 2
 * speculate: no
 * simplex: no
 * Under --speculate the side x * y == P (P the product of the primes 2^31-1
 * and 2^31-19: a factoring query no solver answers in a second) is taken
 * unchecked, and the branch on x & 1 after it too. When the segment's check
 * gives up, each of the two states ends early with a test of the prefix known
 * to be feasible, as the eager engine's would: its recorded decisions must
 * end before the unchecked side, or its replay leaves the path it claims at
 * the x * y == P branch (the test's inputs take the other side, return 7).
 * (`speculate: no`: this is the speculation run; the factoring query makes
 * the same-tree variants cost seconds each.)
 */
#include <klee/klee.h>
#include <stdint.h>

int main(void) {
    uint64_t x, y;
    klee_make_symbolic(&x, sizeof x, "x");
    klee_make_symbolic(&y, sizeof y, "y");
    if (x < 2 || y < 2)
        return 1;
    if (x >= (1ull << 32))
        return 2;
    if (y >= (1ull << 32))
        return 3;
    if (x * y == 4611685975477714963ull) {
        if (x & 1)
            return 4;
        return 5;
    }
    return 7;
}
