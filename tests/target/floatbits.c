/* symplex-target
 * expect: reached
 * The thesis's "external" example: floatToRawIntBits(u) == 0, reached with
 * u = +0.0f only (-0.0f has the sign bit set). Java calls a native method for
 * the bits; in C they are a copy of the float's bytes.
 */
#include <klee/klee.h>
#include <string.h>

static int float_to_raw_int_bits(float u) {
    int v;
    memcpy(&v, &u, sizeof v);
    return v;
}

int main(void) {
    float u;
    klee_make_symbolic(&u, sizeof u, "u");
    if (u < 1.0f && float_to_raw_int_bits(u) == 0)
        return 1; /* TARGET */
    return 0;
}
