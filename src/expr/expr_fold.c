/* Constant folding of binary operators and comparisons, shared by the builders
 * and the evaluator so both agree bit for bit. The semantics are SMT-LIB2's
 * (what Z3 implements): division by zero is defined, shifts saturate. */
#include <assert.h>

#include "expr/expr_internal.h"

/* |x| of a signed width-w value, as an unsigned magnitude: correct even for the
 * minimum value, whose magnitude does not fit the signed type. */
static u128 magnitude(u128 v, unsigned w, bool *neg) {
    __int128 s = expr_signed(v, w);
    *neg = s < 0;
    return *neg ? -(u128)s : (u128)s;
}

static u128 fold_sdiv(u128 a, u128 b, unsigned w) {
    bool na, nb;
    u128 ma = magnitude(a, w, &na), mb = magnitude(b, w, &nb);
    if (b == 0) return na ? 1 : expr_mask(w);
    u128 q = ma / mb;
    return (na != nb ? -q : q) & expr_mask(w);
}

static u128 fold_srem(u128 a, u128 b, unsigned w) {
    bool na, nb;
    u128 ma = magnitude(a, w, &na), mb = magnitude(b, w, &nb);
    if (b == 0) return a;
    u128 r = ma % mb; /* the remainder takes the dividend's sign */
    return (na ? -r : r) & expr_mask(w);
}

static u128 fold_ashr(u128 a, u128 b, unsigned w) {
    bool neg = expr_signed(a, w) < 0;
    if (b >= w) return neg ? expr_mask(w) : 0;
    /* Shift the 128-bit sign-extended value: GCC's >> on signed is arithmetic. */
    return (u128)(expr_signed(a, w) >> (unsigned)b) & expr_mask(w);
}

u128 expr_fold_binary(int k, u128 a, u128 b, unsigned w) {
    u128 m = expr_mask(w);
    a &= m;
    b &= m;
    switch (k) {
    case EXPR_ADD: return (a + b) & m;
    case EXPR_SUB: return (a - b) & m;
    case EXPR_MUL: return (a * b) & m;
    case EXPR_UDIV: return b == 0 ? m : a / b;
    case EXPR_UREM: return b == 0 ? a : a % b;
    case EXPR_SDIV: return fold_sdiv(a, b, w);
    case EXPR_SREM: return fold_srem(a, b, w);
    case EXPR_AND: return a & b;
    case EXPR_OR: return a | b;
    case EXPR_XOR: return a ^ b;
    case EXPR_SHL: return b >= w ? 0 : (a << (unsigned)b) & m;
    case EXPR_LSHR: return b >= w ? 0 : a >> (unsigned)b;
    case EXPR_ASHR: return fold_ashr(a, b, w);
    case EXPR_EQ: return a == b;
    case EXPR_ULT: return a < b;
    case EXPR_ULE: return a <= b;
    case EXPR_SLT: return expr_signed(a, w) < expr_signed(b, w);
    case EXPR_SLE: return expr_signed(a, w) <= expr_signed(b, w);
    default: assert(!"expr_fold_binary: not a binary kind"); return 0;
    }
}
