/* symplex's getenv sees an empty environment (runtime/libc/stdlib.c): the
 * paths it records go to the else side whatever the input, while a native
 * run with the variable set takes the then side. Every path exits 0, so
 * only the path check tells. */
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
