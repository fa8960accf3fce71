/* Concrete floating point: the host FPU computes each FP kind in the operand's
 * own precision (SSE arithmetic on x86-64 is IEEE binary32/binary64, so the
 * result is the correctly rounded one), and a NaN result is then the one
 * expr_fp.h's rule picks. Shared by the builders' constant folding, the
 * evaluator and the executor's concrete path, so all three agree bit for bit;
 * Z3's translation and the SMT-LIB2 printer implement the same definitions. */
#define _GNU_SOURCE /* roundeven */
#include <fenv.h>
#include <math.h>
#include <string.h>

#include "expr/expr_fp.h"
#include "util/mathfn.h"

u128 expr_fp_nan(unsigned width) {
    return width == 32 ? (u128)0xffc00000u : (u128)0xfff8000000000000ull;
}

/* Bits of the significand of a float width (the quiet bit is its top one). */
static unsigned frac_bits(unsigned w) { return w == 32 ? 23 : 52; }

bool expr_fp_is_nan(u128 v, unsigned w) {
    u128 mag = v & (expr_mask(w) >> 1), inf = expr_mask(w - 1 - frac_bits(w)) << frac_bits(w);
    return mag > inf;
}

unsigned expr_fp_nan_sources(int k, unsigned order[3]) {
    switch (k) {
    case EXPR_FADD: case EXPR_FSUB: case EXPR_FMUL: case EXPR_FDIV: case EXPR_FREM: /* glibc's fmod too */
        order[0] = 0, order[1] = 1;
        return 2;
    case EXPR_FMA: /* vfmadd213sd x, y, z computes y * x + z and favours y */
        order[0] = 1, order[1] = 0, order[2] = 2;
        return 3;
    case EXPR_FSQRT: case EXPR_FRINT: case EXPR_FCONV:
        order[0] = 0;
        return 1;
    default: return 0; /* no NaN (conversions from integers), or the host's (EXPR_FCALL) */
    }
}

u128 expr_fp_nan_pass(u128 v, unsigned from, unsigned to) {
    unsigned ff = frac_bits(from), tf = frac_bits(to);
    u128 frac = v & expr_mask(ff), sign = v >> (from - 1) & 1;
    frac = tf >= ff ? frac << (tf - ff) : frac >> (ff - tf);
    u128 quiet = (u128)1 << (tf - 1), exp = expr_mask(to - 1 - tf) << tf;
    return sign << (to - 1) | exp | quiet | frac;
}

/* The NaN FP kind k returns on operands v of width kw, its own NaN being one. */
static u128 nan_result(int k, unsigned w, unsigned kw, const u128 *v) {
    unsigned order[3], n = expr_fp_nan_sources(k, order);
    for (unsigned i = 0; i < n; i++)
        if (expr_fp_is_nan(v[order[i]], kw)) return expr_fp_nan_pass(v[order[i]], kw, w);
    return expr_fp_nan(w);
}

static float as_f(u128 v) { float f; uint32_t b = (uint32_t)v; memcpy(&f, &b, 4); return f; }
static double as_d(u128 v) { double d; uint64_t b = (uint64_t)v; memcpy(&d, &b, 8); return d; }
/* The host's bits, a NaN's included: the NaN rule is applied by the caller. */
static u128 bits_f(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }
static u128 bits_d(double d) { uint64_t b; memcpy(&b, &d, 8); return b; }
/* The operand as a double: exact for a binary32. */
static double widen(u128 v, unsigned w) { return w == 32 ? (double)as_f(v) : as_d(v); }

double expr_fp_to_double(u128 v, unsigned w) { return widen(v, w); }
u128 expr_fp_from_double(double d, unsigned w) { return w == 32 ? bits_f((float)d) : bits_d(d); }

static int host_mode(unsigned rm) {
    switch ((ExprRound)rm) {
    case EXPR_RTP: return FE_UPWARD;
    case EXPR_RTN: return FE_DOWNWARD;
    case EXPR_RTZ: return FE_TOWARDZERO;
    default: return FE_TONEAREST; /* RNA only exists for integral rounding, done by round() */
    }
}

/* The operation runs between two mode switches; the volatile copies keep the
 * compiler from moving it across them (it assumes the default mode). */
#define IN_MODE(rm, T, expr, out)                                                \
    do {                                                                         \
        int old_ = fegetround(), want_ = host_mode(rm);                          \
        if (want_ != old_) fesetround(want_);                                    \
        volatile T r_ = (expr);                                                  \
        if (want_ != old_) fesetround(old_);                                     \
        (out) = r_;                                                              \
    } while (0)

/* x and y are volatile. C fmod is exact: no rounding mode applies. */
#define ARITH(T, x, y, rm, k, out)                                               \
    do {                                                                         \
        switch (k) {                                                             \
        case EXPR_FADD: IN_MODE(rm, T, x + y, out); break;                       \
        case EXPR_FSUB: IN_MODE(rm, T, x - y, out); break;                       \
        case EXPR_FMUL: IN_MODE(rm, T, x * y, out); break;                       \
        case EXPR_FDIV: IN_MODE(rm, T, x / y, out); break;                       \
        default: (out) = (T)fmod(x, y); break;                                   \
        }                                                                        \
    } while (0)

static double rint_mode(double x, unsigned rm) {
    switch ((ExprRound)rm) {
    case EXPR_RNA: return round(x);
    case EXPR_RTP: return ceil(x);
    case EXPR_RTN: return floor(x);
    case EXPR_RTZ: return trunc(x);
    default: return roundeven(x);
    }
}

bool expr_fp_ftoi_fits(bool is_signed, unsigned w, unsigned kw, u128 v) {
    double t = trunc(widen(v, kw));
    double lo = is_signed ? -ldexp(1, (int)w - 1) : 0, hi = ldexp(1, is_signed ? (int)w - 1 : (int)w);
    return !isnan(t) && t >= lo && t < hi;
}

/* cvtt*2si converts to a signed 32- or 64-bit integer and gives 1 << 31 or
 * 1 << 63 ("integer indefinite") for anything out of range. clang -O0 uses the
 * 32-bit form below 32 bits (31 unsigned), the 64-bit one up to 64 (63
 * unsigned), and for uint64_t both: x, and x - 2^63 when x's own conversion
 * failed, which extends the range to [-2^63, 2^64). */
ExprFtoiRule expr_fp_ftoi_rule(bool is_signed, unsigned w) {
    if (w > 64) {
        double lo = is_signed ? -ldexp(1, (int)w - 1) : 0, hi = ldexp(1, is_signed ? (int)w - 1 : (int)w);
        return (ExprFtoiRule){lo, hi, is_signed ? w : w + 1, (u128)1 << (w - 1)};
    }
    unsigned hw = w < 32 || (is_signed && w == 32) ? 32 : 64;
    bool extended = !is_signed && w == 64;
    return (ExprFtoiRule){-ldexp(1, (int)hw - 1), ldexp(1, extended ? 64 : (int)hw - 1), extended ? 65 : hw,
                          ((u128)1 << (hw - 1)) & expr_mask(w)};
}

static u128 fold_ftoi(bool is_signed, unsigned w, unsigned kw, u128 v) {
    ExprFtoiRule r = expr_fp_ftoi_rule(is_signed, w);
    double t = trunc(widen(v, kw));
    if (isnan(t) || t < r.lo || t >= r.hi) return r.other;
    return (t < 0 ? (u128)(__int128)t : (u128)t) & expr_mask(w);
}

/* Up to 64 bits the conversion is one instruction, which honours the mode. */
#define ITOF(T, is_signed, rm, kw, v, out)                                       \
    do {                                                                         \
        volatile __int128 s_ = expr_signed(v, kw);                               \
        volatile int64_t s64_ = (int64_t)s_;                                     \
        volatile uint64_t u64_ = (uint64_t)v;                                    \
        volatile u128 u_ = v;                                                    \
        if (is_signed && kw <= 64) IN_MODE(rm, T, (T)s64_, out);                 \
        else if (is_signed) IN_MODE(rm, T, (T)s_, out);                          \
        else if (kw <= 64) IN_MODE(rm, T, (T)u64_, out);                         \
        else IN_MODE(rm, T, (T)u_, out);                                         \
    } while (0)

static u128 fold_itof(bool is_signed, unsigned rm, unsigned w, unsigned kw, u128 v) {
    if (w == 32) {
        float r;
        ITOF(float, is_signed, rm, kw, v, r);
        return bits_f(r);
    }
    double r;
    ITOF(double, is_signed, rm, kw, v, r);
    return bits_d(r);
}

/* The rounding operations in one precision. The operands are volatile so they
 * are read after the mode switch (see IN_MODE). */
#define FOLD_PRECISION(name, T, AS, BITS, FMA, SQRT)                             \
    static u128 name(int k, unsigned rm, const u128 *v) {                        \
        volatile T x = AS(v[0]), y = AS(v[1]), z = AS(v[2]);                     \
        T r;                                                                     \
        switch (k) {                                                             \
        case EXPR_FMA: IN_MODE(rm, T, FMA(x, y, z), r); break;                   \
        case EXPR_FSQRT: IN_MODE(rm, T, SQRT(x), r); break;                      \
        case EXPR_FRINT: r = (T)rint_mode(x, rm); break;                         \
        default: ARITH(T, x, y, rm, k, r); break;                                \
        }                                                                        \
        return BITS(r);                                                          \
    }
FOLD_PRECISION(fold_single, float, as_f, bits_f, fmaf, sqrtf)
FOLD_PRECISION(fold_double, double, as_d, bits_d, fma, sqrt)

/* The host's result, a NaN as the host computes it. */
static u128 fold_host(int k, unsigned rm, unsigned w, unsigned kw, const u128 *v) {
    switch (k) {
    case EXPR_FOEQ: return widen(v[0], kw) == widen(v[1], kw);
    case EXPR_FOLT: return widen(v[0], kw) < widen(v[1], kw);
    case EXPR_FOLE: return widen(v[0], kw) <= widen(v[1], kw);
    case EXPR_FUNO: return isnan(widen(v[0], kw)) || isnan(widen(v[1], kw));
    case EXPR_FTOSI: return fold_ftoi(true, w, kw, v[0]);
    case EXPR_FTOUI: return fold_ftoi(false, w, kw, v[0]);
    case EXPR_SITOF: return fold_itof(true, rm, w, kw, v[0]);
    case EXPR_UITOF: return fold_itof(false, rm, w, kw, v[0]);
    case EXPR_FCALL: /* rm is the MathFn */
        if (w == 32) return bits_f(mathfn_float((MathFn)rm, as_f(v[0]), as_f(v[1])));
        return bits_d(mathfn_double((MathFn)rm, as_d(v[0]), as_d(v[1])));
    case EXPR_FCONV: {
        if (w == 64) return bits_d(widen(v[0], kw)); /* widening is exact */
        float r;
        volatile double x = as_d(v[0]);
        IN_MODE(rm, float, (float)x, r);
        return bits_f(r);
    }
    default: return w == 32 ? fold_single(k, rm, v) : fold_double(k, rm, v);
    }
}

u128 expr_fp_fold(int k, unsigned rm, unsigned w, unsigned kw, const u128 *v) {
    u128 r = fold_host(k, rm, w, kw, v);
    bool ruled = (k >= EXPR_FADD && k <= EXPR_FRINT) || k == EXPR_FCONV; /* the host's libm decides FCALL */
    if (ruled && expr_fp_is_nan(r, w)) return nan_result(k, w, kw, v);
    return r;
}
