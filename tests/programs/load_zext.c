/* symplex-test
 * paths: 4
 * A byte load whose one use widens it (zext to 32 bits) is one load that
 * zero-extends (ir_lower_call.c), with symbolic and concrete bytes: t is
 * b[1] + 1000 with b[1] zero-extended (sign-extended, 255 would give 999,
 * and t == 1255 would be unreachable); c[1] = 0xff concrete reads 255.
 * b[1] == 255 or not, b[0] + c[1] above 300 or not: 4 paths.
 */
#include <klee/klee.h>

int main(void) {
    unsigned char b[2];
    volatile unsigned char pad = 0;
    unsigned char c[2] = {1, 0xff};
    klee_make_symbolic(b, sizeof b, "b");
    int r = pad;
    unsigned t = b[1] + 1000u;
    if (t == 1255u) r += 1;
    unsigned u = b[0] + (c[1] + 0u);
    if (u > 300u) r += 2;
    return r;
}
