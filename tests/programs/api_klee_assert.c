/* symplex-test
 * paths: 3
 * error: assert 11
 * klee_assert fails only when x == 200 (x > 100 branch); the helper is called
 * on both sides of the first branch. Paths: x<=100, x>100 & x!=200 & x<150,
 * x>100 & x!=200 & x>=150 = 3 (x == 200 is the error path, not counted).
 */
#include <klee/klee.h>

static void check(unsigned char x) {
    klee_assert(x != 200); /*@A*/
}

int main(void) {
    unsigned char x;
    klee_make_symbolic(&x, sizeof x, "x");
    if (x > 100) {
        check(x);
        if (x < 150)
            return 1;
        return 2;
    }
    return 0;
}
