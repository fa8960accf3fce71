/* float_fast.h: the concrete float fast path, inline so the dispatch loop
 * computes plain float and double arithmetic without a call, as arith.h does
 * for integers. Only round-to-nearest (the host's own mode, which symplex
 * never leaves outside expr_fp_fold's mode switches) and only the operations
 * whose host result is the IEEE one; everything else returns false and goes
 * through exec_float. A NaN result goes there too: expr_fp_fold picks its
 * bits by the platform's rule (expr_fp.h), which the host's own computation
 * here need not follow (a compiler may swap the operands of x + y). */
#ifndef SYMPLEX_FLOAT_FAST_H
#define SYMPLEX_FLOAT_FAST_H
#include "../expr/expr_fp.h"
#include "../ir/ir.h"
#include <math.h>

/* bits <-> value through expr_fp's conversions, the ones folding uses */
static inline double ffast_d(uint64_t b) { return expr_fp_to_double(b, 64); }
static inline double ffast_f(uint64_t b) { return expr_fp_to_double(b, 32); }
static inline uint64_t ffast_bits_d(double d) { return (uint64_t)expr_fp_from_double(d, 64); }
static inline uint64_t ffast_bits_f(double f) { return (uint64_t)expr_fp_from_double(f, 32); }

/* An ordered comparison or its negation, as fcmp_split in exec_float.c. */
static inline bool ffast_cmp(unsigned pred, double x, double y, uint64_t *out) {
    bool uno = isnan(x) || isnan(y);
    switch ((IrFcmpPred)pred) {
    case IR_FCMP_OEQ: *out = !uno && x == y; return true;
    case IR_FCMP_OGT: *out = !uno && x > y; return true;
    case IR_FCMP_OGE: *out = !uno && x >= y; return true;
    case IR_FCMP_OLT: *out = !uno && x < y; return true;
    case IR_FCMP_OLE: *out = !uno && x <= y; return true;
    case IR_FCMP_UNE: *out = uno || x != y; return true;
    case IR_FCMP_UGT: *out = uno || x > y; return true;
    case IR_FCMP_ULT: *out = uno || x < y; return true;
    default: return false;
    }
}

static inline bool ffast_binary(unsigned op, double x, double y, double *r) {
    switch ((IrOp)op) {
    case IR_FADD: *r = x + y; return true;
    case IR_FSUB: *r = x - y; return true;
    case IR_FMUL: *r = x * y; return true;
    case IR_FDIV: *r = x / y; return true;
    default: return false;
    }
}

/* llvm.fmuladd as x86-64 computes it without FMA (see exec_float.c): the
 * product rounded, then the sum. volatile keeps a compiler allowed to
 * contract from fusing the two. */
static inline double ffast_muladd_d(uint64_t a, uint64_t b, uint64_t c) {
    volatile double p = ffast_d(a) * ffast_d(b);
    return p + ffast_d(c);
}

/* in on concrete operands a, b, c (low 64 bits); false when not covered here. */
static inline bool float_fast_compute(const Inst *in, uint64_t a, uint64_t b, uint64_t c, double *r) {
    switch ((IrOp)in->op) {
    case IR_FADD: case IR_FSUB: case IR_FMUL: case IR_FDIV:
        if (in->sub == IR_FK_DOUBLE) return ffast_binary(in->op, ffast_d(a), ffast_d(b), r);
        /* float: in double, rounded once to float: double carries more than
         * 2 * 24 + 2 bits, so the result is the float operation's own */
        return in->sub == IR_FK_FLOAT && ffast_binary(in->op, ffast_f(a), ffast_f(b), r);
    case IR_FMATH:
        if (in->aux != IR_FK_DOUBLE) return false;
        if (in->sub == IR_FM_SQRT) { *r = sqrt(ffast_d(a)); return true; }
        if (in->sub == IR_FM_FMULADD) { *r = ffast_muladd_d(a, b, c); return true; }
        return false;
    case IR_SITOFP:
        if (in->sub == IR_FK_DOUBLE && in->aux <= 64) {
            int sh = 64 - (int)in->aux;
            *r = (double)((int64_t)(a << sh) >> sh);
            return true;
        }
        return false;
    case IR_FPEXT:
        if (in->aux == IR_FK_FLOAT && in->sub == IR_FK_DOUBLE) { *r = (double)ffast_f(a); return true; }
        return false;
    default:
        return false;
    }
}

static inline bool float_fast(const Inst *in, uint64_t a, uint64_t b, uint64_t c, uint64_t *out) {
    switch ((IrOp)in->op) {
    case IR_FCMP:
        if (in->aux == IR_FK_DOUBLE) return ffast_cmp(in->sub, ffast_d(a), ffast_d(b), out);
        if (in->aux == IR_FK_FLOAT) return ffast_cmp(in->sub, ffast_f(a), ffast_f(b), out);
        return false;
    case IR_FMATH:
        if (in->aux == IR_FK_DOUBLE && in->sub == IR_FM_FABS) { *out = a & ~(1ull << 63); return true; }
        break;
    default:
        break;
    }
    double r;
    if (!float_fast_compute(in, a, b, c, &r) || isnan(r)) return false;
    bool to_float = (in->op >= IR_FADD && in->op <= IR_FDIV) && in->sub == IR_FK_FLOAT;
    *out = to_float ? ffast_bits_f(r) : ffast_bits_d(r);
    return true;
}

#endif
