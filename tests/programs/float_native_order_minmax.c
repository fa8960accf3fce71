/* symplex-test
 * paths: 4
 * exits: 50 58 178 186
 * fmaxf/fminf of two zeros, and of two NaNs, as a native build at -O0 gives
 * them: llvm.maxnum/minnum become maxss/minss, which return their second
 * operand on a tie, with the operand known not to be a NaN (a literal) put
 * second; with none, the first operand is returned on a tie. So it is the
 * literal's position in the IR as clang writes it that decides, and a local
 * set to a NaN is no literal, though mem2reg makes it one:
 *   bit 0  fmaxf(z, 0.0f)    +0 whatever zero z is
 *   bit 1  fminf(z, -0.0f)   -0 whatever zero z is
 *   bit 2  fmaxf(0.0f, z)    +0
 *   bit 3  fmaxf(z, -z)      z: its sign
 *   bit 4  fmaxf(x, n)       x a NaN, n a local holding -NAN: n, sign set
 *   bit 5  fminf(x * x, fmaf(x, -NAN, x))   fmaf's -NAN (a call's result,
 *                            no literal to fold): sign set
 *   bit 6  fmin(-NAN, NAN)   two literals fold to the second: sign clear
 *   bit 7  fma(fmin(-NAN, NAN), (double)x, 1.0)   the fold's result is no
 *                            literal to fma's call: glibc's fma favours its
 *                            second factor, x's NaN: x's sign
 * symplex's build before this test kept z on every tie (bits 0 and 1 z's
 * sign), folded fmaxf(x, n) to x as if n were written as a literal, bit 5 to
 * x * x and bit 6 to the first.
 */
#include <klee/klee.h>
#include <math.h>

int main(void) {
    float z, x;
    klee_make_symbolic(&z, sizeof z, "z");
    klee_make_symbolic(&x, sizeof x, "x");
    klee_assume(z == 0.0f);
    klee_assume(isnan(x));
    float n = -NAN;
    int m = 0;
    if (signbit(fmaxf(z, 0.0f))) m |= 1;
    if (signbit(fminf(z, -0.0f))) m |= 2;
    if (signbit(fmaxf(0.0f, z))) m |= 4;
    if (signbit(fmaxf(z, -z))) m |= 8;
    if (signbit(fmaxf(x, n))) m |= 16;
    if (signbit(fminf(x * x, fmaf(x, -NAN, x)))) m |= 32;
    if (signbit(fmin(-NAN, NAN))) m |= 64;
    if (signbit(fma(fmin(-NAN, NAN), (double)x, 1.0))) m |= 128;
    return m;
}
