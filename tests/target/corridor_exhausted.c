/* symplex-target
 * expect: reached
 * args: --target-traces=1
 * phase2: unrestricted
 * The corridor run must end for the unrestricted run to start. Phase I
 * summarises the first loop (s free), so its one trace goes through s == 1,
 * which forward execution refutes (s = 4a is even). The only path to the line
 * runs the long loop, outside the corridor: its state is pruned, the
 * corridor run ends, and the second run, unrestricted, reaches the line. (The
 * pruner once kept the last state alive: the corridor run could not end, and
 * here that state reached the line in it, as if the corridor held the path.)
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
