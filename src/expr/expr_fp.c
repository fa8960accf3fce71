/* Builders of the floating-point kinds. They fold constants (through
 * expr_fp_fold, the semantics the evaluator uses too) and otherwise make the
 * node as asked: IEEE arithmetic has few identities that hold for every
 * operand (x + 0 is not x when x is -0), so there is little to rewrite. */
#include <assert.h>
#include <math.h>
#include <string.h>

#include "expr/expr_fp.h"
#include "expr/expr_internal.h"
#include "util/mathfn.h"

static Expr *fp_make(ExprKind k, unsigned rm, unsigned w, Expr *const *kids, unsigned n) {
    bool all_const = true;
    u128 v[3] = {0, 0, 0};
    for (unsigned i = 0; i < n; i++) {
        all_const = all_const && expr_is_const(kids[i]);
        v[i] = kids[i]->u.value;
    }
    if (all_const) return expr_const(expr_fp_fold(k, rm, w, kids[0]->width, v), w);
    return expr_make(k, w, kids, n, 0, expr_kind_rounds(k) || k == EXPR_FCALL ? rm : 0, NULL, NULL);
}

Expr *expr_fbinary(ExprKind k, ExprRound rm, Expr *a, Expr *b) {
    assert(k >= EXPR_FADD && k <= EXPR_FREM && a->width == b->width && expr_fp_width_ok(a->width));
    Expr *kids[2] = {a, b};
    return fp_make(k, rm, a->width, kids, 2);
}

Expr *expr_fma(ExprRound rm, Expr *a, Expr *b, Expr *c) {
    assert(a->width == b->width && b->width == c->width && expr_fp_width_ok(a->width));
    Expr *kids[3] = {a, b, c};
    return fp_make(EXPR_FMA, rm, a->width, kids, 3);
}

Expr *expr_fsqrt(ExprRound rm, Expr *a) {
    assert(expr_fp_width_ok(a->width));
    return fp_make(EXPR_FSQRT, rm, a->width, &a, 1);
}

Expr *expr_frint(ExprRound rm, Expr *a) {
    assert(expr_fp_width_ok(a->width));
    return fp_make(EXPR_FRINT, rm, a->width, &a, 1);
}

Expr *expr_fcmp(ExprKind k, Expr *a, Expr *b) {
    assert(k >= EXPR_FOEQ && k <= EXPR_FUNO && a->width == b->width && expr_fp_width_ok(a->width));
    Expr *kids[2] = {a, b};
    return fp_make(k, 0, 1, kids, 2);
}

Expr *expr_fconv(ExprRound rm, Expr *a, unsigned width) {
    assert(expr_fp_width_ok(a->width) && expr_fp_width_ok(width));
    if (a->width == width) return expr_ref(a);
    return fp_make(EXPR_FCONV, rm, width, &a, 1);
}

Expr *expr_ftoi(bool is_signed, Expr *a, unsigned width) {
    assert(expr_fp_width_ok(a->width) && width >= 1 && width <= 128);
    return fp_make(is_signed ? EXPR_FTOSI : EXPR_FTOUI, 0, width, &a, 1);
}

Expr *expr_itof(bool is_signed, ExprRound rm, Expr *a, unsigned width) {
    assert(expr_fp_width_ok(width));
    return fp_make(is_signed ? EXPR_SITOF : EXPR_UITOF, rm, width, &a, 1);
}

Expr *expr_fcall(unsigned fn, Expr *a, Expr *b) {
    unsigned n = mathfn_arity((MathFn)fn);
    assert(n >= 1 && expr_fp_width_ok(a->width) && (n == 1 ? !b : b && b->width == a->width));
    Expr *kids[2] = {a, b};
    return fp_make(EXPR_FCALL, fn, a->width, kids, n);
}

/* +-2^n as a float of width w (a binary32 overflows to infinity past 2^127) */
static Expr *pow2(unsigned w, int n, bool neg) {
    double d = neg ? -ldexp(1, n) : ldexp(1, n);
    if (w == 64) {
        uint64_t b;
        memcpy(&b, &d, 8);
        return expr_const(b, 64);
    }
    float f = (float)d;
    uint32_t b;
    memcpy(&b, &f, 4);
    return expr_const(b, 32);
}

Expr *expr_ftoi_out_of_range(bool is_signed, Expr *a, unsigned width) {
    unsigned w = a->width;
    Expr *t = expr_frint(EXPR_RTZ, a);
    Expr *lo = is_signed ? pow2(w, (int)width - 1, true) : expr_const(0, w);
    Expr *hi = pow2(w, is_signed ? (int)width - 1 : (int)width, false);
    Expr *nan = expr_fisnan(a), *below = expr_fcmp(EXPR_FOLT, t, lo), *above = expr_fcmp(EXPR_FOLE, hi, t);
    Expr *either = expr_bool_or(below, above), *r = expr_bool_or(nan, either);
    Expr *tmp[] = {t, lo, hi, nan, below, above, either};
    for (size_t i = 0; i < sizeof tmp / sizeof *tmp; i++) expr_unref(tmp[i]);
    return r;
}

static u128 sign_bit(unsigned w) { return (u128)1 << (w - 1); }

static Expr *with_mask(Expr *(*op)(Expr *, Expr *), Expr *a, u128 mask) {
    Expr *m = expr_const(mask, a->width);
    Expr *r = op(a, m);
    expr_unref(m);
    return r;
}

Expr *expr_fneg(Expr *a) { return with_mask(expr_xor, a, sign_bit(a->width)); }
Expr *expr_fabs(Expr *a) { return with_mask(expr_and, a, sign_bit(a->width) - 1); }

Expr *expr_fcopysign(Expr *mag, Expr *sign) {
    Expr *m = expr_fabs(mag), *s = with_mask(expr_and, sign, sign_bit(sign->width));
    Expr *r = expr_or(m, s);
    expr_unref(m);
    expr_unref(s);
    return r;
}

Expr *expr_fisnan(Expr *a) { return expr_fcmp(EXPR_FUNO, a, a); }

Expr *expr_fminmax(bool is_max, Expr *a, Expr *b) {
    /* b wins where it is strictly better or a is NaN; ties (and ±0) keep a */
    Expr *better = is_max ? expr_fcmp(EXPR_FOLT, a, b) : expr_fcmp(EXPR_FOLT, b, a);
    Expr *a_nan = expr_fisnan(a);
    Expr *pick_b = expr_bool_or(better, a_nan);
    Expr *r = expr_ite(pick_b, b, a);
    expr_unref(better);
    expr_unref(a_nan);
    expr_unref(pick_b);
    return r;
}

Expr *expr_fp_rebuild(const Expr *e, Expr **kids) {
    ExprRound rm = (ExprRound)e->u.off;
    switch (e->kind) {
    case EXPR_FMA: return expr_fma(rm, kids[0], kids[1], kids[2]);
    case EXPR_FSQRT: return expr_fsqrt(rm, kids[0]);
    case EXPR_FRINT: return expr_frint(rm, kids[0]);
    case EXPR_FOEQ: case EXPR_FOLT: case EXPR_FOLE: case EXPR_FUNO:
        return expr_fcmp((ExprKind)e->kind, kids[0], kids[1]);
    case EXPR_FCONV: return expr_fconv(rm, kids[0], e->width);
    case EXPR_FTOSI: case EXPR_FTOUI: return expr_ftoi(e->kind == EXPR_FTOSI, kids[0], e->width);
    case EXPR_SITOF: case EXPR_UITOF: return expr_itof(e->kind == EXPR_SITOF, rm, kids[0], e->width);
    case EXPR_FCALL: return expr_fcall(e->u.off, kids[0], e->nkids > 1 ? kids[1] : NULL);
    default: return expr_fbinary((ExprKind)e->kind, rm, kids[0], kids[1]);
    }
}
