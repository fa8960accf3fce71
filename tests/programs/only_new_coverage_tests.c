/* symplex-test
 * args: --only-new-coverage-tests --search=dfs
 * paths: 16
 * tests-max: 8
 * 16 paths (four independent branches on four bytes) but only 8 branch
 * directions: the first path covers 4, so with --only-new-coverage-tests at
 * most 1 + 4 paths cover something new (KLEE writes 5 tests); tests-max
 * leaves slack for line-vs-branch bookkeeping but is far below 16. All 16
 * paths are still counted.
 */
#include <symplex.h>

int main(void) {
    unsigned char b[4];
    symplex_make_symbolic(b, sizeof b, "b");
    int c = 0;
    if (b[0] > 100)
        c += 10;
    if (b[1] > 100)
        c += 20;
    if (b[2] > 100)
        c += 40;
    if (b[3] > 100)
        c += 50;
    return c;
}
