/* symplex-test
 * paths: 5
 * Shifts by symbolic amounts kept in range with & 7, logical vs arithmetic
 * right shift. k = s & 7:
 *   (1u << k) > 16 splits k in {5,6,7} | {0..4}
 *   in {5,6,7}: (-128 >> k) == -1 only for k == 7          -> 2 paths
 *   in {0..4}:  (0x80u >> k) & 8 only for k == 4; else k < 2 splits {0,1}|{2,3} -> 3 paths
 */
#include <symplex.h>

int main(void) {
    unsigned char s;
    symplex_make_symbolic(&s, sizeof s, "s");
    unsigned k = s & 7;
    if ((1u << k) > 16u) {
        if ((-128 >> k) == -1)
            return 1;
        return 2;
    }
    if ((0x80u >> k) & 8u)
        return 5;
    if (k < 2)
        return 6;
    return 7;
}
