/* symplex-test
 * paths: 2
 * error: assert 29
 * Array indices widened to 64 bits by the GEP itself (the zext or sext
 * before it folded in, ir_lower_call.c): an unsigned char index 200 is 200
 * (zero-extended; sign-extended it would be -56, an out-of-bounds read that
 * does not happen natively), a negative int index -3 from the end pointer
 * reaches back into the table, and both at a symbolic and a concrete index.
 * Paths: k < 128; k >= 128 with table[k] != 55; and the assert, table[k]
 * == 55 (k is 154 or 200, both past 127).
 */
#include <klee/klee.h>
#include <assert.h>

static unsigned char table[256];

int main(void) {
    for (unsigned i = 0; i < 256; i++) table[i] = (unsigned char)(i * 7 + 1);
    table[200] = 55; /* table[154] is 55 too */
    unsigned char c = 200; /* concrete: zero-extends */
    if (table[c] != 55) return 1;
    const unsigned char *end = table + 256;
    int back = -3; /* sign-extends */
    if (end[back] != table[253]) return 2;
    unsigned char k;
    klee_make_symbolic(&k, sizeof k, "k");
    if (k < 128) return 0;
    if (table[k] == 55)
        assert(0);
    return 0;
}
