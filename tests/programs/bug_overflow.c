/* symplex-test
 * args: --check-overflow
 * paths: 2
 * error: overflow 21
 * error: overflow 23
 * Signed overflow detection: a + b overflows for some inputs (A); the
 * multiplication by 3 overflows only for large a (B), while the unsigned
 * multiplication must not be reported. Same code as nobug_overflow_unchecked.c,
 * which runs without --check-overflow and reports nothing.
 * Paths: the a + b path and the a * 3 path, each when no overflow happens.
 */
#include <symplex.h>

int main(void) {
    int a, b;
    symplex_make_symbolic(&a, sizeof a, "a");
    symplex_make_symbolic(&b, sizeof b, "b");
    unsigned u = (unsigned)a * 7u;
    int r;
    if (b > 0)
        r = a + b; /*@A*/
    else
        r = a * 3; /*@B*/
    return (int)((unsigned)r + u) & 1;
}
