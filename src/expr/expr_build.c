/* Simplifying builders for arithmetic, bitwise and comparison operators.
 * Every rewrite here is local and never grows the DAG: constant folding,
 * identities, and a canonical operand order for commutative operators (constant
 * first, then by structural hash) so that a+b and b+a hash-cons together. */
#include <assert.h>

#include "expr/expr_internal.h"

static Expr *mk2(ExprKind k, unsigned w, Expr *a, Expr *b) {
    Expr *kids[2] = {a, b};
    return expr_make(k, w, kids, 2, 0, 0, NULL, NULL);
}

static bool is_val(const Expr *e, u128 v) { return e->kind == EXPR_CONST && e->u.value == v; }
static bool is_ones(const Expr *e) { return is_val(e, expr_mask(e->width)); }

/* Builds op(const c, x) through the builder and releases the temporary. */
static Expr *with_const(Expr *(*op)(Expr *, Expr *), u128 c, Expr *x) {
    Expr *k = expr_const(c, x->width);
    Expr *r = op(k, x);
    expr_unref(k);
    return r;
}

/* Canonical order for commutative kinds: a constant goes left; otherwise the
 * smaller hash goes left. */
static void order(Expr **a, Expr **b) {
    bool swap = expr_is_const(*b) ? !expr_is_const(*a)
                                  : (!expr_is_const(*a) && (*b)->hash < (*a)->hash);
    if (swap) {
        Expr *t = *a;
        *a = *b;
        *b = t;
    }
}

/* Folds two constants; NULL if either operand is symbolic. */
static Expr *fold(ExprKind k, Expr *a, Expr *b) {
    assert(a->width == b->width);
    if (!expr_is_const(a) || !expr_is_const(b)) return NULL;
    unsigned w = expr_kind_is_cmp(k) ? 1 : a->width;
    return expr_const(expr_fold_binary(k, a->u.value, b->u.value, a->width), w);
}

#define FOLD_OR_RETURN(k, a, b)                                                  \
    do {                                                                         \
        Expr *f_ = fold(k, a, b);                                                \
        if (f_) return f_;                                                       \
    } while (0)

Expr *expr_add(Expr *a, Expr *b) {
    FOLD_OR_RETURN(EXPR_ADD, a, b);
    order(&a, &b);
    if (expr_is_const(a)) {
        if (a->u.value == 0) return expr_ref(b);
        /* c1 + (c2 + x) = (c1+c2) + x and c1 + (c2 - x) = (c1+c2) - x */
        if ((b->kind == EXPR_ADD || b->kind == EXPR_SUB) && expr_is_const(b->kids[0]))
            return with_const(b->kind == EXPR_ADD ? expr_add : expr_sub, a->u.value + b->kids[0]->u.value,
                              b->kids[1]);
    }
    return mk2(EXPR_ADD, a->width, a, b);
}

Expr *expr_sub(Expr *a, Expr *b) {
    FOLD_OR_RETURN(EXPR_SUB, a, b);
    if (a == b) return expr_const(0, a->width);
    if (expr_is_const(b)) return with_const(expr_add, -b->u.value, a); /* x - c = (-c) + x */
    if (expr_is_const(a) && (b->kind == EXPR_ADD || b->kind == EXPR_SUB) && expr_is_const(b->kids[0])) {
        /* c1 - (c2 + x) = (c1-c2) - x and c1 - (c2 - x) = (c1-c2) + x */
        return with_const(b->kind == EXPR_ADD ? expr_sub : expr_add, a->u.value - b->kids[0]->u.value,
                          b->kids[1]);
    }
    return mk2(EXPR_SUB, a->width, a, b);
}

Expr *expr_mul(Expr *a, Expr *b) {
    FOLD_OR_RETURN(EXPR_MUL, a, b);
    order(&a, &b);
    if (expr_is_const(a)) {
        if (a->u.value == 0) return expr_ref(a);
        if (a->u.value == 1) return expr_ref(b);
        if (b->kind == EXPR_MUL && expr_is_const(b->kids[0]))
            return with_const(expr_mul, a->u.value * b->kids[0]->u.value, b->kids[1]);
    }
    return mk2(EXPR_MUL, a->width, a, b);
}

/* Division and remainder: only x/1 and x%1, since x/0 and 0/x are not
 * constants in SMT-LIB2 when the other side is symbolic. */
static Expr *divrem(ExprKind k, Expr *a, Expr *b) {
    FOLD_OR_RETURN(k, a, b);
    if (is_val(b, 1)) return (k == EXPR_UDIV || k == EXPR_SDIV) ? expr_ref(a) : expr_const(0, a->width);
    return mk2(k, a->width, a, b);
}

Expr *expr_udiv(Expr *a, Expr *b) { return divrem(EXPR_UDIV, a, b); }
Expr *expr_sdiv(Expr *a, Expr *b) { return divrem(EXPR_SDIV, a, b); }
Expr *expr_urem(Expr *a, Expr *b) { return divrem(EXPR_UREM, a, b); }
Expr *expr_srem(Expr *a, Expr *b) { return divrem(EXPR_SREM, a, b); }

static bool is_not_of(const Expr *a, const Expr *b) {
    return (a->kind == EXPR_NOT && a->kids[0] == b) || (b->kind == EXPR_NOT && b->kids[0] == a);
}

Expr *expr_and(Expr *a, Expr *b) {
    FOLD_OR_RETURN(EXPR_AND, a, b);
    if (a == b) return expr_ref(a);
    if (is_not_of(a, b)) return expr_const(0, a->width);
    order(&a, &b);
    if (expr_is_const(a)) {
        if (a->u.value == 0) return expr_ref(a);
        if (is_ones(a)) return expr_ref(b);
        if (b->kind == EXPR_AND && expr_is_const(b->kids[0]))
            return with_const(expr_and, a->u.value & b->kids[0]->u.value, b->kids[1]);
    }
    return mk2(EXPR_AND, a->width, a, b);
}

Expr *expr_or(Expr *a, Expr *b) {
    FOLD_OR_RETURN(EXPR_OR, a, b);
    if (a == b) return expr_ref(a);
    if (is_not_of(a, b)) return expr_const(expr_mask(a->width), a->width);
    order(&a, &b);
    if (expr_is_const(a)) {
        if (a->u.value == 0) return expr_ref(b);
        if (is_ones(a)) return expr_ref(a);
        if (b->kind == EXPR_OR && expr_is_const(b->kids[0]))
            return with_const(expr_or, a->u.value | b->kids[0]->u.value, b->kids[1]);
    }
    return mk2(EXPR_OR, a->width, a, b);
}

Expr *expr_xor(Expr *a, Expr *b) {
    FOLD_OR_RETURN(EXPR_XOR, a, b);
    if (a == b) return expr_const(0, a->width);
    order(&a, &b);
    if (expr_is_const(a)) {
        if (a->u.value == 0) return expr_ref(b);
        if (is_ones(a)) return expr_not(b);
        if (b->kind == EXPR_XOR && expr_is_const(b->kids[0]))
            return with_const(expr_xor, a->u.value ^ b->kids[0]->u.value, b->kids[1]);
    }
    return mk2(EXPR_XOR, a->width, a, b);
}

static Expr *shift(ExprKind k, Expr *a, Expr *b) {
    FOLD_OR_RETURN(k, a, b);
    if (is_val(b, 0) || is_val(a, 0)) return expr_ref(a);
    if (k == EXPR_ASHR && is_ones(a)) return expr_ref(a);
    if (k != EXPR_ASHR && expr_is_const(b) && b->u.value >= a->width) return expr_const(0, a->width);
    return mk2(k, a->width, a, b);
}

Expr *expr_shl(Expr *a, Expr *b) { return shift(EXPR_SHL, a, b); }
Expr *expr_lshr(Expr *a, Expr *b) { return shift(EXPR_LSHR, a, b); }
Expr *expr_ashr(Expr *a, Expr *b) { return shift(EXPR_ASHR, a, b); }

Expr *expr_not(Expr *a) {
    if (expr_is_const(a)) return expr_const(~a->u.value, a->width);
    if (a->kind == EXPR_NOT) return expr_ref(a->kids[0]);
    return expr_make(EXPR_NOT, a->width, &a, 1, 0, 0, NULL, NULL);
}

Expr *expr_neg(Expr *a) { return with_const(expr_sub, 0, a); }

/* eq(c, x) where x's top is an extension of a narrower y: compare c with y, or
 * false when c is not in the image of the extension. */
static Expr *eq_const_ext(Expr *c, Expr *x) {
    Expr *y = x->kids[0];
    u128 narrow = c->u.value & expr_mask(y->width);
    u128 back = x->kind == EXPR_ZEXT ? narrow : expr_fold_sext(narrow, y->width, x->width);
    if (back != c->u.value) return expr_bool(false);
    return with_const(expr_eq, narrow, y);
}

static Expr *eq_const(Expr *c, Expr *x) {
    u128 v = c->u.value;
    if (x->width == 1) return v ? expr_ref(x) : expr_not(x);
    if (x->kind == EXPR_ZEXT || x->kind == EXPR_SEXT) return eq_const_ext(c, x);
    if (x->kind == EXPR_NOT) return with_const(expr_eq, ~v, x->kids[0]);
    if ((x->kind == EXPR_ADD || x->kind == EXPR_XOR) && expr_is_const(x->kids[0])) {
        u128 k = x->kids[0]->u.value;
        return with_const(expr_eq, x->kind == EXPR_ADD ? v - k : v ^ k, x->kids[1]);
    }
    return NULL;
}

Expr *expr_eq(Expr *a, Expr *b) {
    FOLD_OR_RETURN(EXPR_EQ, a, b);
    if (a == b) return expr_bool(true);
    order(&a, &b);
    if (expr_is_const(a)) {
        Expr *r = eq_const(a, b);
        if (r) return r;
    }
    return mk2(EXPR_EQ, 1, a, b);
}

Expr *expr_ult(Expr *a, Expr *b) {
    FOLD_OR_RETURN(EXPR_ULT, a, b);
    if (a == b || is_val(b, 0) || is_ones(a)) return expr_bool(false);
    return mk2(EXPR_ULT, 1, a, b);
}

Expr *expr_ule(Expr *a, Expr *b) {
    FOLD_OR_RETURN(EXPR_ULE, a, b);
    if (a == b || is_val(a, 0) || is_ones(b)) return expr_bool(true);
    return mk2(EXPR_ULE, 1, a, b);
}

Expr *expr_slt(Expr *a, Expr *b) {
    FOLD_OR_RETURN(EXPR_SLT, a, b);
    if (a == b) return expr_bool(false);
    return mk2(EXPR_SLT, 1, a, b);
}

Expr *expr_sle(Expr *a, Expr *b) {
    FOLD_OR_RETURN(EXPR_SLE, a, b);
    if (a == b) return expr_bool(true);
    return mk2(EXPR_SLE, 1, a, b);
}

Expr *expr_ne(Expr *a, Expr *b) {
    Expr *e = expr_eq(a, b);
    Expr *r = expr_not(e);
    expr_unref(e);
    return r;
}

Expr *expr_ugt(Expr *a, Expr *b) { return expr_ult(b, a); }
Expr *expr_uge(Expr *a, Expr *b) { return expr_ule(b, a); }
Expr *expr_sgt(Expr *a, Expr *b) { return expr_slt(b, a); }
Expr *expr_sge(Expr *a, Expr *b) { return expr_sle(b, a); }

Expr *expr_bool_and(Expr *a, Expr *b) {
    assert(a->width == 1 && b->width == 1);
    return expr_and(a, b);
}

Expr *expr_bool_or(Expr *a, Expr *b) {
    assert(a->width == 1 && b->width == 1);
    return expr_or(a, b);
}

Expr *expr_binary(ExprKind k, Expr *a, Expr *b) {
    switch (k) {
    case EXPR_ADD: return expr_add(a, b);
    case EXPR_SUB: return expr_sub(a, b);
    case EXPR_MUL: return expr_mul(a, b);
    case EXPR_UDIV: return expr_udiv(a, b);
    case EXPR_SDIV: return expr_sdiv(a, b);
    case EXPR_UREM: return expr_urem(a, b);
    case EXPR_SREM: return expr_srem(a, b);
    case EXPR_AND: return expr_and(a, b);
    case EXPR_OR: return expr_or(a, b);
    case EXPR_XOR: return expr_xor(a, b);
    case EXPR_SHL: return expr_shl(a, b);
    case EXPR_LSHR: return expr_lshr(a, b);
    case EXPR_ASHR: return expr_ashr(a, b);
    case EXPR_EQ: return expr_eq(a, b);
    case EXPR_ULT: return expr_ult(a, b);
    case EXPR_ULE: return expr_ule(a, b);
    case EXPR_SLT: return expr_slt(a, b);
    case EXPR_SLE: return expr_sle(a, b);
    default: assert(!"expr_binary: not a binary kind"); return NULL;
    }
}
