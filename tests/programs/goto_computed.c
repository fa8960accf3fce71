/* symplex-test
 * paths: 7
 * coverage: 100
 * Computed goto (address-of-label, indirectbr), as threaded interpreters use
 * it: a dispatch table of label addresses in a static array and a loop of
 * `goto *table[op]` over a two-instruction program whose opcodes are input.
 * Opcodes 0 = add, 1 = dbl, 2 = halt. Paths: halt first (1), or add/dbl
 * followed by any of the three (2 x 3 = 6).
 */
#include <symplex.h>

int main(void) {
    static const void *dispatch[] = {&&op_add, &&op_dbl, &&op_halt};
    unsigned char code[2];
    symplex_make_symbolic(code, sizeof code, "code");
    symplex_assume(code[0] <= 2);
    symplex_assume(code[1] <= 2);
    int acc = 1, pc = 0;
next:
    if (pc == 2)
        return acc;
    goto *dispatch[code[pc++]];
op_add:
    acc += 3;
    goto next;
op_dbl:
    acc *= 2;
    goto next;
op_halt:
    return acc + 100;
}
