/* symplex-test
 * paths: 1
 * Each input is pinned to one value with klee_assume, so every expression is
 * symbolic but has exactly one value; each assert checks that value (casts,
 * sign/zero extension, truncation, shifts, division rounding, __int128).
 * A wrong operator semantics shows up as an assert failure.
 */
#include <klee/klee.h>
#include <assert.h>

int main(void) {
    signed char c;
    unsigned char u;
    int i;
    long long l;
    klee_make_symbolic(&c, sizeof c, "c");
    klee_make_symbolic(&u, sizeof u, "u");
    klee_make_symbolic(&i, sizeof i, "i");
    klee_make_symbolic(&l, sizeof l, "l");
    klee_assume(c == -3);
    klee_assume(u == 0xF0);
    klee_assume(i == -7);
    klee_assume(l == 0x123456789LL);
    assert((int)c == -3);
    assert((unsigned)c == 0xFFFFFFFDu);
    assert((unsigned char)c == 253);
    assert((unsigned short)c == 65533);
    assert((long long)c == -3LL);
    assert((signed char)u == -16);
    assert((u >> 4) == 15);
    assert((unsigned char)(u << 1) == 0xE0);
    assert(i / 2 == -3);
    assert(i % 2 == -1);
    assert(i >> 1 == -4);
    assert((unsigned)i >> 28 == 15u);
    assert((short)l == 0x6789);
    assert((int)(l >> 32) == 1);
    assert((unsigned)l == 0x23456789u);
    __int128 w = (__int128)l * l;
    assert((unsigned long long)(w >> 64) == 1ULL);
    assert(w / l == l);
    unsigned __int128 m = ~(unsigned __int128)0 / 3;
    assert((unsigned long long)(m >> 64) == 0x5555555555555555ULL);
    assert((c < u) & (i < c) & ((unsigned)i > (unsigned)u));
    return 0;
}
