/* symplex-test
 * paths: 4
 * Every division is guarded, so NO error may be reported: d == 0 returns
 * early, the signed INT_MIN / -1 case is excluded too. Paths: d == 0,
 * d == -1 & n == INT_MIN, d == -1 & n != INT_MIN, d not in {0,-1}.
 */
#include <symplex.h>
#include <limits.h>

int main(void) {
    int n, d;
    symplex_make_symbolic(&n, sizeof n, "n");
    symplex_make_symbolic(&d, sizeof d, "d");
    if (d == 0)
        return 1;
    if (d == -1 && n == INT_MIN)
        return 2;
    int q = n / d, r = n % d;
    return (q * d + r == n) ? 0 : 7;
}
