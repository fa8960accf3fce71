/* symplex-test
 * paths: 4
 * realloc and free of a symbolic pointer that may name two heap blocks take
 * one path per block (as KLEE forks per object), instead of concretizing the
 * pointer and losing the other block's path. malloc(0) returns a unique
 * pointer that can be freed, as glibc's does.
 * Paths: realloc of a or b, times free of c or d: 4.
 */
#include <symplex.h>
#include <stdlib.h>

int main(void) {
    char *z1 = malloc(0), *z2 = malloc(0);
    if (!z1 || !z2 || z1 == z2)
        return 9;
    free(z1);
    free(z2);
    char *a = malloc(4), *b = malloc(8), *c = malloc(4), *d = malloc(4);
    unsigned char sel, sel2;
    symplex_make_symbolic(&sel, 1, "sel");
    symplex_make_symbolic(&sel2, 1, "sel2");
    char *p = (sel & 1) ? a : b; /* a select: no branch, a symbolic pointer */
    char *r = realloc(p, 32);    /* one path per block p may name */
    r[31] = 1;
    free(r);
    free((sel & 1) ? b : a);     /* one value on each path: no fork */
    free((sel2 & 1) ? c : d);    /* one path per block */
    free((sel2 & 1) ? d : c);
    return 0;
}
