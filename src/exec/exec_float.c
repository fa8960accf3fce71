/* Floating-point instructions. float and double go through expr_fp's
 * builders, symbolic or not: one definition of each operation (the builders
 * fold constants with the same host computation the evaluator and the Z3
 * translation agree with), in the state's rounding mode (fesetround). x86's
 * 80-bit long double is computed on the host alone, to nearest; a symbolic
 * long double operand is concretized. */
#include "executor.h"
#include "../expr/expr_fp.h"
#include "../util/mathfn.h"
#include <fenv.h>
#include <math.h>
#include <string.h>

/* ---- x86_fp80 (and conversions between it and float/double), on the host ---- */

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

/* long double arithmetic (the x87 unit's own precision, as C computes it) */
static u128 f_arith(IrOp op, u128 a, u128 b, unsigned k) {
    Real x = f_get(a, k), y = f_get(b, k), r;
    switch (op) {
    case IR_FADD: r = x + y; break;
    case IR_FSUB: r = x - y; break;
    case IR_FMUL: r = x * y; break;
    case IR_FDIV: r = x / y; break;
    case IR_FREM: r = fmodl(x, y); break;
    default: r = -x; break;
    }
    return f_put(r, k);
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

/* Whether a long double converts to a w-bit integer without undefined behaviour. */
static bool f_int_fits(Real x, bool is_signed, unsigned w) {
    Real t = truncl(x), lo = is_signed ? -ldexpl(1, (int)w - 1) : 0, hi = ldexpl(1, is_signed ? (int)w - 1 : (int)w);
    return !isnan(t) && t >= lo && t < hi;
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
    default: break; /* the opaque functions: float and double only */
    }
    return a;
}

/* ---- float and double as expressions ---- */

static unsigned fk_width(unsigned kind) { return kind == IR_FK_FLOAT ? 32 : 64; }

/* Most of the 16 LLVM predicates are one of the four FP comparison kinds,
 * maybe with swapped operands or negated; FALSE, TRUE, ONE and UEQ are not
 * (kind 0). */
typedef struct FcmpSplit { uint8_t kind; bool swap, negate; } FcmpSplit;
static const FcmpSplit fcmp_split[] = {
    [IR_FCMP_OEQ] = {EXPR_FOEQ, false, false}, [IR_FCMP_OGT] = {EXPR_FOLT, true, false},
    [IR_FCMP_OGE] = {EXPR_FOLE, true, false},  [IR_FCMP_OLT] = {EXPR_FOLT, false, false},
    [IR_FCMP_OLE] = {EXPR_FOLE, false, false}, [IR_FCMP_ORD] = {EXPR_FUNO, false, true},
    [IR_FCMP_UNO] = {EXPR_FUNO, false, false}, [IR_FCMP_UGT] = {EXPR_FOLE, false, true},
    [IR_FCMP_UGE] = {EXPR_FOLT, false, true},  [IR_FCMP_ULT] = {EXPR_FOLE, true, true},
    [IR_FCMP_ULE] = {EXPR_FOLT, true, true},   [IR_FCMP_UNE] = {EXPR_FOEQ, false, true},
};

static Expr *fcmp_expr(unsigned pred, Expr *a, Expr *b) {
    switch ((IrFcmpPred)pred) {
    case IR_FCMP_FALSE: return expr_bool(false);
    case IR_FCMP_TRUE: return expr_bool(true);
    case IR_FCMP_ONE: case IR_FCMP_UEQ: { /* ordered and unequal, and its negation */
        Expr *lt = expr_fcmp(EXPR_FOLT, a, b), *gt = expr_fcmp(EXPR_FOLT, b, a), *one = expr_bool_or(lt, gt);
        Expr *r = pred == IR_FCMP_ONE ? expr_ref(one) : expr_not(one);
        expr_unref(lt);
        expr_unref(gt);
        expr_unref(one);
        return r;
    }
    default: break;
    }
    FcmpSplit p = fcmp_split[pred];
    Expr *c = p.swap ? expr_fcmp(p.kind, b, a) : expr_fcmp(p.kind, a, b);
    if (!p.negate) return c;
    Expr *r = expr_not(c);
    expr_unref(c);
    return r;
}

/* The rounding mode of each rounding-to-integral function. */
static const ExprRound fm_round[] = {
    [IR_FM_FLOOR] = EXPR_RTN, [IR_FM_CEIL] = EXPR_RTP, [IR_FM_TRUNC] = EXPR_RTZ,
    [IR_FM_ROUND] = EXPR_RNA, [IR_FM_RINT] = EXPR_RNE,
};

/* The rounding of an integral-rounding function: its own, or for rint and
 * nearbyint the current mode rm. */
static ExprRound integral_mode(unsigned fn, ExprRound rm) { return fn == IR_FM_RINT ? rm : fm_round[fn]; }

static Expr *fmath_expr(unsigned fn, ExprRound rm, Expr *a, Expr *b, Expr *c) {
    switch ((IrFmathFn)fn) {
    case IR_FM_FABS: return expr_fabs(a);
    case IR_FM_SQRT: return expr_fsqrt(rm, a);
    case IR_FM_FLOOR: case IR_FM_CEIL: case IR_FM_TRUNC: case IR_FM_ROUND: case IR_FM_RINT:
        return expr_frint(integral_mode(fn, rm), a);
    case IR_FM_COPYSIGN: return expr_fcopysign(a, b);
    case IR_FM_MINNUM: return expr_fminmax(false, a, b);
    case IR_FM_MAXNUM: return expr_fminmax(true, a, b);
    case IR_FM_FMA: return expr_fma(rm, a, b, c);
    case IR_FM_FMULADD: break;
    default: return expr_fcall(fn - IR_FM_LIBM, a, b); /* an opaque math function */
    }
    /* x86-64 has no fused multiply-add in its baseline, so a native build
     * rounds the product and the sum separately */
    Expr *p = expr_fbinary(EXPR_FMUL, rm, a, b), *r = expr_fbinary(EXPR_FADD, rm, p, c);
    expr_unref(p);
    return r;
}

/* rm: the state's rounding mode (fesetround), for every operation that rounds */
static Expr *float_expr(const Inst *in, ExprRound rm, Expr *a, Expr *b, Expr *c) {
    static const ExprKind arith[] = {EXPR_FADD, EXPR_FSUB, EXPR_FMUL, EXPR_FDIV, EXPR_FREM};
    switch ((IrOp)in->op) {
    case IR_FADD: case IR_FSUB: case IR_FMUL: case IR_FDIV: case IR_FREM:
        return expr_fbinary(arith[in->op - IR_FADD], rm, a, b);
    case IR_FNEG: return expr_fneg(a);
    case IR_FCMP: return fcmp_expr(in->sub, a, b);
    case IR_FPTRUNC: case IR_FPEXT: return expr_fconv(rm, a, fk_width(in->sub));
    case IR_FPTOUI: case IR_FPTOSI: return expr_ftoi(in->op == IR_FPTOSI, a, in->width);
    case IR_UITOFP: case IR_SITOFP: return expr_itof(in->op == IR_SITOFP, rm, a, fk_width(in->sub));
    default: return fmath_expr(in->sub, rm, a, b, c); /* IR_FMATH */
    }
}

/* The float kind of the operands, and of the result where it differs. */
static void float_kinds(const Inst *in, int *from, int *to) {
    switch ((IrOp)in->op) {
    case IR_FADD: case IR_FSUB: case IR_FMUL: case IR_FDIV: case IR_FREM: case IR_FNEG:
        *from = *to = in->sub;
        return;
    case IR_FPTRUNC: case IR_FPEXT: *from = (int)in->aux; *to = in->sub; return;
    case IR_UITOFP: case IR_SITOFP: *from = -1; *to = in->sub; return;
    case IR_FPTOUI: case IR_FPTOSI: case IR_FCMP: *from = (int)in->aux; *to = -1; return;
    default: *from = *to = (int)in->aux; return; /* IR_FMATH */
    }
}

static unsigned operand_width(const Inst *in, int from) {
    return from < 0 ? in->aux /* an integer source's width */ : fk_width((unsigned)from);
}

/* ---- x86_fp80: on the host ---- */

static u128 fp80_compute(const Inst *in, u128 a, u128 b, u128 c) {
    switch ((IrOp)in->op) {
    case IR_FADD: case IR_FSUB: case IR_FMUL: case IR_FDIV: case IR_FREM: case IR_FNEG:
        return f_arith((IrOp)in->op, a, b, in->sub);
    case IR_FCMP: return f_cmp(in->sub, f_get(a, in->aux), f_get(b, in->aux));
    case IR_FPTRUNC: case IR_FPEXT: return f_put(f_get(a, in->aux), in->sub);
    case IR_FPTOUI: return f_to_int(f_get(a, in->aux), false, in->width);
    case IR_FPTOSI: return f_to_int(f_get(a, in->aux), true, in->width);
    case IR_UITOFP: return f_put((Real)a, in->sub);
    case IR_SITOFP: return f_put((Real)expr_signed(a, in->aux), in->sub);
    default: return f_put(f_math(in->sub, f_get(a, in->aux), f_get(b, in->aux), f_get(c, in->aux)), in->aux);
    }
}

static unsigned operand_count(const Inst *in) {
    if ((in->op >= IR_FADD && in->op <= IR_FREM) || in->op == IR_FCMP) return 2;
    if (in->op != IR_FMATH) return 1;
    if (in->sub >= IR_FM_LIBM) return mathfn_arity((MathFn)(in->sub - IR_FM_LIBM));
    if (in->sub == IR_FM_FMA || in->sub == IR_FM_FMULADD) return 3;
    return in->sub == IR_FM_COPYSIGN || in->sub == IR_FM_MINNUM || in->sub == IR_FM_MAXNUM ? 2 : 1;
}

static bool fmath_concrete(unsigned fn, ExprRound rm, const u128 *c, unsigned w, u128 *out) {
    u128 sign = (u128)1 << (w - 1);
    switch ((IrFmathFn)fn) {
    case IR_FM_FABS: *out = c[0] & ~sign; return true;
    case IR_FM_COPYSIGN: *out = (c[0] & ~sign) | (c[1] & sign); return true;
    case IR_FM_SQRT: *out = expr_fp_fold(EXPR_FSQRT, rm, w, w, c); return true;
    case IR_FM_FLOOR: case IR_FM_CEIL: case IR_FM_TRUNC: case IR_FM_ROUND: case IR_FM_RINT:
        *out = expr_fp_fold(EXPR_FRINT, integral_mode(fn, rm), w, w, c);
        return true;
    case IR_FM_FMA: *out = expr_fp_fold(EXPR_FMA, rm, w, w, c); return true;
    case IR_FM_FMULADD: { /* unfused, as fmath_expr says */
        u128 p[3] = {expr_fp_fold(EXPR_FMUL, rm, w, w, c), c[2], 0};
        *out = expr_fp_fold(EXPR_FADD, rm, w, w, p);
        return true;
    }
    case IR_FM_MINNUM: case IR_FM_MAXNUM: return false; /* the builders */
    default: *out = expr_fp_fold(EXPR_FCALL, fn - IR_FM_LIBM, w, w, c); return true; /* host libm */
    }
}

/* The concrete fast path, as arith.h's for integers: the common instructions
 * on constants are one host fold, with no expression built (hash-consing
 * constants costs a float loop ten times its time). False for the rest, which
 * go through the builders. */
static bool float_concrete(const Inst *in, ExprRound rm, const u128 *c, unsigned w, u128 *out) {
    static const ExprKind arith[] = {EXPR_FADD, EXPR_FSUB, EXPR_FMUL, EXPR_FDIV, EXPR_FREM};
    switch ((IrOp)in->op) {
    case IR_FADD: case IR_FSUB: case IR_FMUL: case IR_FDIV: case IR_FREM:
        *out = expr_fp_fold(arith[in->op - IR_FADD], rm, w, w, c);
        return true;
    case IR_FNEG: *out = c[0] ^ (u128)1 << (w - 1); return true;
    case IR_FCMP: {
        FcmpSplit p = in->sub < sizeof fcmp_split / sizeof *fcmp_split ? fcmp_split[in->sub] : (FcmpSplit){0};
        if (!p.kind) return false;
        u128 ab[3] = {c[p.swap], c[!p.swap], 0};
        *out = expr_fp_fold(p.kind, 0, 1, w, ab) ^ p.negate;
        return true;
    }
    case IR_FPTRUNC: case IR_FPEXT: *out = expr_fp_fold(EXPR_FCONV, rm, fk_width(in->sub), w, c); return true;
    case IR_SITOFP: case IR_UITOFP:
        *out = expr_fp_fold(in->op == IR_SITOFP ? EXPR_SITOF : EXPR_UITOF, rm, fk_width(in->sub), w, c);
        return true;
    case IR_FPTOSI: case IR_FPTOUI:
        *out = expr_fp_fold(in->op == IR_FPTOSI ? EXPR_FTOSI : EXPR_FTOUI, 0, in->width, w, c);
        return true;
    case IR_FMATH: return fmath_concrete(in->sub, rm, c, w, out);
    default: return false;
    }
}

static bool is_ftoi(const Inst *in) { return in->op == IR_FPTOSI || in->op == IR_FPTOUI; }

static void float_cast_error(Executor *ex, State *s, const Inst *in) {
    exec_error(ex, s, "float-cast", "%s conversion of a value out of the range of i%u",
               in->op == IR_FPTOSI ? "signed" : "unsigned", in->width);
}

/* A float-to-integer conversion out of range is undefined (UBSan's
 * float-cast-overflow, which native replay runs with): an error where it can
 * happen, the state going on where it cannot. False if the state ended. */
static bool float_cast_check(Executor *ex, State *s, const Inst *in, Value x, unsigned w) {
    bool is_signed = in->op == IR_FPTOSI;
    int r = 0;
    if (!x.e) {
        r = !expr_fp_ftoi_fits(is_signed, in->width, w, x.c);
    } else {
        Expr *bad = expr_ftoi_out_of_range(is_signed, x.e, in->width);
        State *child = NULL;
        r = expr_is_const(bad) ? (int)bad->u.value : exec_fork(ex, s, bad, &child);
        expr_unref(bad);
    }
    if (r == 1) float_cast_error(ex, s, in);
    return r == 0;
}

/* A math function on a symbolic argument: an opaque symbol when a search
 * layer can solve constraints over it (ExecOptions.fp_opaque), else its
 * arguments concretized (the state then follows one value). Returns whether
 * an operand is still symbolic. */
static bool opaque_call(Executor *ex, State *s, Value *v, unsigned nops) {
    if (ex->opt.fp_opaque) {
        ex->stats.fp_calls_opaque++;
        return true;
    }
    ex->stats.fp_calls_concretized++;
    const char *why = "math function argument (--fp-search or --solver=cw keeps it symbolic)";
    for (unsigned i = 0; i < nops; i++)
        if (v[i].e) v[i] = value_concrete(exec_concretize(ex, s, v[i], v[i].e->width, why));
    return false;
}

static const struct { int fe; ExprRound rm; } fe_modes[] = {
    {FE_TONEAREST, EXPR_RNE}, {FE_UPWARD, EXPR_RTP}, {FE_DOWNWARD, EXPR_RTN}, {FE_TOWARDZERO, EXPR_RTZ},
};

bool exec_float_set_round(State *s, int mode) {
    for (size_t i = 0; i < sizeof fe_modes / sizeof *fe_modes; i++)
        if (fe_modes[i].fe == mode) {
            s->fp_round = (uint8_t)fe_modes[i].rm;
            return true;
        }
    return false;
}

int exec_float_get_round(const State *s) {
    for (size_t i = 0; i < sizeof fe_modes / sizeof *fe_modes; i++)
        if (fe_modes[i].rm == s->fp_round) return fe_modes[i].fe;
    return FE_TONEAREST;
}

bool exec_float(Executor *ex, State *s, const Inst *in) {
    Frame *f = state_top(s);
    unsigned nops = operand_count(in);
    int from, to;
    float_kinds(in, &from, &to);
    unsigned w = operand_width(in, from);
    Value v[3] = {exec_operand(f, in->a), nops > 1 ? exec_operand(f, in->b) : value_concrete(0),
                  nops > 2 ? exec_operand(f, in->c) : value_concrete(0)};
    Value r;
    bool symbolic = v[0].e || v[1].e || v[2].e;
    /* literal operands of minnum/maxnum/fma stand where the native build's rules want them (ir_native_order.c) */
    if (from == IR_FK_FP80 || to == IR_FK_FP80) {
        ex->stats.fp80_concretized += symbolic;
        u128 c[3];
        for (unsigned i = 0; i < 3; i++) /* an infeasible state is doomed by exec_concretize */
            c[i] = v[i].e ? exec_concretize(ex, s, v[i], v[i].e->width, "x86_fp80 (long double) operand") : v[i].c;
        if (is_ftoi(in) && !f_int_fits(f_get(c[0], in->aux), in->op == IR_FPTOSI, in->width)) {
            float_cast_error(ex, s, in);
            return false;
        }
        r = value_concrete(fp80_compute(in, c[0], c[1], c[2]));
    } else {
        ex->stats.fp_symbolic += symbolic;
        if (is_ftoi(in) && !float_cast_check(ex, s, in, v[0], w)) return false;
        if (symbolic && in->op == IR_FMATH && in->sub >= IR_FM_LIBM) symbolic = opaque_call(ex, s, v, nops);
        u128 c[3] = {v[0].c, v[1].c, v[2].c}, out;
        ExprRound rm = (ExprRound)s->fp_round;
        if (!symbolic && float_concrete(in, rm, c, w, &out)) {
            r = value_concrete(out);
        } else {
            Expr *e[3] = {NULL, NULL, NULL};
            for (unsigned i = 0; i < nops; i++) e[i] = value_to_expr(v[i], w);
            r = value_from_expr(float_expr(in, rm, e[0], e[1], e[2]));
            for (unsigned i = 0; i < nops; i++) expr_unref(e[i]);
        }
    }
    expr_unref(f->regs[in->dst].e);
    f->regs[in->dst] = r;
    f->pc++;
    return true;
}
