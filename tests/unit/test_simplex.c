/* Simplex tests: the MuSE paper's Figure 2 step by step, rounding of partial
 * solutions and the branch and bound order on hand-derived problems, the
 * limits, the visit-count property, a differential test against Z3 over
 * bounded and unbounded integers, and overflow with 2^100-sized coefficients.
 * Every SAT model is checked with exact integer arithmetic. */
#include "check.h"
#include "solver/simplex.h"
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <z3.h>

enum { MAXV = 5, MAXR = 6, MAXVISITS = 64 };

typedef struct Bnd {
    bool lo_on, hi_on;
    i128 lo, hi;
} Bnd;

typedef struct Prob {
    uint32_t n, m;
    Bnd v[MAXV];
    i128 c[MAXR][MAXV];
    Bnd r[MAXR];
} Prob;

/* What the visit callback saw: the first MAXVISITS partial solutions, and
 * whether every one respected the problem's variable bounds. */
typedef struct Visits {
    const Prob *p;
    uint32_t count;
    bool in_bounds;
    i128 seen[MAXVISITS][MAXV];
} Visits;

static void on_visit(void *ctx, const i128 *values, uint32_t n) {
    Visits *vs = ctx;
    if (vs->p) {
        if (n != vs->p->n) vs->in_bounds = false;
        for (uint32_t i = 0; i < n && i < MAXV; i++) {
            const Bnd *b = &vs->p->v[i];
            if ((b->lo_on && values[i] < b->lo) || (b->hi_on && values[i] > b->hi)) vs->in_bounds = false;
        }
    }
    if (vs->count < MAXVISITS)
        for (uint32_t i = 0; i < n && i < MAXV; i++) vs->seen[vs->count][i] = values[i];
    vs->count++;
}

static void visits_init(Visits *vs, const Prob *p) {
    memset(vs, 0, sizeof *vs);
    vs->p = p;
    vs->in_bounds = true;
}

static const char *i128_str(i128 v, char *buf) {
    char tmp[48];
    int k = 0;
    unsigned __int128 u = v < 0 ? (unsigned __int128)0 - (unsigned __int128)v : (unsigned __int128)v;
    do {
        tmp[k++] = (char)('0' + (int)(u % 10));
        u /= 10;
    } while (u);
    int j = 0;
    if (v < 0) buf[j++] = '-';
    while (k) buf[j++] = tmp[--k];
    buf[j] = 0;
    return buf;
}

/* ---- building and checking problems ---- */

static Simplex *prob_simplex(const Prob *p, bool split_terms) {
    Simplex *s = simplex_new(p->n);
    for (uint32_t i = 0; i < p->n; i++)
        simplex_bound(s, i, p->v[i].lo_on ? &p->v[i].lo : NULL, p->v[i].hi_on ? &p->v[i].hi : NULL);
    for (uint32_t r = 0; r < p->m; r++) {
        uint32_t vars[2 * MAXV];
        i128 coefs[2 * MAXV];
        uint32_t k = 0;
        for (uint32_t i = 0; i < p->n; i++) {
            if (p->c[r][i] == 0) continue;
            /* the same variable twice exercises the summing of repeated terms */
            if (split_terms && (i + r) % 2 == 0) {
                vars[k] = i;
                coefs[k++] = 3;
                vars[k] = i;
                coefs[k++] = p->c[r][i] - 3;
            } else {
                vars[k] = i;
                coefs[k++] = p->c[r][i];
            }
        }
        simplex_add_row(s, k, vars, coefs, p->r[r].lo_on ? &p->r[r].lo : NULL, p->r[r].hi_on ? &p->r[r].hi : NULL);
    }
    return s;
}

static bool in_bnd(const Bnd *b, i128 x) { return (!b->lo_on || x >= b->lo) && (!b->hi_on || x <= b->hi); }

/* Exact check of a model, with overflow treated as failure. */
static bool prob_satisfied(const Prob *p, const i128 *model) {
    for (uint32_t i = 0; i < p->n; i++)
        if (!in_bnd(&p->v[i], model[i])) return false;
    for (uint32_t r = 0; r < p->m; r++) {
        i128 sum = 0, t;
        for (uint32_t i = 0; i < p->n; i++)
            if (__builtin_mul_overflow(p->c[r][i], model[i], &t) || __builtin_add_overflow(sum, t, &sum)) return false;
        if (!in_bnd(&p->r[r], sum)) return false;
    }
    return true;
}

static Z3_context zctx;
static Z3_ast zvars[MAXV];

static Z3_ast z3_num(i128 v) {
    char buf[48];
    return Z3_mk_numeral(zctx, i128_str(v, buf), Z3_mk_int_sort(zctx));
}

static void z3_bound(Z3_solver s, Z3_ast e, const Bnd *b) {
    if (b->lo_on && b->hi_on && b->lo == b->hi) {
        Z3_solver_assert(zctx, s, Z3_mk_eq(zctx, e, z3_num(b->lo)));
        return;
    }
    if (b->lo_on) Z3_solver_assert(zctx, s, Z3_mk_ge(zctx, e, z3_num(b->lo)));
    if (b->hi_on) Z3_solver_assert(zctx, s, Z3_mk_le(zctx, e, z3_num(b->hi)));
}

/* Z3's answer over the integers: SIMPLEX_SAT, SIMPLEX_UNSAT or SIMPLEX_UNKNOWN. */
static SimplexResult z3_solve(const Prob *p) {
    Z3_solver s = Z3_mk_simple_solver(zctx);
    Z3_solver_inc_ref(zctx, s);
    for (uint32_t i = 0; i < p->n; i++) z3_bound(s, zvars[i], &p->v[i]);
    for (uint32_t r = 0; r < p->m; r++) {
        Z3_ast terms[MAXV + 1];
        unsigned k = 0;
        terms[k++] = z3_num(0);
        for (uint32_t i = 0; i < p->n; i++) {
            if (p->c[r][i] == 0) continue;
            Z3_ast f[2] = {z3_num(p->c[r][i]), zvars[i]};
            terms[k++] = Z3_mk_mul(zctx, 2, f);
        }
        z3_bound(s, Z3_mk_add(zctx, k, terms), &p->r[r]);
    }
    Z3_lbool l = Z3_solver_check(zctx, s);
    Z3_solver_dec_ref(zctx, s);
    return l == Z3_L_TRUE ? SIMPLEX_SAT : l == Z3_L_FALSE ? SIMPLEX_UNSAT : SIMPLEX_UNKNOWN;
}

/* ---- the PRNG (splitmix64): fixed seed, the same problems every run ---- */

static uint64_t rng_state = 0x5eed5eed12345678ull;

static uint64_t rnd(void) {
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Uniform in [lo, hi]. */
static int64_t rnd_in(int64_t lo, int64_t hi) { return lo + (int64_t)(rnd() % (uint64_t)(hi - lo + 1)); }

/* ---- the visit-count property ---- */

typedef struct Tally {
    int sat_flat, unsat_flat, sat_bb, unsat_bb, unknown, agree, bounds_cross;
} Tally;

/* One rational solve visits #pivots assignments when feasible and #pivots + 1
 * when not. Under branch and bound every node is such a solve, so visits =
 * pivots + (infeasible nodes). An UNSAT answer explores a full binary tree
 * whose leaves are exactly the infeasible nodes: visits = pivots + (nodes + 1)
 * / 2. A SAT answer ends on a feasible node, so 0 <= visits - pivots <=
 * nodes - 1. */
static void check_visit_counts(SimplexResult r, const SimplexStats *st, uint32_t callbacks, Tally *t, int id) {
    CHECK_MSG(st->visits == callbacks, "problem %d: stats.visits %llu, callback %u", id,
              (unsigned long long)st->visits, callbacks);
    CHECK(st->nodes >= 1);
    if (r == SIMPLEX_SAT && st->nodes == 1) {
        CHECK_MSG(st->visits == st->pivots, "problem %d: SAT, visits %llu pivots %llu", id,
                  (unsigned long long)st->visits, (unsigned long long)st->pivots);
        t->sat_flat++;
    } else if (r == SIMPLEX_UNSAT && st->nodes == 1) {
        CHECK_MSG(st->visits == st->pivots + 1, "problem %d: UNSAT, visits %llu pivots %llu", id,
                  (unsigned long long)st->visits, (unsigned long long)st->pivots);
        t->unsat_flat++;
    } else if (r == SIMPLEX_SAT) {
        CHECK_MSG(st->visits >= st->pivots && st->visits <= st->pivots + st->nodes - 1,
                  "problem %d: SAT b&b, visits %llu pivots %llu nodes %llu", id, (unsigned long long)st->visits,
                  (unsigned long long)st->pivots, (unsigned long long)st->nodes);
        t->sat_bb++;
    } else if (r == SIMPLEX_UNSAT) {
        CHECK_MSG(st->nodes % 2 == 1 && st->visits == st->pivots + (st->nodes + 1) / 2,
                  "problem %d: UNSAT b&b, visits %llu pivots %llu nodes %llu", id, (unsigned long long)st->visits,
                  (unsigned long long)st->pivots, (unsigned long long)st->nodes);
        t->unsat_bb++;
    }
}

/* ---- hand-derived problems ---- */

static void row2(Simplex *s, i128 a, i128 b, const i128 *lo, const i128 *hi) {
    uint32_t vars[2] = {0, 1};
    i128 coefs[2] = {a, b};
    simplex_add_row(s, 2, vars, coefs, lo, hi);
}

/* MuSE, Figure 2: x + y >= 2, -x + 2y >= 1, 2x - y >= 0. The first row
 * fails, x enters (x = 2); then the second (-2), y enters with coefficient 3
 * (y = 1, x = 1). */
static void test_figure2(void) {
    Simplex *s = simplex_new(2);
    i128 two = 2, one = 1, zero = 0;
    row2(s, 1, 1, &two, NULL);
    row2(s, -1, 2, &one, NULL);
    row2(s, 2, -1, &zero, NULL);
    Visits vs;
    visits_init(&vs, NULL);
    i128 model[2] = {-7, -7};
    SimplexStats st;
    SimplexResult r = simplex_solve(s, NULL, on_visit, &vs, model, &st);
    CHECK(r == SIMPLEX_SAT);
    CHECK(vs.count == 2);
    CHECK(vs.seen[0][0] == 0 && vs.seen[0][1] == 0);
    CHECK(vs.seen[1][0] == 2 && vs.seen[1][1] == 0);
    CHECK(model[0] == 1 && model[1] == 1);
    CHECK(st.pivots == 2 && st.visits == 2 && st.nodes == 1);

    /* a second solve of the same object starts over and repeats itself */
    Visits again;
    visits_init(&again, NULL);
    SimplexStats st2;
    i128 model2[2];
    CHECK(simplex_solve(s, NULL, on_visit, &again, model2, &st2) == SIMPLEX_SAT);
    CHECK(memcmp(&st, &st2, sizeof st) == 0 && model2[0] == 1 && model2[1] == 1);
    CHECK(again.count == 2 && memcmp(vs.seen, again.seen, sizeof vs.seen) == 0);

    SimplexLimits one_pivot = {1, 0};
    CHECK(simplex_solve(s, &one_pivot, NULL, NULL, model, &st) == SIMPLEX_UNKNOWN);
    CHECK(st.pivots == 1);
    simplex_free(s);
}

/* -2x >= 3, x + y >= 5, both unbounded. x enters for row 0 (x = -3/2), y for
 * row 1 (y = 13/2). The second visit rounds -3/2 to -1 (ties toward zero).
 * Branch x <= -2 first: x is out of bounds, visited as -2 (clamped) and y =
 * 13/2 as 6; the slack of row 0 enters, x = -2, y = 7. */
static void test_rounding(void) {
    Simplex *s = simplex_new(2);
    i128 three = 3, five = 5;
    row2(s, -2, 0, &three, NULL);
    row2(s, 1, 1, &five, NULL);
    Visits vs;
    visits_init(&vs, NULL);
    i128 model[2];
    SimplexStats st;
    CHECK(simplex_solve(s, NULL, on_visit, &vs, model, &st) == SIMPLEX_SAT);
    CHECK(vs.count == 3);
    CHECK(vs.seen[0][0] == 0 && vs.seen[0][1] == 0);
    CHECK(vs.seen[1][0] == -1 && vs.seen[1][1] == 0);
    CHECK(vs.seen[2][0] == -2 && vs.seen[2][1] == 6);
    CHECK(model[0] == -2 && model[1] == 7);
    CHECK(st.pivots == 3 && st.visits == 3 && st.nodes == 2);
    SimplexLimits one_node = {0, 1};
    CHECK(simplex_solve(s, &one_node, NULL, NULL, model, &st) == SIMPLEX_UNKNOWN);
    CHECK(st.nodes == 1);
    simplex_free(s);
}

/* 2x + 2y >= 3, x, y in [0, 10]: both x <= 1 and x >= 2 hold solutions, and
 * depth first, floor side first finds x = 0, y = 2 (x = 2, y = 0 the other
 * way). Nodes: root (x = 3/2), x <= 1 (y = 1/2), y <= 0 (infeasible), y >= 1
 * (x = 1/2), x <= 0 (y = 3/2), y <= 1 (infeasible), y >= 2. */
static void test_branch_order(void) {
    Simplex *s = simplex_new(2);
    i128 zero = 0, ten = 10, three = 3;
    simplex_bound(s, 0, &zero, &ten);
    simplex_bound(s, 1, &zero, &ten);
    row2(s, 2, 2, &three, NULL);
    i128 model[2];
    SimplexStats st;
    CHECK(simplex_solve(s, NULL, NULL, NULL, model, &st) == SIMPLEX_SAT);
    CHECK(model[0] == 0 && model[1] == 2);
    CHECK(st.nodes == 7);
    CHECK(st.visits == st.pivots + 2);
    simplex_free(s);
}

/* Crossing bounds are infeasible at once, with the one visit of an
 * infeasible rational solve; a row without terms is its bounds' check on 0. */
static void test_trivial(void) {
    Simplex *s = simplex_new(1);
    i128 lo = 3, hi = 2;
    simplex_bound(s, 0, &lo, &hi);
    SimplexStats st;
    i128 model[1];
    CHECK(simplex_solve(s, NULL, NULL, NULL, model, &st) == SIMPLEX_UNSAT);
    CHECK(st.visits == 1 && st.pivots == 0 && st.nodes == 1);
    simplex_free(s);

    s = simplex_new(1);
    i128 one = 1;
    simplex_add_row(s, 0, NULL, NULL, &one, NULL);
    CHECK(simplex_solve(s, NULL, NULL, NULL, model, &st) == SIMPLEX_UNSAT);
    CHECK(st.visits == 1 && st.pivots == 0);
    simplex_free(s);

    s = simplex_new(0);
    i128 zero = 0;
    simplex_add_row(s, 0, NULL, NULL, &zero, &zero);
    CHECK(simplex_solve(s, NULL, NULL, NULL, NULL, NULL) == SIMPLEX_SAT);
    simplex_free(s);
}

/* ---- random problems ---- */

/* Row bounds are drawn around the row's value at a random point inside the
 * variable bounds, so both answers come up often. */
static void random_prob(Prob *p, bool unbounded) {
    memset(p, 0, sizeof *p);
    p->n = (uint32_t)rnd_in(1, MAXV);
    p->m = (uint32_t)rnd_in(1, MAXR);
    i128 point[MAXV];
    for (uint32_t i = 0; i < p->n; i++) {
        Bnd *b = &p->v[i];
        int64_t a = rnd_in(-40, 40), c = rnd() % 8 == 0 ? a : rnd_in(-40, 40);
        b->lo_on = b->hi_on = true;
        b->lo = a < c ? a : c;
        b->hi = a < c ? c : a;
        if (unbounded && rnd() % 2) b->lo_on = false;
        if (unbounded && rnd() % 2) b->hi_on = false;
        point[i] = rnd_in((int64_t)b->lo, (int64_t)b->hi);
    }
    for (uint32_t r = 0; r < p->m; r++) {
        i128 at = 0;
        for (uint32_t i = 0; i < p->n; i++) {
            p->c[r][i] = rnd() % 3 == 0 ? 0 : rnd_in(-6, 6);
            at += p->c[r][i] * point[i];
        }
        Bnd *b = &p->r[r];
        switch (rnd() % 4) {
        case 0: b->lo_on = true, b->lo = at + rnd_in(-20, 8); break;
        case 1: b->hi_on = true, b->hi = at + rnd_in(-8, 20); break;
        case 2:
            b->lo_on = b->hi_on = true;
            b->lo = at + rnd_in(-12, 6);
            b->hi = b->lo + rnd_in(0, 10);
            break;
        default: b->lo_on = b->hi_on = true, b->lo = b->hi = at + rnd_in(-3, 3); break;
        }
    }
}

/* Solves p both ways; returns simplex's answer. Any SAT model must satisfy
 * p exactly, and every partial solution must lie within p's variable bounds. */
static SimplexResult differential(const Prob *p, const SimplexLimits *lim, bool unknown_ok, Tally *t, int id) {
    Simplex *s = prob_simplex(p, id % 3 == 0);
    Visits vs;
    visits_init(&vs, p);
    i128 model[MAXV];
    SimplexStats st;
    SimplexResult r = simplex_solve(s, lim, on_visit, &vs, model, &st);
    simplex_free(s);
    SimplexResult z = z3_solve(p);
    CHECK_MSG(z != SIMPLEX_UNKNOWN, "problem %d: z3 unknown", id);
    CHECK_MSG(vs.in_bounds, "problem %d: a partial solution leaves the variable bounds", id);
    if (r == SIMPLEX_UNKNOWN) {
        CHECK_MSG(unknown_ok, "problem %d: simplex unknown (pivots %llu nodes %llu)", id,
                  (unsigned long long)st.pivots, (unsigned long long)st.nodes);
        t->unknown++;
        return r;
    }
    CHECK_MSG(r == z, "problem %d: simplex %s, z3 %s", id, r == SIMPLEX_SAT ? "sat" : "unsat",
              z == SIMPLEX_SAT ? "sat" : "unsat");
    if (r == z) t->agree++;
    if (r == SIMPLEX_SAT) CHECK_MSG(prob_satisfied(p, model), "problem %d: model violates the problem", id);
    check_visit_counts(r, &st, vs.count, t, id);
    return r;
}

static void test_random_bounded(void) {
    Tally t = {0};
    SimplexLimits lim = {1000000, 1000000};
    enum { N = 3000 };
    for (int id = 0; id < N; id++) {
        Prob p;
        random_prob(&p, false);
        differential(&p, &lim, false, &t, id);
    }
    printf("bounded: %d agree; SAT %d + %d with branching, UNSAT %d + %d with branching\n", t.agree, t.sat_flat,
           t.sat_bb, t.unsat_flat, t.unsat_bb);
    CHECK(t.agree == N);
    /* each case of the visit-count property came up often enough to mean something */
    CHECK(t.sat_flat >= 100 && t.sat_bb >= 100 && t.unsat_flat >= 100 && t.unsat_bb >= 20);
}

static void test_random_unbounded(void) {
    Tally t = {0};
    SimplexLimits lim = {20000, 300};
    enum { N = 400 };
    for (int id = 0; id < N; id++) {
        Prob p;
        random_prob(&p, true);
        differential(&p, &lim, true, &t, 100000 + id);
    }
    printf("unbounded: %d agree, %d unknown; SAT %d + %d with branching, UNSAT %d + %d with branching\n", t.agree,
           t.unknown, t.sat_flat, t.sat_bb, t.unsat_flat, t.unsat_bb);
    CHECK(t.agree + t.unknown == N);
    CHECK(t.agree >= N / 2);
}

/* ---- overflow ---- */

#define P100 ((i128)1 << 100)

/* Coprime coefficients near 2^100: the first pivot multiplies two of them, a
 * 2^200 numerator. */
static void big_prob(Prob *p) {
    memset(p, 0, sizeof *p);
    p->n = 3;
    p->m = 3;
    for (uint32_t i = 0; i < 3; i++) p->v[i] = (Bnd){true, true, -10, 10};
    i128 c[3][3] = {{P100 + 1, P100 + 3, P100 + 7}, {P100 + 5, P100 + 9, -(P100 + 11)}, {P100 + 13, -(P100 + 17), P100 + 19}};
    memcpy(p->c, c, sizeof c);
    p->r[0] = (Bnd){true, false, 1, 0};
    p->r[1] = (Bnd){false, true, 0, -1};
    p->r[2] = (Bnd){true, true, 2, 2};
}

/* Not UNKNOWN: the answer must be right, the model exactly, UNSAT by Z3. */
static bool big_answer_ok(const Prob *p, SimplexResult r, const i128 *model) {
    if (r == SIMPLEX_UNKNOWN) return true;
    if (r == SIMPLEX_SAT) return prob_satisfied(p, model);
    return z3_solve(p) == SIMPLEX_UNSAT;
}

static void test_overflow(void) {
    Prob p;
    big_prob(&p);
    Simplex *s = prob_simplex(&p, false);
    i128 model[MAXV];
    SimplexStats st;
    SimplexResult r = simplex_solve(s, NULL, NULL, NULL, model, &st);
    simplex_free(s);
    CHECK(r == SIMPLEX_UNKNOWN);
    CHECK(big_answer_ok(&p, r, model));

    /* coefficients that overflow while summing repeated terms */
    s = simplex_new(1);
    uint32_t vars[2] = {0, 0};
    i128 max = (i128)(~(unsigned __int128)0 >> 1);
    i128 coefs[2] = {max, 1}, one = 1;
    simplex_add_row(s, 2, vars, coefs, &one, NULL);
    CHECK(simplex_solve(s, NULL, NULL, NULL, model, &st) == SIMPLEX_UNKNOWN);
    simplex_free(s);

    /* random problems at that scale: whatever comes back must be right */
    int unknown = 0, answered = 0;
    for (int id = 0; id < 200; id++) {
        Prob q;
        random_prob(&q, false);
        for (uint32_t r2 = 0; r2 < q.m; r2++) {
            for (uint32_t i = 0; i < q.n; i++)
                if (q.c[r2][i] != 0) q.c[r2][i] = q.c[r2][i] * P100 + rnd_in(-50, 50);
            q.r[r2].lo *= P100;
            q.r[r2].hi *= P100;
        }
        s = prob_simplex(&q, false);
        Visits vs;
        visits_init(&vs, &q);
        SimplexLimits lim = {100000, 10000};
        r = simplex_solve(s, &lim, on_visit, &vs, model, &st);
        simplex_free(s);
        CHECK_MSG(big_answer_ok(&q, r, model), "big problem %d: wrong answer", id);
        CHECK(vs.in_bounds);
        if (r == SIMPLEX_UNKNOWN) unknown++;
        else answered++;
    }
    printf("overflow: %d answered, %d unknown\n", answered, unknown);
    CHECK(unknown > 0);
}

int main(void) {
    clock_t t0 = clock();
    Z3_config cfg = Z3_mk_config();
    zctx = Z3_mk_context(cfg);
    Z3_del_config(cfg);
    for (uint32_t i = 0; i < MAXV; i++) {
        char name[8];
        snprintf(name, sizeof name, "x%u", i);
        zvars[i] = Z3_mk_const(zctx, Z3_mk_string_symbol(zctx, name), Z3_mk_int_sort(zctx));
    }
    test_figure2();
    test_rounding();
    test_branch_order();
    test_trivial();
    test_random_bounded();
    test_random_unbounded();
    test_overflow();
    Z3_del_context(zctx);
    printf("%.2f s cpu\n", (double)(clock() - t0) / CLOCKS_PER_SEC);
    return check_report();
}
