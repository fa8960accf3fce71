/* symplex-test
 * paths: 4
 * Truncation and extension decide branches: a 32-bit x whose low byte, taken
 * as signed char, is negative, and whose low 16 bits as unsigned short are
 * >= 0x8000. (signed char)x < 0  <=>  bit 7; (unsigned short)x >= 0x8000 <=>
 * bit 15: independent bits, 4 paths. (long long)(int)x < 0 follows from
 * bit 31, which is free, but is checked only through an assert that holds.
 */
#include <symplex.h>
#include <assert.h>

int main(void) {
    int x;
    symplex_make_symbolic(&x, sizeof x, "x");
    int r = 0;
    if ((signed char)x < 0)
        r += 1;
    if ((unsigned short)x >= 0x8000)
        r += 5;
    long long wide = x;
    assert((wide < 0) == (x < 0));
    assert((unsigned long long)(unsigned)x <= 0xffffffffULL);
    return r;
}
