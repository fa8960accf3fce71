/* symplex-target
 * expect: reached
 * phase1: unknown
 * A target in a recursive function: walking out of f's entry leads to its
 * own call site, and from there back to its entry. Each call site is crossed
 * at most L times per backward path (like an edge), so Phase I ends, without
 * a trace or a proof (x == 3 needs three levels), and forward search in the
 * rest of the budget reaches it (n = 3).
 */
#include <klee/klee.h>

static int f(int n, int x) {
    if (n > 0)
        return f(n - 1, x + 1);
    if (x == 3)
        return 7; /* TARGET */
    return 0;
}

int main(void) {
    int n;
    klee_make_symbolic(&n, sizeof n, "n");
    return f(n, 0);
}
