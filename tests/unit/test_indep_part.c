/* The independence partition kept across queries (src/solver/indep_part.c)
 * and the independence layer that uses it (solver_indep.c):
 *   - a randomized differential test of the kept partition against slicing
 *     from scratch (a breadth-first search over shared bytes), over sequences
 *     of paths that grow, shrink, lose a constraint in the middle (the path
 *     view's implied constraints) and switch to unrelated paths, so that every
 *     kind of undo runs;
 *   - the layer on random paths with a model per path: its answers against
 *     Z3 alone, its models holding and keeping the path model's bytes outside
 *     the goal's group, and the work it reports kept. */
#include "check.h"
#include "expr/expr.h"
#include "solver/indep_part.h"
#include "solver/solver.h"
#include "util/util.h"
#include <stdlib.h>
#include <string.h>

static Rng rng;

/* ---- the partition against slicing from scratch ---- */
enum { NARR = 6, ASIZE = 16, NPOOL = 64 };
static Array *arr[NARR];
static Expr *pool_c[NPOOL];          /* distinct constraints (constants stand in) */
static Footprint *pool_fp[NPOOL];

static Footprint *rand_footprint(unsigned max_touches) {
    unsigned n = 1 + (unsigned)rng_below(&rng, max_touches);
    Footprint *fp = util_malloc(sizeof *fp + n * sizeof(Touch));
    fp->n = n;
    for (unsigned k = 0; k < n; k++) {
        int64_t idx = rng_below(&rng, 30) == 0 ? -1 : (int64_t)rng_below(&rng, ASIZE);
        fp->t[k] = (Touch){0, arr[rng_below(&rng, NARR)], idx};
    }
    return fp;
}

static const Footprint *pool_footprint(void *ctx, Expr *e) {
    (void)ctx;
    for (int i = 0; i < NPOOL; i++)
        if (pool_c[i] == e) return pool_fp[i];
    return NULL;
}

static bool touch_meets(const Touch *x, const Touch *y) {
    return x->a == y->a && (x->idx < 0 || y->idx < 0 || x->idx == y->idx);
}

static bool fp_meets(const Footprint *f, const Footprint *g) {
    for (size_t i = 0; i < f->n; i++)
        for (size_t j = 0; j < g->n; j++)
            if (touch_meets(&f->t[i], &g->t[j])) return true;
    return false;
}

/* The positions connected to goal through shared bytes, ascending. */
static size_t scratch_connected(const int *path, size_t n, const Footprint *goal, size_t *out) {
    bool in[256] = {false};
    size_t queue[256], head = 0, tail = 0;
    for (size_t i = 0; i < n; i++)
        if (fp_meets(goal, pool_fp[path[i]])) { in[i] = true; queue[tail++] = i; }
    while (head < tail) {
        size_t x = queue[head++];
        for (size_t i = 0; i < n; i++)
            if (!in[i] && fp_meets(pool_fp[path[x]], pool_fp[path[i]])) { in[i] = true; queue[tail++] = i; }
    }
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (in[i]) out[k++] = i;
    return k;
}

static void test_against_scratch(void) {
    rng_seed(&rng, 9311);
    for (int i = 0; i < NARR; i++) {
        char name[16];
        snprintf(name, sizeof name, "ip%d", i);
        arr[i] = expr_array_new(name, ASIZE, NULL);
    }
    for (int i = 0; i < NPOOL; i++) {
        pool_c[i] = expr_const((u128)i, 32);
        pool_fp[i] = rand_footprint(3);
    }
    IndepPart *p = indep_part_new();
    int path[200], prev[200];
    size_t n = 0, prev_n = 0;
    int steps = check_scale(3000, 60000), agree = 0, kept_total = 0, whole_seen = 0;
    IndepPositions got = {0};
    for (int step = 0; step < steps; step++) {
        unsigned op = (unsigned)rng_below(&rng, 10);
        if (op < 5 && n < 200) { /* one branch further */
            path[n++] = (int)rng_below(&rng, NPOOL);
        } else if (op < 7 && n) { /* back to an earlier state */
            n -= 1 + rng_below(&rng, n < 6 ? n : 6);
        } else if (op < 8 && n > 1) { /* a constraint implied by a newer one leaves the view */
            size_t at = n - 1 - rng_below(&rng, n - 1 < 8 ? n - 1 : 8);
            memmove(path + at, path + at + 1, (n - at - 1) * sizeof *path);
            n--;
        } else if (op < 9) { /* another path altogether */
            n = rng_below(&rng, 40);
            for (size_t i = 0; i < n; i++) path[i] = (int)rng_below(&rng, NPOOL);
        }
        Expr *cs[200];
        for (size_t i = 0; i < n; i++) cs[i] = pool_c[path[i]];
        size_t shared = 0;
        while (shared < n && shared < prev_n && prev[shared] == path[shared]) shared++;
        size_t added = indep_part_sync(p, cs, n, indep_part_shared(p, cs, n), pool_footprint, NULL);
        CHECK_MSG(added == n - shared, "step %d: added %zu, expected %zu", step, added, n - shared);
        kept_total += (int)(n - added);
        memcpy(prev, path, n * sizeof *path);
        prev_n = n;
        for (int g = 0; g < 2; g++) {
            Footprint *goal = rand_footprint(2);
            for (size_t k = 0; k < goal->n; k++) whole_seen += goal->t[k].idx < 0;
            size_t want[200];
            size_t nwant = scratch_connected(path, n, goal, want);
            indep_part_connected(p, goal, &got);
            bool same = got.len == nwant && (!nwant || memcmp(got.data, want, nwant * sizeof *want) == 0);
            CHECK_MSG(same, "step %d: %zu connected, expected %zu", step, got.len, nwant);
            agree += same;
            for (size_t i = 0; i < n; i++) CHECK(indep_part_footprint(p, i) == pool_fp[path[i]]);
            free(goal);
        }
    }
    CHECK(agree == 2 * steps);
    CHECK(kept_total > steps);  /* the paths did share prefixes */
    CHECK(whole_seen > 0);
    printf("indep_part: %d steps, %d goals agreed, %d constraints kept across steps\n", steps, agree, kept_total);
    VEC_FREE(got);
    indep_part_free(p);
    for (int i = 0; i < NPOOL; i++) {
        expr_unref(pool_c[i]);
        free(pool_fp[i]);
    }
}

/* ---- the layer, with a model per path ---- */
static VEC(Expr *) pool;
static Expr *K(Expr *e) {
    VEC_PUSH(pool, e);
    return e;
}
static Expr *c8(unsigned v) { return K(expr_const(v, 8)); }
static Expr *c32(unsigned v) { return K(expr_const(v, 32)); }

static bool holds(const Assignment *m, Expr *const *cs, size_t n, Expr *goal) {
    for (size_t i = 0; i < n; i++)
        if (!(expr_eval(cs[i], m) & 1)) return false;
    return !goal || (expr_eval(goal, m) & 1);
}

/* A comparison over one or two bytes of the inputs, now and then through a
 * read at a symbolic index. */
static Expr *rand_constraint(Array **in, unsigned nin) {
    Array *a = in[rng_below(&rng, nin)];
    Expr *x = K(expr_read(a, NULL, c32((unsigned)rng_below(&rng, a->size))));
    if (rng_below(&rng, 8) == 0) {
        Array *b = in[rng_below(&rng, nin)];
        Expr *i = K(expr_zext(K(expr_and(K(expr_read(b, NULL, c32(0))), c8(a->size - 1))), 32));
        x = K(expr_read(a, NULL, i));
    }
    if (rng_below(&rng, 3) == 0) x = K(expr_add(x, K(expr_read(in[rng_below(&rng, nin)], NULL, c32(0)))));
    static const ExprKind cmps[] = {EXPR_ULT, EXPR_ULE, EXPR_EQ};
    Expr *e = K(expr_binary(cmps[rng_below(&rng, 3)], x, c8((unsigned)rng_below(&rng, 256))));
    return rng_below(&rng, 3) == 0 ? K(expr_not(e)) : e;
}

/* Whether e reads an input marked in near; with mark, marks the inputs it
 * reads and returns whether one was new. */
static bool mark_arrays(Expr *e, Array **in, unsigned nin, bool *near, bool mark) {
    ArraySet s = {0};
    expr_collect_arrays(e, &s);
    bool hit = false;
    for (size_t k = 0; k < s.len; k++)
        for (unsigned i = 0; i < nin; i++)
            if (s.data[k] == in[i]) {
                if (mark && !near[i]) hit = near[i] = true;
                if (!mark && near[i]) hit = true;
            }
    expr_array_set_free(&s);
    return hit;
}

static void test_layer(void) {
    rng_seed(&rng, 5077);
    enum { NIN = 12 };
    Array *in[NIN];
    for (unsigned i = 0; i < NIN; i++) {
        char name[16];
        snprintf(name, sizeof name, "lin%u", i);
        in[i] = expr_array_new(name, i % 3 ? 1 : 2, NULL);
    }
    SolverOptions opts = {0};
    opts.timeout_s = 10;
    SolverStats st = {0}, sz = {0};
    Solver *layer = solver_independence_new(solver_z3_new(&opts, &st));
    Solver *z3 = solver_z3_new(&opts, &sz);
    Expr *path[64];
    size_t n = 0;
    Assignment model, out;
    assignment_init(&model);
    assignment_init(&out);
    int rounds = check_scale(300, 5000), sat = 0, unsat = 0, kept_bytes_ok = 0;
    for (int round = 0; round < rounds; round++) {
        if (rng_below(&rng, 6) == 0 && n) n -= 1 + rng_below(&rng, n < 4 ? n : 4); /* back up */
        if (rng_below(&rng, 40) == 0) { n = 0; assignment_clear(&model); }        /* a new run */
        Expr *goal = rand_constraint(in, NIN);
        Query q = {path, n, goal, NULL, &model, false};
        assignment_clear(&out);
        SolverResult r = solver_check(layer, &q, &out);
        Query qz = {path, n, goal, NULL, NULL, false};
        SolverResult rz = solver_check(z3, &qz, NULL);
        CHECK_MSG(r == rz, "round %d: layer %d, z3 %d", round, r, rz);
        if (r == SOLVER_SAT) {
            sat++;
            CHECK_MSG(holds(&out, path, n, goal), "round %d: the model fails", round);
            /* an input not connected to the goal, even through whole arrays,
             * keeps the path model's bytes */
            bool near[NIN] = {false};
            mark_arrays(goal, in, NIN, near, true);
            for (bool grew = true; grew;) {
                grew = false;
                for (size_t c = 0; c < n; c++)
                    if (mark_arrays(path[c], in, NIN, near, false)) grew = mark_arrays(path[c], in, NIN, near, true) || grew;
            }
            /* (when some constraint is apart from the goal's group: otherwise
             * the query goes down whole and Z3 picks every byte) */
            bool split = false;
            for (size_t c = 0; c < n; c++) split = split || !mark_arrays(path[c], in, NIN, near, false);
            for (unsigned i = 0; i < NIN && split; i++) {
                const uint8_t *was = assignment_get(&model, in[i]), *now = assignment_get(&out, in[i]);
                if (near[i] || !was) continue;
                CHECK_MSG(now && memcmp(was, now, in[i]->size) == 0, "round %d: input %u changed", round, i);
                kept_bytes_ok++;
            }
            if (n < 64) { /* the path takes the goal's side, with its model */
                path[n++] = goal;
                assignment_copy(&model, &out);
            }
        } else {
            unsat += r == SOLVER_UNSAT;
        }
        CHECK(holds(&model, path, n, NULL)); /* the path model stays a model of the path */
    }
    CHECK(sat > rounds / 4 && unsat > 0 && kept_bytes_ok > rounds);
    CHECK(st.indep_kept > st.indep_added); /* most of each path came from the query before */
    printf("layer: %d rounds (%d sat, %d unsat); constraints kept %llu, added %llu\n", rounds, sat, unsat,
           (unsigned long long)st.indep_kept, (unsigned long long)st.indep_added);
    assignment_free(&model);
    assignment_free(&out);
    solver_destroy(layer);
    solver_destroy(z3);
}

int main(void) {
    test_against_scratch();
    test_layer();
    for (size_t i = 0; i < pool.len; i++) expr_unref(pool.data[i]);
    VEC_FREE(pool);
    CHECK(expr_live_count() == 0);
    expr_shutdown();
    return check_report();
}
