/* symplex-target
 * expect: reached
 * A store that may alias: arr[i] = 7 may overwrite arr[2], so the backward
 * search must forget what arr[2] held (a store through the same pointer
 * would have told it), and the target is reached with i == 2. The struct
 * filled through a pointer in a callee keeps its fields: p.a is x.
 */
#include <klee/klee.h>

struct pair { int a, b; };

static void fill(struct pair *p, int x, int y) {
    p->a = x;
    p->b = y;
}

int main(void) {
    int x, y, i;
    klee_make_symbolic(&x, sizeof x, "x");
    klee_make_symbolic(&y, sizeof y, "y");
    klee_make_symbolic(&i, sizeof i, "i");
    if (i < 0 || i > 3)
        return 0;
    int arr[4];
    struct pair p;
    fill(&p, x, y);
    arr[2] = y;
    arr[i] = 7;
    if (arr[2] == 7 && y != 7 && p.a == y + 1)
        return 1; /* TARGET */
    return 0;
}
