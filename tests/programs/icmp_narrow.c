/* symplex-test
 * paths: 4
 * Compares of a zero-extended value with a constant that fits its width
 * run at that width (ir_lower_call.c): the unsigned order of k in 128..255
 * must hold there (signed at 8 bits, 200 would be below 127), equality at
 * 16 bits must see 65535, and a constant beyond the width (300) is compared
 * at the wide width, where it is always above k: no fork. k > 127 or not,
 * h == 65535 or not: 4 paths, each replayed natively along its branches.
 */
#include <klee/klee.h>

int main(void) {
    unsigned char k;
    unsigned short h;
    klee_make_symbolic(&k, sizeof k, "k");
    klee_make_symbolic(&h, sizeof h, "h");
    int r = 0;
    if ((unsigned)k > 127u) r += 1;
    if ((unsigned long long)h == 65535ull) r += 2;
    if ((unsigned)k < 300u) r += 4;
    return r;
}
