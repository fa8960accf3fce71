/* symplex-target
 * expect: reached
 * args: --target-traces=1
 * phase2: outside
 * Phase I summarises the first loop (s free), so its one trace goes through
 * s == 1, which forward execution refutes (s = 4a is even), and so does the
 * input of its model. The only path to the line runs the long loop, outside
 * the corridor: the search keeps its state (a pruner used to drop it and end
 * the corridor run, then a second, unrestricted run reached the line), and
 * runs it to the line.
 */
#include <klee/klee.h>

int main(void) {
    unsigned a;
    klee_make_symbolic(&a, sizeof a, "a");
    unsigned s = 0;
    for (int i = 0; i < 4; i++)
        s += a;
    int hit = s == 1;
    if (!hit) {
        unsigned h = 0;
        for (unsigned k = 0; k < 3000000; k++)
            h = h * 31 + k;
        hit = a == h;
    }
    if (hit)
        return 1; /* TARGET */
    return 0;
}
