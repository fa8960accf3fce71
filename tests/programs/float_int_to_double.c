/* symplex-test
 * paths: 3
 * A double computed from a symbolic int: (double)x * 0.5 > 10.0 holds for
 * x > 20 and not otherwise, both found (with mode != 1 the third path). All
 * inputs are created before the float operations. (Before symbolic floating
 * point, the float path ended early with reason "symbolic floating point".)
 */
#include <symplex.h>

int main(void) {
    int x;
    unsigned char mode;
    symplex_make_symbolic(&x, sizeof x, "x");
    symplex_make_symbolic(&mode, sizeof mode, "mode");
    if (mode == 1) {
        double d = (double)x * 0.5;
        if (d > 10.0)
            return 1;
        return 2;
    }
    return 0;
}
