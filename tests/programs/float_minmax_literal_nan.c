/* symplex-test
 * paths: 3
 * exits: 2 3 4
 * fmaxf/fminf (llvm.maxnum/minnum) with a NaN written in the program as one
 * operand: a native build folds the call to the other operand, whatever it
 * holds, so with `a` a NaN the result is `a` itself (its sign and payload),
 * not the literal NaN that the instruction sequence for two run-time operands
 * would give (found by bench/fuzz: fmaxf(x2 - x0, -nan("0x2a"))). Exit 1
 * (the literal's bits) is never reached natively; 5 neither: a non-NaN `a`
 * passes through fmax(a, NaN) too.
 */
#include <klee/klee.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

static uint32_t bits(float f) {
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

int main(void) {
    float a;
    klee_make_symbolic(&a, sizeof a, "a");
    float r1 = fmaxf(a, -__builtin_nanf("0x2a")), r2 = fminf(-__builtin_nanf("0x2a"), a);
    double d = a, r3 = fmax(d, __builtin_nan("1"));
    if (isnan(a)) {
        if (bits(r1) != bits(a) || bits(r2) != bits(a))
            return 1;
        if (signbit(a))
            return 2;
        return 3;
    }
    return r3 == d ? 4 : 5;
}
