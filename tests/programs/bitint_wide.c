/* symplex-test
 * variants: | --optimize
 * paths: 8
 * _BitInt wider than symplex's 128-bit registers (unsigned 176 bits, signed
 * 200): the loader splits each value into 64-bit words (ir_wide.c), so
 * zext/sext, shifts across words, or, add and sub with their carries, the
 * comparisons (==, unsigned and signed order) and the phi of ?: run on
 * words. The assertions are identities that a wrong carry, borrow, sign
 * extension or word order breaks; the branches on x == y, a < 0 and a & 1
 * give 8 paths, each replayed natively.
 */
#include <klee/klee.h>
#include <stdio.h>

typedef unsigned _BitInt(176) U;
typedef signed _BitInt(200) S;

int main(void) {
    unsigned long long a, b;
    klee_make_symbolic(&a, sizeof a, "a");
    klee_make_symbolic(&b, sizeof b, "b");
    U x = ((U)a << 100) | b;
    klee_assert((unsigned long long)x == b && (unsigned long long)(x >> 100) == a);
    klee_assert((unsigned long long)(x >> 64) << 28 == 0);
    U y = x + ((U)b << 64);
    klee_assert(y - x == (U)b << 64 && y >= x && (y > x) == (b != 0));
    /* carries and borrows through a whole word of ones */
    U ones = ((U)1 << 128) - 1;
    klee_assert((unsigned long long)((ones + b) >> 128) == (b != 0));
    klee_assert((unsigned long long)(((U)0 - b) >> 128) == (b ? 0xFFFFFFFFFFFFull : 0));
    S s = (S)(long long)a;
    S t = s - ((S)1 << 150);
    klee_assert(t < s && (long long)(t >> 150) == ((long long)a < 0 ? -2 : -1));
    klee_assert((s < 0) == ((long long)a < 0) && (U)t != (U)s);
    U m = (a & 1) ? x : y;
    klee_assert(m == x || m == y);
    int r = 0;
    if (y == x) {
        puts("b == 0");
        r |= 1;
    }
    if (s < 0) {
        puts("a < 0");
        r |= 2;
    }
    if (m == x && (a & 1)) {
        puts("odd a");
        r |= 4;
    }
    return r;
}
