/* symplex-test
 * args: --max-depth=2
 * paths: 0
 * early: max-depth 8
 * Four independent symbolic branches in sequence; --max-depth=2 lets a path
 * take 2 symbolic branches. At the 3rd, as in KLEE, both sides of the fork
 * are terminated early (each gets a test): 4 states * 2 = 8. No path
 * completes.
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
