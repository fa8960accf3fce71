/* symplex-test
 * paths: 4
 * error: oob-write 16
 * A copy loop into a heap buffer with a symbolic length len in 0..4 and
 * a block of 3 bytes: len == 4 writes past the end at the last iteration.
 * The loop forks per len; paths len 0..3 end normally but all reach the same
 * return: they are distinct paths, so paths = 4.
 */
#include <klee/klee.h>
#include <stdlib.h>

int main(void) {
    char *dst = malloc(3);
    int len = klee_range(0, 5, "len");
    for (int k = 0; k < len; k++)
        dst[k] = 'z'; /*@A*/
    free(dst);
    return 0;
}
