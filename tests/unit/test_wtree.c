/* wtree (a Fenwick tree of weights) and ptrmap_del, against plain arrays:
 * random pushes, pops, sets and finds. Weights are small integers, so every
 * sum is exact and find must agree with the scan covnew used to make. */
#include "check.h"
#include "util/ptrmap.h"
#include "util/util.h"
#include "util/wtree.h"

/* The scan wtree_find replaces: subtract each weight until r is spent. */
static size_t scan_find(const double *w, size_t n, double r) {
    for (size_t i = 0; i < n; i++)
        if ((r -= w[i]) <= 0) return i;
    return n - 1;
}

static void check_wtree(Rng *rng) {
    WeightTree t;
    wtree_init(&t);
    double ref[3000];
    size_t n = 0, bad_find = 0, bad_total = 0;
    for (int op = 0; op < check_scale(20000, 200000); op++) {
        unsigned k = rng_below(rng, 10);
        if ((k < 4 || n == 0) && n < 3000) {
            ref[n] = (double)(1 + rng_below(rng, 50));
            wtree_push(&t, ref[n++]);
        } else if (k < 6) {
            wtree_pop(&t);
            n--;
        } else if (k < 8) {
            size_t i = rng_below(rng, n);
            ref[i] = (double)(1 + rng_below(rng, 50));
            wtree_set(&t, i, ref[i]);
        } else if (k == 8 && n) { /* covnew's reweighing: every weight written, then the sums */
            for (size_t i = 0; i < n; i++) t.w[i] = ref[i] = (double)(1 + rng_below(rng, 50));
            wtree_rebuild(&t);
        }
        if (!n) continue;
        double total = 0;
        for (size_t i = 0; i < n; i++) total += ref[i];
        bad_total += wtree_total(&t) != total || t.len != n;
        /* integer points hit the boundaries between weights exactly */
        double r = (double)rng_below(rng, (uint64_t)total + 2);
        bad_find += wtree_find(&t, r) != scan_find(ref, n, r);
        r = rng_double(rng) * total;
        bad_find += wtree_find(&t, r) != scan_find(ref, n, r);
    }
    CHECK_MSG(bad_total == 0, "%zu totals differ", bad_total);
    CHECK_MSG(bad_find == 0, "%zu finds differ", bad_find);
    wtree_free(&t);
}

static void check_ptrmap_del(Rng *rng) {
    enum { N = 4096 };
    static char objs[N];
    static long ref[N]; /* -1: absent */
    PtrMap m;
    ptrmap_init(&m);
    for (int i = 0; i < N; i++) ref[i] = -1;
    size_t bad = 0, len = 0;
    for (int op = 0; op < check_scale(100000, 1000000); op++) {
        int i = (int)rng_below(rng, N);
        if (rng_below(rng, 2)) {
            len += ref[i] < 0;
            ref[i] = op;
            ptrmap_put(&m, &objs[i], (u128)op);
        } else {
            bad += ptrmap_del(&m, &objs[i]) != (ref[i] >= 0);
            len -= ref[i] >= 0;
            ref[i] = -1;
        }
        int j = (int)rng_below(rng, N); /* every deletion must leave the others findable */
        u128 *v = ptrmap_get(&m, &objs[j]);
        bad += ref[j] < 0 ? v != NULL : (!v || *v != (u128)ref[j]);
    }
    for (int i = 0; i < N; i++) {
        u128 *v = ptrmap_get(&m, &objs[i]);
        bad += ref[i] < 0 ? v != NULL : (!v || *v != (u128)ref[i]);
    }
    CHECK_MSG(bad == 0, "%zu lookups or deletions wrong", bad);
    CHECK(m.len == len);
    ptrmap_free(&m);
}

int main(void) {
    Rng rng;
    rng_seed(&rng, 7);
    check_wtree(&rng);
    check_ptrmap_del(&rng);
    return check_report();
}
