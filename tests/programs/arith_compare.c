/* symplex-test
 * paths: 6
 * Signed/unsigned comparisons on a signed char. Derivation:
 *   a < 0:  (uchar)a > 200 splits a in [-55,-1] | [-128,-56];
 *           in [-128,-56] a == -128 splits again                -> 3 paths
 *   a >= 0: (uchar)a > 200 is infeasible (no fork); a >= 100 splits;
 *           a != 7 splits only in [0,99]                         -> 3 paths
 *   (unsigned)a > 1000u is decided by the sign: never forks.
 */
#include <symplex.h>

int main(void) {
    signed char a;
    int r = 0;
    symplex_make_symbolic(&a, sizeof a, "a");
    if (a < 0) {
        if ((unsigned char)a > 200)
            r += 1;
        else if (a == -128)
            r += 2;
    } else {
        if ((unsigned char)a > 200)
            r += 100;
        if (a >= 100)
            r += 10;
        else if (a != 7)
            r += 20;
    }
    if ((unsigned)(int)a > 1000u)
        r += 40;
    return r;
}
