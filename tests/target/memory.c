/* symplex-target
 * expect: unreachable
 * Memory in the backward search: a value stored through a pointer and loaded
 * back (a struct field, an array element, a global) is the same value, and
 * a store to another object does not change it. So p->a == 5 with x != 5
 * after p->a = x is refuted without running the program.
 */
#include <klee/klee.h>

struct pair { int a, b; };
int g;

static void fill(struct pair *p, int x, int y) {
    p->a = x;
    p->b = y;
}

int main(void) {
    int x, y;
    klee_make_symbolic(&x, sizeof x, "x");
    klee_make_symbolic(&y, sizeof y, "y");
    struct pair p;
    int arr[4] = {0, 0, 0, 0};
    fill(&p, x, y);
    arr[2] = y;
    g = x;
    if (x != 5 && p.b > 0) {
        if (p.a == 5 || g == 5 || arr[2] != y)
            return 1; /* TARGET */
    }
    return 0;
}
