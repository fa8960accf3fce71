/* expr_fp: IEEE-754 floating point in the expression language.
 *
 * A float is its bit pattern: a width-32 Expr is a binary32, width 64 a
 * binary64. Registers, memory and the solver's input bytes stay bit-vectors,
 * and only the FP kinds give the bits a floating-point meaning, so loads,
 * stores, bit casts, fneg/fabs/copysign (sign-bit operations) need nothing new.
 *
 * The platform's rules, those of native replay (x86-64 SSE as clang -O0
 * emits it, with glibc's libm), which every consumer implements so the
 * evaluator, the constant folder, the interpreter, the Z3 translation and the
 * SMT-LIB2 printer agree bit for bit with a native run:
 *  - an operation with a NaN operand returns that operand's NaN, quieted (its
 *    quiet bit set, sign and payload kept); with several, the first in the
 *    order expr_fp_nan_sources gives. An invalid operation on no NaN (inf - inf,
 *    0 * inf, 0 / 0, sqrt(-1), fmod(inf, y)) returns the default NaN, sign set
 *    (0xfff8000000000000, 0xffc00000). A conversion between widths keeps a
 *    NaN's sign and the top of its payload. Opaque math functions (EXPR_FCALL)
 *    return what the host's libm, the same glibc, returns;
 *  - fneg, fabs and copysign change the sign bit only, and fmin/fmax select an
 *    operand as it is; comparisons see any NaN alike;
 *  - a float-to-integer conversion whose truncated value does not fit (or of a
 *    NaN), undefined in C, gives what x86 gives (expr_fp_ftoi_rule); the
 *    executor reports it as an error, as native replay's UBSan does.
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

/* The default NaN of a float width: the result of an invalid operation. */
u128 expr_fp_nan(unsigned width);
bool expr_fp_is_nan(u128 v, unsigned width);
/* The operands of FP kind k whose NaN the result returns, in priority order
 * (their indices into order[]); their count. SSE's rule is the first source
 * operand first; glibc's fma, an FMA instruction (vfmadd213), takes its second
 * operand first. */
unsigned expr_fp_nan_sources(int k, unsigned order[3]);
/* v, a NaN of width from, as the NaN of width to an operation returns for it:
 * quieted, the payload's top bits kept. */
u128 expr_fp_nan_pass(u128 v, unsigned from, unsigned to);
/* How x86-64 converts a float to a w-bit integer (clang -O0: one cvttss2si or
 * cvttsd2si of 32 or 64 bits, or for uint64_t two of them): a truncated value t
 * with lo <= t < hi gives t as a conv-bit two's complement integer cut to w
 * bits, and any other value, NaN included, gives other. Past 64 bits the
 * conversion is a libgcc routine: [lo, hi) is C's range and other is
 * 1 << (w - 1), whatever libgcc gives (such a conversion ends the path with an
 * error before its value is used). lo and hi are exact binary64 values. */
typedef struct ExprFtoiRule { double lo, hi; unsigned conv; u128 other; } ExprFtoiRule;
ExprFtoiRule expr_fp_ftoi_rule(bool is_signed, unsigned w);

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
 * or a truncated value the type cannot hold. */
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
 * width-w float nearest a double (a NaN as the host converts it). */
double expr_fp_to_double(u128 v, unsigned w);
u128 expr_fp_from_double(double d, unsigned w);
/* Whether the width-kw float v converts to a w-bit integer without undefined
 * behaviour (the complement of expr_ftoi_out_of_range, on a constant). */
bool expr_fp_ftoi_fits(bool is_signed, unsigned w, unsigned kw, u128 v);

#endif
