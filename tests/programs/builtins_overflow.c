/* symplex-test
 * paths: 4
 * __builtin_add_overflow / __builtin_mul_overflow on symbolic ints: the
 * overflow flag is a symbolic bit, and branching on it forks. The wrapped
 * result must match unsigned arithmetic (asserts). Paths: add overflows or
 * not, times mul (16-bit) overflows or not = 4.
 */
#include <symplex.h>
#include <assert.h>

int main(void) {
    int a, b;
    short c, d;
    symplex_make_symbolic(&a, sizeof a, "a");
    symplex_make_symbolic(&b, sizeof b, "b");
    symplex_make_symbolic(&c, sizeof c, "c");
    symplex_make_symbolic(&d, sizeof d, "d");
    int s;
    short m;
    int r = 0;
    int ovf = __builtin_add_overflow(a, b, &s);
    assert(s == (int)((unsigned)a + (unsigned)b));
    if (ovf)
        r += 1;
    if (__builtin_mul_overflow(c, d, &m))
        r += 5;
    else
        assert((int)m == (int)c * (int)d);
    return r;
}
