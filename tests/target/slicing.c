/* symplex-target
 * expect: unreachable
 * The thesis's slicing (Figure 4.5): y = 0; if (y == 1) cannot be taken,
 * whatever the ten branches before it do. The thesis's tool explored 1023
 * segments; the backward search refutes it at the first branch it crosses.
 */
#include <klee/klee.h>

int main(void) {
    int v[10], n = 0;
    klee_make_symbolic(v, sizeof v, "v");
    int y = 0;
    for (int i = 0; i < 10; i++)
        if (v[i] > 0) n++;
    if (y == 1)
        return n; /* TARGET */
    return n;
}
