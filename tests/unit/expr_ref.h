/* Reference bit-vector semantics for the expr tests, written independently of
 * src/expr (bit-serial division, shift loops, signed ops by the SMT-LIB2
 * definitions in terms of unsigned ones) so that a shared mistake is unlikely. */
#ifndef SYMPLEX_TEST_EXPR_REF_H
#define SYMPLEX_TEST_EXPR_REF_H
#include "expr/expr.h"

static inline u128 ref_mask(unsigned w) { return w == 128 ? ~(u128)0 : ((u128)1 << w) - 1; }
static inline bool ref_msb(u128 v, unsigned w) { return (v >> (w - 1)) & 1; }
static inline u128 ref_neg(u128 v, unsigned w) { return (~v + 1) & ref_mask(w); }

static inline u128 ref_mul(u128 a, u128 b, unsigned w) {
    u128 r = 0;
    for (unsigned i = 0; i < w; i++)
        if ((b >> i) & 1) r += a << i;
    return r & ref_mask(w);
}

/* Restoring division, one bit at a time; b == 0 gives q = ones, r = a, which
 * is exactly SMT-LIB2's bvudiv/bvurem by zero. */
static inline void ref_divmod(u128 a, u128 b, unsigned w, u128 *q, u128 *r) {
    u128 rem = 0, quo = 0;
    for (int i = (int)w - 1; i >= 0; i--) {
        bool carry = rem >> 127;
        rem = (rem << 1) | ((a >> i) & 1);
        if (carry || rem >= b) {
            rem -= b;
            quo |= (u128)1 << i;
        }
    }
    *q = quo & ref_mask(w);
    *r = rem & ref_mask(w);
}

static inline u128 ref_udiv(u128 a, u128 b, unsigned w) { u128 q, r; ref_divmod(a, b, w, &q, &r); return q; }
static inline u128 ref_urem(u128 a, u128 b, unsigned w) { u128 q, r; ref_divmod(a, b, w, &q, &r); return r; }

static inline u128 ref_sdiv(u128 a, u128 b, unsigned w) {
    bool na = ref_msb(a, w), nb = ref_msb(b, w);
    if (!na && !nb) return ref_udiv(a, b, w);
    if (na && !nb) return ref_neg(ref_udiv(ref_neg(a, w), b, w), w);
    if (!na && nb) return ref_neg(ref_udiv(a, ref_neg(b, w), w), w);
    return ref_udiv(ref_neg(a, w), ref_neg(b, w), w);
}

static inline u128 ref_srem(u128 a, u128 b, unsigned w) {
    bool na = ref_msb(a, w), nb = ref_msb(b, w);
    if (!na && !nb) return ref_urem(a, b, w);
    if (na && !nb) return ref_neg(ref_urem(ref_neg(a, w), b, w), w);
    if (!na && nb) return ref_urem(a, ref_neg(b, w), w);
    return ref_neg(ref_urem(ref_neg(a, w), ref_neg(b, w), w), w);
}

static inline u128 ref_shift(int kind, u128 a, u128 b, unsigned w) {
    u128 n = b < w ? b : w;
    bool sign = ref_msb(a, w);
    for (u128 i = 0; i < n; i++) {
        if (kind == EXPR_SHL) a = (a << 1) & ref_mask(w);
        else a = (a >> 1) | (kind == EXPR_ASHR && sign ? (u128)1 << (w - 1) : 0);
    }
    return a;
}

static inline u128 ref_sext(u128 v, unsigned from, unsigned to) {
    return ref_msb(v, from) ? (v | (ref_mask(to) & ~ref_mask(from))) : v;
}

static inline u128 ref_binary(int k, u128 a, u128 b, unsigned w) {
    u128 m = ref_mask(w), sb = (u128)1 << (w - 1);
    switch (k) {
    case EXPR_ADD: return (a + b) & m;
    case EXPR_SUB: return (a + ref_neg(b, w)) & m;
    case EXPR_MUL: return ref_mul(a, b, w);
    case EXPR_UDIV: return ref_udiv(a, b, w);
    case EXPR_SDIV: return ref_sdiv(a, b, w);
    case EXPR_UREM: return ref_urem(a, b, w);
    case EXPR_SREM: return ref_srem(a, b, w);
    case EXPR_AND: return a & b;
    case EXPR_OR: return a | b;
    case EXPR_XOR: return a ^ b;
    case EXPR_SHL: case EXPR_LSHR: case EXPR_ASHR: return ref_shift(k, a, b, w);
    case EXPR_EQ: return a == b;
    case EXPR_ULT: return a < b;
    case EXPR_ULE: return a <= b;
    case EXPR_SLT: return (a ^ sb) < (b ^ sb);
    case EXPR_SLE: return (a ^ sb) <= (b ^ sb);
    default: return 0;
    }
}
#endif
