/* symplex-test
 * args: --cflags=-O1
 * paths: 1
 * tests: 1
 * Comparisons with a NaN made at run time, in optimised code: clang -O1
 * spells `!(a >= b)` as an unordered `fcmp ult` (true when either side is a
 * NaN), and likewise ule, ugt, uge and une; each must be true for a NaN on
 * either side or both, and every ordered comparison false, as IEEE 754 (and
 * the native run) says. The values are concrete: the interpreter's fast path
 * decides them. The asserts state the answers; replay checks them natively.
 */
#include <klee/klee.h>

/* bit k set: the k-th ordered comparison holds */
__attribute__((noinline)) static int ordered(double a, double b) {
    return (a < b) | (a <= b) << 1 | (a > b) << 2 | (a >= b) << 3 | (a == b) << 4;
}

/* bit k set: the negation of the k-th ordered comparison holds */
__attribute__((noinline)) static int unordered(double a, double b) {
    return !(a < b) | !(a <= b) << 1 | !(a > b) << 2 | !(a >= b) << 3 | (a != b) << 4;
}

int main(void) {
    volatile double zero = 0.0, two = 2.0;
    double nan = zero / zero, x = two;
    klee_assert(ordered(nan, x) == 0);
    klee_assert(ordered(x, nan) == 0);
    klee_assert(ordered(nan, nan) == 0);
    klee_assert(unordered(nan, x) == 31);
    klee_assert(unordered(x, nan) == 31);
    klee_assert(unordered(nan, nan) == 31);
    klee_assert(ordered(x, x) == (2 | 8 | 16) && unordered(x, x) == (1 | 4));
    return 0;
}
