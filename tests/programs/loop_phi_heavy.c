/* symplex-test
 * paths: 5
 * Several loop-carried values (Fibonacci pair, running xor, countdown, a
 * pointer walking an array) become phi nodes after mem2reg. The bound
 * n in 1..5 forks once per value: 5 paths. Results are checked per n.
 */
#include <klee/klee.h>

static const int fib_tab[6] = {0, 1, 1, 2, 3, 5};

int main(void) {
    int n;
    klee_make_symbolic(&n, sizeof n, "n");
    klee_assume(n >= 1);
    klee_assume(n <= 5);
    int a = 0, b = 1, x = 0, down = 100;
    const int *p = fib_tab;
    for (int i = 0; i < n; i++) {
        int t = a + b;
        a = b;
        b = t;
        x ^= *p++;
        down -= 2;
    }
    klee_assert(a == fib_tab[n]);
    klee_assert(down == 100 - 2 * n);
    klee_assert(p == fib_tab + n);
    return x & 1;
}
