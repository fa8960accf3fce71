/* The Z3 core's reused solver (z3_reuse.c), in both modes, against a fresh
 * solver per query.
 * - Worked example: a byte constant whose link to its array was asserted at
 *   a level popped since, met again when the array is read through the
 *   theory: the query is UNSAT, and SAT if the link were lost.
 * - Differential: random walks over a tree of paths (extend, backtrack, jump
 *   to another branch), every query asked of the stack solver, the
 *   assumption solver and a fresh solver: the same answers, every model
 *   satisfies its query by evaluation, and the reused solvers really kept
 *   constraints from query to query. A small limit makes them start again
 *   often, with the same answers. */
#include "check.h"
#include "expr/expr.h"
#include "solver/solver.h"
#include "util/util.h"
#include <stdlib.h>

static Expr *konst(u128 v, unsigned w) { return expr_const(v & expr_mask(w), w); }

/* Releases its arguments' references (builder helpers for short tests). */
static Expr *eat2(Expr *(*f)(Expr *, Expr *), Expr *a, Expr *b) {
    Expr *r = f(a, b);
    expr_unref(a), expr_unref(b);
    return r;
}

static Expr *byte_at(Array *a, uint32_t j) {
    Expr *i = konst(j, 32), *r = expr_read(a, NULL, i);
    expr_unref(i);
    return r;
}

static Expr *zext32(Expr *x) {
    Expr *r = expr_zext(x, 32);
    expr_unref(x);
    return r;
}

/* a[b[k] & 3] (a read through the array theory) */
static Expr *sym_read(Array *a, Array *b, uint32_t k) {
    Expr *idx = eat2(expr_and, zext32(byte_at(b, k)), konst(3, 32));
    Expr *r = expr_read(a, NULL, idx);
    expr_unref(idx);
    return r;
}

static Solver *core(SolverReuse mode, unsigned limit, SolverStats *st) {
    SolverOptions opt = {0};
    opt.solver_reuse = mode;
    opt.solver_reuse_limit = limit;
    return solver_z3_new(&opt, st);
}

static bool holds(Expr **cs, size_t n, Expr *goal, const Assignment *m) {
    for (size_t i = 0; i < n; i++)
        if (!(expr_eval(cs[i], m) & 1)) return false;
    return !goal || (expr_eval(goal, m) & 1);
}

static SolverResult ask(Solver *s, Expr **cs, size_t n, Expr *goal, int *bad_models) {
    Assignment m;
    assignment_init(&m);
    Query q = {cs, n, goal, NULL, NULL, false};
    SolverResult r = solver_check(s, &q, &m);
    if (r == SOLVER_SAT && !holds(cs, n, goal, &m)) ++*bad_models;
    assignment_free(&m);
    return r;
}

static void test_popped_link(void) {
    Array *a = expr_array_new("a", 4, NULL), *b = expr_array_new("b", 2, NULL);
    Expr *t = eat2(expr_eq, sym_read(a, b, 0), konst(9, 8));       /* a[b0 & 3] == 9: the theory */
    Expr *e = eat2(expr_eq, byte_at(a, 2), konst(5, 8));           /* a[2] == 5: a byte constant */
    Expr *f = eat2(expr_eq, byte_at(b, 1), konst(0, 8));
    Expr *g = eat2(expr_eq, eat2(expr_and, byte_at(b, 0), konst(3, 8)), konst(2, 8)); /* b0 & 3 == 2 */
    for (int mode = 0; mode < 2; mode++) {
        SolverStats st = {0};
        Solver *s = core(mode ? SOLVER_REUSE_ASSUME : SOLVER_REUSE_STACK, 0, &st);
        int bad = 0;
        Expr *q1[] = {t}, *q2[] = {t, e}, *q3[] = {t, f}, *q4[] = {t, e};
        CHECK(ask(s, q1, 1, NULL, &bad) == SOLVER_SAT);
        CHECK(ask(s, q2, 2, NULL, &bad) == SOLVER_SAT); /* a!2 made, linked at e's level */
        CHECK(ask(s, q3, 2, NULL, &bad) == SOLVER_SAT); /* e's level popped */
        CHECK_MSG(ask(s, q4, 2, g, &bad) == SOLVER_UNSAT, "mode %d: a[2] is 5 and 9 at once", mode);
        CHECK(ask(s, q4, 2, NULL, &bad) == SOLVER_SAT);
        CHECK(bad == 0);
        CHECK_MSG(st.reuse_kept > 0 && st.reuse_checks == 5, "mode %d: %llu kept, %llu checks", mode,
                  (unsigned long long)st.reuse_kept, (unsigned long long)st.reuse_checks);
        solver_destroy(s);
    }
    expr_unref(t), expr_unref(e), expr_unref(f), expr_unref(g);
}

/* ---- differential ---- */

enum { NATOMS = 48, MAXPATH = 10 };

/* A random constraint over input arrays a (4 bytes) and b (2): byte bounds,
 * sums, symbolic-index reads (some through a write), equalities. */
static Expr *random_atom(Rng *r, Array *a, Array *b) {
    Expr *x;
    switch (rng_below(r, 5)) {
    case 0: x = byte_at(a, (uint32_t)rng_below(r, 4)); break;
    case 1: x = eat2(expr_add, byte_at(a, (uint32_t)rng_below(r, 4)), byte_at(b, (uint32_t)rng_below(r, 2))); break;
    case 2: x = sym_read(a, b, (uint32_t)rng_below(r, 2)); break;
    case 3: {
        Expr *i = konst(rng_below(r, 4), 32), *v = konst(rng_below(r, 256), 8);
        UpdateNode *u = expr_update(NULL, i, v);
        Expr *idx = eat2(expr_and, zext32(byte_at(b, 1)), konst(3, 32));
        x = expr_read(a, u, idx);
        expr_unref(idx), expr_unref(i), expr_unref(v);
        expr_update_unref(u);
        break;
    }
    default: x = byte_at(b, (uint32_t)rng_below(r, 2)); break;
    }
    Expr *k = konst(rng_below(r, 3) ? rng_below(r, 40) : rng_below(r, 256), 8);
    ExprKind kinds[] = {EXPR_ULT, EXPR_ULE, EXPR_EQ, EXPR_SLT};
    Expr *c = expr_binary(kinds[rng_below(r, 4)], rng_below(r, 2) ? x : k, rng_below(r, 2) ? k : x);
    expr_unref(x), expr_unref(k);
    if (rng_below(r, 2)) {
        Expr *n = expr_not(c);
        expr_unref(c);
        c = n;
    }
    return c;
}

typedef struct Tally { int queries, sat, unsat, disagree, bad_models; } Tally;

static void differential(uint64_t seed, unsigned limit, Tally *t, SolverStats *stack_st, SolverStats *assume_st) {
    Rng r;
    rng_seed(&r, seed);
    Array *a = expr_array_new("da", 4, NULL), *b = expr_array_new("db", 2, NULL);
    Expr *atoms[NATOMS];
    for (int i = 0; i < NATOMS; i++) atoms[i] = random_atom(&r, a, b);
    SolverStats fst = {0};
    Solver *fresh = core(SOLVER_REUSE_OFF, 0, &fst);
    Solver *stack = core(SOLVER_REUSE_STACK, limit, stack_st);
    Solver *assume = core(SOLVER_REUSE_ASSUME, limit, assume_st);
    /* paths are prefixes of a few branches, as a searcher visits them */
    Expr *branch[4][MAXPATH];
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < MAXPATH; i++) branch[k][i] = atoms[rng_below(&r, NATOMS)];
    int cur = 0;
    size_t len = 0;
    for (int step = 0; step < 300; step++) {
        unsigned move = (unsigned)rng_below(&r, 10);
        if (move < 6 && len < MAXPATH) len++;                 /* deeper on this branch */
        else if (move < 8) len = rng_below(&r, len + 1);      /* backtrack */
        else { cur = (int)rng_below(&r, 4); len = rng_below(&r, MAXPATH + 1); } /* another state */
        Expr *goal = rng_below(&r, 4) ? atoms[rng_below(&r, NATOMS)] : NULL;
        SolverResult rf = ask(fresh, branch[cur], len, goal, &t->bad_models);
        SolverResult rs = ask(stack, branch[cur], len, goal, &t->bad_models);
        SolverResult ra = ask(assume, branch[cur], len, goal, &t->bad_models);
        t->queries++;
        t->sat += rf == SOLVER_SAT;
        t->unsat += rf == SOLVER_UNSAT;
        if (rs != rf || ra != rf) {
            if (t->disagree++ < 3)
                fprintf(stderr, "seed %llu step %d: fresh %d, stack %d, assume %d\n", (unsigned long long)seed,
                        step, rf, rs, ra);
        }
    }
    solver_destroy(fresh), solver_destroy(stack), solver_destroy(assume);
    for (int i = 0; i < NATOMS; i++) expr_unref(atoms[i]);
}

static void test_differential(void) {
    unsigned limits[] = {0, 7};
    for (int l = 0; l < 2; l++) {
        Tally t = {0};
        SolverStats sst = {0}, ast = {0};
        for (uint64_t seed = 1; seed <= 6; seed++) differential(seed, limits[l], &t, &sst, &ast);
        CHECK_MSG(t.disagree == 0, "limit %u: %d of %d queries answered differently", limits[l], t.disagree,
                  t.queries);
        CHECK_MSG(t.bad_models == 0, "limit %u: %d models fail their query", limits[l], t.bad_models);
        /* both answers were met, and the solvers did reuse constraints */
        CHECK_MSG(t.sat > 100 && t.unsat > 100, "limit %u: %d sat, %d unsat", limits[l], t.sat, t.unsat);
        bool most = limits[l] == 0; /* with restarts every few queries, fewer are kept */
        CHECK_MSG(most ? sst.reuse_kept > sst.reuse_asserted && ast.reuse_kept > ast.reuse_asserted
                       : sst.reuse_kept > 0 && ast.reuse_kept > 0,
                  "limit %u: stack kept %llu / asserted %llu, assume kept %llu / asserted %llu", limits[l],
                  (unsigned long long)sst.reuse_kept, (unsigned long long)sst.reuse_asserted,
                  (unsigned long long)ast.reuse_kept, (unsigned long long)ast.reuse_asserted);
        CHECK_MSG((limits[l] == 0) == (sst.reuse_resets == 0 && ast.reuse_resets == 0),
                  "limit %u: %llu and %llu resets", limits[l], (unsigned long long)sst.reuse_resets,
                  (unsigned long long)ast.reuse_resets);
        printf("limit %u: %d queries (%d sat, %d unsat); stack kept %llu, asserted %llu; assume kept %llu, "
               "asserted %llu\n", limits[l], t.queries, t.sat, t.unsat, (unsigned long long)sst.reuse_kept,
               (unsigned long long)sst.reuse_asserted, (unsigned long long)ast.reuse_kept,
               (unsigned long long)ast.reuse_asserted);
    }
}

int main(void) {
    test_popped_link();
    test_differential();
    expr_shutdown();
    return check_report();
}
