/* symplex-test
 * paths: 2
 * error: oob-write 19
 * realloc to a symbolic size n in 1..8 keeps n symbolic: the bytes the old
 * block had survive up to the new size (the assertion holds on every path),
 * and the off-by-one store p[n] past the new block is found.
 */
#include <assert.h>
#include <klee/klee.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    unsigned n = klee_range(1, 9, "n");
    char *p = malloc(4);
    memset(p, 'b', 4);
    p = realloc(p, n);
    if (n >= 4) assert(p[3] == 'b');
    if (n > 6) p[n] = 0;
    free(p);
    return 0;
}
