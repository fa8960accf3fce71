/* symplex-test
 * paths: 2
 * error: div-by-zero 16
 * Division by a symbolic divisor that is zero only on some paths: when
 * mode > 10 the divisor is d - 5 (zero for d == 5); otherwise it is d | 1.
 * Normal paths: mode > 10 & d != 5, mode <= 10.
 */
#include <symplex.h>

int main(void) {
    unsigned char mode, d;
    symplex_make_symbolic(&mode, sizeof mode, "mode");
    symplex_make_symbolic(&d, sizeof d, "d");
    int q;
    if (mode > 10)
        q = 1000 / (d - 5); /*@A*/
    else
        q = 1000 / (d | 1);
    return q & 1;
}
