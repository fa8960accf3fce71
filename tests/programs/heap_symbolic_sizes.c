/* symplex-test
 * paths: 5
 * early: unsupported 2
 * Symbolic sizes fork where the native answer differs. calloc(n, 4) with n
 * either small or at least 2^62 overflows on the large side: NULL and
 * ENOMEM there, a zeroed block of 4n bytes on the other (n == 0 included).
 * malloc(m) with m small, just above 2^40 (refused natively: NULL, ENOMEM)
 * or 2^34 (whether that succeeds depends on the machine: the path ends as
 * unsupported, claiming neither answer), on both sides of n > 0.
 */
#include <assert.h>
#include <errno.h>
#include <klee/klee.h>
#include <stdlib.h>

int main(void) {
    size_t n, m;
    klee_make_symbolic(&n, sizeof n, "n");
    klee_assume(n <= 8 | n >= ((size_t)1 << 62));
    int *p = calloc(n, 4);
    if (n > 8) {
        assert(p == NULL && errno == ENOMEM);
        return 1;
    }
    assert(p != NULL);
    if (n > 0)
        assert(p[n - 1] == 0);
    free(p);
    klee_make_symbolic(&m, sizeof m, "m");
    klee_assume(m <= 16 | m == ((size_t)1 << 40) + 1 | m == ((size_t)1 << 34));
    errno = 0;
    char *q = malloc(m);
    if (m > 16) {
        assert(q == NULL && errno == ENOMEM);
        return 2;
    }
    assert(q != NULL);
    free(q);
    return 0;
}
