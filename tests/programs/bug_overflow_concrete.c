/* symplex-test
 * args: --check-overflow
 * paths: 3
 * error: overflow 25
 * Signed overflow on concrete values, which the interpreter's concrete fast
 * path computes without building an expression: the factorial in int
 * overflows at 13! whichever the input, so the path that reaches the loop
 * with n >= 13 ends there; n < 13 completes, as do the two early returns. The unsigned product next to it
 * wraps legally, and the 64-bit product does not overflow. Line 25 is the
 * signed multiplication.
 */
#include <symplex.h>

int main(void) {
    int n;
    symplex_make_symbolic(&n, sizeof n, "n");
    if (n < 0 || n > 20) return 0;
    int steps = n < 13 ? 12 : 13;
    unsigned u = 1;
    long long wide = 1;
    int f = 1;
    for (int i = 1; i <= steps; i++) {
        u *= 4000000000u;
        wide *= i;
        f *= i;
    }
    return f > 0 && u != 7 && wide > 0;
}
