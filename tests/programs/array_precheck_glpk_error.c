/* symplex-test
 * args: --array-solver=cegar
 * paths: 7
 * error: assert 31
 * Linear constraints over three 64-bit inputs bounded by 2^53, then a read
 * of a table at an index made of w and a free byte z. GLPK, asked by the
 * array solver's ILP pre-check, fails an internal assertion on these rows
 * ("temp1 > 0.0 && temp2 > 0.0", glpios03.c) and aborts the process: symplex
 * died with SIGABRT. GLPK's errors are now caught (the pre-check then does
 * not know, and the query goes on to refinement). Paths: x, y, w too large,
 * each of the three constraints false, the assertion holds (its failure is
 * the error).
 */
#include <klee/klee.h>

static unsigned char tab[256];

int main(void) {
    for (int i = 0; i < 256; i++)
        tab[i] = (unsigned char)(i ^ 0x5a);
    unsigned long x, y, w;
    unsigned char z;
    klee_make_symbolic(&x, sizeof x, "x");
    klee_make_symbolic(&y, sizeof y, "y");
    klee_make_symbolic(&w, sizeof w, "w");
    klee_make_symbolic(&z, sizeof z, "z");
    if (x > (1ul << 53) || y > (1ul << 53) || w > (1ul << 53))
        return 0;
    if ((long)(x + w) >= 7582179648914763l && x + y + w == 8982730683495461ul &&
        (long)(x - y) >= 2557940792366511l) {
        klee_assert(tab[(unsigned char)(w + z)] != 7);
        return 1;
    }
    return 2;
}
