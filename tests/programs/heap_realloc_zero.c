/* symplex-test
 * paths: 2
 * realloc to a symbolic size n in 0..8 forks on n == 0: glibc (and the
 * sanitizer build replay runs) frees the block and returns NULL there, and
 * returns a block of n bytes otherwise. realloc(NULL, n) is malloc(n), which
 * is never NULL, even for 0. Every assertion holds on both paths.
 */
#include <assert.h>
#include <klee/klee.h>
#include <stdlib.h>

int main(void) {
    unsigned n = klee_range(0, 9, "n");
    char *b = malloc(4);
    b = realloc(b, n);
    if (n == 0)
        assert(b == 0);
    else
        b[n - 1] = 1;
    free(b);
    char *c = realloc(NULL, n);
    assert(c != NULL);
    free(c);
    return 0;
}
