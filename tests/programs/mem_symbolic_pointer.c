/* symplex-test
 * paths: 4
 * A pointer that may point into one of two globals, chosen by a select
 * (constant arms: no branch). As in KLEE, a dereference of a pointer that can
 * resolve to two objects forks once per object: 2 states; each then branches
 * on the loaded value (base == g1 is then decided and does not fork).
 * Objects: g1 = {10, 20}, g2 = {30, 40}; p = (x & 1 ? g1 : g2) + (y & 1).
 *   p in g1: *p > 15 <=> y odd: splits        -> 2
 *   p in g2: *p > 35 <=> y odd: splits        -> 2
 * -> 4 paths. The write through p must land in the right object.
 */
#include <symplex.h>
#include <assert.h>

int g1[2] = {10, 20};
int g2[2] = {30, 40};

int main(void) {
    unsigned char x, y;
    symplex_make_symbolic(&x, sizeof x, "x");
    symplex_make_symbolic(&y, sizeof y, "y");
    int *base = (x & 1) ? g1 : g2;
    int *p = base + (y & 1);
    int v = *p;
    *p = v + 1;
    assert(g1[0] + g1[1] + g2[0] + g2[1] == 101);
    if (base == g1) {
        if (v > 15)
            return 1;
        return 2;
    }
    if (v > 35)
        return 5;
    return 6;
}
