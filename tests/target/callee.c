/* symplex-target
 * expect: reached
 * A target inside a function: Phase I walks to its entry, then to the call
 * sites the call graph names (one of them passes a value that cannot reach
 * it), through the callee's return value into main.
 */
#include <klee/klee.h>

static int scale(int v) { return 3 * v + 1; }

static int check(int k) {
    if (k > 100 && k % 7 == 3)
        return 2; /* TARGET */
    return 0;
}

int main(void) {
    int x;
    klee_make_symbolic(&x, sizeof x, "x");
    int r = check(5);
    if (x > 10)
        r += check(scale(x));
    return r;
}
