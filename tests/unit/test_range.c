/* range.c and the bounds layer's range reasoning (solver_bounds.c).
 * - Worked examples: issue 16's loop bounds (`k < n` for k = 0..K).
 * - Exhaustive: random bound sets on an 8-bit term; the set range.c keeps must
 *   contain every value that satisfies them, and be exactly that set when no
 *   constraint excludes a single point.
 * - Differential against Z3: random bound sets over terms of 8, 16 and 32 bits
 *   (and a sum, which shares variables with the others). Every verdict the
 *   ranges give (contradiction, implied goal, contradicting goal) must be
 *   Z3's; the layer over Z3 must answer as Z3 alone does, and every model it
 *   gives must satisfy the constraints and the goal. */
#include "check.h"
#include "expr/expr.h"
#include "solver/range.h"
#include "solver/solver.h"
#include "util/util.h"
#include <stdlib.h>

static Expr *konst(u128 v, unsigned w) { return expr_const(v & expr_mask(w), w); }

static Expr *take_not(Expr *c) {
    Expr *n = expr_not(c);
    expr_unref(c);
    return n;
}

/* ---- worked examples ---- */

static void test_loop_bounds(void) {
    Array *arr = expr_array_new("n", 4, NULL);
    Expr *i0 = konst(0, 32), *b0 = expr_read(arr, NULL, i0);
    Expr *i1 = konst(1, 32), *b1 = expr_read(arr, NULL, i1);
    Expr *i2 = konst(2, 32), *b2 = expr_read(arr, NULL, i2);
    Expr *i3 = konst(3, 32), *b3 = expr_read(arr, NULL, i3);
    Expr *hi = expr_concat(b3, b2), *lo = expr_concat(b1, b0), *n = expr_concat(hi, lo);
    RangeSet *rs = range_set_new();
    Expr *k0 = konst(0, 32), *k3000 = konst(3000, 32);
    Expr *pos = expr_slt(k0, n), *below = expr_slt(n, k3000);
    CHECK(range_set_add(rs, pos) && range_set_add(rs, below));
    for (unsigned k = 1; k < 500; k++) { /* the loop's `k < n` */
        Expr *kk = konst(k, 32), *c = expr_slt(kk, n);
        CHECK(range_set_add(rs, c));
        expr_unref(kk), expr_unref(c);
    }
    RangePiece p[RANGE_MAX_PIECES];
    unsigned np = range_set_of(rs, n, p);
    CHECK_MSG(np == 1 && p[0].lo == 500 && p[0].hi == 2999, "%u pieces, [%llu, %llu]", np,
              (unsigned long long)p[0].lo, (unsigned long long)p[0].hi);
    Expr *k500 = konst(500, 32), *k499 = konst(499, 32), *k2999 = konst(2999, 32);
    Expr *next = expr_slt(k500, n), *back = expr_slt(n, k499), *under = expr_ule(n, k2999);
    Expr *eq = expr_eq(n, k499), *ne = expr_ne(n, k499), *uge = expr_uge(n, k500);
    CHECK(range_set_decide(rs, next) == RANGE_OPEN);         /* 500 < n: the loop's next question */
    CHECK(range_set_decide(rs, back) == RANGE_CONTRADICTS);  /* n < 499 */
    CHECK(range_set_decide(rs, under) == RANGE_IMPLIED);     /* unsigned n <= 2999 from the signed bounds */
    CHECK(range_set_decide(rs, uge) == RANGE_IMPLIED);
    CHECK(range_set_decide(rs, eq) == RANGE_CONTRADICTS);
    CHECK(range_set_decide(rs, ne) == RANGE_IMPLIED);
    /* the loop ends: !(500 < n) pins n to 500 */
    Expr *stop = expr_not(next), *is500 = expr_eq(n, k500);
    CHECK(range_set_add(rs, stop));
    CHECK(range_set_decide(rs, is500) == RANGE_IMPLIED);
    /* and a contradiction empties the set */
    CHECK(!range_set_add(rs, back) && range_set_empty(rs));
    range_set_free(rs);
    Expr *all[] = {i0, i1, i2, i3, b0, b1, b2, b3, hi, lo, n, k0, k3000, pos, below, k500, k499, k2999,
                   next, back, under, eq, ne, uge, stop, is500};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++) expr_unref(all[i]);
}

/* ---- random bounds ---- */

/* A constant a bound is likely to meet at an edge: the extremes of both
 * orders, their neighbours, small values, or anything. */
static u128 edgy(Rng *r, unsigned w) {
    u128 m = expr_mask(w), smin = (u128)1 << (w - 1);
    switch (rng_below(r, 8)) {
    case 0: return 0;
    case 1: return m;
    case 2: return smin;
    case 3: return smin - 1;
    case 4: return (rng_below(r, 7) + smin - 3) & m;
    case 5: return rng_below(r, 8);
    default: return ((u128)rng_next(r) << 64 | rng_next(r)) & (rng_below(r, 2) ? m : 0xff);
    }
}

/* A random comparison of t with a constant: one of the four orders with t on
 * either side, == or !=, maybe negated. point: it may exclude a single value. */
static Expr *random_fact(Rng *r, Expr *t, bool *point) {
    Expr *k = konst(edgy(r, t->width), t->width), *c;
    unsigned pick = rng_below(r, 6);
    *point = false;
    if (pick < 4) {
        ExprKind kinds[] = {EXPR_SLT, EXPR_SLE, EXPR_ULT, EXPR_ULE};
        c = rng_below(r, 2) ? expr_binary(kinds[pick], k, t) : expr_binary(kinds[pick], t, k);
    } else {
        c = expr_eq(t, k);
    }
    expr_unref(k);
    if (rng_below(r, 2)) {
        *point = pick >= 4;
        c = take_not(c);
    }
    return c;
}

/* An 8-bit term alone: its set against all 256 values. */
static void test_exhaustive(void) {
    Array *arr = expr_array_new("x", 1, NULL);
    Expr *i0 = konst(0, 32), *x = expr_read(arr, NULL, i0);
    Rng r;
    rng_seed(&r, 11);
    Assignment a;
    assignment_init(&a);
    int unsound = 0, inexact = 0, exact_sets = 0, empties = 0;
    for (int round = 0; round < 2000; round++) {
        Expr *cs[6];
        unsigned n = 1 + rng_below(&r, 6);
        bool any_point = false;
        RangeSet *rs = range_set_new();
        for (unsigned i = 0; i < n; i++) {
            bool point;
            cs[i] = random_fact(&r, x, &point);
            any_point |= point;
            range_set_add(rs, cs[i]);
        }
        RangePiece p[RANGE_MAX_PIECES];
        unsigned np = range_set_empty(rs) ? 0 : range_set_of(rs, x, p);
        empties += np == 0;
        for (unsigned v = 0; v < 256; v++) {
            uint8_t byte = (uint8_t)v;
            assignment_set(&a, arr, &byte);
            bool sat = true, in = false;
            for (unsigned i = 0; i < n && sat; i++) sat = expr_eval(cs[i], &a) != 0;
            for (unsigned k = 0; k < np; k++) in |= p[k].lo <= v && v <= p[k].hi;
            unsound += sat && !in;
            inexact += !any_point && in && !sat;
        }
        exact_sets += !any_point;
        range_set_free(rs);
        for (unsigned i = 0; i < n; i++) expr_unref(cs[i]);
    }
    CHECK_MSG(unsound == 0, "%d values that satisfy the bounds are outside the range", unsound);
    CHECK_MSG(inexact == 0, "%d values in the range violate interval-only bounds", inexact);
    CHECK_MSG(exact_sets > 500 && empties > 50, "%d interval-only sets, %d empty", exact_sets, empties);
    assignment_free(&a);
    expr_unref(x), expr_unref(i0);
}

static bool model_holds(Expr *const *cs, size_t n, Expr *goal, const Assignment *m) {
    for (size_t i = 0; i < n; i++)
        if (!expr_eval(cs[i], m)) return false;
    return !goal || expr_eval(goal, m);
}

typedef struct Tally { int rounds, contradictions, implied, refuted, disagree, wrong_verdict, bad_models; } Tally;

/* One random set and goal: the ranges' verdicts and the layer's answer
 * against Z3 alone. */
static void differential_round(Rng *r, Expr **terms, unsigned nterms, Solver *z3, Solver *layer, Tally *t) {
    Expr *cs[8];
    size_t n = 1 + rng_below(r, 8);
    bool point;
    /* mostly bounds on one or two terms, so they meet and imply */
    unsigned focus = rng_below(r, nterms);
    for (size_t i = 0; i < n; i++) cs[i] = random_fact(r, terms[rng_below(r, 3) ? focus : rng_below(r, nterms)], &point);
    Expr *goal = random_fact(r, terms[rng_below(r, 2) ? focus : rng_below(r, nterms)], &point);
    Expr *ngoal = expr_not(goal);
    RangeSet *rs = range_set_new();
    for (size_t i = 0; i < n; i++) range_set_add(rs, cs[i]);
    RangeVerdict v = range_set_decide(rs, goal);

    Assignment base;
    assignment_init(&base);
    Query qcs = {cs, n, NULL, NULL, NULL, false};
    SolverResult rcs = solver_check(z3, &qcs, &base);
    if (range_set_empty(rs)) {
        t->contradictions++;
        t->wrong_verdict += rcs != SOLVER_UNSAT;
    } else if (v == RANGE_CONTRADICTS) {
        t->refuted++;
        t->wrong_verdict += solver_may_be_true(z3, cs, n, goal) != SOLVER_UNSAT;
    } else if (v == RANGE_IMPLIED) {
        t->implied++;
        t->wrong_verdict += solver_may_be_true(z3, cs, n, ngoal) != SOLVER_UNSAT;
    }
    /* the layer, with and without the caller's model of the constraints */
    for (int with_base = 0; with_base < 2; with_base++) {
        if (with_base && rcs != SOLVER_SAT) break;
        Assignment m;
        assignment_init(&m);
        Query q = {cs, n, goal, NULL, with_base ? &base : NULL, false};
        SolverResult want = solver_check(z3, &q, NULL), got = solver_check(layer, &q, &m);
        t->disagree += want != got;
        t->bad_models += got == SOLVER_SAT && !model_holds(cs, n, goal, &m);
        assignment_free(&m);
    }
    t->rounds++;
    assignment_free(&base);
    range_set_free(rs);
    for (size_t i = 0; i < n; i++) expr_unref(cs[i]);
    expr_unref(goal), expr_unref(ngoal);
}

static void test_differential(void) {
    Array *arr = expr_array_new("v", 8, NULL);
    Expr *b[8];
    for (unsigned i = 0; i < 8; i++) {
        Expr *ix = konst(i, 32);
        b[i] = expr_read(arr, NULL, ix);
        expr_unref(ix);
    }
    Expr *h16 = expr_concat(b[2], b[1]);                 /* 16 bits */
    Expr *w_hi = expr_concat(b[6], b[5]), *w_lo = expr_concat(b[4], b[3]);
    Expr *w32 = expr_concat(w_hi, w_lo);                  /* 32 bits */
    Expr *sum = expr_add(b[0], b[7]);                     /* shares b[0] with the 8-bit term */
    Expr *terms[] = {b[0], h16, w32, sum};
    SolverOptions opt = {0};
    opt.timeout_s = 10;
    SolverStats zst = {0}, lst = {0};
    Solver *z3 = solver_z3_new(&opt, &zst), *layer = solver_bounds_new(solver_z3_new(&opt, &lst));
    Rng r;
    rng_seed(&r, 16);
    Tally t = {0};
    for (int round = 0; round < 1500; round++) differential_round(&r, terms, 4, z3, layer, &t);
    CHECK_MSG(t.wrong_verdict == 0, "%d range verdicts Z3 refutes", t.wrong_verdict);
    CHECK_MSG(t.disagree == 0, "%d answers differ from Z3's", t.disagree);
    CHECK_MSG(t.bad_models == 0, "%d models violate the query", t.bad_models);
    /* the test means something only if the ranges decide often */
    CHECK_MSG(t.contradictions > 50 && t.implied > 100 && t.refuted > 100,
              "of %d rounds: %d contradictory sets, %d implied goals, %d refuted goals", t.rounds,
              t.contradictions, t.implied, t.refuted);
    CHECK_MSG(lst.ranges_unsat > 0 && lst.ranges_implied > 0, "layer: %llu unsat, %llu implied",
              (unsigned long long)lst.ranges_unsat, (unsigned long long)lst.ranges_implied);
    printf("differential: %d rounds, %d contradictory sets, %d implied goals, %d refuted goals\n", t.rounds,
           t.contradictions, t.implied, t.refuted);
    solver_destroy(z3);
    solver_destroy(layer);
    for (unsigned i = 0; i < 8; i++) expr_unref(b[i]);
    expr_unref(h16), expr_unref(w_hi), expr_unref(w_lo), expr_unref(w32), expr_unref(sum);
}

int main(void) {
    test_loop_bounds();
    test_exhaustive();
    test_differential();
    expr_shutdown();
    return check_report();
}
