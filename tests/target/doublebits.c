/* symplex-target
 * expect: reached
 * The thesis's example2 (Figure 5.1): v = doubleToRawLongBits(u); w = v &
 * 0xff000; w > 0. Any u whose bits 12-19 are not all zero passes (SPF-CORAL
 * and Pex fail it). The bits of a symbolic double are a bit-vector like any
 * other, so the path condition is linear in them.
 */
#include <klee/klee.h>
#include <string.h>

static long long double_to_raw_long_bits(double u) {
    long long v;
    memcpy(&v, &u, sizeof v);
    return v;
}

int main(void) {
    double u;
    klee_make_symbolic(&u, sizeof u, "u");
    u = u * 2.0; /* a float operation first, so u is used as a double */
    long long w = double_to_raw_long_bits(u) & 0xff000;
    if (w > 0)
        return 1; /* TARGET */
    return 0;
}
