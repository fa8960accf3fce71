/* symplex-test
 * args: --search=bfs --solver-timeout=300
 * timeout: 2
 * paths: 4
 * early: max-time 1
 * Whether x * y can be the product of the primes 2^31-1 and 2^31-19 is a
 * factoring problem no solver answers in seconds. --max-time bounds a query
 * in flight too: the state that asks it ends at the deadline with reason
 * max-time (not solver timeout), long before the 300 s per-query timeout;
 * the four easy paths around it complete first (breadth-first).
 * speculate: no
 * (Under --speculate the query is a segment check made after the side the
 * model decides was forked, so that side is still alive at the halt: one
 * more max-time termination, as expected of a halted run.)
 */
#include <stdint.h>
#include <klee/klee.h>

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
    if (x * y == 4611685975477714963ull)
        return 4;
    return 0;
}
