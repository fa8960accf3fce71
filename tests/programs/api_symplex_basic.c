/* symplex-test
 * paths: 4
 * coverage: 100
 * Inputs through symplex_make_symbolic. Nested branches on two ints give four
 * feasible paths (x>0 & y>0, x>0 & y<=0, x<=0 & y==x, x<=0 & y!=x); every line
 * and both directions of every branch are covered.
 */
#include <symplex.h>

static int classify(int x, int y) {
    if (x > 0) {
        if (y > 0)
            return 1;
        return 2;
    }
    if (y == x)
        return 5;
    return 6;
}

int main(void) {
    int x, y;
    symplex_make_symbolic(&x, sizeof x, "x");
    symplex_make_symbolic(&y, sizeof y, "y");
    return classify(x, y);
}
