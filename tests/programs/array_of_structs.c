/* symplex-test
 * paths: 4
 * An array of structs with a symbolic key in one element; a linear search
 * over the concrete-length array forks once per element whose key could
 * equal the symbolic target t: the keys are {3, k, 9}, t and k symbolic.
 *   t == 3 -> found at 0; t != 3: t == k -> found at 1; t != k: t == 9 found
 *   at 2, or not found                                             -> 4 paths
 */
#include <symplex.h>

struct rec { int key; int val; };

static int find(const struct rec *r, int n, int key) {
    for (int i = 0; i < n; i++)
        if (r[i].key == key)
            return r[i].val;
    return -1;
}

int main(void) {
    int k, t;
    symplex_make_symbolic(&k, sizeof k, "k");
    symplex_make_symbolic(&t, sizeof t, "t");
    struct rec recs[3] = {{3, 30}, {0, 40}, {9, 50}};
    recs[1].key = k;
    int v = find(recs, 3, t);
    return v < 0 ? 1 : v;
}
