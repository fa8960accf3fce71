/* symplex-test
 * args: --array-solver=cegar
 * paths: 5
 * error: assert 31
 * Two linear equations over 64-bit inputs near 2^50 with exactly one
 * solution (x = 627168624687778, y = 298687492548601), then a read of a
 * table at an index made of x and a free byte z. The array solver's ILP
 * pre-check asked GLPK, whose floating-point search finds no integer point
 * in these equations, and answered UNSAT on its word alone: the side of the
 * table test that the path's model did not take was lost, and with it the
 * assertion failure (the tree also differed from the plain Z3 run). An UNSAT
 * from the pre-check is now confirmed in exact arithmetic first. Paths: x
 * too large, y too large, either equation false, the assertion holds (its
 * failure is the error).
 */
#include <klee/klee.h>

static unsigned char tab[256];

int main(void) {
    for (int i = 0; i < 256; i++)
        tab[i] = (unsigned char)(i ^ 0x5a);
    unsigned long x, y;
    unsigned char z;
    klee_make_symbolic(&x, sizeof x, "x");
    klee_make_symbolic(&y, sizeof y, "y");
    klee_make_symbolic(&z, sizeof z, "z");
    if (x > (1ul << 50) || y > (1ul << 50))
        return 0;
    if (x + y == 925856117236379ul && 3 * x + y == 2180193366611935ul) {
        klee_assert(tab[(unsigned char)(x + z)] != 7);
        return 1;
    }
    return 2;
}
