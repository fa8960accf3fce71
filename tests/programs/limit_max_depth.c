/* symplex-test
 * args: --max-depth=2
 * paths: 0
 * early: max-depth 4
 * Four independent symbolic branches in sequence; --max-depth=2 stops every
 * path before it can fork a third time. Both common readings agree here:
 * KLEE terminates the two children of each 2nd-level fork whose depth would
 * reach 2 (2 states * 2 children = 4), an engine that refuses a fork from a
 * state already at depth 2 terminates the 4 depth-2 states at their 3rd
 * fork (4). No path completes.
 */
#include <symplex.h>

int main(void) {
    unsigned char b[4];
    symplex_make_symbolic(b, sizeof b, "b");
    int c = 0;
    for (int i = 0; i < 4; i++)
        if (b[i] > 100)
            c++;
    return c * 10; /* never 3 or 4: those exit codes mean a replay harness failure */
}
