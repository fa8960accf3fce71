/* symplex-test
 * paths: 2
 * Ternaries with constant arms compile to `select` even at -O0 and must not
 * fork; the one with a computed arm (x > y ? x - y : y - x) is a branch and
 * forks once. The select results are checked by asserts that always hold.
 */
#include <symplex.h>
#include <assert.h>

int main(void) {
    int x, y;
    symplex_make_symbolic(&x, sizeof x, "x");
    symplex_make_symbolic(&y, sizeof y, "y");
    int a = x > 5 ? 10 : 20;
    int b = y == 0 ? 1 : 0;
    assert((a == 10) | (a == 20));
    assert((b == 1) == (y == 0));
    long d = x > y ? (long)x - y : (long)y - x;
    assert(d >= 0);
    return 0;
}
