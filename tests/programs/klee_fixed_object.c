/* symplex-test
 * paths: 2
 * error: oob-read 33
 * klee_define_fixed_object places a zero-filled object at an address the
 * program chose; it is read and written like any other object, and
 * klee_get_obj_size gives its size (and a heap block's, from any pointer into
 * it). klee_check_memory_access accepts a range inside one object and reports
 * one that runs past its end (replayed natively through ASan's shadow memory,
 * the fixed object mapped at the same address).
 * Paths: k == 0 (check inside), other k; k == 1 (check past the end) is the error.
 */
#include <klee/klee.h>
#include <stdlib.h>

#define FIXED ((int *)0x20000000)

int main(void) {
    klee_define_fixed_object(FIXED, 4 * sizeof(int));
    if (FIXED[0] != 0 || FIXED[3] != 0)
        return 10;
    FIXED[2] = 42;
    if (klee_get_obj_size(FIXED) != 4 * sizeof(int) || klee_get_obj_size(&FIXED[2]) != 4 * sizeof(int))
        return 11;
    char *block = malloc(10);
    if (klee_get_obj_size(block) != 10)
        return 12;
    int k = klee_int("k");
    if (k == 0) {
        klee_check_memory_access(FIXED, 4 * sizeof(int));
        return FIXED[2] == 42 ? 0 : 13;
    }
    if (k == 1)
        klee_check_memory_access(block + 4, 7); /* one byte past the block */
    free(block);
    return 2;
}
