/* expr_fp: IEEE-754 floating point in the expression language.
 *
 * A float is its bit pattern: a width-32 Expr is a binary32, width 64 a
 * binary64. Registers, memory and the solver's input bytes stay bit-vectors,
 * and only the FP kinds give the bits a floating-point meaning, so loads,
 * stores, bit casts, fneg/fabs/copysign (sign-bit operations) need nothing new.
 *
 * Two decisions every consumer relies on, so the evaluator, the constant
 * folder and the Z3 translation agree bit for bit:
 *  - a NaN result is the canonical NaN (the x86 default NaN: sign set, quiet,
 *    zero payload); payloads do not propagate;
 *  - a float-to-integer conversion whose truncated value does not fit (or of a
 *    NaN), undefined in C, gives 1 << (width - 1) (x86's "integer indefinite").
 *
 * x86's 80-bit long double is not an FP kind: the executor computes it
 * concretely only. */
#ifndef SYMPLEX_EXPR_FP_H
#define SYMPLEX_EXPR_FP_H
#include "expr/expr.h"

typedef enum ExprRound {
    EXPR_RNE, /* to nearest, ties to even: C's default */
    EXPR_RNA, /* to nearest, ties away from zero: round() */
    EXPR_RTP, /* toward +infinity */
    EXPR_RTN, /* toward -infinity */
    EXPR_RTZ, /* toward zero */
    EXPR_ROUND_COUNT
} ExprRound;

static inline bool expr_kind_is_fp(int k) { return k >= EXPR_FADD && k <= EXPR_FCALL; }
static inline bool expr_fp_width_ok(unsigned w) { return w == 32 || w == 64; }
/* Kinds whose u.off is an ExprRound. */
static inline bool expr_kind_rounds(int k) {
    return (k >= EXPR_FADD && k <= EXPR_FDIV) || (k >= EXPR_FMA && k <= EXPR_FRINT) || k == EXPR_FCONV ||
           k == EXPR_SITOF || k == EXPR_UITOF;
}

/* The canonical NaN of a float width. */
u128 expr_fp_nan(unsigned width);

/* ---- builders (fold constants; operands are float widths unless said) ---- */
Expr *expr_fbinary(ExprKind k, ExprRound rm, Expr *a, Expr *b); /* EXPR_FADD..EXPR_FREM */
Expr *expr_fma(ExprRound rm, Expr *a, Expr *b, Expr *c);
Expr *expr_fsqrt(ExprRound rm, Expr *a);
Expr *expr_frint(ExprRound rm, Expr *a);
Expr *expr_fcmp(ExprKind k, Expr *a, Expr *b);                  /* EXPR_FOEQ..EXPR_FUNO */
Expr *expr_fconv(ExprRound rm, Expr *a, unsigned width);         /* float width to float width */
Expr *expr_ftoi(bool is_signed, Expr *a, unsigned width);        /* any integer width 1..128 */
Expr *expr_itof(bool is_signed, ExprRound rm, Expr *a, unsigned width);
/* fn (a MathFn, util/mathfn.h) applied to a (and b for a binary one; NULL
 * otherwise), floats of one width: folded on constants by the host's libm,
 * else an opaque EXPR_FCALL node. */
Expr *expr_fcall(unsigned fn, Expr *a, Expr *b);
/* Whether converting a to an integer of the width is undefined in C: a NaN,
 * or a truncated value the type cannot hold (where expr_ftoi gives 1 << (w-1)). */
Expr *expr_ftoi_out_of_range(bool is_signed, Expr *a, unsigned width);
/* Sign-bit operations and derived predicates, built from the kinds above. */
Expr *expr_fneg(Expr *a);
Expr *expr_fabs(Expr *a);
Expr *expr_fcopysign(Expr *mag, Expr *sign);
Expr *expr_fisnan(Expr *a);
/* C's fmin/fmax (LLVM minnum/maxnum): a NaN operand yields the other one. */
Expr *expr_fminmax(bool is_max, Expr *a, Expr *b);
/* Rebuilds an FP node with new kids (substitution). */
Expr *expr_fp_rebuild(const Expr *e, Expr **kids);

/* ---- concrete semantics ---- */
/* The value of FP kind k (rounding mode rm, or EXPR_FCALL's MathFn, result width w) on constant kids
 * v[0..2] of width kw (v always has three elements, unused ones 0); computed by the host FPU in the operand's precision. */
u128 expr_fp_fold(int k, unsigned rm, unsigned w, unsigned kw, const u128 *v);
/* A float's value as a double (exact for a binary32), and the bits of the
 * width-w float nearest a double (a NaN as the canonical NaN). */
double expr_fp_to_double(u128 v, unsigned w);
u128 expr_fp_from_double(double d, unsigned w);
/* Whether the width-kw float v converts to a w-bit integer without undefined
 * behaviour (the complement of expr_ftoi_out_of_range, on a constant). */
bool expr_fp_ftoi_fits(bool is_signed, unsigned w, unsigned kw, u128 v);

#endif
