/* Many live states at the deadline: DEPTH bytes each fork the path on their
 * low bit, and every one of the 2^DEPTH paths then spins forever on a branch
 * its path decides (a query the cache answers, and the searcher's turn).
 * Under --search=random-state the tree fills in breadth, so at the deadline
 * up to 2^DEPTH states are alive and none has ended: every test written is
 * one of a state the deadline cut short. */
#include "symplex.h"

#ifndef DEPTH
#define DEPTH 17
#endif

static unsigned char b[DEPTH];

int main(void) {
    klee_make_symbolic(b, sizeof b, "b");
    unsigned s = 0;
    for (int i = 0; i < DEPTH; i++)
        if (b[i] & 1) s++;
    for (;;)
        if (b[0] & 1) s++;
    return (int)s;
}
