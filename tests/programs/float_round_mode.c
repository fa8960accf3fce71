/* symplex-test
 * paths: 2
 * stdout: upward rounds above
 * stdout: nearest rounds up too
 * stdout: mode restored
 * fesetround sets the state's rounding mode (a native call would set
 * symplex's own): x + 0.1f rounded upward is above the same sum rounded to
 * nearest unless to-nearest rounded up as well (or the sum is exact), and
 * the comparison is solved with the rounding mode in the expressions. Native
 * replay runs the real fesetround, so each test takes the same path there.
 */
#include <fenv.h>
#include <klee/klee.h>
#include <stdio.h>

int main(void) {
    float x;
    klee_make_symbolic(&x, sizeof x, "x");
    klee_assume(x >= 1.0f);
    klee_assume(x <= 100.0f);
    if (fesetround(FE_UPWARD) != 0)
        return 2;
    float up = x + 0.1f;
    if (fegetround() != FE_UPWARD)
        return 3;
    fesetround(FE_TONEAREST);
    float near = x + 0.1f;
    if (up > near)
        printf("upward rounds above\n");
    else
        printf("nearest rounds up too\n");
    if (fegetround() == FE_TONEAREST)
        printf("mode restored\n");
    return 0;
}
