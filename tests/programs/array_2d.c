/* symplex-test
 * paths: 3
 * A 2D array filled in nested concrete loops, read at symbolic row and column
 * (r, c in 0..2): grid[r][c] = r * 3 + c, so grid[r][c] > 5 <=> r == 2 and
 * grid[r][c] == 4 <=> r == c == 1. Paths: > 5, == 4, neither.
 */
#include <klee/klee.h>

int main(void) {
    int grid[3][3];
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++)
            grid[r][c] = r * 3 + c;
    int r = klee_range(0, 3, "r");
    int c = klee_range(0, 3, "c");
    int v = grid[r][c];
    klee_assert(v == r * 3 + c);
    if (v > 5)
        return 1;
    if (v == 4)
        return 2;
    return 0;
}
