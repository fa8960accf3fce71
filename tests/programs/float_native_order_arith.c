/* symplex-test
 * paths: 8
 * exits: 0 35 4 39 8 43 12 47
 * Which NaN a `+` or `*` of two NaNs gives, as a native build at -O0 computes
 * it: x86-64 returns the first operand's NaN, and FastISel folds a load into
 * the instruction right after it as addss/mulss's second (memory) operand,
 * commuting the instruction when the load was its first operand. So it is the
 * load's position that decides, in the IR as clang writes it, before mem2reg
 * turns the locals' loads into values (bench/fuzz seed 35, p0211 and p0325):
 *   bit 0  x + (float)d      the load right before is d's: x's sign
 *   bit 1  x + id(y)         a call comes between: x's sign
 *   bit 2  (float)d + x      x's load folded second: d's sign
 *   bit 3  r += y            r's load comes right before: commuted, y's sign
 *   bit 4  t * nanf("0x5")   t a local (promoted by mem2reg), loaded right
 *                            before: commuted, the literal's NaN, sign clear
 *   bit 5  nanf("0x5") * x + y   llvm.fmuladd, whose literal factor the code
 *                            generator puts second: x's sign
 *   bit 6  c * x + y         c a local holding NAN: no literal natively, so
 *                            c's NaN, sign clear (mem2reg makes c a literal;
 *                            the --check-path module must not move it)
 * Each exit is a combination of the three inputs' signs; symplex's build
 * before this test gave bit 0 d's sign, bit 1 y's, bit 3 x's, bit 4 x's and
 * bit 5 clear.
 */
#include <klee/klee.h>
#include <math.h>

static float id(float v) { return v; }

int main(void) {
    float x, y;
    double d;
    klee_make_symbolic(&x, sizeof x, "x");
    klee_make_symbolic(&y, sizeof y, "y");
    klee_make_symbolic(&d, sizeof d, "d");
    klee_assume(isnan(x));
    klee_assume(isnan(y));
    klee_assume(isnan(d));
    float r0 = x + (float)d;
    float r1 = x + id(y);
    float r2 = (float)d + x;
    float r3 = x;
    r3 += y;
    float t = x;
    float r4 = t * __builtin_nanf("0x5");
    float r5 = __builtin_nanf("0x5") * x + y;
    float c = NAN;
    float r6 = c * x + y;
    int m = 0;
    if (signbit(r0)) m |= 1;
    if (signbit(r1)) m |= 2;
    if (signbit(r2)) m |= 4;
    if (signbit(r3)) m |= 8;
    if (signbit(r4)) m |= 16;
    if (signbit(r5)) m |= 32;
    if (signbit(r6)) m |= 64;
    return m;
}
