/* symplex-test
 * paths: 2
 * exits: 1 3
 * Of two NaNs, x86-64 returns the first operand's; but a native build at -O0
 * folds the load of a variable into addss/mulss, whose memory operand can only
 * be the second, so x + -NAN is computed as -NAN + x: the literal's NaN, with
 * the sign set, whatever NaN x holds (found by bench/fuzz). x - NAN is not
 * commuted: x's NaN. Exits 2 and 4 are never reached natively.
 */
#include <klee/klee.h>
#include <math.h>

int main(void) {
    float x;
    klee_make_symbolic(&x, sizeof x, "x");
    float s = x + -NAN;
    float d = x - -NAN;
    if (isnan(x)) {
        if (signbit(d) != signbit(x))
            return 4;
        return signbit(s) ? 1 : 2;
    }
    return 3;
}
