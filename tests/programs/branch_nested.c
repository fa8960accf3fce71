/* symplex-test
 * paths: 7
 * Nested branches whose conditions depend on each other. a, b bytes.
 *   a < 10:  b < a splits; b < a <= 9 makes b == 9 infeasible (no fork) -> 2 paths
 *   a >= 10: a < 20 splits; [10,19]: a + b == 25 splits (b = 25-a, in range) -> 2
 *   a >= 20: b > a splits; b > a: a == 255 infeasible (no fork);
 *            b <= a: b == 0 splits                               -> 3
 * total 7. Short-circuit && is one more branch per operand.
 */
#include <symplex.h>

int main(void) {
    unsigned char a, b;
    symplex_make_symbolic(&a, sizeof a, "a");
    symplex_make_symbolic(&b, sizeof b, "b");
    if (a < 10) {
        if (b < a) {
            if (b == 9)
                return 100;
            return 1;
        }
        return 2;
    }
    if (a < 20) {
        if (a + b == 25)
            return 5;
        return 6;
    }
    if (b > a && a == 255)
        return 101;
    if (b > a)
        return 7;
    if (b == 0)
        return 8;
    return 9;
}
