/* symplex-test
 * paths: 1
 * Three values rotated in a loop become phi nodes whose copies on the back
 * edge read what an earlier copy of the same edge writes: they must happen
 * at once (parallel assignment), which the interpreter stages, while edges
 * whose copies are independent are done one by one. One rotation is all
 * concrete, the other carries a symbolic value. After five turns of a
 * three-cycle, (a, b, c) = (2, x, 1).
 */
#include <klee/klee.h>

int main(void) {
    int x = klee_int("x");
    int a = 1, b = 2, c = x;
    int p = 1, q = 2, r = 3;
    for (int i = 0; i < 5; i++) {
        int t = a;
        a = b;
        b = t;
        t = c;
        c = a;
        a = t;
        t = p;
        p = q;
        q = t;
        t = r;
        r = p;
        p = t;
    }
    klee_assert(a == 2 && b == x && c == 1);
    klee_assert(p == 2 && q == 3 && r == 1);
    return 0;
}
