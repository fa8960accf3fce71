/* symplex-test
 * args: --solver-timeout=120
 * paths: 6
 * error: float-cast 28
 * The integer/float conversion boundary. A double in [2147483647, 2147483648)
 * converts to INT_MAX; one in range below that converts to something else;
 * one out of range is guarded. An unguarded float conversion: a float of
 * 2^31 or more (or a NaN) is undefined behaviour, reported as `float-cast`
 * where UBSan's float-cast-overflow reports it natively; the float reaching
 * INT_MAX exactly is impossible (no float lies in [2^31 - 1, 2^31)).
 * Paths: d converts to INT_MAX or not (2); d out of range below or above,
 * each with f negative or f converting in range (4); states where f is 2^31
 * or more end in the error (one test for the one error location).
 */
#include <klee/klee.h>
#include <limits.h>

int main(void) {
    double d;
    float f;
    klee_make_symbolic(&d, sizeof d, "d");
    klee_make_symbolic(&f, sizeof f, "f");
    if (d >= -2147483648.0 && d < 2147483648.0) {
        if ((int)d == INT_MAX)
            return 1;
        return 2;
    }
    if (f >= 0 && (int)f == INT_MAX)
        return 4; /* unreachable */
    return 3;
}
