/* symplex-test
 * paths: 1
 * error: assert 19
 * A block of symbolic size n in 1..63, filled by memset with that same
 * symbolic length: the size and the length stay symbolic (issue 12), so the
 * path n > 40 reaches the assertion, which fails for every such n (p[n-1] is
 * 'a'). Concretizing the size, as KLEE does, finds one n and misses it
 * whenever that n is 40 or less.
 */
#include <assert.h>
#include <klee/klee.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    unsigned n = klee_range(1, 64, "n");
    char *p = malloc(n);
    memset(p, 'a', n);
    if (n > 40) assert(p[n - 1] != 'a');
    free(p);
    return 0;
}
