/* symplex-test
 * paths: 3
 * Symbolic-index reads and writes into a stack array, all in bounds (i, j in
 * 0..3): the write a[i] = 7 and the reads never fork by themselves; only the
 * branch on a[j] does. a = {1,2,3,4} then a[i] = 7:
 *   a[j] == 7 <=> j == i  (no initial element is 7)
 *   else a[j] > 2 <=> j in {2,3}, feasible with j != i
 * -> 3 paths. a[i] read back is always 7 (assert, no fork).
 */
#include <klee/klee.h>
#include <assert.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    int i = klee_range(0, 4, "i");
    int j = klee_range(0, 4, "j");
    a[i] = 7;
    assert(a[i] == 7);
    int s = a[0] + a[1] + a[2] + a[3];
    assert(s >= 13);
    if (a[j] == 7)
        return 1;
    if (a[j] > 2)
        return 2;
    return 0;
}
