/* Issue 16's loop with a symbolic bound, the most common shape in real code:
 * the path through k iterations carries the bounds 0 < n, 1 < n, ..., k < n,
 * and its last query asks about all of them. LIMIT (-DLIMIT=N, default 3000)
 * bounds n, so the run has LIMIT - 1 paths whose lengths grow to LIMIT. */
#include <klee/klee.h>

#ifndef LIMIT
#define LIMIT 3000
#endif

int main(void) {
    int n = klee_int("n");
    klee_assume(n > 0);
    klee_assume(n < LIMIT);
    long s = n + 10;
    for (int i = 0; i < n; i++)
        s = s + 1;
    if (s == 1234)
        return 1;
    return 0;
}
