/* symplex-test
 * paths: 2
 * exits: 1 3
 * fma with a NaN written in the program as a factor: a native build folds the
 * call to that NaN (quieted), whatever the other operands hold, so the sign
 * of fma(-NAN, y, 3.0) is set even where y is a positive NaN, which the rule
 * for run-time operands (fma's second factor's NaN first) would return (found
 * by bench/fuzz). Exits 2 and 4 are never reached natively; 5 neither: a
 * signalling literal comes out quieted, with its payload.
 */
#include <klee/klee.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

int main(void) {
    double y;
    float f;
    klee_make_symbolic(&y, sizeof y, "y");
    klee_make_symbolic(&f, sizeof f, "f");
    double r = fma(-NAN, y, 3.0);
    float q = fmaf(f, __builtin_nansf("0x5"), 1.0f);
    uint32_t qb;
    memcpy(&qb, &q, sizeof qb);
    if (qb != 0x7fc00005u)
        return 5;
    if (isnan(y)) {
        if (signbit(r))
            return 1;
        return 2;
    }
    return signbit(r) ? 3 : 4;
}
