/* Floating point, computed concretely on the host. A symbolic operand ends the
 * state with the reason "symbolic floating point" (symbolic FP is a later issue). */
#include "executor.h"
#include <math.h>
#include <string.h>

typedef long double Real;

static Real f_get(u128 bits, unsigned kind) {
    if (kind == IR_FK_FLOAT) { float f; uint32_t b = (uint32_t)bits; memcpy(&f, &b, 4); return f; }
    if (kind == IR_FK_DOUBLE) { double d; uint64_t b = (uint64_t)bits; memcpy(&d, &b, 8); return d; }
    Real r = 0;
    memcpy(&r, &bits, 10);
    return r;
}

static u128 f_put(Real r, unsigned kind) {
    if (kind == IR_FK_FLOAT) { float f = (float)r; uint32_t b; memcpy(&b, &f, 4); return b; }
    if (kind == IR_FK_DOUBLE) { double d = (double)r; uint64_t b; memcpy(&b, &d, 8); return b; }
    u128 b = 0;
    memcpy(&b, &r, 10);
    return b;
}

/* Arithmetic is done in the operand's own precision so rounding matches C. */
#define F_ARITH(T, FMOD)                                                         \
    do {                                                                         \
        T x = (T)f_get(a, k), y = (T)f_get(b, k), r;                             \
        switch (op) {                                                            \
        case IR_FADD: r = x + y; break;                                          \
        case IR_FSUB: r = x - y; break;                                          \
        case IR_FMUL: r = x * y; break;                                          \
        case IR_FDIV: r = x / y; break;                                          \
        case IR_FREM: r = FMOD(x, y); break;                                     \
        default: r = -x; break;                                                  \
        }                                                                        \
        return f_put(r, k);                                                      \
    } while (0)

static u128 f_arith(IrOp op, u128 a, u128 b, unsigned k) {
    if (k == IR_FK_FLOAT) F_ARITH(float, fmodf);
    if (k == IR_FK_DOUBLE) F_ARITH(double, fmod);
    F_ARITH(Real, fmodl);
}

static bool f_cmp(unsigned pred, Real x, Real y) {
    bool uno = isnan(x) || isnan(y);
    bool lt = !uno && x < y, gt = !uno && x > y, eq = !uno && x == y;
    switch ((IrFcmpPred)pred) {
    case IR_FCMP_FALSE: return false;
    case IR_FCMP_OEQ: return eq;
    case IR_FCMP_OGT: return gt;
    case IR_FCMP_OGE: return gt || eq;
    case IR_FCMP_OLT: return lt;
    case IR_FCMP_OLE: return lt || eq;
    case IR_FCMP_ONE: return lt || gt;
    case IR_FCMP_ORD: return !uno;
    case IR_FCMP_UNO: return uno;
    case IR_FCMP_UEQ: return uno || eq;
    case IR_FCMP_UGT: return uno || gt;
    case IR_FCMP_UGE: return uno || gt || eq;
    case IR_FCMP_ULT: return uno || lt;
    case IR_FCMP_ULE: return uno || lt || eq;
    case IR_FCMP_UNE: return uno || lt || gt;
    case IR_FCMP_TRUE: return true;
    }
    return false;
}

static u128 f_to_int(Real x, bool is_signed, unsigned w) {
    if (isnan(x)) return 0;
    if (is_signed) {
        __int128 v = (x >= 1.7e38L || x <= -1.7e38L) ? 0 : (__int128)x;
        return (u128)v & expr_mask(w);
    }
    if (x < 0) return (u128)(__int128)x & expr_mask(w);
    return (x >= 3.4e38L ? 0 : (u128)x) & expr_mask(w);
}

static Real f_math(unsigned fn, Real a, Real b, Real c) {
    switch ((IrFmathFn)fn) {
    case IR_FM_FABS: return fabsl(a);
    case IR_FM_SQRT: return sqrtl(a);
    case IR_FM_FLOOR: return floorl(a);
    case IR_FM_CEIL: return ceill(a);
    case IR_FM_TRUNC: return truncl(a);
    case IR_FM_ROUND: return roundl(a);
    case IR_FM_RINT: return rintl(a);
    case IR_FM_COPYSIGN: return copysignl(a, b);
    case IR_FM_MINNUM: return fminl(a, b);
    case IR_FM_MAXNUM: return fmaxl(a, b);
    case IR_FM_FMA: return fmal(a, b, c);
    case IR_FM_FMULADD: return a * b + c;
    }
    return a;
}

bool exec_float(Executor *ex, State *s, const Inst *in) {
    Frame *f = state_top(s);
    unsigned nops = 1;
    if ((in->op >= IR_FADD && in->op <= IR_FREM) || in->op == IR_FCMP) nops = 2;
    if (in->op == IR_FMATH)
        nops = in->sub == IR_FM_FMA || in->sub == IR_FM_FMULADD ? 3
             : in->sub == IR_FM_COPYSIGN || in->sub == IR_FM_MINNUM || in->sub == IR_FM_MAXNUM ? 2 : 1;
    Value a = exec_operand(f, in->a);
    Value b = nops > 1 ? exec_operand(f, in->b) : value_concrete(0);
    Value c = nops > 2 ? exec_operand(f, in->c) : value_concrete(0);
    if (a.e || b.e || c.e) {
        exec_terminate(ex, s, TERM_EARLY, "symbolic floating point", "symbolic floating point operand of '%s'", ir_op_name((IrOp)in->op));
        return false;
    }
    u128 r = 0;
    switch ((IrOp)in->op) {
    case IR_FADD: case IR_FSUB: case IR_FMUL: case IR_FDIV: case IR_FREM: case IR_FNEG:
        r = f_arith((IrOp)in->op, a.c, b.c, in->sub);
        break;
    case IR_FCMP: r = f_cmp(in->sub, f_get(a.c, in->aux), f_get(b.c, in->aux)); break;
    case IR_FPTRUNC: case IR_FPEXT: r = f_put(f_get(a.c, in->aux), in->sub); break;
    case IR_FPTOUI: r = f_to_int(f_get(a.c, in->aux), false, in->width); break;
    case IR_FPTOSI: r = f_to_int(f_get(a.c, in->aux), true, in->width); break;
    case IR_UITOFP: r = f_put((Real)a.c, in->sub); break;
    case IR_SITOFP: r = f_put((Real)expr_signed(a.c, in->aux), in->sub); break;
    case IR_FMATH: {
        Real x = f_get(a.c, in->aux), y = f_get(b.c, in->aux), z = f_get(c.c, in->aux);
        Real res = f_math(in->sub, x, y, z);
        if (in->aux == IR_FK_FLOAT) res = (float)res;
        else if (in->aux == IR_FK_DOUBLE) res = (double)res;
        r = f_put(res, in->aux);
        break;
    }
    default: break;
    }
    expr_unref(f->regs[in->dst].e);
    f->regs[in->dst] = value_concrete(r);
    f->pc++;
    return true;
}
