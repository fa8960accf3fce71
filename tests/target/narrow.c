/* symplex-target
 * expect: reached
 * phase2: seed
 * The thesis's narrow (Figure 4.6): y = |x|; y < 0. Only x = INT_MIN
 * reaches it (two's complement wrap-around; the thesis's heuristic Phase II
 * misses it). Phase I's bit-vector path condition finds it exactly, and its
 * model, read back as the input x, is run first and reaches the line.
 */
#include <klee/klee.h>

int main(void) {
    int x;
    klee_make_symbolic(&x, sizeof x, "x");
    unsigned ux = (unsigned)x;
    int y = (int)(x < 0 ? 0u - ux : ux);
    if (y < 0)
        return 1; /* TARGET */
    return 0;
}
