/* symplex-test
 * paths: 6
 * Recursive factorial and a mutually recursive even/odd pair on n in 0..5.
 * fact() forks at each level: {0,1}, 2, 3, 4, 5 -> 5 paths; is_even() then
 * splits the {0,1} path on n == 0 (the other paths have one n each): 6 paths.
 */
#include <klee/klee.h>

static int is_odd(int n);
static int is_even(int n) { return n == 0 ? 1 : is_odd(n - 1); }
static int is_odd(int n) { return n == 0 ? 0 : is_even(n - 1); }

static int fact(int n) {
    if (n <= 1)
        return 1;
    return n * fact(n - 1);
}

int main(void) {
    int n = klee_range(0, 6, "n");
    int f = fact(n);
    klee_assert(f >= 1);
    klee_assert(n < 2 || f % n == 0);
    return is_even(n) + (f > 100 ? 10 : 0);
}
