/* symplex-test
 * paths: 1
 * error: oob-read 17
 * Off-by-one read of a heap block at a symbolic index: the loop bound check
 * uses <= so i == 4 reads one element past a 4-int block. i in 0..4.
 */
#include <klee/klee.h>
#include <stdlib.h>

int main(void) {
    int *a = malloc(4 * sizeof *a);
    for (int k = 0; k < 4; k++)
        a[k] = k;
    int i = klee_range(0, 5, "i");
    int v = 0;
    if (i <= 4)
        v = a[i]; /*@A*/
    free(a);
    return v == 0;
}
