/* The concolic-walk layer on bit-vector queries: the thesis's small examples
 * (Figure 3.2's x + 23 == 8192, example1's x == x*y && x > 2, dart's
 * x*x*x == y + 3) answered SAT with models checked here by evaluation, a query
 * with no solution (x*x == 2 has none modulo 2^32) left UNKNOWN and never
 * UNSAT, the variables and conjuncts cw_query makes, partial solutions, the
 * statistics, and that Z3's own answers pass through untouched. Below the
 * layer a stub stands for a Z3 that gives up on everything. */
#include "check.h"
#include "giveup.h"
#include "expr/expr.h"
#include "solver/cw_query.h"
#include "solver/solver.h"
#include "expr/expr_fp.h"
#include "util/mathfn.h"
#include "util/util.h"
#include <stdlib.h>
#include <string.h>

static VEC(Expr *) pool;
static Expr *K(Expr *e) {
    VEC_PUSH(pool, e);
    return e;
}
static Expr *c32(unsigned v) { return K(expr_const(v, 32)); }
/* a 4-byte little-endian input integer */
static Expr *int32(Array *a) { return K(expr_read_le(a, NULL, c32(0), 4)); }

static Solver *cw_over_giveup(SolverStats *st, GiveUp **core) {
    *core = giveup_new(st);
    SolverOptions opt = {.timeout_s = 5, .cw = true, .search_seed = 7};
    return solver_cw_new(&(*core)->base, &opt);
}

static bool holds(const Assignment *m, Expr *const *cs, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (!expr_eval(cs[i], m)) return false;
    return true;
}

static SolverResult ask(Solver *s, Expr *const *cs, size_t n, Assignment *m) {
    Query q = {cs, n, NULL, NULL, NULL, false};
    assignment_clear(m);
    return solver_check(s, &q, m);
}

static void test_examples(void) {
    SolverStats st = {0};
    GiveUp *core;
    Solver *s = cw_over_giveup(&st, &core);
    Array *a = expr_array_new("x", 4, NULL), *b = expr_array_new("y", 4, NULL);
    Expr *x = int32(a), *y = int32(b);
    Assignment m;
    assignment_init(&m);
    /* Figure 3.2: x + 23 == 8192 is linear: the walk's start (Simplex) solves it */
    Expr *f32[] = {K(expr_eq(K(expr_add(x, c32(23))), c32(8192)))};
    CHECK(ask(s, f32, 1, &m) == SOLVER_SAT && holds(&m, f32, 1));
    CHECK(expr_eval(x, &m) == 8169);
    /* example1: x == x*y && x > 2 (signed) */
    Expr *ex1[] = {K(expr_eq(x, K(expr_mul(x, y)))), K(expr_sgt(x, c32(2)))};
    CHECK(ask(s, ex1, 2, &m) == SOLVER_SAT && holds(&m, ex1, 2));
    /* dart: x*x*x == y + 3 */
    Expr *dart[] = {K(expr_eq(K(expr_mul(K(expr_mul(x, x)), x)), K(expr_add(y, c32(3)))))};
    CHECK(ask(s, dart, 1, &m) == SOLVER_SAT && holds(&m, dart, 1));
    /* x*x == 2 has no solution modulo 2^32: UNKNOWN, not UNSAT */
    Expr *none[] = {K(expr_eq(K(expr_mul(x, x)), c32(2)))};
    CHECK(ask(s, none, 1, &m) == SOLVER_UNKNOWN);
    CHECK(st.cw_queries == 4 && st.cw_solved == 3);
    CHECK(st.cw_steps > 0);
    CHECK(core->calls >= 4);
    assignment_free(&m);
    solver_destroy(s);
}

/* cw_query: a 4-byte integer is one variable, two bytes read alone are two;
 * the conjunction splits; linear and non-linear conjuncts are told apart
 * (the relaxation keeps != exactly, with a binary, so it is in L). */
static void test_query(void) {
    Array *a = expr_array_new("q", 4, NULL), *c = expr_array_new("s", 2, NULL);
    Expr *x = int32(a);
    Expr *b0 = K(expr_zext(K(expr_read(c, NULL, c32(0))), 32)), *b1 = K(expr_zext(K(expr_read(c, NULL, c32(1))), 32));
    Expr *both = K(expr_bool_and(K(expr_ult(b0, b1)), K(expr_eq(K(expr_mul(x, b0)), c32(77)))));
    Expr *cs[] = {both, K(expr_not(K(expr_eq(x, c32(5)))))};
    CwQuery w;
    cwq_build(&w, cs, 2, NULL, NULL);
    CHECK(w.nvars == 3);
    CHECK(w.ncons == 3 && w.nlinear == 2);
    int ne = 0, lt = 0, nonlin = 0;
    for (uint32_t i = 0; i < w.ncons; i++) {
        ne += w.cons[i].cmp == CW_NE && w.cons[i].nvars == 1 && w.cons[i].linear;
        lt += w.cons[i].cmp == CW_LT && w.cons[i].nvars == 2 && w.cons[i].linear;
        nonlin += !w.cons[i].linear && w.cons[i].nvars == 2 && w.cons[i].cmp == CW_EQ;
    }
    CHECK(ne == 1 && lt == 1 && nonlin == 1);
    /* values are the signed integers of the bytes, and write back */
    i128 v[3] = {0, 0, 0};
    for (uint32_t i = 0; i < w.nvars; i++) v[i] = w.vars[i].nbytes == 4 ? -2 : 3;
    const Assignment *pt = cwq_point(&w, v);
    CHECK(expr_eval(x, pt) == 0xfffffffeu && expr_eval(b0, pt) == 3);
    i128 back[3];
    cwq_values(&w, pt, back);
    CHECK(memcmp(back, v, sizeof v) == 0);
    cwq_free(&w);
}

typedef struct Sink {
    int points;
    bool all_linear_ok;
    Expr *linear;
} Sink;
static void sink_emit(void *ctx, const Assignment *a) {
    Sink *s = ctx;
    s->points++;
    if (!expr_eval(s->linear, a)) s->all_linear_ok = false;
}

/* Every point the walk moves to reaches the query's sink, and each satisfies L. */
static void test_partial_solutions(void) {
    SolverStats st = {0};
    GiveUp *core;
    Solver *s = cw_over_giveup(&st, &core);
    Array *a = expr_array_new("px", 4, NULL), *b = expr_array_new("py", 4, NULL);
    Expr *x = int32(a), *y = int32(b);
    /* x + y > 1000 and x > 10 (L), x*x + y == 5000 (N) */
    Expr *lin = K(expr_bool_and(K(expr_sgt(K(expr_add(x, y)), c32(1000))), K(expr_sgt(x, c32(10)))));
    Expr *cs[] = {lin, K(expr_eq(K(expr_add(K(expr_mul(x, x)), y)), c32(5000)))};
    Sink sk = {0, true, lin};
    PartialSink ps = {sink_emit, &sk};
    Query q = {cs, 2, NULL, &ps, NULL, false};
    Assignment m;
    assignment_init(&m);
    SolverResult r = solver_check(s, &q, &m);
    CHECK(r == SOLVER_SAT && holds(&m, cs, 2));
    CHECK(sk.points > 0 && (uint64_t)sk.points == st.partial_solutions);
    CHECK(sk.all_linear_ok);
    assignment_free(&m);
    solver_destroy(s);
}

static Expr *dconst(double d) {
    uint64_t b;
    memcpy(&b, &d, 8);
    return K(expr_const(b, 64));
}

/* Float queries, each solved on every one of 10 seeds with a model that
 * evaluation confirms: the walk's float variables move in value and its
 * float comparisons measure l - r (cw_query.h). */
static void test_floats(void) {
    Array *a = expr_array_new("u", 8, NULL), *b = expr_array_new("v", 8, NULL);
    Expr *u = K(expr_read_le(a, NULL, c32(0), 8)), *v = K(expr_read_le(b, NULL, c32(0), 8));
    Expr *sin_u = K(expr_fcall(MATHFN_SIN, u, NULL)), *cos_u = K(expr_fcall(MATHFN_COS, u, NULL));
    Expr *uu = K(expr_fbinary(EXPR_FMUL, EXPR_RNE, u, u));
    /* the thesis's sin(u) > 0 (u = 0, the start, fails it) */
    Expr *sine[] = {K(expr_fcmp(EXPR_FOLT, dconst(0.0), sin_u))};
    /* sin(u) > 0.5 && cos(u) < 0: the second quadrant's window */
    Expr *quad[] = {K(expr_fcmp(EXPR_FOLT, dconst(0.5), sin_u)), K(expr_fcmp(EXPR_FOLT, cos_u, dconst(0.0)))};
    /* pow(u, 3) == 27 (a root the secant finds), and u * u == v && v > 100 (two float variables) */
    Expr *cube[] = {K(expr_fcmp(EXPR_FOEQ, K(expr_fcall(MATHFN_POW, u, dconst(3.0))), dconst(27.0)))};
    Expr *two[] = {K(expr_fcmp(EXPR_FOEQ, uu, v)), K(expr_fcmp(EXPR_FOLT, dconst(100.0), v))};
    /* !(u < 1e6): a negated float comparison, which a NaN satisfies too */
    Expr *neg[] = {K(expr_not(K(expr_fcmp(EXPR_FOLT, u, dconst(1e6)))))};
    struct { Expr **cs; size_t n; const char *name; } qs[] = {
        {sine, 1, "sin(u) > 0"}, {quad, 2, "sin(u) > 0.5 && cos(u) < 0"}, {cube, 1, "pow(u, 3) == 27"},
        {two, 2, "u * u == v && v > 100"}, {neg, 1, "!(u < 1e6)"},
    };
    for (size_t k = 0; k < sizeof qs / sizeof *qs; k++) {
        int solved = 0;
        for (uint64_t seed = 1; seed <= 10; seed++) {
            SolverStats st = {0};
            GiveUp *core = giveup_new(&st);
            SolverOptions opt = {.timeout_s = 5, .cw = true, .search_seed = seed};
            Solver *s = solver_cw_new(&core->base, &opt);
            Assignment m;
            assignment_init(&m);
            solved += ask(s, qs[k].cs, qs[k].n, &m) == SOLVER_SAT && holds(&m, qs[k].cs, qs[k].n);
            assignment_free(&m);
            solver_destroy(s);
        }
        CHECK_MSG(solved == 10, "%s: solved on %d of 10 seeds", qs[k].name, solved);
    }
}

/* A core that proves everything UNSAT at once: no walk before it can pay. */
static SolverResult unsat_check(Solver *s, const Query *q, Assignment *m) {
    (void)s, (void)q, (void)m;
    return SOLVER_UNSAT;
}
static void unsat_destroy(Solver *s) { free(s); }
static const SolverOps unsat_ops = {unsat_check, unsat_destroy};

/* --solver=cw-first: walks that never answer stop once they have spent
 * their credit (here a millisecond); the queries still get the core's
 * answer, walked or not. */
static void test_first_credit(void) {
    SolverStats st = {0};
    Solver *core = util_calloc(1, sizeof *core);
    core->ops = &unsat_ops;
    core->stats = &st;
    SolverOptions opt = {.timeout_s = 5, .cw = true, .cw_first = true, .cw_first_credit_s = 0.001, .search_seed = 7};
    Solver *s = solver_cw_new(core, &opt);
    Array *a = expr_array_new("xc", 4, NULL);
    Expr *x = int32(a);
    Expr *none[] = {K(expr_eq(K(expr_mul(x, x)), c32(2)))};
    Assignment m;
    assignment_init(&m);
    unsigned unsat = 0, n = 400;
    for (unsigned i = 0; i < n; i++) unsat += ask(s, none, 1, &m) == SOLVER_UNSAT;
    CHECK(unsat == n);
    CHECK_MSG(st.cw_first_queries >= 1 && st.cw_first_solved == 0, "walked %llu", (unsigned long long)st.cw_first_queries);
    CHECK_MSG(st.cw_first_skipped > 0 && st.cw_first_queries + st.cw_first_skipped == n, "walked %llu, skipped %llu",
              (unsigned long long)st.cw_first_queries, (unsigned long long)st.cw_first_skipped);
    assignment_free(&m);
    solver_destroy(s);
}

int main(void) {
    test_first_credit();
    test_examples();
    test_floats();
    test_query();
    test_partial_solutions();
    for (size_t i = 0; i < pool.len; i++) expr_unref(pool.data[i]);
    VEC_FREE(pool);
    expr_shutdown();
    return check_report();
}
