/* Bounds (a layer of the chain, right below the simplification, which has
 * substituted known values by then). A loop whose trip count is symbolic adds
 * `i < n` for i = 0, 1, 2, ... to its path, and every query would give Z3 all
 * of them. Two things are done with such bounds:
 * - Range reasoning (range.c): the values each term's bounds allow. Bounds
 *   that contradict each other, or a goal that contradicts them, are UNSAT
 *   with no query below. A goal they imply adds nothing: with the caller's
 *   model of the constraints (Query.base) the answer is SAT with that model,
 *   and otherwise the constraints alone are asked.
 * - Implied bounds, dropped: of the constraints that bound one term by a
 *   constant from one side (`k < x`, `x <= k`, their negations; signed or
 *   unsigned), only the tightest is kept. Dropping a constraint that a kept
 *   one implies changes no answer and no model. */
#include "solver_layer.h"
#include "range.h"
#include "../util/util.h"
#include <stdlib.h>

/* A bound on a term: t >= value (lower) or t <= value (upper), inclusive,
 * signed or unsigned. */
typedef struct Bound {
    Expr *term;
    uintptr_t kind;  /* BOUND_* | side */
    __int128 value;  /* signed: sign-extended; unsigned: the raw bits (width <= 127 keeps them positive) */
} Bound;

enum { BOUND_LOWER = 0, BOUND_UPPER = 1, BOUND_SIGNED = 0, BOUND_UNSIGNED = 2 };

/* c as a bound of a term by constant k: `cmp(k, t)` or `cmp(t, k)`, negated
 * or not. False for anything else, and where the strict form's k +- 1 would
 * wrap (such a constraint is kept as it is). */
static bool bound_of(Expr *c, Bound *b) {
    bool neg = false;
    if (c->kind == EXPR_NOT && c->width == 1) neg = true, c = c->kids[0];
    if (c->kind != EXPR_SLT && c->kind != EXPR_SLE && c->kind != EXPR_ULT && c->kind != EXPR_ULE) return false;
    bool k_left = expr_is_const(c->kids[0]);
    if (k_left == expr_is_const(c->kids[1])) return false;
    Expr *k = c->kids[k_left ? 0 : 1];
    unsigned w = k->width;
    bool sign = c->kind == EXPR_SLT || c->kind == EXPR_SLE;
    if (!sign && w >= 127) return false;
    bool strict = c->kind == EXPR_SLT || c->kind == EXPR_ULT;
    /* k < t, k <= t: lower bounds; t < k, t <= k: upper. Negation flips the
     * side and the strictness: !(k < t) is t <= k. */
    bool lower = k_left != neg;
    if (neg) strict = !strict;
    __int128 v = sign ? expr_signed(k->u.value, w) : (__int128)k->u.value;
    __int128 lo = sign ? expr_signed((u128)1 << (w - 1), w) : 0;
    __int128 hi = sign ? -(lo + 1) : (__int128)expr_mask(w);
    if (strict) {
        if (lower ? v == hi : v == lo) return false;
        v += lower ? 1 : -1;
    }
    b->term = c->kids[k_left ? 1 : 0];
    b->kind = (uintptr_t)((lower ? BOUND_LOWER : BOUND_UPPER) | (sign ? BOUND_SIGNED : BOUND_UNSIGNED));
    b->value = v;
    return true;
}

size_t solver_drop_implied_bounds(Expr **cs, size_t n) {
    SolverMap best; /* (term, kind) -> index + 1 of its tightest bound so far */
    solver_map_init(&best);
    bool *drop = util_calloc(n + 1, sizeof *drop);
    bool any = false;
    for (size_t i = 0; i < n; i++) {
        Bound b;
        if (!bound_of(cs[i], &b)) continue;
        void *at;
        if (!solver_map_get(&best, b.term, (void *)(b.kind + 1), &at)) {
            solver_map_put(&best, b.term, (void *)(b.kind + 1), (void *)(i + 1));
            continue;
        }
        size_t j = (size_t)at - 1;
        Bound old;
        bound_of(cs[j], &old);
        bool tighter = (b.kind & BOUND_UPPER) ? b.value < old.value : b.value > old.value;
        drop[tighter ? j : i] = true;
        any = true;
        if (tighter) solver_map_put(&best, b.term, (void *)(b.kind + 1), (void *)(i + 1));
    }
    size_t k = n;
    if (any) {
        k = 0;
        for (size_t i = 0; i < n; i++) {
            if (drop[i]) expr_unref(cs[i]);
            else cs[k++] = cs[i];
        }
    }
    free(drop);
    solver_map_free(&best);
    return k;
}

/* What the ranges of q's constraints say of its goal. */
static RangeVerdict bounds_ranges(const Query *q) {
    RangeSet *rs = range_set_new();
    for (size_t i = 0; i < q->n && range_set_add(rs, q->constraints[i]); i++) {}
    RangeVerdict v = range_set_empty(rs) ? RANGE_CONTRADICTS : q->expr ? range_set_decide(rs, q->expr) : RANGE_OPEN;
    range_set_free(rs);
    return v;
}

static SolverResult bounds_check(Solver *base, const Query *q, Assignment *model) {
    SolverEntry entry = solver_enter(base);
    RangeVerdict v = bounds_ranges(q);
    if (v == RANGE_CONTRADICTS) {
        base->stats->ranges_unsat++;
        solver_leave(base, entry);
        return SOLVER_UNSAT;
    }
    if (v == RANGE_IMPLIED) {
        base->stats->ranges_implied++;
        if (q->base) { /* a model of the constraints is one of the goal too */
            if (model) solver_copy_query_arrays(q, q->base, model);
            solver_leave(base, entry);
            return SOLVER_SAT;
        }
    }
    Expr **cs = util_malloc((q->n + 1) * sizeof *cs);
    for (size_t i = 0; i < q->n; i++) cs[i] = expr_ref(q->constraints[i]);
    size_t n = solver_drop_implied_bounds(cs, q->n);
    base->stats->bounds_dropped += q->n - n;
    /* the kept constraints imply the dropped ones, and an implied goal adds
     * nothing: a model of one query is a model of the other */
    Query sub = {cs, n, v == RANGE_IMPLIED ? NULL : q->expr, q->sink, q->base, q->cheap};
    SolverResult r = solver_check(base->next, &sub, model);
    for (size_t i = 0; i < n; i++) expr_unref(cs[i]);
    free(cs);
    solver_leave(base, entry);
    return r;
}

static void bounds_destroy(Solver *base) { free(base); }

static const SolverOps bounds_ops = {bounds_check, bounds_destroy};

Solver *solver_bounds_new(Solver *next) {
    Solver *s = util_calloc(1, sizeof *s);
    s->ops = &bounds_ops;
    s->next = next;
    s->stats = next->stats;
    return s;
}
