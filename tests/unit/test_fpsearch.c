/* The floating-point search (fpsearch.h, fps_query.h, solver_fps.c): float
 * ordinals, MuSE's Table 1 distances with the digest's fix for strict
 * relations, the search on small float queries (each solved on 20 seeds,
 * models checked here by evaluation), a query with no solution left UNKNOWN
 * and never UNSAT, partial solutions, the layer's two modes over a core that
 * gives up on everything, and non-FP queries passed through untouched.
 * FPS_STATS=1 prints, per query, how many of 20 seeds the short budget of
 * --fp-search=first solves and the evaluations they take. */
#include "check.h"
#include "giveup.h"
#include "expr/expr.h"
#include "expr/expr_fp.h"
#include "solver/fps_query.h"
#include "solver/solver.h"
#include "util/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static VEC(Expr *) pool;
static Expr *K(Expr *e) {
    VEC_PUSH(pool, e);
    return e;
}
static Expr *c32(unsigned v) { return K(expr_const(v, 32)); }
static Expr *dconst(double d) {
    uint64_t b;
    memcpy(&b, &d, 8);
    return K(expr_const(b, 64));
}
static Expr *fconst(float f) {
    uint32_t b;
    memcpy(&b, &f, 4);
    return K(expr_const(b, 32));
}
static Expr *input(const char *name, unsigned bytes) {
    Array *a = expr_array_new(name, bytes, NULL);
    return K(expr_read_le(a, NULL, c32(0), bytes));
}
static Expr *fop(ExprKind k, Expr *a, Expr *b) { return K(expr_fbinary(k, EXPR_RNE, a, b)); }
static Expr *fcmp(ExprKind k, Expr *a, Expr *b) { return K(expr_fcmp(k, a, b)); }
static Expr *notb(Expr *e) { return K(expr_not(e)); }
static uint64_t dbits(double d) {
    uint64_t b;
    memcpy(&b, &d, 8);
    return b;
}

/* ---- ordinals ---- */
static void test_ordinals(void) {
    CHECK(fps_ord(FPS_F64, dbits(0.0)) == 0 && fps_ord(FPS_F64, dbits(-0.0)) == 0);
    CHECK(fps_ord(FPS_F64, dbits(nextafter(1.0, 2))) - fps_ord(FPS_F64, dbits(1.0)) == 1);
    CHECK(fps_ord(FPS_F64, dbits(-1.0)) == -fps_ord(FPS_F64, dbits(1.0)));
    CHECK(fps_ord(FPS_F64, dbits(INFINITY)) == fps_ord_max(FPS_F64));
    CHECK(fps_ord(FPS_F32, 0x7f800000u) == fps_ord_max(FPS_F32) && fps_ord(FPS_F32, 1) == 1);
    Rng r;
    rng_seed(&r, 3);
    int monotone = 0, back = 0;
    for (int i = 0; i < 1000; i++) {
        double a = ldexp(rng_double(&r) - 0.5, (int)rng_below(&r, 200) - 100), b = ldexp(rng_double(&r) - 0.5, (int)rng_below(&r, 200) - 100);
        monotone += (a < b) == (fps_ord(FPS_F64, dbits(a)) < fps_ord(FPS_F64, dbits(b)));
        back += fps_from_ord(FPS_F64, fps_ord(FPS_F64, dbits(a))) == dbits(a) || a == 0;
    }
    CHECK(monotone == 1000 && back == 1000);
}

/* ---- Table 1 ---- */
static Array *array_of(Expr *e) {
    while (e->kind != EXPR_READ) e = e->kids[0];
    return e->u.read.array;
}

static double dist_at(Expr *e, bool neg, Expr *x, double xv, Expr *y, double yv) {
    Assignment a;
    assignment_init(&a);
    uint64_t b[2] = {dbits(xv), dbits(yv)};
    assignment_set(&a, array_of(x), (uint8_t *)&b[0]);
    assignment_set(&a, array_of(y), (uint8_t *)&b[1]);
    double d = fpq_dist(e, neg, &a);
    assignment_free(&a);
    return d;
}

static void test_distances(void) {
    Expr *x = input("dx", 8), *y = input("dy", 8);
    Expr *eq = fcmp(EXPR_FOEQ, x, y), *lt = fcmp(EXPR_FOLT, x, y), *le = fcmp(EXPR_FOLE, x, y);
    double up = nextafter(1.0, 2), up3 = nextafter(nextafter(up, 2), 2);
    CHECK(dist_at(eq, false, x, 1.0, y, 1.0) == 0);
    CHECK(dist_at(eq, false, x, 1.0, y, up3) == 3);        /* θ: three floats apart */
    CHECK(dist_at(eq, false, x, 0.0, y, -0.0) == 0);        /* -0 == +0 */
    CHECK(dist_at(eq, true, x, 1.0, y, 1.0) == 1);          /* !=: 1 when it fails */
    CHECK(dist_at(eq, true, x, 1.0, y, up) == 0);
    CHECK(dist_at(lt, false, x, 1.0, y, 1.0) == 1);         /* x < x is not 0 (the digest's fix) */
    CHECK(dist_at(lt, false, x, up3, y, 1.0) == 4);
    CHECK(dist_at(lt, false, x, 1.0, y, up) == 0);
    CHECK(dist_at(le, false, x, 1.0, y, 1.0) == 0);
    CHECK(dist_at(le, false, x, up3, y, 1.0) == 3);
    CHECK(dist_at(lt, true, x, 1.0, y, up3) == 3);          /* x >= y fails by θ */
    CHECK(dist_at(le, true, x, 1.0, y, 1.0) == 1);          /* x > y fails by θ + 1 */
    CHECK(dist_at(lt, false, x, NAN, y, 1.0) == 0x1p66);    /* NaN: beyond any θ */
    CHECK(dist_at(lt, true, x, NAN, y, 1.0) == 0);          /* !(NaN < 1) holds */
    CHECK(dist_at(fcmp(EXPR_FUNO, x, y), false, x, NAN, y, 1.0) == 0);
    CHECK(dist_at(fcmp(EXPR_FUNO, x, y), false, x, 2.0, y, 1.0) == 1);
    /* and sums, or multiplies; a negation swaps them */
    Expr *both = K(expr_bool_and(lt, eq)), *either = K(expr_bool_or(lt, eq));
    CHECK(dist_at(both, false, x, up3, y, 1.0) == 4 + 3);
    CHECK(dist_at(either, false, x, up3, y, 1.0) == 4 * 3);
    CHECK(dist_at(either, false, x, 1.0, y, 1.0) == 0);
    CHECK(dist_at(both, true, x, 1.0, y, up) == 0);          /* !(x<y && x==y): x != y */
    CHECK(dist_at(notb(either), false, x, 1.0, y, up) == 1); /* x >= y fails by 1, x != y holds */
    /* integers: the difference of the values */
    Expr *i = input("di", 4);
    Assignment a;
    assignment_init(&a);
    int32_t iv = -5;
    assignment_set(&a, array_of(i), (uint8_t *)&iv);
    CHECK(fpq_dist(K(expr_slt(i, c32(3))), false, &a) == 0);
    CHECK(fpq_dist(K(expr_slt(c32(3), i)), false, &a) == 9);  /* 3 < -5 fails by 8, + 1 */
    CHECK(fpq_dist(K(expr_eq(i, c32(10))), false, &a) == 15);
    assignment_free(&a);
}

/* ---- the search on queries ---- */
typedef struct Problem {
    const char *name;
    Expr *cs[4];
    size_t n;
} Problem;

enum { NPROB = 7, NSOLVABLE = 6 };
static Problem probs[NPROB];

static void make_problems(void) {
    Expr *x = input("x", 8), *y = input("y", 8), *f = input("f", 4), *i = input("i", 4);
    Expr *xx = fop(EXPR_FMUL, x, x);
    probs[0] = (Problem){"circle", {fcmp(EXPR_FOLT, dconst(0.5), x), fcmp(EXPR_FOLT, dconst(0.5), y),
                                    fcmp(EXPR_FOLT, fop(EXPR_FADD, xx, fop(EXPR_FMUL, y, y)), dconst(1.0))}, 3};
    probs[1] = (Problem){"ratio", {notb(fcmp(EXPR_FOEQ, y, dconst(0))), fcmp(EXPR_FOEQ, fop(EXPR_FDIV, x, y), dconst(3.0)),
                                   fcmp(EXPR_FOLT, dconst(100.0), y)}, 3};
    probs[2] = (Problem){"third", {fcmp(EXPR_FOEQ, fop(EXPR_FMUL, f, fconst(3.0f)), fconst(1.0f))}, 1};
    probs[3] = (Problem){"sqrt2-window", {fcmp(EXPR_FOLT, xx, dconst(2.0)), fcmp(EXPR_FOLT, dconst(1.41), x)}, 2};
    /* sqrt(x) == 2.5 for x = 6.25 and its neighbours (none other than 9 gives 3) */
    probs[4] = (Problem){"sqrt-not-square", {fcmp(EXPR_FOEQ, K(expr_fsqrt(EXPR_RNE, x)), dconst(2.5)),
                                             notb(fcmp(EXPR_FOEQ, x, dconst(6.25)))}, 2};
    probs[5] = (Problem){"int-times-quarter", {fcmp(EXPR_FOEQ, fop(EXPR_FMUL, K(expr_itof(true, EXPR_RNE, i, 64)), dconst(0.25)),
                                                    dconst(10.5))}, 1};
    probs[6] = (Problem){"negative-square", {fcmp(EXPR_FOLT, xx, dconst(0.0))}, 1};
}

static bool holds(const Assignment *m, Expr *const *cs, size_t n) {
    for (size_t k = 0; k < n; k++)
        if (!expr_eval(cs[k], m)) return false;
    return true;
}

static Solver *fps_over_giveup(SolverStats *st, GiveUp **core, FpSearchMode mode, uint64_t seed) {
    *core = giveup_new(st);
    SolverOptions opt = {.timeout_s = 5, .fp_search = mode, .search_seed = seed};
    return solver_fps_new(&(*core)->base, &opt);
}

/* Every solvable problem on 20 seeds, fallback mode: SAT with a model that
 * evaluates true; the negative square stays UNKNOWN. */
static void test_search(void) {
    for (int p = 0; p < NPROB; p++) {
        int solved = 0, unknown = 0;
        for (uint64_t seed = 1; seed <= 20; seed++) {
            SolverStats st = {0};
            GiveUp *core;
            Solver *s = fps_over_giveup(&st, &core, FP_SEARCH_FALLBACK, seed);
            Assignment m;
            assignment_init(&m);
            Query q = {probs[p].cs, probs[p].n, NULL, NULL, NULL, false};
            SolverResult r = solver_check(s, &q, &m);
            solved += r == SOLVER_SAT && holds(&m, probs[p].cs, probs[p].n);
            unknown += r == SOLVER_UNKNOWN;
            CHECK(core->calls == 1 && st.fps_queries == 1 && st.fps_first_solved == 0);
            assignment_free(&m);
            solver_destroy(s);
        }
        if (p < NSOLVABLE) CHECK_MSG(solved == 20, "%s: %d of 20 seeds", probs[p].name, solved);
        else CHECK_MSG(unknown == 20, "%s: %d of 20 seeds UNKNOWN", probs[p].name, unknown);
    }
}

/* FPS_STATS=1: the short first-mode budget on each problem. */
static void print_first_budget_stats(void) {
    for (int p = 0; p < NPROB; p++) {
        int solved = 0;
        uint64_t evals = 0;
        for (uint64_t seed = 1; seed <= 20; seed++) {
            SolverStats st = {0};
            GiveUp *core;
            Solver *s = fps_over_giveup(&st, &core, FP_SEARCH_FIRST, seed);
            Query q = {probs[p].cs, probs[p].n, NULL, NULL, NULL, false};
            Assignment m;
            assignment_init(&m);
            solver_check(s, &q, &m);
            solved += st.fps_first_solved > 0;
            evals += st.fps_evals;
            assignment_free(&m);
            solver_destroy(s);
        }
        printf("%-18s first budget solves %2d/20, %8.0f evaluations per query on average\n", probs[p].name, solved,
               evals / 20.0);
    }
}

/* First mode: a query the short search solves never reaches the core. */
static void test_first_mode(void) {
    SolverStats st = {0};
    GiveUp *core;
    Solver *s = fps_over_giveup(&st, &core, FP_SEARCH_FIRST, 1);
    Assignment m;
    assignment_init(&m);
    Query q = {probs[3].cs, probs[3].n, NULL, NULL, NULL, false};
    CHECK(solver_check(s, &q, &m) == SOLVER_SAT && holds(&m, probs[3].cs, 2));
    CHECK(core->calls == 0 && st.fps_first_solved == 1 && st.fps_queries == 1);
    /* one it cannot solve goes to the core, then is searched again */
    Query none = {probs[6].cs, 1, NULL, NULL, NULL, false};
    CHECK(solver_check(s, &none, &m) == SOLVER_UNKNOWN);
    CHECK(core->calls == 1 && st.fps_queries == 3);
    /* a query without floating point is the core's alone */
    Expr *i = input("plain", 4);
    Expr *cs[] = {K(expr_eq(K(expr_mul(i, i)), c32(49)))};
    Query plain = {cs, 1, NULL, NULL, NULL, false};
    CHECK(solver_check(s, &plain, &m) == SOLVER_UNKNOWN);
    CHECK(core->calls == 2 && st.fps_queries == 3);
    assignment_free(&m);
    solver_destroy(s);
}

typedef struct Sink {
    int points;
} Sink;
static void sink_emit(void *ctx, const Assignment *a) {
    (void)a;
    ((Sink *)ctx)->points++;
}

/* Each point a descent step moves to reaches the sink, counted as a partial solution. */
static void test_partial_solutions(void) {
    SolverStats st = {0};
    GiveUp *core;
    Solver *s = fps_over_giveup(&st, &core, FP_SEARCH_FALLBACK, 5);
    Sink sk = {0};
    PartialSink ps = {sink_emit, &sk};
    Query q = {probs[1].cs, probs[1].n, NULL, &ps, NULL, false};
    Assignment m;
    assignment_init(&m);
    CHECK(solver_check(s, &q, &m) == SOLVER_SAT);
    CHECK(sk.points > 0 && (uint64_t)sk.points == st.partial_solutions);
    assignment_free(&m);
    solver_destroy(s);
}

int main(void) {
    test_ordinals();
    test_distances();
    make_problems();
    if (getenv("FPS_STATS")) print_first_budget_stats();
    test_search();
    test_first_mode();
    test_partial_solutions();
    for (size_t k = 0; k < pool.len; k++) expr_unref(pool.data[k]);
    VEC_FREE(pool);
    expr_shutdown();
    return check_report();
}
