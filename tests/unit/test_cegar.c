/* The CEGAR array solver (solver_cegar.c, array_abs.c, array_precheck.c,
 * ilp.c): the digest's acceptance tests T1-T4 for Shuai et al. (ISSTA 2021)
 * and a randomized differential test against Z3's array theory. */
#include "check.h"
#include "expr/expr.h"
#include "solver/array_abs.h"
#include "solver/array_precheck.h"
#include "solver/solver.h"
#include "util/util.h"
#include <stdlib.h>
#include <string.h>
#include <z3.h>

static VEC(Expr *) pool;
static Expr *K(Expr *e) {
    VEC_PUSH(pool, e);
    return e;
}
static Expr *cw(u128 v, unsigned w) { return K(expr_const(v, w)); }
static Expr *var(Array *a, unsigned off, unsigned n) { return K(expr_read_le(a, NULL, cw(off, 32), n)); }
/* the int at element index i (an int expression) of a: bytes 4i .. 4i+3 */
static Expr *int_at(Array *a, UpdateNode *u, Expr *i) { return K(expr_read_le(a, u, K(expr_mul(cw(4, 32), i)), 4)); }

static SolverOptions opts0;
static bool satisfies(const Assignment *m, Expr *const *cs, size_t n);

static int32_t le32(const uint8_t *b) { return (int32_t)((uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24); }

/* The path of the digest's T1/T2: a = {0, 0, 0, last} (ints), symbolic i, j with
 * 0 <= i, j <= 3, i + j > 4, a[i] + a[j] > 10. */
typedef struct Fig1 { Array *a, *ai, *aj; Expr *cs[7]; } Fig1;

static void fig1(Fig1 *f, uint8_t last) {
    uint8_t init[16] = {0};
    init[12] = last;
    f->a = expr_array_new("a", 16, init);
    f->a->access = 4; /* int a[4]: every access is an int (T5's inference) */
    f->ai = expr_array_new("i", 4, NULL);
    f->aj = expr_array_new("j", 4, NULL);
    Expr *i = var(f->ai, 0, 4), *j = var(f->aj, 0, 4);
    f->cs[0] = K(expr_sle(cw(0, 32), i));
    f->cs[1] = K(expr_sle(i, cw(3, 32)));
    f->cs[2] = K(expr_sle(cw(0, 32), j));
    f->cs[3] = K(expr_sle(j, cw(3, 32)));
    f->cs[4] = K(expr_sgt(K(expr_add(i, j)), cw(4, 32)));
    f->cs[5] = K(expr_sgt(K(expr_add(int_at(f->a, NULL, i), int_at(f->a, NULL, j))), cw(10, 32)));
}

/* The read of byte k of the int at i (or j): its index is 4 * x + k over array x. */
static int find_read(const ArrayAbs *abs, Array *x, unsigned k) {
    for (size_t r = 0; r < abs->reads.len; r++) {
        ArraySet s = {0};
        expr_collect_arrays(abs->reads.data[r].index, &s);
        bool over_x = s.len == 1 && s.data[0] == x;
        expr_array_set_free(&s);
        unsigned bits;
        u128 v;
        array_abs_low_bits(abs->reads.data[r].index, &bits, &v);
        if (over_x && bits >= 2 && (v & 3) == k) return (int)r;
    }
    return -1;
}

static void test_t1_precheck_unsat(void) {
    Fig1 f;
    fig1(&f, 5);
    Query q = {f.cs, 6, NULL, NULL, NULL, false};
    AbsPool ap = {0};
    ArrayAbs abs;
    CHECK(array_abs_build(&abs, &ap, &q, true));
    CHECK(abs.reads.len == 8); /* four bytes of a[i], four of a[j] */
    /* the pre-check alone proves it: intervals i, j in [2, 3], reads of a in [0, 5] */
    CHECK(array_precheck(&abs, true, NULL) == ILP_INFEASIBLE);
    array_abs_free(&abs);
    CHECK(array_abs_build(&abs, &ap, &q, true));
    int r0 = find_read(&abs, f.ai, 0);
    CHECK(r0 >= 0);
    array_abs_free(&abs);
    array_abs_pool_free(&ap);

    SolverStats st = {0};
    Solver *s = solver_cegar_new(solver_z3_new(&opts0, &st), true, true);
    CHECK(solver_check(s, &q, NULL) == SOLVER_UNSAT);
    CHECK(st.precheck_unsat == 1);
    CHECK(st.core_queries == 0); /* no Z3 call */
    solver_destroy(s);
}

static void test_t2_t3_pruned_axioms(void) {
    Fig1 f;
    fig1(&f, 9);
    Query q = {f.cs, 6, NULL, NULL, NULL, false};
    AbsPool ap = {0};
    ArrayAbs abs;
    CHECK(array_abs_build(&abs, &ap, &q, true));
    CHECK(array_precheck(&abs, true, NULL) != ILP_INFEASIBLE);
    for (unsigned k = 0; k < 4; k++) {
        int ri = find_read(&abs, f.ai, k), rj = find_read(&abs, f.aj, k);
        CHECK(ri >= 0 && rj >= 0);
        if (ri < 0 || rj < 0) continue;
        const AbsRead *a = &abs.reads.data[ri];
        CHECK_MSG(a->lo == 8 + k && a->hi == 12 + k, "i_%u in [%llu, %llu]", k, (unsigned long long)a->lo,
                  (unsigned long long)a->hi);
        CHECK(a->modulus == 4 && a->residue == k);
        CHECK(array_abs_candidate_pair(&abs, (uint32_t)ri, (uint32_t)rj)); /* T3 (10): i_k = j_k kept */
    }
    CHECK(array_abs_candidates(&abs, false) == 16 * 8 + 28); /* 156 */
    CHECK(array_abs_candidates(&abs, true) == 2 * 8 + 4);    /* 20 */
    int i0 = find_read(&abs, f.ai, 0), j1 = find_read(&abs, f.aj, 1);
    if (i0 >= 0 && j1 >= 0) {
        CHECK(!array_abs_candidate_at(&abs, (uint32_t)i0, 15)); /* T3 (9): 15 is not an int's first byte */
        CHECK(!array_abs_candidate_at(&abs, (uint32_t)i0, 0));  /* T3 (11): 0 is outside i's interval */
        CHECK(array_abs_candidate_at(&abs, (uint32_t)i0, 12));
        CHECK(!array_abs_candidate_pair(&abs, (uint32_t)i0, (uint32_t)j1)); /* different offsets never meet */
    }
    array_abs_free(&abs);
    array_abs_pool_free(&ap);

    for (int prune = 0; prune < 2; prune++) {
        SolverStats st = {0};
        Solver *s = solver_cegar_new(solver_z3_new(&opts0, &st), true, prune);
        Assignment m;
        assignment_init(&m);
        CHECK(solver_check(s, &q, &m) == SOLVER_SAT);
        const uint8_t *bi = assignment_get(&m, f.ai), *bj = assignment_get(&m, f.aj);
        CHECK(bi && bj && le32(bi) == 3 && le32(bj) == 3);
        CHECK(st.axiom_candidates == (prune ? 20u : 156u));
        CHECK(st.axioms_outside == 0);
        assignment_free(&m);
        solver_destroy(s);
    }
}

/* T4: a = {0, 0, 0, 11}, a[i] > 10, 0 <= i <= 3: at most four refinements, i = 3. */
static void test_t4_refinements(void) {
    uint8_t init[16] = {0};
    init[12] = 11;
    Array *a = expr_array_new("a4", 16, init), *ai = expr_array_new("i4", 4, NULL);
    a->access = 4;
    Expr *i = var(ai, 0, 4);
    Expr *cs[3] = {K(expr_sle(cw(0, 32), i)), K(expr_sle(i, cw(3, 32))), K(expr_sgt(int_at(a, NULL, i), cw(10, 32)))};
    Query q = {cs, 3, NULL, NULL, NULL, false};
    for (int pre = 0; pre < 2; pre++) {
        SolverStats st = {0};
        Solver *s = solver_cegar_new(solver_z3_new(&opts0, &st), pre, pre);
        Assignment m;
        assignment_init(&m);
        CHECK(solver_check(s, &q, &m) == SOLVER_SAT);
        const uint8_t *b = assignment_get(&m, ai);
        CHECK(b && le32(b) == 3);
        CHECK_MSG(st.cegar_iterations <= 5, "%llu abstract solves", (unsigned long long)st.cegar_iterations);
        assignment_free(&m);
        solver_destroy(s);
    }
}


/* ---- the pre-check's UNSAT is exact (ilp.h) ----
 * Linear constraints over three 64-bit inputs whose bounds (2^47, 2^53) are
 * exact in doubles, and a table read at an index tied to one of them. GLPK,
 * in floating point, finds no integer point in the first (there is one, and
 * only one: x0, x1, x2 below) and stops on an internal assertion in the
 * second (which aborted the process). Both must get Z3's answer, every model
 * checked. */
static Expr *mul64(u128 k, Expr *x) { return K(expr_mul(cw(k, 64), x)); }

static void precheck_against_z3(const char *what, Expr *const *cs, size_t n, SolverResult want) {
    SolverStats sz = {0}, sc = {0};
    Solver *z3 = solver_z3_new(&opts0, &sz), *cegar = solver_cegar_new(solver_z3_new(&opts0, &sc), true, true);
    Query q = {cs, n, NULL, NULL, NULL, false};
    Assignment m;
    assignment_init(&m);
    SolverResult rz = solver_check(z3, &q, NULL), rc = solver_check(cegar, &q, &m);
    CHECK_MSG(rz == want, "%s: z3 %d, expected %d", what, rz, want);
    CHECK_MSG(rc == rz, "%s: cegar with pre-check %d, z3 %d", what, rc, rz);
    if (rc == SOLVER_SAT) CHECK_MSG(satisfies(&m, cs, n), "%s: the model fails the query", what);
    assignment_free(&m);
    solver_destroy(z3);
    solver_destroy(cegar);
}

/* tab[(uint8_t)x] == (uint8_t)x over tab[j] = j: true for every x, and a
 * read at a symbolic index for the pre-check. */
static Expr *identity_read(Expr *x) {
    uint8_t init[256];
    for (unsigned j = 0; j < 256; j++) init[j] = (uint8_t)j;
    static Array *tab;
    if (!tab) tab = expr_array_new("identity", 256, init);
    Expr *low = K(expr_extract(x, 0, 8));
    return K(expr_eq(K(expr_read(tab, NULL, K(expr_zext(low, 32)))), low));
}

static void test_precheck_glpk_no_point(void) {
    Array *a[3] = {expr_array_new("p0", 8, NULL), expr_array_new("p1", 8, NULL), expr_array_new("p2", 8, NULL)};
    Expr *x0 = var(a[0], 0, 8), *x1 = var(a[1], 0, 8), *x2 = var(a[2], 0, 8);
    u128 bound = (u128)1 << 47;
    /* x0 = 119455972570559, x1 = 77347349698260, x2 = 52842219982818 */
    Expr *cs[7] = {
        K(expr_ule(x0, cw(bound, 64))), K(expr_ule(x1, cw(bound, 64))), K(expr_ule(x2, cw(bound, 64))),
        K(expr_eq(cw(18446624617736981057ull, 64), mul64(UINT64_MAX, x0))),
        K(expr_eq(cw(101852479447702ull, 64), K(expr_add(mul64(UINT64_MAX, x2), mul64(2, x1))))),
        K(expr_eq(cw(235728602630119ull, 64), K(expr_add(K(expr_add(x1, x0)), x2)))),
        identity_read(x1)};
    precheck_against_z3("glpk finds no point", cs, 7, SOLVER_SAT);
}

static void test_precheck_glpk_error(void) {
    Array *a[3] = {expr_array_new("q0", 8, NULL), expr_array_new("q1", 8, NULL), expr_array_new("q2", 8, NULL)};
    Expr *x0 = var(a[0], 0, 8), *x1 = var(a[1], 0, 8), *x2 = var(a[2], 0, 8);
    u128 bound = (u128)1 << 53;
    Expr *cs[7] = {
        K(expr_ule(x0, cw(bound, 64))), K(expr_ule(x1, cw(bound, 64))), K(expr_ule(x2, cw(bound, 64))),
        K(expr_sle(cw(7582179648914763ull, 64), K(expr_add(x0, x2)))),
        K(expr_eq(cw(18437761343026056155ull, 64),
                  K(expr_add(mul64(UINT64_MAX, x2), K(expr_add(mul64(UINT64_MAX, x1), mul64(UINT64_MAX, x0))))))),
        K(expr_sle(cw(2557940792366511ull, 64), K(expr_add(x0, mul64(UINT64_MAX, x1))))),
        identity_read(x2)};
    precheck_against_z3("glpk error", cs, 7, SOLVER_SAT);
}


/* GLPK's minimum of x over 49 <= x <= 2^52, -3x <=s 74 (64-bit) is 50; x = 49
 * is a point. A range GLPK narrowed is not confirmed then, and one it
 * narrowed rightly is. */
static void test_ilp_range_confirmed(void) {
    Array *ax = expr_array_new("rx", 8, NULL), *ay = expr_array_new("ry", 8, NULL);
    Expr *x = var(ax, 0, 8);
    Expr *cs[3] = {K(expr_ule(cw(49, 64), x)), K(expr_ule(x, cw((u128)1 << 52, 64))),
                   K(expr_sle(mul64(UINT64_MAX - 2, x), cw(74, 64)))};
    LinSystem *sys = linear_system_new();
    for (int i = 0; i < 3; i++) CHECK(linear_system_add(sys, cs[i]));
    LinTerm t;
    CHECK(linear_system_term(sys, x, &t));
    IlpRange r;
    CHECK(ilp_range(sys, &t, ARRAY_PRECHECK_ILP_MS, &r, NULL) == ILP_FEASIBLE);
    CHECK(r.exact_lo <= 49 && r.exact_hi >= 49);
    CHECK_MSG(r.lo <= 49 || !ilp_confirm_range(sys, linear_system_nrows(sys), &t, &r), "[%lld, %lld] confirmed",
              (long long)r.lo, (long long)r.hi);
    linear_system_free(sys);
    /* x + y = 10, x = y + 4 (x, y < 256): x = 7, where propagation alone sees [4, 10] */
    Expr *xb = K(expr_zext(var(ax, 0, 1), 32)), *yb = K(expr_zext(var(ay, 0, 1), 32));
    Expr *ds[2] = {K(expr_eq(K(expr_add(xb, yb)), cw(10, 32))), K(expr_eq(K(expr_add(yb, cw(4, 32))), xb))};
    sys = linear_system_new();
    for (int i = 0; i < 2; i++) CHECK(linear_system_add(sys, ds[i]));
    CHECK(linear_system_term(sys, xb, &t));
    CHECK(ilp_range(sys, &t, ARRAY_PRECHECK_ILP_MS, &r, NULL) == ILP_FEASIBLE);
    CHECK_MSG(r.lo == 7 && r.hi == 7 && r.exact_lo < 7 && r.exact_hi > 7, "[%lld, %lld] of [%lld, %lld]",
              (long long)r.lo, (long long)r.hi, (long long)r.exact_lo, (long long)r.exact_hi);
    CHECK(ilp_confirm_range(sys, linear_system_nrows(sys), &t, &r));
    IlpRange wrong = r;
    wrong.lo = 8; /* x = 7 is the point */
    CHECK(!ilp_confirm_range(sys, linear_system_nrows(sys), &t, &wrong));
    linear_system_free(sys);
}

/* ---- randomized differential test ---- */
static Rng rng;
enum { NARR = 4 };
static Array *arr[NARR];    /* two symbolic, two constant; sizes powers of two */
static Array *ints[2];      /* the symbolic ints indices are made of */
static unsigned acc[NARR];  /* each array's access width */

/* An in-range index for a w-byte read of array a: aligned to w (w a multiple
 * of the access width) or, now and then, any byte (an unaligned access the
 * pruning must not be fooled by: the congruence is then not provable). */
static Expr *rand_index(Array *a, unsigned w) {
    Expr *x = K(expr_zext(var(ints[rng_below(&rng, 2)], 0, 1), 32));
    if (rng_below(&rng, 5) == 0) return K(expr_urem(x, cw(a->size - w + 1, 32)));
    Expr *slot = K(expr_and(x, cw(a->size / w - 1, 32)));
    return K(expr_mul(slot, cw(w, 32)));
}

static UpdateNode *rand_updates(Array *a) {
    UpdateNode *u = NULL;
    unsigned n = (unsigned)rng_below(&rng, 4);
    for (unsigned k = 0; k < n; k++) {
        Expr *idx = rng_below(&rng, 2) ? cw(rng_below(&rng, a->size), 32)
                                       : K(expr_and(K(expr_zext(var(ints[rng_below(&rng, 2)], 1, 1), 32)), cw(a->size - 1, 32)));
        Expr *val = rng_below(&rng, 2) ? cw(rng_below(&rng, 256), 8) : var(ints[rng_below(&rng, 2)], 2, 1);
        UpdateNode *t = expr_update(u, idx, val);
        expr_update_unref(u);
        u = t;
    }
    return u;
}

static VEC(UpdateNode *) live_updates;

static Expr *rand_read(unsigned *width) {
    unsigned k = (unsigned)rng_below(&rng, NARR);
    Array *a = arr[k];
    unsigned w = acc[k] << rng_below(&rng, 2);
    if (w > 4) w = 4;
    UpdateNode *u = rand_updates(a);
    VEC_PUSH(live_updates, u);
    *width = 8 * w;
    return K(expr_read_le(a, u, rand_index(a, w), w));
}

static Expr *rand_atom(void) {
    unsigned w;
    Expr *x = rand_read(&w);
    Expr *y;
    unsigned pick = (unsigned)rng_below(&rng, 3);
    if (pick == 0) {
        y = cw(rng_below(&rng, 2) ? rng_below(&rng, 12) : rng_next(&rng), w);
    } else if (pick == 1) {
        unsigned w2;
        y = rand_read(&w2);
        if (w2 != w) y = K(w2 < w ? expr_zext(y, w) : expr_extract(y, 0, w));
    } else {
        y = K(expr_add(x, cw(1 + rng_below(&rng, 3), w)));
        unsigned w2;
        Expr *z = rand_read(&w2);
        x = w2 == w ? z : K(w2 < w ? expr_zext(z, w) : expr_extract(z, 0, w));
    }
    static const ExprKind cmps[] = {EXPR_EQ, EXPR_ULT, EXPR_ULE, EXPR_SLT, EXPR_SLE};
    Expr *e = K(expr_binary(cmps[rng_below(&rng, 5)], x, y));
    return rng_below(&rng, 3) == 0 ? K(expr_not(e)) : e;
}

static bool satisfies(const Assignment *m, Expr *const *cs, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (!(expr_eval(cs[i], m) & 1)) return false;
    return true;
}

static void test_differential(void) {
    SolverStats sz = {0}, sf = {0}, sp = {0};
    Solver *core = solver_z3_new(&opts0, &sz);
    Solver *full = solver_cegar_new(solver_z3_new(&opts0, &sf), false, false);
    Solver *pruned = solver_cegar_new(solver_z3_new(&opts0, &sp), true, true);
    rng_seed(&rng, 4242);
    static const unsigned sizes[NARR] = {8, 16, 16, 32};
    for (unsigned k = 0; k < NARR; k++) {
        uint8_t init[32];
        for (unsigned b = 0; b < sizeof init; b++) init[b] = (uint8_t)(rng_below(&rng, 3) ? rng_below(&rng, 8) : rng_next(&rng));
        acc[k] = 1u << k % 3; /* 1, 2, 4, 1 */
        arr[k] = expr_array_new(k % 2 ? "tab" : "buf", sizes[k], k % 2 ? init : NULL);
        arr[k]->access = (uint8_t)acc[k];
    }
    ints[0] = expr_array_new("x", 4, NULL);
    ints[1] = expr_array_new("y", 4, NULL);
    int rounds = check_scale(90, 2000), agree = 0, sat = 0, unsat = 0;
    Assignment m;
    assignment_init(&m);
    for (int round = 0; round < rounds; round++) {
        Expr *cs[4];
        size_t n = 1 + rng_below(&rng, 3);
        for (size_t i = 0; i < n; i++) cs[i] = rand_atom();
        Query q = {cs, n, NULL, NULL, NULL, false};
        Solver *layers[2] = {full, pruned};
        SolverResult r[2];
        bool proven_sat = true;
        for (int l = 0; l < 2; l++) {
            assignment_clear(&m);
            r[l] = solver_check(layers[l], &q, &m);
            bool holds = r[l] == SOLVER_SAT && satisfies(&m, cs, n);
            if (r[l] == SOLVER_SAT) CHECK_MSG(holds, "round %d: model of cegar (%s) fails", round, l ? "pruned" : "full");
            proven_sat = proven_sat && holds;
        }
        /* Z3's reference answer is asked only when a layer does not answer sat
         * with a model that holds (a model that holds proves sat): Z3 took up to
         * 1.4 s on a round, the layers about 0.05 s */
        SolverResult rz = proven_sat ? SOLVER_SAT : solver_check(core, &q, NULL);
        bool same = true;
        for (int l = 0; l < 2; l++) {
            CHECK_MSG(r[l] == rz, "round %d: cegar (%s) %d, z3 %d", round, l ? "pruned" : "full", r[l], rz);
            same = same && r[l] == rz;
        }
        if (!same)
            for (size_t i = 0; i < n; i++) { expr_print(stderr, cs[i]); fputc('\n', stderr); }
        agree += same;
        sat += rz == SOLVER_SAT;
        unsat += rz == SOLVER_UNSAT;
    }
    CHECK(agree == rounds);
    CHECK(sat > rounds / 4 && unsat > rounds / 20);
    CHECK(sp.axioms_outside == 0);       /* the pruning never left out an axiom a model needed */
    CHECK(sp.precheck_unsat > 0);        /* and the pre-check settles some queries alone */
    CHECK(sp.axiom_candidates < sp.axiom_candidates_full);
    CHECK(sf.cegar_fallbacks + sp.cegar_fallbacks < (uint64_t)rounds / 20);
    printf("cegar: %d rounds (%d sat, %d unsat); full: %llu array queries, %llu abstract solves, %llu axioms, "
           "%llu fallbacks; pruned: %llu pre-check unsat, %llu abstract solves, %llu axioms (candidates %llu of %llu), "
           "%llu fallbacks\n",
           rounds, sat, unsat, (unsigned long long)sf.array_queries, (unsigned long long)sf.cegar_iterations,
           (unsigned long long)sf.axioms_added, (unsigned long long)sf.cegar_fallbacks,
           (unsigned long long)sp.precheck_unsat, (unsigned long long)sp.cegar_iterations,
           (unsigned long long)sp.axioms_added, (unsigned long long)sp.axiom_candidates,
           (unsigned long long)sp.axiom_candidates_full, (unsigned long long)sp.cegar_fallbacks);
    assignment_free(&m);
    solver_destroy(core);
    solver_destroy(full);
    solver_destroy(pruned);
}


/* ---- reads past the end: one semantics in every layer ----
 * An array reads 0 past its end unless a write put something there (expr.h).
 * Random queries over two input arrays of odd sizes and a constant one, read
 * at indices that reach past their ends, written at constant indices past the
 * end and at symbolic ones: Z3's array theory, the CEGAR solver with and
 * without the pre-check, and the SMT-LIB2 text read back by Z3 must agree, and
 * every model must evaluate true. */
static Array *past[3], *pint[2];

static Expr *past_index(void) {
    Expr *b = K(expr_zext(var(pint[rng_below(&rng, 2)], (unsigned)rng_below(&rng, 2), 1), 32));
    switch (rng_below(&rng, 3)) {
    case 0: return K(expr_and(b, cw(15, 32)));              /* 0..15 over sizes 5, 6, 7 */
    case 1: return K(expr_add(K(expr_urem(b, cw(4, 32))), cw(rng_below(&rng, 6), 32)));
    default: return b;                                      /* 0..255 */
    }
}

static UpdateNode *past_updates(Array *a) {
    UpdateNode *u = NULL;
    for (unsigned k = (unsigned)rng_below(&rng, 3); k > 0; k--) {
        Expr *idx = rng_below(&rng, 2) ? cw(rng_below(&rng, a->size + 3), 32) : past_index();
        Expr *val = rng_below(&rng, 2) ? cw(1 + rng_below(&rng, 255), 8) : var(pint[rng_below(&rng, 2)], 2, 1);
        UpdateNode *t = expr_update(u, idx, val);
        expr_update_unref(u);
        u = t;
    }
    VEC_PUSH(live_updates, u);
    return u;
}

static Expr *past_atom(void) {
    Array *a = past[rng_below(&rng, 3)];
    Expr *x = K(expr_read(a, past_updates(a), past_index()));
    Expr *y = rng_below(&rng, 2) ? cw(rng_below(&rng, 3), 8) : K(expr_read(past[rng_below(&rng, 3)], NULL, past_index()));
    static const ExprKind cmps[] = {EXPR_EQ, EXPR_ULT, EXPR_ULE};
    Expr *e = K(expr_binary(cmps[rng_below(&rng, 3)], x, y));
    return rng_below(&rng, 2) ? K(expr_not(e)) : e;
}

/* Z3's verdict on the SMT-LIB2 text of the query (in ctx, reset first). */
static SolverResult smt2_verdict(Z3_context ctx, Expr *const *cs, size_t n) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    fputs("(reset)\n", f);
    expr_print_smt2(f, cs, n, NULL);
    fclose(f);
    const char *out = Z3_eval_smtlib2_string(ctx, buf);
    SolverResult r = strncmp(out, "sat", 3) == 0 ? SOLVER_SAT : strncmp(out, "unsat", 5) == 0 ? SOLVER_UNSAT : SOLVER_UNKNOWN;
    free(buf);
    return r;
}

static void test_differential_past_end(void) {
    SolverStats sz = {0}, sf = {0}, sp = {0};
    Solver *core = solver_z3_new(&opts0, &sz);
    Solver *layers[2] = {solver_cegar_new(solver_z3_new(&opts0, &sf), false, false),
                         solver_cegar_new(solver_z3_new(&opts0, &sp), true, true)};
    rng_seed(&rng, 2828);
    uint8_t init[7] = {3, 0, 9, 1, 200, 7, 2};
    past[0] = expr_array_new("in5", 5, NULL);
    past[1] = expr_array_new("in6", 6, NULL);
    past[2] = expr_array_new("tab7", 7, init);
    pint[0] = expr_array_new("pi", 3, NULL);
    pint[1] = expr_array_new("pj", 3, NULL);
    int rounds = check_scale(80, 800), sat = 0, unsat = 0, beyond = 0;
    Z3_context ctx = Z3_mk_context(NULL);
    Assignment m;
    assignment_init(&m);
    for (int round = 0; round < rounds; round++) {
        Expr *cs[4];
        size_t n = 2 + rng_below(&rng, 3);
        for (size_t i = 0; i < n; i++) cs[i] = past_atom();
        Query q = {cs, n, NULL, NULL, NULL, false};
        assignment_clear(&m);
        SolverResult rz = solver_check(core, &q, &m);
        if (rz == SOLVER_SAT) CHECK_MSG(satisfies(&m, cs, n), "round %d: model of z3 fails", round);
        SolverResult rt = smt2_verdict(ctx, cs, n);
        CHECK_MSG(rt == rz, "round %d: smt2 text %d, z3 %d", round, rt, rz);
        for (int l = 0; l < 2; l++) {
            assignment_clear(&m);
            SolverResult r = solver_check(layers[l], &q, &m);
            CHECK_MSG(r == rz, "round %d: cegar (%s) %d, z3 %d", round, l ? "pruned" : "full", r, rz);
            if (r == SOLVER_SAT) CHECK_MSG(satisfies(&m, cs, n), "round %d: model of cegar (%s) fails", round, l ? "pruned" : "full");
        }
        /* is a read past an input's end where the query can take it? */
        Expr *g = NULL;
        for (size_t i = 0; i < n && !g; i++) {
            Expr *c = cs[i]->kind == EXPR_NOT ? cs[i]->kids[0] : cs[i];
            Expr *rd = c->nkids == 2 ? c->kids[0] : NULL;
            if (rd && rd->kind == EXPR_READ && !rd->u.read.array->init)
                g = K(expr_uge(rd->kids[0], cw(rd->u.read.array->size, 32)));
        }
        Query qg = {cs, n, g, NULL, NULL, false};
        beyond += g && solver_check(core, &qg, NULL) == SOLVER_SAT;
        sat += rz == SOLVER_SAT;
        unsat += rz == SOLVER_UNSAT;
    }
    CHECK(sat > rounds / 4 && unsat > rounds / 20);
    CHECK_MSG(beyond > rounds / 4, "only %d queries can read past an input's end", beyond);
    printf("past the end: %d rounds (%d sat, %d unsat, %d may read past an input's end)\n", rounds, sat, unsat, beyond);
    Z3_del_context(ctx);
    assignment_free(&m);
    solver_destroy(core);
    solver_destroy(layers[0]);
    solver_destroy(layers[1]);
}

int main(void) {
    opts0.timeout_s = 10;
    test_t1_precheck_unsat();
    test_t2_t3_pruned_axioms();
    test_t4_refinements();
    test_precheck_glpk_no_point();
    test_precheck_glpk_error();
    test_ilp_range_confirmed();
    test_differential();
    test_differential_past_end();
    for (size_t i = 0; i < live_updates.len; i++) expr_update_unref(live_updates.data[i]);
    VEC_FREE(live_updates);
    for (size_t i = 0; i < pool.len; i++) expr_unref(pool.data[i]);
    VEC_FREE(pool);
    CHECK(expr_live_count() == 0);
    expr_shutdown();
    return check_report();
}
