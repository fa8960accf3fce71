/* symplex-test
 * paths: 1
 * __builtin_popcount/clz/ctz/bswap32 on symbolic values: identities that
 * hold for all inputs (clz/ctz only on values forced nonzero with | 1 or
 * | 0x80000000), so no fork and no error.
 */
#include <symplex.h>
#include <assert.h>

int main(void) {
    unsigned x;
    unsigned char b;
    symplex_make_symbolic(&x, sizeof x, "x");
    symplex_make_symbolic(&b, sizeof b, "b");
    assert(__builtin_popcount(b) <= 8);
    assert(__builtin_popcount(x) <= 32);
    assert(__builtin_popcount(b) + __builtin_popcount((unsigned char)~b) == 8);
    assert(__builtin_popcount(b & 1u) == (b & 1u));
    assert(__builtin_clz(x | 0x80000000u) == 0);
    assert(__builtin_ctz(x | 1u) == 0);
    assert(__builtin_clz((unsigned)b | 1u) >= 24);
    assert(__builtin_ctz(((unsigned)b | 1u) << 4) == 4);
    unsigned y = __builtin_bswap32(x);
    assert(__builtin_bswap32(y) == x);
    assert((y & 0xffu) == (x >> 24));
    assert(__builtin_bswap32(0x11223344u) == 0x44332211u);
    return 0;
}
