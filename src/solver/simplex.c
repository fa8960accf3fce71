/* General Simplex with branch and bound, as specified in simplex.h.
 *
 * The tableau is dense: the problems come from path conditions (tens of
 * variables and rows), where the bookkeeping of a sparse tableau would cost
 * more than it saves. Variables are numbered originals 0..n-1, then the slack
 * of row r as n + r; that numbering is the order of Bland's rule. Every bound
 * is an integer (the user's, the rows', and the branch and bound splits), so a
 * value is only ever compared with an integer, which floor() does exactly,
 * without a multiplication that could overflow. */
#include "solver/simplex.h"
#include "util/util.h"
#include <stdlib.h>
#include <string.h>

typedef unsigned __int128 u128;

#define SX_I128_MAX ((i128)(~(u128)0 >> 1))
#define SX_I128_MIN (-SX_I128_MAX - 1)
#define SX_NONE UINT32_MAX

enum { SX_DEFAULT_PIVOTS = 10000, SX_DEFAULT_NODES = 1000 };

/* Canonical: den > 0 and gcd(|num|, den) = 1, so equality is field equality. */
typedef struct SxRat {
    i128 num, den;
} SxRat;

typedef struct SxBound {
    bool has_lo, has_hi;
    i128 lo, hi;
} SxBound;

struct Simplex {
    uint32_t n, m, cap;
    SxBound *vbnd;       /* n: the originals' bounds */
    i128 *coef;          /* m rows of n coefficients, repeated variables summed */
    SxBound *rbnd;       /* m: the rows' bounds, i.e. their slacks' */
    bool coef_overflow;  /* summing a row's repeated coefficients overflowed */
};

/* ---- exact rationals; every operation reports overflow through *ovf and
 * then returns 0, which the caller discards once it sees the flag ---- */

static SxRat sx_int(i128 v) { return (SxRat){v, 1}; }

static u128 sx_uabs(i128 a) { return a < 0 ? (u128)0 - (u128)a : (u128)a; }

static u128 sx_gcd(u128 a, u128 b) {
    while (b) {
        u128 t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static SxRat sx_fail(bool *ovf) {
    *ovf = true;
    return sx_int(0);
}

/* num/den with den > 0, reduced. */
static SxRat sx_reduce(i128 num, i128 den) {
    /* g divides den, so it fits and the divisions are exact */
    i128 g = (i128)sx_gcd(sx_uabs(num), (u128)den);
    if (g > 1) {
        num /= g;
        den /= g;
    }
    return (SxRat){num, den};
}

static SxRat sx_neg(SxRat a, bool *ovf) {
    if (a.num == SX_I128_MIN) return sx_fail(ovf);
    return (SxRat){-a.num, a.den};
}

static SxRat sx_add(SxRat a, SxRat b, bool *ovf) {
    i128 r;
    if (a.den == 1 && b.den == 1) {
        if (__builtin_add_overflow(a.num, b.num, &r)) return sx_fail(ovf);
        return sx_int(r);
    }
    /* over the lcm of the denominators: products stay as small as they can */
    i128 g = (i128)sx_gcd((u128)a.den, (u128)b.den);
    i128 fa = b.den / g, fb = a.den / g, x, y, den;
    if (__builtin_mul_overflow(a.num, fa, &x) || __builtin_mul_overflow(b.num, fb, &y) ||
        __builtin_add_overflow(x, y, &r) || __builtin_mul_overflow(a.den, fa, &den))
        return sx_fail(ovf);
    return sx_reduce(r, den);
}

static SxRat sx_sub(SxRat a, SxRat b, bool *ovf) {
    SxRat nb = sx_neg(b, ovf);
    return *ovf ? sx_int(0) : sx_add(a, nb, ovf);
}

static SxRat sx_mul(SxRat a, SxRat b, bool *ovf) {
    if (a.num == 0 || b.num == 0) return sx_int(0);
    /* cancelling crosswise first keeps the result reduced and the products small */
    i128 g1 = (i128)sx_gcd(sx_uabs(a.num), (u128)b.den);
    i128 g2 = (i128)sx_gcd(sx_uabs(b.num), (u128)a.den);
    i128 num, den;
    if (__builtin_mul_overflow(a.num / g1, b.num / g2, &num) ||
        __builtin_mul_overflow(a.den / g2, b.den / g1, &den))
        return sx_fail(ovf);
    return (SxRat){num, den};
}

static SxRat sx_inv(SxRat a, bool *ovf) {
    if (a.num == 0) return sx_fail(ovf);
    if (a.num > 0) return (SxRat){a.den, a.num};
    if (a.num == SX_I128_MIN) return sx_fail(ovf);
    return (SxRat){-a.den, -a.num};
}

static SxRat sx_div(SxRat a, SxRat b, bool *ovf) {
    SxRat ib = sx_inv(b, ovf);
    return *ovf ? sx_int(0) : sx_mul(a, ib, ovf);
}

/* C's division truncates toward zero: negative non-integers need one less. */
static i128 sx_floor(SxRat a) {
    i128 q = a.num / a.den;
    return (a.num % a.den != 0 && a.num < 0) ? q - 1 : q;
}

/* Sign of a - b, exact for any magnitudes. */
static int sx_cmp_int(SxRat a, i128 b) {
    i128 f = sx_floor(a);
    if (f != b) return f < b ? -1 : 1;
    return a.den == 1 ? 0 : 1;
}

/* Nearest integer, ties toward zero. */
static i128 sx_round(SxRat a) {
    i128 f = sx_floor(a);
    i128 r = a.num % a.den;
    if (r < 0) r += a.den;
    i128 rest = a.den - r; /* distance from a up to f + 1 */
    if (r < rest) return f;
    if (r > rest) return f + 1;
    return f < 0 ? f + 1 : f;
}

/* ---- the problem ---- */

Simplex *simplex_new(uint32_t nvars) {
    Simplex *s = util_calloc(1, sizeof *s);
    s->n = nvars;
    s->vbnd = util_calloc(nvars ? nvars : 1, sizeof *s->vbnd);
    return s;
}

void simplex_free(Simplex *s) {
    if (!s) return;
    free(s->vbnd);
    free(s->coef);
    free(s->rbnd);
    free(s);
}

static SxBound sx_bound_of(const i128 *lo, const i128 *hi) {
    SxBound b = {lo != NULL, hi != NULL, lo ? *lo : 0, hi ? *hi : 0};
    return b;
}

void simplex_bound(Simplex *s, uint32_t v, const i128 *lo, const i128 *hi) {
    if (v >= s->n) util_fatal("simplex_bound: variable %u out of range (%u variables)", v, s->n);
    s->vbnd[v] = sx_bound_of(lo, hi);
}

void simplex_add_row(Simplex *s, uint32_t nterms, const uint32_t *vars, const i128 *coefs, const i128 *lo,
                     const i128 *hi) {
    if (s->m == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 8;
        s->coef = util_realloc(s->coef, (size_t)s->cap * (s->n ? s->n : 1) * sizeof *s->coef);
        s->rbnd = util_realloc(s->rbnd, (size_t)s->cap * sizeof *s->rbnd);
    }
    i128 *row = s->coef + (size_t)s->m * s->n;
    memset(row, 0, (size_t)s->n * sizeof *row);
    for (uint32_t k = 0; k < nterms; k++) {
        if (vars[k] >= s->n) util_fatal("simplex_add_row: variable %u out of range (%u variables)", vars[k], s->n);
        if (__builtin_add_overflow(row[vars[k]], coefs[k], &row[vars[k]])) s->coef_overflow = true;
    }
    s->rbnd[s->m++] = sx_bound_of(lo, hi);
}

/* ---- the tableau of one solve ---- */

typedef struct SxTab {
    uint32_t n, m, nv;     /* originals, rows, all variables */
    SxRat *a;              /* m x nv: basic[r] = sum_j a[r][j] x_j over the non-basic j */
    uint32_t *basic;       /* m */
    uint32_t *row_of;      /* nv: row where the variable is basic, or SX_NONE */
    SxRat *val;            /* nv: the assignment beta */
    SxBound *bnd;          /* nv: current bounds (branch and bound tightens the originals') */
    i128 *rounded;         /* n: scratch for the partial solutions */
    bool ovf;
    uint64_t max_pivots, max_nodes;
    SimplexVisit visit;
    void *ctx;
    SimplexStats st;
} SxTab;

static SxRat *sx_row(SxTab *t, uint32_t r) { return t->a + (size_t)r * t->nv; }

static bool sx_below(const SxTab *t, uint32_t v) {
    return t->bnd[v].has_lo && sx_cmp_int(t->val[v], t->bnd[v].lo) < 0;
}
static bool sx_above(const SxTab *t, uint32_t v) {
    return t->bnd[v].has_hi && sx_cmp_int(t->val[v], t->bnd[v].hi) > 0;
}

/* Originals start non-basic at 0, or at the bound 0 lies beyond; each slack
 * starts basic with its row's value. */
static void sx_tab_init(SxTab *t, const Simplex *s) {
    t->n = s->n;
    t->m = s->m;
    t->nv = s->n + s->m;
    t->a = util_calloc((size_t)t->m * t->nv + 1, sizeof *t->a);
    t->basic = util_calloc(t->m + 1, sizeof *t->basic);
    t->row_of = util_calloc(t->nv + 1, sizeof *t->row_of);
    t->val = util_calloc(t->nv + 1, sizeof *t->val);
    t->bnd = util_calloc(t->nv + 1, sizeof *t->bnd);
    t->rounded = util_calloc(t->n + 1, sizeof *t->rounded);
    for (size_t k = 0; k < (size_t)t->m * t->nv; k++) t->a[k] = sx_int(0); /* calloc's 0/0 is no number */
    for (uint32_t i = 0; i < t->n; i++) {
        SxBound b = s->vbnd[i];
        t->bnd[i] = b;
        t->row_of[i] = SX_NONE;
        t->val[i] = sx_int(b.has_lo && b.lo > 0 ? b.lo : b.has_hi && b.hi < 0 ? b.hi : 0);
    }
    for (uint32_t r = 0; r < t->m; r++) {
        uint32_t v = t->n + r;
        t->bnd[v] = s->rbnd[r];
        t->basic[r] = v;
        t->row_of[v] = r;
        SxRat *row = sx_row(t, r), sum = sx_int(0);
        for (uint32_t i = 0; i < t->n; i++) {
            row[i] = sx_int(s->coef[(size_t)r * s->n + i]);
            sum = sx_add(sum, sx_mul(row[i], t->val[i], &t->ovf), &t->ovf);
        }
        t->val[v] = sum;
    }
}

static void sx_tab_free(SxTab *t) {
    free(t->a);
    free(t->basic);
    free(t->row_of);
    free(t->val);
    free(t->bnd);
    free(t->rounded);
}

static void sx_visit(SxTab *t) {
    t->st.visits++;
    if (!t->visit) return;
    for (uint32_t i = 0; i < t->n; i++) {
        i128 x = sx_round(t->val[i]);
        const SxBound *b = &t->bnd[i];
        if (b->has_hi && x > b->hi) x = b->hi;
        if (b->has_lo && x < b->lo) x = b->lo;
        t->rounded[i] = x;
    }
    t->visit(t->ctx, t->rounded, t->n);
}

/* Moves non-basic v to value x; the basic variables follow their rows. */
static void sx_update(SxTab *t, uint32_t v, SxRat x) {
    SxRat delta = sx_sub(x, t->val[v], &t->ovf);
    for (uint32_t r = 0; r < t->m; r++) {
        SxRat c = sx_row(t, r)[v];
        if (c.num == 0) continue;
        uint32_t b = t->basic[r];
        t->val[b] = sx_add(t->val[b], sx_mul(c, delta, &t->ovf), &t->ovf);
    }
    t->val[v] = x;
}

/* Rewrites row r to solve for non-basic e instead of its basic variable, then
 * substitutes that row for e in every other row. */
static void sx_pivot(SxTab *t, uint32_t r, uint32_t e) {
    SxRat *p = sx_row(t, r);
    uint32_t b = t->basic[r];
    SxRat inv = sx_inv(p[e], &t->ovf);
    if (t->ovf) return;
    for (uint32_t j = 0; j < t->nv; j++)
        if (p[j].num != 0) p[j] = sx_neg(sx_mul(p[j], inv, &t->ovf), &t->ovf);
    p[e] = sx_int(0);
    p[b] = inv;
    t->basic[r] = e;
    t->row_of[e] = r;
    t->row_of[b] = SX_NONE;
    for (uint32_t k = 0; k < t->m && !t->ovf; k++) {
        SxRat *q = sx_row(t, k);
        SxRat c = q[e];
        if (k == r || c.num == 0) continue;
        q[e] = sx_int(0);
        for (uint32_t j = 0; j < t->nv; j++)
            if (p[j].num != 0) q[j] = sx_add(q[j], sx_mul(c, p[j], &t->ovf), &t->ovf);
    }
}

/* Basic b lands on target, entering e moves by what that takes, and the other
 * basic variables follow; then b and e swap roles. */
static void sx_pivot_and_update(SxTab *t, uint32_t b, uint32_t e, i128 target) {
    uint32_t r = t->row_of[b];
    SxRat theta = sx_div(sx_sub(sx_int(target), t->val[b], &t->ovf), sx_row(t, r)[e], &t->ovf);
    if (t->ovf) return;
    t->val[b] = sx_int(target);
    t->val[e] = sx_add(t->val[e], theta, &t->ovf);
    for (uint32_t k = 0; k < t->m; k++) {
        SxRat c = sx_row(t, k)[e];
        if (k == r || c.num == 0) continue;
        uint32_t v = t->basic[k];
        t->val[v] = sx_add(t->val[v], sx_mul(c, theta, &t->ovf), &t->ovf);
    }
    sx_pivot(t, r, e);
}

/* Smallest-index basic variable outside its bounds; *up says it must rise. */
static bool sx_violated(const SxTab *t, uint32_t *out, bool *up) {
    for (uint32_t v = 0; v < t->nv; v++) {
        if (t->row_of[v] == SX_NONE) continue;
        bool below = sx_below(t, v);
        if (below || sx_above(t, v)) {
            *out = v;
            *up = below;
            return true;
        }
    }
    return false;
}

/* Bland's rule: the smallest-index non-basic variable whose move pushes row
 * r's basic variable the needed way without leaving its own bounds. */
static bool sx_entering(const SxTab *t, uint32_t r, bool up, uint32_t *out) {
    const SxRat *row = t->a + (size_t)r * t->nv;
    for (uint32_t j = 0; j < t->nv; j++) {
        if (row[j].num == 0 || t->row_of[j] != SX_NONE) continue;
        bool rise = (row[j].num > 0) == up;
        const SxBound *b = &t->bnd[j];
        bool room = rise ? !b->has_hi || sx_cmp_int(t->val[j], b->hi) < 0
                         : !b->has_lo || sx_cmp_int(t->val[j], b->lo) > 0;
        if (room) {
            *out = j;
            return true;
        }
    }
    return false;
}

/* One rational solve from the current tableau and assignment. */
static SimplexResult sx_check(SxTab *t) {
    for (;;) {
        if (t->ovf) return SIMPLEX_UNKNOWN;
        uint32_t b, e;
        bool up;
        if (!sx_violated(t, &b, &up)) return SIMPLEX_SAT;
        sx_visit(t);
        if (!sx_entering(t, t->row_of[b], up, &e)) return SIMPLEX_UNSAT;
        if (t->st.pivots >= t->max_pivots) return SIMPLEX_UNKNOWN;
        sx_pivot_and_update(t, b, e, up ? t->bnd[b].lo : t->bnd[b].hi);
        t->st.pivots++;
    }
}

/* ---- branch and bound ---- */

typedef struct SxBranch {
    uint32_t var;
    i128 split;     /* floor of the rational value: x <= split, then x >= split + 1 */
    SxBound saved;  /* the bounds before the split, restored on the way back */
    bool second;    /* the x >= split + 1 side is under way */
} SxBranch;

typedef VEC(SxBranch) SxBranchVec;

/* A non-basic variable must stay within its bounds: if the new ones exclude
 * its value, it moves to the nearer one. */
static void sx_set_bound(SxTab *t, uint32_t v, SxBound nb) {
    t->bnd[v] = nb;
    if (t->row_of[v] != SX_NONE) return;
    if (sx_below(t, v)) sx_update(t, v, sx_int(nb.lo));
    else if (sx_above(t, v)) sx_update(t, v, sx_int(nb.hi));
}

static bool sx_fractional(const SxTab *t, uint32_t *out) {
    for (uint32_t i = 0; i < t->n; i++)
        if (t->val[i].den != 1) {
            *out = i;
            return true;
        }
    return false;
}

static void sx_branch(SxTab *t, SxBranchVec *stack, uint32_t v) {
    SxBranch br = {v, sx_floor(t->val[v]), t->bnd[v], false};
    VEC_PUSH(*stack, br);
    SxBound nb = br.saved;
    nb.has_hi = true;
    nb.hi = br.split;
    sx_set_bound(t, v, nb);
}

/* Undoes exhausted branches; false when none has a side left to try. */
static bool sx_backtrack(SxTab *t, SxBranchVec *stack) {
    while (stack->len) {
        SxBranch *br = &stack->data[stack->len - 1];
        t->bnd[br->var] = br->saved;
        if (!br->second) {
            br->second = true;
            SxBound nb = br->saved;
            nb.has_lo = true;
            if (__builtin_add_overflow(br->split, 1, &nb.lo)) t->ovf = true;
            sx_set_bound(t, br->var, nb);
            return true;
        }
        stack->len--;
    }
    return false;
}

static SimplexResult sx_branch_and_bound(SxTab *t, i128 *model) {
    SxBranchVec stack = {0};
    SimplexResult res;
    for (;;) {
        if (t->st.nodes >= t->max_nodes) {
            res = SIMPLEX_UNKNOWN;
            break;
        }
        t->st.nodes++;
        res = sx_check(t);
        if (res == SIMPLEX_UNKNOWN) break;
        uint32_t v;
        if (res == SIMPLEX_SAT && !sx_fractional(t, &v)) {
            for (uint32_t i = 0; model && i < t->n; i++) model[i] = t->val[i].num;
            break;
        }
        if (res == SIMPLEX_SAT) sx_branch(t, &stack, v);
        else if (!sx_backtrack(t, &stack)) break;
    }
    VEC_FREE(stack);
    return t->ovf ? SIMPLEX_UNKNOWN : res;
}

/* Bounds that cross cannot be met, but the search would never see it: a
 * non-basic variable is not checked, and a slack pivoted onto one of its
 * bounds would silently break the other. */
static bool sx_bounds_cross(const SxTab *t) {
    for (uint32_t v = 0; v < t->nv; v++)
        if (t->bnd[v].has_lo && t->bnd[v].has_hi && t->bnd[v].lo > t->bnd[v].hi) return true;
    return false;
}

SimplexResult simplex_solve(Simplex *s, const SimplexLimits *limits, SimplexVisit visit, void *ctx, i128 *model,
                            SimplexStats *stats) {
    SxTab t = {0};
    t.max_pivots = limits && limits->max_pivots ? limits->max_pivots : SX_DEFAULT_PIVOTS;
    t.max_nodes = limits && limits->max_nodes ? limits->max_nodes : SX_DEFAULT_NODES;
    t.visit = visit;
    t.ctx = ctx;
    SimplexResult res = SIMPLEX_UNKNOWN;
    if (!s->coef_overflow) {
        sx_tab_init(&t, s);
        if (t.ovf) {
            res = SIMPLEX_UNKNOWN;
        } else if (sx_bounds_cross(&t)) {
            /* one node, infeasible without a pivot: it still visits once, as
             * every infeasible rational solve does */
            t.st.nodes = 1;
            sx_visit(&t);
            res = SIMPLEX_UNSAT;
        } else {
            res = sx_branch_and_bound(&t, model);
        }
        sx_tab_free(&t);
    }
    if (stats) *stats = t.st;
    return res;
}
