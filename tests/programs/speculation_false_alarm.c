/* symplex-test
 * args: --search=dfs
 * variants: --speculate=2 | --speculate=8 --no-state-model | --speculate=4 --branch-order=true-first
 * paths: 3
 * errors: 0
 * The speculative-execution paper's Figure 6: the division by a - b is
 * reached only on `a == b && a != b`, which a speculative run enters without
 * a query. The division's own check first checks the segment, finds it
 * infeasible and ends the state without a report; the three feasible paths
 * (a != b; a == b with r = 0; a == b with c odd) are the same as without
 * speculation.
 */
#include <symplex.h>

int main(void) {
    int a, b, c, r = 0;
    symplex_make_symbolic(&a, sizeof a, "a");
    symplex_make_symbolic(&b, sizeof b, "b");
    symplex_make_symbolic(&c, sizeof c, "c");
    if (a == b) {
        if (a != b)
            r = a / (a - b);
        if (c & 1)
            r = 1;
    }
    return r;
}
