/* symplex-target
 * expect: unreachable
 * The thesis's unreach (Figure 4.4): y > 0, then y == 0 under it, among
 * other branches that concolic execution would enumerate (2^|P| paths).
 * Phase I refutes the only backward path in a couple of steps: y is loaded
 * from the same stack slot with nothing written between, so both branch
 * conditions speak of one value.
 */
#include <klee/klee.h>

int main(void) {
    int y, a, b, c;
    klee_make_symbolic(&y, sizeof y, "y");
    klee_make_symbolic(&a, sizeof a, "a");
    klee_make_symbolic(&b, sizeof b, "b");
    klee_make_symbolic(&c, sizeof c, "c");
    int n = 0;
    if (a > 5) n++;
    if (b > 5) n++;
    if (c > 5) n++;
    if (a > b) n++;
    if (b > c) n++;
    if (y > 0) {
        if (a > c) n++;
        if (y == 0)
            return n; /* TARGET */
    }
    return n;
}
