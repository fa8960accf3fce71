/* Simplifying builders for the structural operators: constants, array reads,
 * concat, extract, extensions, ite, and rebuilding a node with new kids. */
#include <assert.h>

#include "expr/expr_fp.h"
#include "expr/expr_internal.h"

static Expr *mk1(ExprKind k, unsigned w, Expr *a, uint32_t off) {
    return expr_make(k, w, &a, 1, 0, off, NULL, NULL);
}

Expr *expr_const(u128 value, unsigned width) {
    return expr_make(EXPR_CONST, width, NULL, 0, value & expr_mask(width), 0, NULL, NULL);
}

Expr *expr_bool(bool b) { return expr_const(b, 1); }

/* With a constant index, writes to other constant indices cannot matter, so
 * they are skipped; a write to the same index is the answer. The walk stops at
 * the first symbolic index, which may or may not alias. */
static UpdateNode *skip_updates(UpdateNode *u, Expr *index, Expr **hit) {
    *hit = NULL;
    for (; u; u = u->next) {
        if (u->index == index) {
            *hit = u->value;
            return u;
        }
        if (!expr_is_const(index) || !expr_is_const(u->index)) return u;
    }
    return NULL;
}

Expr *expr_read(Array *a, UpdateNode *updates, Expr *index32) {
    assert(index32->width == 32);
    Expr *hit;
    UpdateNode *rest = skip_updates(updates, index32, &hit);
    if (hit) return expr_ref(hit);
    if (!rest && expr_is_const(index32) && (a->init || index32->u.value >= a->size)) {
        /* Out of range reads are 0 (expr.h), of a constant array or an input */
        u128 i = index32->u.value;
        return expr_const(i < a->size ? a->init[i] : 0, 8);
    }
    return expr_make(EXPR_READ, 8, &index32, 1, 0, 0, a, rest);
}

bool expr_read_may_pass_end(const Expr *e) {
    return e->kind == EXPR_READ && !e->u.read.array->init &&
           !(expr_is_const(e->kids[0]) && e->kids[0]->u.value < e->u.read.array->size);
}

Expr *expr_read_le(Array *a, UpdateNode *updates, Expr *index32, unsigned nbytes) {
    assert(nbytes >= 1 && nbytes <= 16);
    Expr *acc = expr_read(a, updates, index32);
    for (unsigned i = 1; i < nbytes; i++) {
        Expr *k = expr_const(i, 32);
        Expr *idx = expr_add(k, index32);
        Expr *byte = expr_read(a, updates, idx);
        Expr *next = expr_concat(byte, acc);
        expr_unref(k);
        expr_unref(idx);
        expr_unref(byte);
        expr_unref(acc);
        acc = next;
    }
    return acc;
}

/* hi = x[o1 .. o1+w1), lo = x[o2 .. o2+w2) with o1 == o2 + w2: one extract. */
static bool adjacent(const Expr *hi, const Expr *lo) {
    return hi->kind == EXPR_EXTRACT && lo->kind == EXPR_EXTRACT && hi->kids[0] == lo->kids[0] &&
           hi->u.off == lo->u.off + lo->width;
}

Expr *expr_concat(Expr *hi, Expr *lo) {
    unsigned w = hi->width + lo->width;
    assert(w <= 128);
    if (expr_is_const(hi) && expr_is_const(lo)) return expr_const((hi->u.value << lo->width) | lo->u.value, w);
    if (expr_is_const(hi) && hi->u.value == 0) return expr_zext(lo, w);
    if (adjacent(hi, lo)) return expr_extract(hi->kids[0], lo->u.off, w);
    if (lo->kind == EXPR_CONCAT && adjacent(hi, lo->kids[0])) {
        /* x[o1..] ++ (x[o2..] ++ rest): merge the two extracts, keep the rest */
        Expr *merged = expr_extract(hi->kids[0], lo->kids[0]->u.off, hi->width + lo->kids[0]->width);
        Expr *r = expr_concat(merged, lo->kids[1]);
        expr_unref(merged);
        return r;
    }
    Expr *kids[2] = {hi, lo};
    return expr_make(EXPR_CONCAT, w, kids, 2, 0, 0, NULL, NULL);
}

/* Extract from a node whose bits come from identifiable parts; NULL if none applies. */
static Expr *extract_through(Expr *e, unsigned off, unsigned width) {
    Expr *x = e->kids[0];
    switch (e->kind) {
    case EXPR_EXTRACT: return expr_extract(x, e->u.off + off, width);
    case EXPR_CONCAT: {
        Expr *lo = e->kids[1];
        if (off + width <= lo->width) return expr_extract(lo, off, width);
        if (off >= lo->width) return expr_extract(x, off - lo->width, width);
        return NULL;
    }
    case EXPR_ZEXT:
        if (off >= x->width) return expr_const(0, width);
        /* fallthrough */
    case EXPR_SEXT:
        if (off + width <= x->width) return expr_extract(x, off, width);
        return NULL;
    default: return NULL;
    }
}

Expr *expr_extract(Expr *e, unsigned off, unsigned width) {
    assert(width >= 1 && off + width <= e->width);
    if (width == e->width) return expr_ref(e);
    if (expr_is_const(e)) return expr_const(e->u.value >> off, width);
    Expr *r = extract_through(e, off, width);
    return r ? r : mk1(EXPR_EXTRACT, width, e, off);
}

Expr *expr_zext(Expr *e, unsigned width) {
    assert(width >= e->width && width <= 128);
    if (width == e->width) return expr_ref(e);
    if (expr_is_const(e)) return expr_const(e->u.value, width);
    if (e->kind == EXPR_ZEXT) return expr_zext(e->kids[0], width);
    return mk1(EXPR_ZEXT, width, e, 0);
}

Expr *expr_sext(Expr *e, unsigned width) {
    assert(width >= e->width && width <= 128);
    if (width == e->width) return expr_ref(e);
    if (expr_is_const(e)) return expr_const(expr_fold_sext(e->u.value, e->width, width), width);
    /* a strict zext has a 0 top bit, so sign extension adds zeros */
    if (e->kind == EXPR_ZEXT) return expr_zext(e->kids[0], width);
    if (e->kind == EXPR_SEXT) return expr_sext(e->kids[0], width);
    return mk1(EXPR_SEXT, width, e, 0);
}

Expr *expr_trunc_or_zext(Expr *e, unsigned width) {
    return width < e->width ? expr_extract(e, 0, width) : expr_zext(e, width);
}

Expr *expr_ite(Expr *c, Expr *t, Expr *f) {
    assert(c->width == 1 && t->width == f->width);
    if (expr_is_const(c)) return expr_ref(c->u.value ? t : f);
    if (t == f) return expr_ref(t);
    if (t->width == 1 && expr_is_true(t) && expr_is_false(f)) return expr_ref(c);
    if (t->width == 1 && expr_is_false(t) && expr_is_true(f)) return expr_not(c);
    /* ite(!c, t, f) = ite(c, f, t): one canonical form for both */
    if (c->kind == EXPR_NOT) return expr_ite(c->kids[0], f, t);
    Expr *kids[3] = {c, t, f};
    return expr_make(EXPR_ITE, t->width, kids, 3, 0, 0, NULL, NULL);
}

Expr *expr_rebuild(const Expr *e, Expr **kids) {
    switch (e->kind) {
    case EXPR_CONST: return expr_ref((Expr *)e);
    case EXPR_READ: return expr_read(e->u.read.array, e->u.read.updates, kids[0]);
    case EXPR_CONCAT: return expr_concat(kids[0], kids[1]);
    case EXPR_EXTRACT: return expr_extract(kids[0], e->u.off, e->width);
    case EXPR_ZEXT: return expr_zext(kids[0], e->width);
    case EXPR_SEXT: return expr_sext(kids[0], e->width);
    case EXPR_ITE: return expr_ite(kids[0], kids[1], kids[2]);
    case EXPR_NOT: return expr_not(kids[0]);
    default:
        if (expr_kind_is_fp(e->kind)) return expr_fp_rebuild(e, kids);
        return expr_binary((ExprKind)e->kind, kids[0], kids[1]);
    }
}
