/* symplex-test
 * paths: 3
 * tests: 5
 * error: assert 19
 * error: assert 23
 * Two different failing asserts, each reachable on some paths only.
 * x in 0..255: x < 50 -> assert(x != 7) fails for x == 7 (A);
 * x >= 50: x % 10 == 3 -> assert(x < 200) fails for 203, 213, ... (B),
 * reported once even though several inputs reach it.
 * Normal paths: x < 50 & x != 7; x >= 50 & x % 10 != 3; x % 10 == 3 & x < 200.
 */
#include <symplex.h>
#include <assert.h>

int main(void) {
    unsigned char x;
    symplex_make_symbolic(&x, sizeof x, "x");
    if (x < 50) {
        assert(x != 7); /*@A*/
        return 1;
    }
    if (x % 10 == 3) {
        assert(x < 200); /*@B*/
        return 2;
    }
    return 0;
}
