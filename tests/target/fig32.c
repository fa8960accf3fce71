/* symplex-target
 * expect: reached
 * The thesis's Figure 3.2 (its integer part): res = x + 23; res == 8192.
 * Phase I's path condition alone decides it (x = 8169). The thesis's second
 * half, sin(u) > 0, needs math functions as opaque symbols (issue 15).
 */
#include <klee/klee.h>

int main(void) {
    int x;
    klee_make_symbolic(&x, sizeof x, "x");
    int res = x + 23;
    if (res == 8192)
        return 1; /* TARGET */
    return 0;
}
