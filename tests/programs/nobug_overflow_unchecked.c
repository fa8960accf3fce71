/* symplex-test
 * paths: 2
 * The program of bug_overflow.c without --check-overflow: signed overflow
 * wraps silently and nothing is reported. Paths: b > 0, b <= 0.
 */
#include <symplex.h>

int main(void) {
    int a, b;
    symplex_make_symbolic(&a, sizeof a, "a");
    symplex_make_symbolic(&b, sizeof b, "b");
    unsigned u = (unsigned)a * 7u;
    int r;
    if (b > 0)
        r = a + b;
    else
        r = a * 3;
    return (int)((unsigned)r + u) & 1;
}
