/* symplex-target
 * expect: reached
 * args: --target-traces=1
 * timeout: 30
 * phase2: outside
 * Phase I's one trace misses the path, and its corridor never empties.
 * Phase I summarises the first loop (s free), so its trace goes through
 * mode == 0 and s == 1, which forward execution refutes (s = 2an is even).
 * The loop's bound is symbolic: there, in the corridor, a state forks at
 * every iteration for as long as the run lasts. The only way to the line is
 * the other side of `mode`, where no trace went. The pruner that kept forward
 * execution in the corridor dropped that side's state, and its corridor run
 * never ended, so the unrestricted run after it never began: not reached.
 * With the corridor as a preference of the searcher, that state is kept,
 * and runs.
 */
#include <klee/klee.h>

int main(void) {
    unsigned mode, a, n;
    klee_make_symbolic(&mode, sizeof mode, "mode");
    klee_make_symbolic(&a, sizeof a, "a");
    klee_make_symbolic(&n, sizeof n, "n");
    int hit;
    if (mode == 0) {
        unsigned s = 0;
        for (unsigned i = 0; i < n; i++)
            s += 2 * a;
        hit = s == 1;
    } else {
        unsigned h = 7, k = 500000;
        while (k--)
            h = (h * 33) ^ k;
        hit = a == h;
    }
    if (hit)
        return 1; /* TARGET */
    return 0;
}
