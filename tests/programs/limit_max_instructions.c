/* symplex-test
 * args: --max-instructions=20000
 * paths: 0
 * early-total: 1
 * --max-instructions stops the run: the only path spins in a long concrete
 * loop after its input is created and is terminated early when the
 * instruction budget is spent (its ktest is complete and must replay; the
 * native run simply finishes the loop).
 */
#include <symplex.h>

int main(void) {
    int x;
    symplex_make_symbolic(&x, sizeof x, "x");
    volatile unsigned long acc = 0;
    for (unsigned long i = 0; i < 5000000UL; i++)
        acc += i;
    return (int)((acc + (unsigned)x) & 1);
}
