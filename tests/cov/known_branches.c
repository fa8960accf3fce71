/* A program whose gcov line and branch structure is known (gcc -O0):
 * executable lines 10-17 (classify: 8) and 20, 22-28 (main: 8)      -> 16
 * branches: line 11 (2), 13 (2), 15 (x > 100: 2, x < 200: 2),
 *           24 (2), 26 (2)                                           -> 12
 * x == 150 aborts at line 25; x == 7 loops forever at lines 26-27.
 * tests/test_cov.py relies on these numbers. */
#include <stdlib.h>
#include <symplex.h>

int classify(int x) {
    if (x < 0)
        return -1;
    if (x == 0)
        return 0;
    if (x > 100 && x < 200)
        return 2;
    return 1;
}

int main(void) {
    int x;
    symplex_make_symbolic(&x, sizeof x, "x");
    int r = classify(x);
    if (r == 2)
        abort();
    while (x == 7)
        x = x * 1;
    return r < 0;
}
