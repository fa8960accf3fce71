/* A path claim that does not hold where the test is replayed: symplex
 * explores in an environment without SYMPLEX_PATH_PROBE (getenv reads main's
 * envp, symplex's own environment), so every path it records takes the else
 * side; a native run started with the variable set takes the then side.
 * Every path exits 0, so only the path check tells. */
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);

int main(void) {
    int x = __VERIFIER_nondet_int();
    int r = 0;
    if (getenv("SYMPLEX_PATH_PROBE")) {
        if (x > 0) r = 1;
    } else {
        if (x < 0) r = 2;
    }
    return r - r;
}
