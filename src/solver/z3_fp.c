/* Floating-point kinds in Z3's FP theory. Kids arrive as bit-vectors (an Expr
 * float is its bit pattern) and are viewed as floats with to_fp; float results
 * go back to bits with to_ieee_bv. The FP theory has one NaN and leaves its
 * bits unspecified, so a NaN result's bits are built on the bit-vector level
 * from the operands' bits, by expr_fp.h's rule (the NaN of the first NaN
 * operand, quieted, else the default NaN): the bits expr_fp_fold gives. */
#include <stdio.h>

#include "expr/expr_fp.h"
#include "util/mathfn.h"
#include "z3_fp.h"

#define K(x) fp->keep(fp->owner, (x))

/* Kept like any AST: a fresh object nobody holds may be freed by the next
 * API call, which could be the evaluation of another argument of the call
 * this sort is for. */
static Z3_sort fp_sort(const Z3Fp *fp, unsigned w) {
    Z3_sort s = w == 32 ? Z3_mk_fpa_sort_single(fp->ctx) : Z3_mk_fpa_sort_double(fp->ctx);
    K(Z3_sort_to_ast(fp->ctx, s));
    return s;
}

static Z3_ast fp_rm(const Z3Fp *fp, unsigned rm) {
    Z3_context c = fp->ctx;
    switch ((ExprRound)rm) {
    case EXPR_RNA: return K(Z3_mk_fpa_rna(c));
    case EXPR_RTP: return K(Z3_mk_fpa_rtp(c));
    case EXPR_RTN: return K(Z3_mk_fpa_rtn(c));
    case EXPR_RTZ: return K(Z3_mk_fpa_rtz(c));
    default: return K(Z3_mk_fpa_rne(c));
    }
}

static Z3_ast bv_const(const Z3Fp *fp, u128 v, unsigned w) {
    Z3_context c = fp->ctx;
    Z3_sort bv = Z3_mk_bv_sort(c, w);
    K(Z3_sort_to_ast(c, bv));
    if (w <= 64) return K(Z3_mk_unsigned_int64(c, (uint64_t)v, bv));
    Z3_ast hi = bv_const(fp, v >> 64, w - 64), lo = bv_const(fp, (uint64_t)v, 64);
    return K(Z3_mk_concat(c, hi, lo));
}

static Z3_ast bit(const Z3Fp *fp, Z3_ast b) {
    return K(Z3_mk_ite(fp->ctx, b, bv_const(fp, 1, 1), bv_const(fp, 0, 1)));
}

/* The float of the bit-vector e (its bits b, or NULL to translate them):
 * an FP node's own term, fp.neg/fp.abs of a sign-bit xor/and (equal as
 * floats: only a NaN's sign differs, and any NaN is a NaN to an FP
 * operation), else to_fp of the bits. */
static Z3_ast float_of(const Z3Fp *fp, Expr *e, Z3_ast b) {
    void *hit;
    if (solver_map_get(fp->floats, e, NULL, &hit)) return hit;
    u128 sign = (u128)1 << (e->width - 1);
    if ((e->kind == EXPR_XOR || e->kind == EXPR_AND) && expr_is_const(e->kids[0])) {
        u128 m = e->kids[0]->u.value;
        if (e->kind == EXPR_XOR && m == sign) return K(Z3_mk_fpa_neg(fp->ctx, float_of(fp, e->kids[1], NULL)));
        if (e->kind == EXPR_AND && m == sign - 1) return K(Z3_mk_fpa_abs(fp->ctx, float_of(fp, e->kids[1], NULL)));
    }
    if (!b) b = fp->bits(fp->owner, e);
    return K(Z3_mk_fpa_to_fp_bv(fp->ctx, b, fp_sort(fp, e->width)));
}

/* Kid i of e as a float. */
static Z3_ast view(const Z3Fp *fp, const Expr *e, unsigned i, const Z3_ast *k) {
    return float_of(fp, e->kids[i], k[i]);
}

/* expr_fp_nan_pass on the bits k of a NaN of width from. */
static Z3_ast nan_pass(const Z3Fp *fp, Z3_ast k, unsigned from, unsigned to) {
    Z3_context c = fp->ctx;
    unsigned ff = from == 32 ? 23 : 52, tf = to == 32 ? 23 : 52;
    if (from == to) return K(Z3_mk_bvor(c, k, bv_const(fp, (u128)1 << (tf - 1), to)));
    /* the sign, an all-ones exponent and the quiet bit, then the payload's top */
    Z3_ast head = K(Z3_mk_concat(c, K(Z3_mk_extract(c, from - 1, from - 1, k)), bv_const(fp, expr_mask(to - tf), to - tf)));
    if (tf < ff) return K(Z3_mk_concat(c, head, K(Z3_mk_extract(c, ff - 2, ff - tf, k))));
    Z3_ast payload = K(Z3_mk_concat(c, K(Z3_mk_extract(c, ff - 2, 0, k)), bv_const(fp, 0, tf - ff)));
    return K(Z3_mk_concat(c, head, payload));
}

/* The bits of FP node e whose float is v, x[i] being its kids' floats and
 * k[i] their bits: v's IEEE bits, or for a NaN the one the platform returns. */
static Z3_ast bits(const Z3Fp *fp, const Expr *e, Z3_ast v, const Z3_ast *x, const Z3_ast *k) {
    Z3_context c = fp->ctx;
    unsigned w = e->width, order[3], n = expr_fp_nan_sources(e->kind, order);
    solver_map_put(fp->floats, e, NULL, v);
    Z3_ast r = K(Z3_mk_ite(c, K(Z3_mk_fpa_is_nan(c, v)), bv_const(fp, expr_fp_nan(w), w), K(Z3_mk_fpa_to_ieee_bv(c, v))));
    for (unsigned i = n; i-- > 0;) {
        unsigned o = order[i];
        Z3_ast pass = nan_pass(fp, k[o], e->kids[o]->width, w);
        r = K(Z3_mk_ite(c, K(Z3_mk_fpa_is_nan(c, x[o])), pass, r));
    }
    return r;
}

/* C fmod from IEEE remainder r: the two differ by |y| (with x's sign) exactly
 * when r is nonzero and of the other sign than x; the sum is exact. */
static Z3_ast fmod_of(const Z3Fp *fp, Z3_ast x, Z3_ast y) {
    Z3_context c = fp->ctx;
    Z3_ast r = K(Z3_mk_fpa_rem(c, x, y));
    Z3_ast xneg = K(Z3_mk_fpa_is_negative(c, x));
    Z3_ast other_sign = K(Z3_mk_not(c, K(Z3_mk_eq(c, K(Z3_mk_fpa_is_negative(c, r)), xneg))));
    Z3_ast conds[2] = {K(Z3_mk_not(c, K(Z3_mk_fpa_is_zero(c, r)))), other_sign};
    Z3_ast ay = K(Z3_mk_fpa_abs(c, y));
    Z3_ast step = K(Z3_mk_ite(c, xneg, K(Z3_mk_fpa_neg(c, ay)), ay));
    return K(Z3_mk_ite(c, K(Z3_mk_and(c, 2, conds)), K(Z3_mk_fpa_add(c, fp_rm(fp, EXPR_RNE), r, step)), r));
}

/* Truncation to an integer of width w, as x86 does it (expr_fp_ftoi_rule). */
static Z3_ast ftoi(const Z3Fp *fp, bool is_signed, Z3_ast x, unsigned w) {
    Z3_context c = fp->ctx;
    ExprFtoiRule rule = expr_fp_ftoi_rule(is_signed, w);
    Z3_ast rtz = fp_rm(fp, EXPR_RTZ);
    Z3_sort d = fp_sort(fp, 64);
    Z3_ast xd = K(Z3_mk_fpa_to_fp_float(c, fp_rm(fp, EXPR_RNE), x, d)); /* exact */
    Z3_ast t = K(Z3_mk_fpa_round_to_integral(c, rtz, xd));
    /* lo <= t, which -0 (from x in (-1, 0]) satisfies where lo is 0 */
    Z3_ast lo = K(Z3_mk_fpa_leq(c, K(Z3_mk_fpa_numeral_double(c, rule.lo, d)), t));
    Z3_ast hi = K(Z3_mk_fpa_lt(c, t, K(Z3_mk_fpa_numeral_double(c, rule.hi, d))));
    Z3_ast conds[3] = {K(Z3_mk_not(c, K(Z3_mk_fpa_is_nan(c, x)))), lo, hi};
    Z3_ast conv = K(Z3_mk_extract(c, w - 1, 0, K(Z3_mk_fpa_to_sbv(c, rtz, x, rule.conv))));
    return K(Z3_mk_ite(c, K(Z3_mk_and(c, 3, conds)), conv, bv_const(fp, rule.other, w)));
}

static Z3_ast fp_compare(const Z3Fp *fp, int kind, Z3_ast x, Z3_ast y) {
    Z3_context c = fp->ctx;
    switch (kind) {
    case EXPR_FOEQ: return bit(fp, K(Z3_mk_fpa_eq(c, x, y)));
    case EXPR_FOLT: return bit(fp, K(Z3_mk_fpa_lt(c, x, y)));
    case EXPR_FOLE: return bit(fp, K(Z3_mk_fpa_leq(c, x, y)));
    default: {
        Z3_ast nans[2] = {K(Z3_mk_fpa_is_nan(c, x)), K(Z3_mk_fpa_is_nan(c, y))};
        return bit(fp, K(Z3_mk_or(c, 2, nans)));
    }
    }
}

/* An uninterpreted function of the bits: glibc's result for a NaN argument
 * depends on its payload, so equal floats need not give equal results. */
static Z3_ast fcall(const Z3Fp *fp, const Expr *e, const Z3_ast *k) {
    Z3_context c = fp->ctx;
    char name[32];
    snprintf(name, sizeof name, "%s.%u", mathfn_name((MathFn)e->u.off), e->width);
    Z3_sort s = Z3_mk_bv_sort(c, e->width);
    K(Z3_sort_to_ast(c, s));
    Z3_sort dom[2] = {s, s};
    Z3_func_decl f = Z3_mk_func_decl(c, Z3_mk_string_symbol(c, name), e->nkids, dom, s);
    K(Z3_func_decl_to_ast(c, f));
    *fp->opaque = true;
    return K(Z3_mk_app(c, f, e->nkids, k));
}

Z3_ast z3_fp_node(const Z3Fp *fp, const Expr *e, const Z3_ast *k) {
    Z3_context c = fp->ctx;
    unsigned w = e->width;
    if (e->kind == EXPR_SITOF || e->kind == EXPR_UITOF) { /* never a NaN */
        Z3_ast (*to)(Z3_context, Z3_ast, Z3_ast, Z3_sort) =
            e->kind == EXPR_SITOF ? Z3_mk_fpa_to_fp_signed : Z3_mk_fpa_to_fp_unsigned;
        Z3_ast v = K(to(c, fp_rm(fp, e->u.off), k[0], fp_sort(fp, w)));
        solver_map_put(fp->floats, e, NULL, v);
        return K(Z3_mk_fpa_to_ieee_bv(c, v));
    }
    if (e->kind == EXPR_FCALL) return fcall(fp, e, k);
    Z3_ast x[3] = {NULL, NULL, NULL};
    for (unsigned i = 0; i < e->nkids; i++) x[i] = view(fp, e, i, k);
    Z3_ast rm = fp_rm(fp, e->u.off);
    Z3_ast v;
    switch (e->kind) {
    case EXPR_FOEQ: case EXPR_FOLT: case EXPR_FOLE: case EXPR_FUNO: return fp_compare(fp, e->kind, x[0], x[1]);
    case EXPR_FTOSI: case EXPR_FTOUI: return ftoi(fp, e->kind == EXPR_FTOSI, x[0], w);
    case EXPR_FADD: v = Z3_mk_fpa_add(c, rm, x[0], x[1]); break;
    case EXPR_FSUB: v = Z3_mk_fpa_sub(c, rm, x[0], x[1]); break;
    case EXPR_FMUL: v = Z3_mk_fpa_mul(c, rm, x[0], x[1]); break;
    case EXPR_FDIV: v = Z3_mk_fpa_div(c, rm, x[0], x[1]); break;
    case EXPR_FREM: v = fmod_of(fp, x[0], x[1]); break;
    case EXPR_FMA: v = Z3_mk_fpa_fma(c, rm, x[0], x[1], x[2]); break;
    case EXPR_FSQRT: v = Z3_mk_fpa_sqrt(c, rm, x[0]); break;
    case EXPR_FRINT: v = Z3_mk_fpa_round_to_integral(c, rm, x[0]); break;
    default: v = Z3_mk_fpa_to_fp_float(c, rm, x[0], fp_sort(fp, w)); break; /* EXPR_FCONV */
    }
    return bits(fp, e, K(v), x, k);
}
