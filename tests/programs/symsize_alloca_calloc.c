/* symplex-test
 * paths: 2
 * error: oob-write 21
 * alloca and calloc of a symbolic count n in 1..8: the objects keep their
 * symbolic sizes. calloc's block is all zero up to its symbolic end; the
 * off-by-one store at index k == n of the alloca'd block is out of bounds
 * for every n. (The return value is a select, not a branch: two paths.)
 */
#include <alloca.h>
#include <klee/klee.h>
#include <stdlib.h>

int main(void) {
    unsigned n = klee_range(1, 9, "n");
    unsigned k = klee_range(0, 9, "k");
    int *z = calloc(n, sizeof *z);
    int r = z[n - 1]; /* in bounds, and zero */
    free(z);
    char *p = alloca(n);
    if (k <= n)
        p[k] = 1;
    return r + (k < 4 ? 1 : 0);
}
