/* Solver chain tests: known SAT/UNSAT cases, models checked by evaluation, the
 * convenience queries, each layer's behaviour (cache hits, independence
 * slicing, simplification), the timeout and deadline paths, the SMT-LIB2 dump, and a
 * randomized differential test of the full chain against the bare Z3 core. */
#define _GNU_SOURCE
#include "check.h"
#include "expr/expr.h"
#include "solver/solver.h"
#include "util/util.h"
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <z3.h>

/* Every expression a test builds goes through K() and is released at the end,
 * so the tests can nest builders freely. */
static VEC(Expr *) pool;
static Expr *K(Expr *e) {
    VEC_PUSH(pool, e);
    return e;
}
static VEC(UpdateNode *) upool;

static Expr *c8(unsigned v) { return K(expr_const(v, 8)); }
static Expr *c32(unsigned v) { return K(expr_const(v, 32)); }
static Expr *rd(Array *a, unsigned i) { return K(expr_read(a, NULL, c32(i))); }

/* A test layer that forwards and records what reaches it. */
typedef struct Spy {
    Solver base;
    int calls;
    size_t max_n;
} Spy;
static SolverResult spy_check(Solver *s, const Query *q, Assignment *m) {
    Spy *sp = (Spy *)s;
    sp->calls++;
    if (q->n > sp->max_n) sp->max_n = q->n;
    return solver_check(s->next, q, m);
}
static void spy_destroy(Solver *s) { free(s); }
static const SolverOps spy_ops = {spy_check, spy_destroy};
static Spy *spy_new(Solver *next) {
    Spy *s = util_calloc(1, sizeof *s);
    s->base.ops = &spy_ops;
    s->base.next = next;
    s->base.stats = next->stats;
    return s;
}

static bool model_satisfies(const Assignment *m, Expr *const *cs, size_t n, Expr *goal) {
    for (size_t i = 0; i < n; i++)
        if (!(expr_eval(cs[i], m) & 1)) return false;
    return !goal || (expr_eval(goal, m) & 1);
}

static SolverResult check_model(Solver *s, Expr *const *cs, size_t n, Expr *goal, Assignment *m) {
    Query q = {cs, n, goal, NULL, NULL, false};
    assignment_clear(m);
    SolverResult r = solver_check(s, &q, m);
    if (r == SOLVER_SAT) CHECK(model_satisfies(m, cs, n, goal));
    return r;
}

static SolverOptions opts0;

/* x*x == 7 (mod 256) has no solution: odd squares are 1 mod 8. x + 1 < x
 * holds only for x = 255. */
static void test_known(void) {
    SolverStats st = {0};
    Solver *s = solver_chain_new(&opts0, &st);
    Array *a = expr_array_new("x", 1, NULL);
    Expr *x = rd(a, 0);
    Expr *sq = K(expr_eq(K(expr_mul(x, x)), c8(7)));
    Assignment m;
    assignment_init(&m);
    CHECK(check_model(s, &sq, 1, NULL, &m) == SOLVER_UNSAT);
    Expr *sq9 = K(expr_eq(K(expr_mul(x, x)), c8(9)));
    CHECK(check_model(s, &sq9, 1, NULL, &m) == SOLVER_SAT);
    Expr *wrap = K(expr_ult(K(expr_add(x, c8(1))), x));
    CHECK(check_model(s, &wrap, 1, NULL, &m) == SOLVER_SAT);
    CHECK(assignment_get(&m, a) && assignment_get(&m, a)[0] == 255);
    u128 v = 0;
    CHECK(solver_get_value(s, &wrap, 1, x, &v) == SOLVER_SAT && v == 255);
    CHECK(st.queries >= 4 && st.core_queries >= 1);
    CHECK(st.time_s >= st.core_time_s);
    assignment_free(&m);
    solver_destroy(s);
}

/* may/must on implied facts and get_value inside a range. */
static void test_convenience(void) {
    SolverStats st = {0};
    Solver *s = solver_chain_new(&opts0, &st);
    Array *a = expr_array_new("in", 2, NULL);
    Expr *w = K(expr_read_le(a, NULL, c32(0), 2)); /* 16-bit */
    Expr *cs[2] = {K(expr_ugt(w, K(expr_const(1000, 16)))), K(expr_ult(w, K(expr_const(1003, 16))))};
    CHECK(solver_must_be_true(s, cs, 2, K(expr_ult(w, K(expr_const(2000, 16))))) == SOLVER_SAT);
    CHECK(solver_must_be_true(s, cs, 2, K(expr_eq(w, K(expr_const(1001, 16))))) == SOLVER_UNSAT);
    CHECK(solver_may_be_true(s, cs, 2, K(expr_eq(w, K(expr_const(1002, 16))))) == SOLVER_SAT);
    CHECK(solver_may_be_true(s, cs, 2, K(expr_eq(w, K(expr_const(1003, 16))))) == SOLVER_UNSAT);
    u128 v = 0;
    CHECK(solver_get_value(s, cs, 2, w, &v) == SOLVER_SAT);
    CHECK(v == 1001 || v == 1002);
    Expr *wide = K(expr_zext(w, 64));
    CHECK(solver_get_value(s, cs, 2, K(expr_mul(wide, wide)), &v) == SOLVER_SAT);
    CHECK(v == 1001u * 1001u || v == 1002u * 1002u);
    Expr *bad[3] = {cs[0], cs[1], K(expr_eq(w, K(expr_const(5, 16))))};
    CHECK(solver_get_value(s, bad, 3, w, &v) == SOLVER_UNSAT);
    /* 128-bit constants go through the concat path of the translation. */
    Expr *big = K(expr_const(((u128)1 << 100) + 1001, 128));
    Expr *eq128 = K(expr_eq(K(expr_add(K(expr_zext(w, 128)), K(expr_const((u128)1 << 100, 128)))), big));
    CHECK(solver_must_be_true(s, cs, 2, eq128) == SOLVER_UNSAT);
    CHECK(solver_may_be_true(s, cs, 2, eq128) == SOLVER_SAT);
    solver_destroy(s);
}

/* Repeated, subset-UNSAT and superset-SAT queries are answered by the cache,
 * correctly. */
static void test_cache(void) {
    SolverStats st = {0};
    Solver *s = solver_cache_new(solver_z3_new(&opts0, &st));
    Array *a = expr_array_new("c", 2, NULL), *b = expr_array_new("d", 1, NULL);
    Expr *x = rd(a, 0), *y = rd(a, 1), *z = rd(b, 0);
    Expr *lo = K(expr_ult(x, c8(5))), *hi = K(expr_ugt(x, c8(10))), *yz = K(expr_eq(y, z));
    Assignment m;
    assignment_init(&m);
    Expr *unsat[2] = {lo, hi};
    CHECK(check_model(s, unsat, 2, NULL, &m) == SOLVER_UNSAT);
    uint64_t core = st.core_queries;
    CHECK(check_model(s, unsat, 2, NULL, &m) == SOLVER_UNSAT); /* exact */
    CHECK(st.cache_hits == 1 && st.core_queries == core);
    Expr *more[3] = {yz, hi, lo};
    CHECK(check_model(s, more, 3, NULL, &m) == SOLVER_UNSAT); /* superset of an UNSAT set */
    CHECK(st.cache_hits == 2 && st.core_queries == core);
    Expr *sat3[3] = {lo, yz, K(expr_eq(z, c8(77)))};
    CHECK(check_model(s, sat3, 3, NULL, &m) == SOLVER_SAT);
    core = st.core_queries;
    CHECK(check_model(s, sat3, 2, NULL, &m) == SOLVER_SAT); /* subset: reuses the assignment */
    CHECK(st.cache_hits == 3 && st.core_queries == core);
    CHECK(assignment_get(&m, a) && assignment_get(&m, b)); /* model covers both arrays */
    /* A goal the stored assignment violates must not be answered from it. */
    Expr *g = K(expr_eq(z, c8(78)));
    CHECK(check_model(s, sat3, 2, g, &m) == SOLVER_SAT);
    CHECK(st.core_queries == core + 1);
    CHECK(check_model(s, sat3, 3, g, &m) == SOLVER_UNSAT);
    /* Arrays the stored assignment lacks: not reused. */
    Array *e = expr_array_new("e", 1, NULL);
    Expr *ez = K(expr_eq(rd(e, 0), c8(3)));
    Expr *withe[2] = {lo, ez};
    core = st.core_queries;
    CHECK(check_model(s, withe, 2, NULL, &m) == SOLVER_SAT);
    CHECK(st.core_queries == core + 1 && assignment_get(&m, e) && assignment_get(&m, e)[0] == 3);
    assignment_free(&m);
    solver_destroy(s);
}

/* A cheap query (Query.cheap) is answered by the chain's layers above the
 * gate or not at all: UNKNOWN, with no core query, for a query only a search
 * answers; the same answer as a full query once the cache holds it, and
 * from the slicing and bounds whatever the cache holds. */
static void test_cheap(void) {
    SolverStats st = {0};
    Solver *s = solver_chain_new(&opts0, &st);
    Array *a = expr_array_new("g", 2, NULL);
    Expr *x = rd(a, 0), *y = rd(a, 1);
    Expr *cs[1] = {K(expr_ugt(x, c8(10)))};
    Expr *goal = K(expr_eq(K(expr_mul(x, y)), c8(77)));
    Query q = {cs, 1, goal, NULL, NULL, true};
    Assignment m;
    assignment_init(&m);
    CHECK(solver_check(s, &q, &m) == SOLVER_UNKNOWN && st.core_queries == 0);
    q.cheap = false;
    CHECK(solver_check(s, &q, &m) == SOLVER_SAT && st.core_queries == 1);
    q.cheap = true;
    assignment_clear(&m);
    CHECK(solver_check(s, &q, &m) == SOLVER_SAT && st.core_queries == 1 && model_satisfies(&m, cs, 1, goal));
    /* a goal the constraints' ranges contradict: UNSAT above the cache */
    Expr *lo[2] = {cs[0], K(expr_ult(y, c8(3)))};
    Query b = {lo, 2, K(expr_ugt(y, c8(200))), NULL, NULL, true};
    CHECK(solver_check(s, &b, NULL) == SOLVER_UNSAT && st.core_queries == 1);
    assignment_free(&m);
    solver_destroy(s);
}

/* Independent groups: the goal's group alone reaches the core; a model covers
 * every group's arrays; byte granularity and symbolic indices. */
static void test_independence(void) {
    SolverStats st = {0};
    Spy *spy = spy_new(solver_z3_new(&opts0, &st));
    Solver *s = solver_independence_new(&spy->base);
    Array *a = expr_array_new("ia", 2, NULL), *b = expr_array_new("ib", 1, NULL);
    Expr *a0 = rd(a, 0), *a1 = rd(a, 1), *b0 = rd(b, 0);
    Expr *cs[3] = {K(expr_eq(K(expr_add(a0, a0)), c8(20))), K(expr_ugt(a1, c8(200))),
                   K(expr_eq(K(expr_xor(b0, c8(0x5a))), c8(0x0f)))};
    CHECK(solver_may_be_true(s, cs, 3, K(expr_ult(b0, c8(0x60)))) == SOLVER_SAT);
    CHECK(spy->calls == 1 && spy->max_n == 1); /* only b's constraint went down */
    CHECK(solver_may_be_true(s, cs, 3, K(expr_eq(a1, c8(100)))) == SOLVER_UNSAT);
    Assignment m;
    assignment_init(&m);
    spy->calls = 0;
    spy->max_n = 0;
    CHECK(check_model(s, cs, 3, K(expr_eq(a0, c8(138))), &m) == SOLVER_SAT);
    CHECK(spy->calls == 3 && spy->max_n == 1); /* a[0], a[1] and b[0] are separate groups */
    const uint8_t *ab = assignment_get(&m, a), *bb = assignment_get(&m, b);
    CHECK(ab && bb && ab[0] == 138 && ab[1] > 200 && bb[0] == (0x0f ^ 0x5a));
    /* A symbolic index joins every constraint on that array. */
    Expr *sym = K(expr_eq(K(expr_read(a, NULL, K(expr_zext(K(expr_and(b0, c8(1))), 32)))), c8(9)));
    Expr *cs2[4] = {cs[0], cs[1], cs[2], sym};
    spy->calls = 0;
    spy->max_n = 0;
    CHECK(check_model(s, cs2, 4, NULL, &m) == SOLVER_UNSAT); /* a[b&1]==9 impossible */
    CHECK(spy->max_n == 4);
    Expr *sym2 = K(expr_eq(K(expr_read(a, NULL, K(expr_zext(K(expr_and(b0, c8(2))), 32)))), c8(10)));
    Expr *cs3[4] = {cs[0], cs[1], cs[2], sym2};
    CHECK(check_model(s, cs3, 4, NULL, &m) == SOLVER_SAT); /* b0 & 2 == 0: a[0] == 10 */
    /* Without a goal every group counts: an unrelated UNSAT group is found. */
    Expr *cs4[3] = {cs[0], K(expr_ult(a1, c8(3))), K(expr_ugt(a1, c8(3)))};
    CHECK(check_model(s, cs4, 3, NULL, &m) == SOLVER_UNSAT);
    assignment_free(&m);
    solver_destroy(s);
}

/* Substituted equalities fold other constraints: false answers UNSAT with no
 * core query; true constraints are dropped; the model still covers arrays. */
static void test_simplify(void) {
    SolverStats st = {0};
    Spy *spy = spy_new(solver_z3_new(&opts0, &st));
    Solver *s = solver_simplify_new(&spy->base);
    Array *a = expr_array_new("sa", 2, NULL);
    Expr *x = rd(a, 0), *y = rd(a, 1);
    Expr *x5 = K(expr_eq(x, c8(5)));
    Expr *odd = K(expr_eq(K(expr_and(x, c8(1))), c8(0)));
    Expr *cs[2] = {x5, odd};
    Assignment m;
    assignment_init(&m);
    CHECK(check_model(s, cs, 2, NULL, &m) == SOLVER_UNSAT);
    CHECK(spy->calls == 0 && st.core_queries == 0);
    /* The goal folds to false too. */
    CHECK(solver_may_be_true(s, &x5, 1, K(expr_ugt(x, c8(7)))) == SOLVER_UNSAT);
    CHECK(spy->calls == 0);
    /* A width-1 constraint substitutes into a goal that repeats it. */
    Expr *lt = K(expr_ult(K(expr_mul(x, y)), c8(40)));
    CHECK(solver_must_be_true(s, &lt, 1, lt) == SOLVER_SAT);
    CHECK(spy->calls == 0);
    /* x == 5 turns x + y == 7 into y == 2, and y*3 == 6 then holds. */
    Expr *cs2[3] = {x5, K(expr_eq(K(expr_add(x, y)), c8(7))), K(expr_eq(K(expr_mul(y, c8(3))), c8(6)))};
    CHECK(check_model(s, cs2, 3, NULL, &m) == SOLVER_SAT);
    CHECK(spy->max_n <= 2 && spy->calls == 1);
    CHECK(assignment_get(&m, a) && assignment_get(&m, a)[0] == 5 && assignment_get(&m, a)[1] == 2);
    /* not e fixes e to 0. */
    Expr *c = K(expr_ult(y, c8(9)));
    Expr *cs3[2] = {K(expr_not(c)), K(expr_bool_or(c, K(expr_eq(x, c8(1)))))};
    CHECK(check_model(s, cs3, 2, NULL, &m) == SOLVER_SAT);
    CHECK(assignment_get(&m, a)[0] == 1 && assignment_get(&m, a)[1] >= 9);
    assignment_free(&m);
    solver_destroy(s);
}

/* Factoring a 64-bit semiprime with a 1 ms budget: UNKNOWN is expected, but
 * any definite answer must be right (it is SAT: 4294967291 * 4294967279). */
/* Factoring the product of two 32-bit primes: no solver answers it in the
 * 1 ms budgets below. Returns the result; *st gets the chain's statistics. */
static SolverResult factoring_query(double timeout_s, double deadline, SolverStats *st) {
    SolverOptions o = opts0;
    o.timeout_s = timeout_s;
    *st = (SolverStats){0};
    st->deadline = deadline;
    Solver *s = solver_chain_new(&o, st);
    Array *pa = expr_array_new("p", 4, NULL), *qa = expr_array_new("q", 4, NULL);
    Expr *p = K(expr_zext(K(expr_read_le(pa, NULL, c32(0), 4)), 64));
    Expr *q = K(expr_zext(K(expr_read_le(qa, NULL, c32(0), 4)), 64));
    u128 n = (u128)4294967291u * 4294967279u;
    Expr *cs[3] = {K(expr_eq(K(expr_mul(p, q)), K(expr_const(n, 64)))),
                   K(expr_ugt(p, K(expr_const(1, 64)))), K(expr_ugt(q, K(expr_const(1, 64))))};
    Assignment m;
    assignment_init(&m);
    SolverResult r = check_model(s, cs, 3, NULL, &m);
    assignment_free(&m);
    solver_destroy(s);
    return r;
}

/* The per-query timeout gives UNKNOWN, and says it was not the deadline. */
static void test_timeout(void) {
    SolverStats st;
    SolverResult r = factoring_query(0.001, timer_now() + 1000, &st);
    CHECK(r != SOLVER_UNSAT);
    CHECK(r == SOLVER_SAT || (st.unknown == 1 && !st.deadline_hit));
}

/* A deadline already passed cuts a query that has no timeout of its own, and
 * says so (the executor then ends the state with reason max-time). */
static void test_deadline(void) {
    SolverStats st;
    SolverResult r = factoring_query(0, timer_now() - 1, &st);
    CHECK(r != SOLVER_UNSAT);
    CHECK(r == SOLVER_SAT || (st.unknown == 1 && st.deadline_hit));
}

/* ---- randomized differential test ---- */
static Rng rng;
static Array *rarr[3];

static Expr *rand_term(int depth) {
    Array *a = rarr[rng_below(&rng, 3)];
    unsigned pick = depth <= 0 ? (unsigned)rng_below(&rng, 3) : (unsigned)rng_below(&rng, 9);
    if (pick == 0) return rd(a, (unsigned)rng_below(&rng, a->size));
    if (pick == 1) return c8((unsigned)rng_below(&rng, 256));
    if (pick == 2 || pick == 3) {
        /* Symbolic index kept in bounds, the way the executor's checks keep it. */
        Expr *i = K(expr_urem(rand_term(depth - 1), c8(a->size)));
        UpdateNode *u = NULL;
        if (pick == 3) {
            u = expr_update(NULL, K(expr_zext(K(expr_urem(rand_term(0), c8(a->size))), 32)), rand_term(0));
            VEC_PUSH(upool, u);
        }
        return K(expr_read(a, u, K(expr_zext(i, 32))));
    }
    static const ExprKind ops[] = {EXPR_ADD, EXPR_SUB, EXPR_MUL, EXPR_AND, EXPR_OR, EXPR_XOR,
                                   EXPR_UDIV, EXPR_UREM, EXPR_SHL, EXPR_LSHR, EXPR_ASHR, EXPR_SDIV};
    ExprKind k = ops[rng_below(&rng, sizeof ops / sizeof *ops)];
    return K(expr_binary(k, rand_term(depth - 1), rand_term(depth - 1)));
}

static Expr *rand_constraint(void) {
    unsigned pick = (unsigned)rng_below(&rng, 10);
    if (pick < 3) return K(expr_eq(rand_term(1), c8((unsigned)rng_below(&rng, 256))));
    if (pick == 3) return K(expr_not(rand_constraint()));
    if (pick == 4) return K(expr_bool_or(rand_constraint(), rand_constraint()));
    if (pick == 5) {
        Expr *w = K(expr_concat(rand_term(1), rand_term(1)));
        return K(expr_ule(w, K(expr_const(rng_below(&rng, 65536), 16))));
    }
    static const ExprKind cmps[] = {EXPR_EQ, EXPR_ULT, EXPR_ULE, EXPR_SLT, EXPR_SLE};
    return K(expr_binary(cmps[rng_below(&rng, 5)], rand_term(2), rand_term(2)));
}

static void test_differential(void) {
    SolverStats sc = {0}, sz = {0};
    Solver *chain = solver_chain_new(&opts0, &sc);
    Solver *core = solver_z3_new(&opts0, &sz);
    rng_seed(&rng, 12345);
    for (int i = 0; i < 3; i++) rarr[i] = expr_array_new("r", 2 + i, NULL);
    int agree = 0, sat = 0, unsat = 0;
    Assignment m;
    assignment_init(&m);
    for (int round = 0; round < 300; round++) {
        Expr *cs[6];
        size_t n = 1 + rng_below(&rng, 5);
        for (size_t i = 0; i < n; i++) cs[i] = rand_constraint();
        Expr *goal = rng_below(&rng, 2) ? rand_constraint() : NULL;
        /* With a goal, slicing assumes the constraints satisfiable (as KLEE does). */
        Query qc = {cs, n, NULL, NULL, NULL, false};
        SolverResult rc0 = solver_check(core, &qc, NULL);
        if (rc0 != SOLVER_SAT) goal = NULL;
        Query q = {cs, n, goal, NULL, NULL, false};
        SolverResult rz = solver_check(core, &q, NULL);
        SolverResult r = check_model(chain, cs, n, goal, &m);
        CHECK_MSG(r == rz, "round %d: chain %d core %d", round, r, rz);
        agree += r == rz;
        sat += r == SOLVER_SAT;
        unsat += r == SOLVER_UNSAT;
        if (r == SOLVER_SAT) { /* the model covers every array the query reads */
            ArraySet as = {0};
            for (size_t j = 0; j < n; j++) expr_collect_arrays(cs[j], &as);
            for (size_t j = 0; j < as.len; j++) CHECK(assignment_get(&m, as.data[j]) != NULL);
            expr_array_set_free(&as);
        }
        /* Repeat some queries to exercise the cache on the same expressions. */
        if (round % 3 == 0) CHECK(solver_may_be_true(chain, cs, n, goal) == rz);
    }
    CHECK(agree == 300);
    CHECK(sat > 30 && unsat > 30); /* the generator covers both answers */
    CHECK(sc.cache_hits > 0);
    printf("differential: %d sat, %d unsat, %llu cache hits, %llu core queries\n", sat, unsat,
           (unsigned long long)sc.cache_hits, (unsigned long long)sc.core_queries);
    assignment_free(&m);
    solver_destroy(chain);
    solver_destroy(core);
}

/* ---- SMT-LIB2 dump ---- */
static char *slurp(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = util_malloc((size_t)len + 1);
    size_t got = fread(buf, 1, (size_t)len, f);
    buf[got] = 0;
    fclose(f);
    return buf;
}

/* What a fresh Z3 says about a written file: "sat", "unsat" or other. */
static SolverResult z3_file_answer(const char *path) {
    char *text = slurp(path);
    if (!text) return SOLVER_UNKNOWN;
    Z3_config cfg = Z3_mk_config();
    Z3_context ctx = Z3_mk_context(cfg);
    Z3_del_config(cfg);
    const char *out = Z3_eval_smtlib2_string(ctx, text);
    SolverResult r = strncmp(out, "sat", 3) == 0     ? SOLVER_SAT
                     : strncmp(out, "unsat", 5) == 0 ? SOLVER_UNSAT
                                                      : SOLVER_UNKNOWN;
    if (r == SOLVER_UNKNOWN) fprintf(stderr, "z3 on %s: %s\n", path, out);
    Z3_del_context(ctx);
    free(text);
    return r;
}

static void test_smt2(void) {
    char dir[] = "/tmp/symplex-smt2-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    SolverStats st = {0};
    SolverOptions o = opts0;
    o.smt2_dir = dir;
    o.no_cache = true;
    /* one query, one core query: slicing would split a query into several
     * groups, and the chain's answer could then come from a group not dumped */
    o.no_independence = true;
    Solver *s = solver_chain_new(&o, &st);
    rng_seed(&rng, 777);
    SolverResult answers[256];
    int nq = 0;
    for (int round = 0; round < 40; round++) {
        Expr *cs[4];
        size_t n = 1 + rng_below(&rng, 4);
        for (size_t i = 0; i < n; i++) cs[i] = rand_constraint();
        uint64_t before = st.core_queries;
        SolverResult r = solver_may_be_true(s, cs, n, NULL);
        /* Only a round with one core query maps its file to the chain's answer. */
        uint64_t made = st.core_queries - before;
        for (uint64_t k = 0; k < made && nq < 256; k++) answers[nq++] = made == 1 ? r : SOLVER_UNKNOWN;
    }
    CHECK(st.core_queries > 10 && (int)st.core_queries == nq);
    int compared = 0;
    for (int i = 0; i < nq; i++) {
        char *path = util_format("%s/query%06d.smt2", dir, i + 1);
        SolverResult fr = z3_file_answer(path);
        CHECK_MSG(fr != SOLVER_UNKNOWN, "%s did not parse or decide", path);
        if (answers[i] != SOLVER_UNKNOWN) {
            CHECK_MSG(fr == answers[i], "%s: file %d, chain %d", path, fr, answers[i]);
            compared++;
        }
        unlink(path);
        free(path);
    }
    CHECK(compared > 10);
    rmdir(dir);
    solver_destroy(s);
}

/* Query.base: with a goal, the chain solves only the goal's slice and returns
 * the base with that slice's bytes replaced. The result must satisfy every
 * constraint, keep the base's bytes elsewhere (even where another value would
 * do), and take just one slice to the layers below. */
static void test_base_model(void) {
    SolverStats st = {0};
    Spy *spy = spy_new(solver_z3_new(&opts0, &st));
    Solver *s = solver_independence_new(&spy->base);
    Array *a = expr_array_new("base_a", 2, NULL), *b = expr_array_new("base_b", 2, NULL);
    Expr *cs[3] = {K(expr_ult(rd(a, 0), c8(10))), K(expr_ugt(rd(b, 0), c8(200))), K(expr_ne(rd(a, 1), c8(7)))};
    Assignment base, out;
    assignment_init(&base);
    assignment_init(&out);
    uint8_t ab[2] = {3, 9}, bb[2] = {250, 77};
    assignment_set(&base, a, ab);
    assignment_set(&base, b, bb);
    CHECK(model_satisfies(&base, cs, 3, NULL));
    Expr *goal = K(expr_eq(rd(a, 0), c8(5))); /* in a's slice: a[0] and a[1] are in different groups */
    Query q = {cs, 3, goal, NULL, &base, false};
    CHECK(solver_check(s, &q, &out) == SOLVER_SAT);
    CHECK(model_satisfies(&out, cs, 3, goal));
    const uint8_t *ob = assignment_get(&out, b), *oa = assignment_get(&out, a);
    CHECK(ob && ob[0] == 250 && ob[1] == 77); /* b's slice untouched */
    CHECK(oa && oa[0] == 5 && oa[1] == 9);    /* a[1] is its own slice: kept too */
    CHECK(spy->calls == 1 && spy->max_n == 1); /* only the goal's slice went down */
    Expr *bad = K(expr_eq(rd(a, 0), c8(12))); /* contradicts a[0] < 10 */
    Query q2 = {cs, 3, bad, NULL, &base, false};
    CHECK(solver_check(s, &q2, &out) == SOLVER_UNSAT);
    assignment_free(&base);
    assignment_free(&out);
    solver_destroy(s);
}

int main(void) {
    test_known();
    test_convenience();
    test_cache();
    test_cheap();
    test_independence();
    test_simplify();
    test_timeout();
    test_deadline();
    test_differential();
    test_smt2();
    test_base_model();
    for (size_t i = 0; i < pool.len; i++) expr_unref(pool.data[i]);
    for (size_t i = 0; i < upool.len; i++) expr_update_unref(upool.data[i]);
    VEC_FREE(pool);
    VEC_FREE(upool);
    CHECK(expr_live_count() == 0); /* the solver layers released every reference */
    expr_shutdown();
    return check_report();
}
