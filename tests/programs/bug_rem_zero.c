/* symplex-test
 * paths: 2
 * error: div-by-zero 15
 * Unsigned remainder by zero on some paths only (b == 0 when a is odd); the
 * even branch uses a guarded divisor. Normal paths: a odd & b != 0, a even.
 */
#include <symplex.h>

int main(void) {
    unsigned a, b;
    symplex_make_symbolic(&a, sizeof a, "a");
    symplex_make_symbolic(&b, sizeof b, "b");
    unsigned r;
    if (a & 1)
        r = a % b; /*@A*/
    else
        r = a % (b + (b == 0));
    return (int)(r & 1);
}
