/* Per-term value sets from a constraint set's bounds (see range.h). */
#include "range.h"
#include "solver_layer.h"
#include "../util/util.h"
#include <stdlib.h>

typedef struct TermRange {
    Expr *term; /* referenced */
    unsigned npieces;
    RangePiece piece[RANGE_MAX_PIECES];
} TermRange;

struct RangeSet {
    SolverMap index; /* term -> position + 1 in terms */
    VEC(TermRange) terms;
    bool empty;
};

static u128 range_max(unsigned w) { return expr_mask(w); }

/* ---- facts ---- */

/* [lo, hi] of the term's values in the signed order (sign-extended values),
 * as unsigned pieces: the negative part wraps to the top. */
static void fact_signed(__int128 lo, __int128 hi, unsigned w, RangeFact *f) {
    f->npieces = 0;
    if (lo > hi) return;
    u128 m = range_max(w), a = (u128)lo & m, b = (u128)hi & m;
    if ((lo < 0) == (hi < 0)) {
        f->piece[f->npieces++] = (RangePiece){a, b};
    } else { /* lo < 0 <= hi */
        f->piece[f->npieces++] = (RangePiece){0, b};
        f->piece[f->npieces++] = (RangePiece){a, m};
    }
}

static void fact_unsigned(u128 lo, u128 hi, RangeFact *f) {
    f->npieces = 0;
    if (lo <= hi) f->piece[f->npieces++] = (RangePiece){lo, hi};
}

/* Every value but k. */
static void fact_not_point(u128 k, unsigned w, RangeFact *f) {
    f->npieces = 0;
    if (k > 0) f->piece[f->npieces++] = (RangePiece){0, k - 1};
    if (k < range_max(w)) f->piece[f->npieces++] = (RangePiece){k + 1, range_max(w)};
}

/* `k cmp t` or `t cmp k` for the four order kinds, negated or not. */
static bool fact_order(Expr *c, bool neg, RangeFact *f) {
    bool k_left = expr_is_const(c->kids[0]);
    if (k_left == expr_is_const(c->kids[1])) return false;
    Expr *k = c->kids[k_left ? 0 : 1];
    unsigned w = k->width;
    bool sign = c->kind == EXPR_SLT || c->kind == EXPR_SLE;
    bool strict = c->kind == EXPR_SLT || c->kind == EXPR_ULT;
    /* k < t, k <= t: lower bounds; t < k, t <= k: upper. Negation flips the
     * side and the strictness: !(k < t) is t <= k. */
    bool lower = k_left != neg;
    if (neg) strict = !strict;
    f->term = c->kids[k_left ? 1 : 0];
    if (sign) {
        __int128 v = expr_signed(k->u.value, w);
        __int128 min = expr_signed((u128)1 << (w - 1), w), max = -(min + 1);
        if (strict && (lower ? v == max : v == min)) { f->npieces = 0; return true; }
        if (strict) v += lower ? 1 : -1;
        fact_signed(lower ? v : min, lower ? max : v, w, f);
    } else {
        u128 v = k->u.value;
        if (strict && (lower ? v == range_max(w) : v == 0)) { f->npieces = 0; return true; }
        if (strict) v += lower ? 1 : (u128)-1;
        fact_unsigned(lower ? v : 0, lower ? range_max(w) : v, f);
    }
    return true;
}

bool range_fact(Expr *c, RangeFact *f) {
    bool neg = false;
    if (c->width != 1) return false;
    if (c->kind == EXPR_NOT) neg = true, c = c->kids[0];
    switch (c->kind) {
    case EXPR_ULT: case EXPR_ULE: case EXPR_SLT: case EXPR_SLE:
        return fact_order(c, neg, f);
    case EXPR_EQ: {
        bool k_left = expr_is_const(c->kids[0]);
        if (k_left == expr_is_const(c->kids[1])) break;
        Expr *k = c->kids[k_left ? 0 : 1];
        f->term = c->kids[k_left ? 1 : 0];
        if (neg) fact_not_point(k->u.value, k->width, f);
        else fact_unsigned(k->u.value, k->u.value, f);
        return true;
    }
    case EXPR_CONST:
        return false;
    default:
        break;
    }
    if (expr_is_const(c)) return false;
    /* any other boolean term: the constraint says it is 1 (0 when negated) */
    f->term = c;
    fact_unsigned(!neg, !neg, f);
    return true;
}

/* ---- piece sets ---- */

/* a := a ∩ b, both sorted and disjoint; a may need up to na + nb - 1 pieces,
 * so the result is merged down to RANGE_MAX_PIECES by joining the pieces with
 * the smallest gap between them (a superset: still sound). */
static unsigned pieces_intersect(RangePiece *a, unsigned na, const RangePiece *b, unsigned nb) {
    RangePiece out[2 * RANGE_MAX_PIECES + 2];
    unsigned n = 0, i = 0, j = 0;
    while (i < na && j < nb) {
        u128 lo = a[i].lo > b[j].lo ? a[i].lo : b[j].lo, hi = a[i].hi < b[j].hi ? a[i].hi : b[j].hi;
        if (lo <= hi) out[n++] = (RangePiece){lo, hi};
        if (a[i].hi < b[j].hi) i++;
        else j++;
    }
    while (n > RANGE_MAX_PIECES) {
        unsigned best = 0;
        for (unsigned k = 1; k + 1 < n; k++)
            if (out[k + 1].lo - out[k].hi < out[best + 1].lo - out[best].hi) best = k;
        out[best].hi = out[best + 1].hi;
        for (unsigned k = best + 1; k + 1 < n; k++) out[k] = out[k + 1];
        n--;
    }
    for (unsigned k = 0; k < n; k++) a[k] = out[k];
    return n;
}

/* Is every value of a in b? */
static bool pieces_within(const RangePiece *a, unsigned na, const RangePiece *b, unsigned nb) {
    for (unsigned i = 0; i < na; i++) {
        bool in = false;
        for (unsigned j = 0; j < nb && !in; j++) in = b[j].lo <= a[i].lo && a[i].hi <= b[j].hi;
        if (!in) return false;
    }
    return true;
}

bool range_fact_implies(const RangeFact *a, const RangeFact *b) {
    return a->term == b->term && pieces_within(a->piece, a->npieces, b->piece, b->npieces);
}

/* ---- the set ---- */

RangeSet *range_set_new(void) {
    RangeSet *rs = util_calloc(1, sizeof *rs);
    solver_map_init(&rs->index);
    return rs;
}

void range_set_free(RangeSet *rs) {
    if (!rs) return;
    for (size_t i = 0; i < rs->terms.len; i++) expr_unref(rs->terms.data[i].term);
    VEC_FREE(rs->terms);
    solver_map_free(&rs->index);
    free(rs);
}

static TermRange *range_find(const RangeSet *rs, Expr *t) {
    void *at;
    return solver_map_get(&rs->index, t, NULL, &at) ? &rs->terms.data[(size_t)at - 1] : NULL;
}

bool range_set_add(RangeSet *rs, Expr *c) {
    RangeFact f;
    if (rs->empty) return false;
    if (expr_is_const(c)) { /* false: the constraints contradict; true: says nothing */
        rs->empty = c->u.value == 0;
        return !rs->empty;
    }
    if (!range_fact(c, &f)) return true;
    TermRange *r = range_find(rs, f.term);
    if (!r) {
        TermRange fresh = {expr_ref(f.term), 1, {{0, range_max(f.term->width)}}};
        VEC_PUSH(rs->terms, fresh);
        solver_map_put(&rs->index, f.term, NULL, (void *)rs->terms.len);
        r = &rs->terms.data[rs->terms.len - 1];
    }
    r->npieces = pieces_intersect(r->piece, r->npieces, f.piece, f.npieces);
    rs->empty = r->npieces == 0;
    return !rs->empty;
}

bool range_set_empty(const RangeSet *rs) { return rs->empty; }

unsigned range_set_of(const RangeSet *rs, Expr *t, RangePiece *out) {
    const TermRange *r = range_find(rs, t);
    if (!r) {
        out[0] = (RangePiece){0, range_max(t->width)};
        return 1;
    }
    for (unsigned i = 0; i < r->npieces; i++) out[i] = r->piece[i];
    return r->npieces;
}

RangeVerdict range_set_decide(const RangeSet *rs, Expr *e) {
    if (rs->empty) return RANGE_CONTRADICTS;
    if (expr_is_const(e)) return e->u.value ? RANGE_IMPLIED : RANGE_CONTRADICTS;
    RangeFact f;
    if (!range_fact(e, &f)) return RANGE_OPEN;
    RangePiece have[RANGE_MAX_PIECES], meet[RANGE_MAX_PIECES];
    unsigned n = range_set_of(rs, f.term, have);
    if (pieces_within(have, n, f.piece, f.npieces)) return RANGE_IMPLIED;
    for (unsigned i = 0; i < n; i++) meet[i] = have[i];
    return pieces_intersect(meet, n, f.piece, f.npieces) ? RANGE_OPEN : RANGE_CONTRADICTS;
}
