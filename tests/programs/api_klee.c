/* symplex-test
 * paths: 8
 * stdout: sym=1 seven=0
 * The KLEE API unchanged: klee_make_symbolic, klee_assume (a in 11..19),
 * klee_range (r in 0..2), klee_int, klee_prefer_cex (a hint only),
 * klee_is_symbolic and klee_get_value_i32 (concrete, no fork), klee_assert
 * that always holds. Forks: a == 15, r == 2, k < 0 -> 2*2*2 = 8 paths.
 */
#include <klee/klee.h>
#include <stdio.h>

int main(void) {
    int a, r, k, out = 0;
    unsigned char c;
    klee_make_symbolic(&a, sizeof a, "a");
    klee_assume(a > 10);
    klee_assume(a < 20);
    r = klee_range(0, 3, "r");
    k = klee_int("k");
    klee_make_symbolic(&c, sizeof c, "c");
    klee_prefer_cex(&c, c == 'x');
    printf("sym=%u seven=%u\n", klee_is_symbolic(a) != 0, klee_is_symbolic(7) != 0);
    int v = klee_get_value_i32(a);
    klee_assert(!klee_is_symbolic(v));
    klee_assert((v > 10) & (v < 20));
    klee_assert((r >= 0) & (r < 3));
    if (a == 15)
        out += 1;
    if (r == 2)
        out += 2;
    if (k < 0)
        out += 5;
    return out == 3 ? 9 : out;
}
