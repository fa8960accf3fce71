/* The linear relaxation (linear.c) and the Simplex solver layer
 * (solver_simplex.c): the MuSE paper's Figure 2 query over C ints gives the
 * partial solutions {0,0} and {2,0} and the model {1,1}; wrap-around is never
 * taken for linear; and a randomized differential test over bit-vector
 * queries of linear shape (8- and 16-bit inputs, signed and unsigned
 * comparisons, sums that may wrap): the Simplex layer in front of Z3 answers
 * as bare Z3 does, decides many queries itself, and every model it gives
 * satisfies the query. */
#include "check.h"
#include "expr/expr.h"
#include "solver/linear.h"
#include "solver/solver.h"
#include "util/util.h"
#include <stdlib.h>
#include <string.h>

static VEC(Expr *) pool;
static Expr *K(Expr *e) {
    VEC_PUSH(pool, e);
    return e;
}
static Expr *cw(u128 v, unsigned w) { return K(expr_const(v, w)); }
/* a little-endian integer of n bytes of a at off */
static Expr *var(Array *a, unsigned off, unsigned n) { return K(expr_read_le(a, NULL, cw(off, 32), n)); }

static SolverOptions opts0;

/* ---- Figure 2 ---- */
typedef struct Partials { int n; int32_t x[8], y[8]; Array *ax, *ay; } Partials;

static int32_t le16(const uint8_t *b) { return (int16_t)((uint16_t)b[0] | (uint16_t)(b[1] << 8)); }

static void collect(void *ctx, const Assignment *a) {
    Partials *p = ctx;
    const uint8_t *bx = assignment_get(a, p->ax), *by = assignment_get(a, p->ay);
    if (p->n < 8 && bx && by) {
        p->x[p->n] = le16(bx);
        p->y[p->n] = le16(by);
    }
    p->n++;
}

static void test_figure2(void) {
    Array *ax = expr_array_new("x", 2, NULL), *ay = expr_array_new("y", 2, NULL);
    /* short x, y promoted to int: the sums cannot wrap, so the relaxation is
     * the paper's problem over the integers, with no wrap-around variables */
    Expr *x = K(expr_sext(var(ax, 0, 2), 32)), *y = K(expr_sext(var(ay, 0, 2), 32));
    /* x + y >= 2, 2y - x >= 1, 2x - y >= 0 */
    Expr *cs[3] = {
        K(expr_sle(cw(2, 32), K(expr_add(x, y)))),
        K(expr_sle(cw(1, 32), K(expr_sub(K(expr_mul(cw(2, 32), y)), x)))),
        K(expr_sle(cw(0, 32), K(expr_sub(K(expr_mul(cw(2, 32), x)), y)))),
    };
    LinProblem p;
    CHECK(linear_build(cs, 3, NULL, &p));
    CHECK(p.atoms == 3 && p.kept == 3);
    linear_free(&p);

    SolverStats st = {0};
    Solver *s = solver_simplex_new(solver_z3_new(&opts0, &st));
    Partials ps = {.ax = ax, .ay = ay};
    PartialSink sink = {collect, &ps};
    Query q = {cs, 3, NULL, &sink, NULL, false};
    Assignment m;
    assignment_init(&m);
    CHECK(solver_check(s, &q, &m) == SOLVER_SAT);
    CHECK(st.core_queries == 0 && st.simplex_sat == 1);
    CHECK_MSG(ps.n == 2 && ps.x[0] == 0 && ps.y[0] == 0 && ps.x[1] == 2 && ps.y[1] == 0,
              "partial solutions: %d: {%d,%d} {%d,%d}", ps.n, ps.x[0], ps.y[0], ps.x[1], ps.y[1]);
    CHECK(le16(assignment_get(&m, ax)) == 1 && le16(assignment_get(&m, ay)) == 1);
    CHECK(st.partial_solutions == 2);
    assignment_free(&m);
    solver_destroy(s);
}

/* x + y == 10 over 8 bits holds by wrap-around (x = 200, y = 66, say): the
 * relaxation models the wrap exactly and finds such a solution itself */
static void test_wraparound(void) {
    Array *a = expr_array_new("w", 2, NULL);
    Expr *x = var(a, 0, 1), *y = var(a, 1, 1);
    Expr *cs[2] = {K(expr_eq(K(expr_add(x, y)), cw(10, 8))), K(expr_ult(cw(100, 8), x))};
    LinProblem p;
    CHECK(linear_build(cs, 2, NULL, &p));
    CHECK(p.kept == 2);
    linear_free(&p);
    SolverStats st = {0};
    Solver *s = solver_simplex_new(solver_z3_new(&opts0, &st));
    Assignment m;
    assignment_init(&m);
    Query q = {cs, 2, NULL, NULL, NULL, false};
    CHECK(solver_check(s, &q, &m) == SOLVER_SAT);
    const uint8_t *b = assignment_get(&m, a);
    CHECK(b && (uint8_t)(b[0] + b[1]) == 10 && b[0] > 100);
    CHECK(st.simplex_sat == 1 && st.core_queries == 0);
    assignment_free(&m);
    solver_destroy(s);
}

/* ---- randomized differential test ---- */
static Rng rng;
static Array *darr[2];

static Expr *rand_int(unsigned w) {
    Array *a = darr[rng_below(&rng, 2)];
    unsigned n = w / 8;
    return var(a, (unsigned)rng_below(&rng, a->size - n + 1), n);
}

static Expr *rand_linear(unsigned w, int depth) {
    unsigned pick = (unsigned)rng_below(&rng, depth > 0 ? 8 : 3);
    if (pick == 0) return cw(rng_below(&rng, 2) ? rng_below(&rng, 20) : expr_mask(w) - rng_below(&rng, 20), w);
    if (pick <= 2) {
        if (w == 16 && rng_below(&rng, 3) == 0) /* a byte widened */
            return K(rng_below(&rng, 2) ? expr_zext(rand_int(8), 16) : expr_sext(rand_int(8), 16));
        return rand_int(w);
    }
    if (pick == 3) return K(expr_mul(cw((u128)(rng_below(&rng, 7) - 3) & expr_mask(w), w), rand_linear(w, depth - 1)));
    if (pick == 4) return K(expr_sub(rand_linear(w, depth - 1), rand_linear(w, depth - 1)));
    if (pick == 5) return K(expr_not(rand_linear(w, depth - 1)));
    return K(expr_add(rand_linear(w, depth - 1), rand_linear(w, depth - 1)));
}

static Expr *rand_atom(void) {
    unsigned w = rng_below(&rng, 2) ? 8 : 16;
    static const ExprKind cmps[] = {EXPR_EQ, EXPR_ULT, EXPR_ULE, EXPR_SLT, EXPR_SLE};
    Expr *e = K(expr_binary(cmps[rng_below(&rng, 5)], rand_linear(w, 2), rand_linear(w, 2)));
    return rng_below(&rng, 4) == 0 ? K(expr_not(e)) : e;
}

static bool satisfies(const Assignment *m, Expr *const *cs, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (!(expr_eval(cs[i], m) & 1)) return false;
    return true;
}

static void test_differential(void) {
    SolverStats sx = {0}, sz = {0};
    Solver *layer = solver_simplex_new(solver_z3_new(&opts0, &sx));
    Solver *core = solver_z3_new(&opts0, &sz);
    rng_seed(&rng, 777);
    darr[0] = expr_array_new("d", 4, NULL);
    darr[1] = expr_array_new("e", 3, NULL);
    int rounds = 3000, agree = 0, sat = 0, unsat = 0;
    Assignment m;
    assignment_init(&m);
    for (int round = 0; round < rounds; round++) {
        Expr *cs[5];
        size_t n = 1 + rng_below(&rng, 4);
        for (size_t i = 0; i < n; i++) cs[i] = rand_atom();
        Query q = {cs, n, NULL, NULL, NULL, false};
        SolverResult rz = solver_check(core, &q, NULL);
        assignment_clear(&m);
        SolverResult r = solver_check(layer, &q, &m);
        CHECK_MSG(r == rz, "round %d: simplex layer %d, z3 %d", round, r, rz);
        if (r != rz)
            for (size_t i = 0; i < n; i++) { expr_print(stderr, cs[i]); fputc('\n', stderr); }
        agree += r == rz;
        if (r == SOLVER_SAT) {
            sat++;
            CHECK_MSG(satisfies(&m, cs, n), "round %d: the model does not satisfy the query", round);
        }
        unsat += r == SOLVER_UNSAT;
    }
    CHECK(agree == rounds);
    /* the layer decides a good share itself, both ways */
    CHECK(sx.simplex_sat > 100 && sx.simplex_unsat > 100);
    printf("simplex layer: %d rounds, %d sat, %d unsat; decided %llu sat and %llu unsat itself, %llu went to z3\n",
           rounds, sat, unsat, (unsigned long long)sx.simplex_sat, (unsigned long long)sx.simplex_unsat,
           (unsigned long long)sx.core_queries);
    assignment_free(&m);
    solver_destroy(layer);
    solver_destroy(core);
}

int main(void) {
    opts0.timeout_s = 10;
    test_figure2();
    test_wraparound();
    test_differential();
    for (size_t i = 0; i < pool.len; i++) expr_unref(pool.data[i]);
    VEC_FREE(pool);
    CHECK(expr_live_count() == 0);
    expr_shutdown();
    return check_report();
}
