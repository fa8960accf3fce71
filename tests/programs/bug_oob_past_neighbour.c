/* symplex-test
 * args: --search=dfs
 * paths: 1
 * error: oob-read 23
 * An index v in 0..255 into a 16-byte global table: v >= 16 is one
 * out-of-bounds read at the table's line, however far it goes. Indices past
 * the red zone reach the address of the neighbouring global `after`, whose
 * bytes (200) would make the next line write far outside `counts`; a pointer
 * computed from `table` must not be allowed to read `after`, so no second
 * error may appear (the native run stops at the first read too).
 */
#include <klee/klee.h>

static unsigned char table[16] = {0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3};
static unsigned char after[256];
static int counts[4];

int main(void) {
    for (int k = 0; k < 256; k++)
        after[k] = 200;
    unsigned char v;
    klee_make_symbolic(&v, sizeof v, "v");
    unsigned char cls = table[v];
    counts[cls]++;
    return counts[0] == 1 ? 0 : 1;
}
