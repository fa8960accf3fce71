/* symplex-test
 * paths: 2
 * malloc / calloc / realloc / free with concrete sizes and symbolic contents:
 * calloc zeroes, realloc keeps the old bytes when growing, writes go to the
 * right block. All asserts hold; one branch on the copied symbolic data.
 */
#include <symplex.h>
#include <stdlib.h>
#include <assert.h>

int main(void) {
    int *a = malloc(4 * sizeof *a);
    int *z = calloc(8, sizeof *z);
    unsigned char in[4];
    assert(a && z);
    symplex_make_symbolic(in, sizeof in, "in");
    for (int i = 0; i < 4; i++)
        a[i] = in[i] * 2;
    for (int i = 0; i < 8; i++)
        assert(z[i] == 0);
    a = realloc(a, 16 * sizeof *a);
    assert(a != NULL);
    for (int i = 0; i < 4; i++)
        assert(a[i] == in[i] * 2);
    a[15] = 99;
    z[7] = a[15];
    free(a);
    int r = 0;
    if (z[7] == 99 && in[0] > 100)
        r = 1;
    free(z);
    return r;
}
