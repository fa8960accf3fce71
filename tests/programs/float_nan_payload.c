/* symplex-test
 * paths: 4
 * The bits of NaN results, symbolic, as x86-64 makes them (issue 28): a
 * double NaN converted to float keeps its sign and the top of its payload
 * (0x7fc00001 comes from a positive NaN whose payload has bit 29 set and
 * nothing above it); d * 0.0 is a positive NaN when d is one, and an
 * infinite d gives the default NaN, sign set. Every NaN once was the default
 * NaN, which hid the first and the second path. Paths: exit 1; exit 2; exit 0
 * where m is a negative NaN (d a negative NaN or infinite) and where it is no
 * NaN.
 */
#include <klee/klee.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

int main(void) {
    double d;
    klee_make_symbolic(&d, sizeof d, "d");
    float f = (float)d;
    uint32_t fb;
    memcpy(&fb, &f, sizeof fb);
    if (fb == 0x7fc00001u)
        return 1;
    double m = d * 0.0;
    if (isnan(m) && !signbit(m))
        return 2;
    return 0;
}
