/* symplex-test
 * paths: 1
 * early: symbolic floating point 1
 * A float computed from a symbolic input: the engine terminates that path
 * early ("symbolic floating point") and keeps exploring the other one
 * (mode != 1). All inputs are created before the float operation so the
 * early test's ktest is complete and replays.
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
