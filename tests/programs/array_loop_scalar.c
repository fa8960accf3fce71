/* symplex-test
 * paths: 2
 * A simple array loop (init, running sum, reverse copy) written so that
 * -O0 + mem2reg keeps plain scalar code: the engine must handle the GEPs and
 * loads/stores of the loop without vector instructions. The symbolic element
 * a[2] only matters at the final test.
 */
#include <symplex.h>
#include <assert.h>

#define N 8

int main(void) {
    int a[N], b[N];
    int x;
    symplex_make_symbolic(&x, sizeof x, "x");
    for (int i = 0; i < N; i++)
        a[i] = i * i;
    a[2] = x;
    int sum = 0;
    for (int i = 0; i < N; i++)
        sum += a[i];
    for (int i = 0; i < N; i++)
        b[N - 1 - i] = a[i];
    assert(b[5] == x);
    assert(b[0] == 49);
    assert(sum - x == 140 - 4);
    if (sum > 1000)
        return 1;
    return 0;
}
