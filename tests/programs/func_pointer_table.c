/* symplex-test
 * paths: 5
 * Calls through a table of function pointers indexed by a symbolic i in 0..3:
 * one path per target (4); the target `twice` branches once more on x
 * (x > 1000), so 5 paths in all.
 */
#include <klee/klee.h>

static int inc(int x) { return x + 1; }
static int neg(int x) { return -x; }
static int twice(int x) {
    if (x > 1000)
        return 0;
    return 2 * x;
}
static int zero(int x) { return 0 * x; }

static int (*const table[4])(int) = {inc, neg, twice, zero};

int main(void) {
    int i = klee_range(0, 4, "i");
    int x = klee_range(-5, 2000, "x");
    int r = table[i](x);
    return r & 1;
}
