/* symplex-test
 * paths: 6
 * A loop bounded by a symbolic n with klee_assume(0 <= n <= 5): the loop test
 * forks at each iteration, one path per n in 0..5. The sum is checked
 * against the closed form.
 */
#include <klee/klee.h>

int main(void) {
    int n;
    klee_make_symbolic(&n, sizeof n, "n");
    klee_assume(n >= 0);
    klee_assume(n <= 5);
    int sum = 0;
    for (int i = 0; i < n; i++)
        sum += i;
    klee_assert(sum * 2 == n * (n - 1));
    return sum + 10;
}
