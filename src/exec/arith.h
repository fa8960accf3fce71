/* arith.h: the concrete integer fast path, inline so the dispatch loop can
 * compute plain machine-width arithmetic without a call. */
#ifndef SYMPLEX_ARITH_H
#define SYMPLEX_ARITH_H
#include "../ir/ir.h"
#include <stdint.h>

/* Up to 64 bits the host's native arithmetic does it (128-bit division is a
 * library call, far too slow for the interpreter's hot path). */
static inline uint64_t arith_concrete64(IrOp op, uint64_t a, uint64_t b, unsigned w) {
    uint64_t m = w >= 64 ? ~0ull : (1ull << w) - 1;
    int sh = 64 - (int)w;
    int64_t sa = (int64_t)(a << sh) >> sh, sb = (int64_t)(b << sh) >> sh;
    switch (op) {
    case IR_ADD: return (a + b) & m;
    case IR_SUB: return (a - b) & m;
    case IR_MUL: return (a * b) & m;
    case IR_UDIV: return b ? a / b : m;
    case IR_UREM: return b ? a % b : a;
    case IR_SDIV:
        if (!b) return (sa < 0 ? 1 : ~0ull) & m;
        if (sb == -1) return (0 - a) & m; /* INT_MIN / -1 wraps */
        return (uint64_t)(sa / sb) & m;
    case IR_SREM:
        if (!b) return a;
        if (sb == -1) return 0;
        return (uint64_t)(sa % sb) & m;
    case IR_AND: return a & b;
    case IR_OR: return a | b;
    case IR_XOR: return a ^ b;
    case IR_SHL: return b >= w ? 0 : (a << b) & m;
    case IR_LSHR: return b >= w ? 0 : a >> b;
    case IR_ASHR: return b >= w ? (sa < 0 ? m : 0) : (uint64_t)(sa >> b) & m;
    default: return 0;
    }
}

/* Does the signed (nsw) add, sub or mul of two w-bit values overflow?
 * False for every other operation. */
static inline bool arith_overflows64(IrOp op, uint64_t a, uint64_t b, unsigned w) {
    if (op != IR_ADD && op != IR_SUB && op != IR_MUL) return false;
    int sh = 64 - (int)w;
    __int128 x = (int64_t)(a << sh) >> sh, y = (int64_t)(b << sh) >> sh;
    __int128 r = op == IR_ADD ? x + y : op == IR_SUB ? x - y : x * y;
    __int128 hi = ((__int128)1 << (w - 1)) - 1;
    return r > hi || r < -hi - 1;
}

/* Comparison of two width-bit values (any width up to 128). */
static inline bool arith_icmp_bits(IrIcmpPred p, unsigned __int128 a, unsigned __int128 b, unsigned w) {
    if (w <= 64 && p <= IR_NE) return p == IR_EQ ? (uint64_t)a == (uint64_t)b : (uint64_t)a != (uint64_t)b;
    if (w <= 64) { /* machine-width compare: the common case in the interpreter loop */
        uint64_t s64 = 1ull << (w - 1), x = (uint64_t)a, y = (uint64_t)b;
        uint64_t fx = x ^ s64, fy = y ^ s64;
        switch (p) {
        case IR_UGT: return x > y;
        case IR_UGE: return x >= y;
        case IR_ULT: return x < y;
        case IR_ULE: return x <= y;
        case IR_SGT: return fx > fy;
        case IR_SGE: return fx >= fy;
        case IR_SLT: return fx < fy;
        default: return fx <= fy;
        }
    }
    unsigned __int128 sign = (unsigned __int128)1 << (w - 1);
    /* flipping the sign bit turns a signed order into an unsigned one */
    unsigned __int128 fa = a ^ sign, fb = b ^ sign;
    switch (p) {
    case IR_EQ: return a == b;
    case IR_NE: return a != b;
    case IR_UGT: return a > b;
    case IR_UGE: return a >= b;
    case IR_ULT: return a < b;
    case IR_ULE: return a <= b;
    case IR_SGT: return fa > fb;
    case IR_SGE: return fa >= fb;
    case IR_SLT: return fa < fb;
    case IR_SLE: return fa <= fb;
    }
    return false;
}

#endif
