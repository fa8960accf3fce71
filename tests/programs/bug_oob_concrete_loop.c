/* symplex-test
 * paths: 1
 * error: oob-read 23
 * error: oob-read 31
 * error: oob-write 44
 * Concrete pointers that walk off their object, which the interpreter's
 * load and store fast path (the last object accessed, checked by one
 * comparison) must hand to the checking path: a loop reading one int past a
 * stack array, one writing one byte past a heap block, and one whose last
 * 2-byte read starts in a global and ends past it. The fourth path
 * stores and loads _Bool values (a 1-bit value in a byte) through the fast
 * path, and completes. (bug_write_readonly.c: a store into a string literal.)
 */
#include <klee/klee.h>
#include <stdlib.h>

static unsigned char raw[15] __attribute__((aligned(2)));

/* the last 2-byte read starts inside the object and ends past it */
static int straddle(void) {
    int s = 0;
    for (int k = 0; k <= 14; k += 2)
        s += *(unsigned short *)(raw + k);
    return s;
}

static int sum_past(void) {
    int a[4] = {1, 2, 3, 4};
    int s = 0;
    for (int i = 0; i <= 4; i++)
        s += a[i];
    return s;
}

int main(void) {
    int sel = klee_range(0, 4, "sel");
    if (sel == 3)
        return straddle();
    if (sel == 0)
        return sum_past() == 10;
    if (sel == 1) {
        char *p = malloc(8);
        for (int i = 0; i <= 8; i++)
            p[i] = (char)i;
        return p[0];
    }
    _Bool flags[6];
    for (int i = 0; i < 6; i++)
        flags[i] = (i % 3) == 0;
    int count = 0;
    for (int i = 0; i < 6; i++)
        count += flags[i];
    klee_assert(count == 2);
    return 0;
}
