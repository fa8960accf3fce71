/* ir_intrinsic: LLVM intrinsic calls to IR operations.
 *
 * Intrinsics are matched by name prefix (the type suffix varies). Markers with
 * no run-time meaning (debug info, lifetimes, scopes) are dropped; anything
 * not listed becomes IR_UNSUPPORTED naming the intrinsic, so a program that
 * never reaches it still runs. */
#include "ir/ir_internal.h"
#include "util/mathfn.h"
#include <stdlib.h>
#include <string.h>

static bool prefix(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

static LLVMValueRef arg(LLVMValueRef call, unsigned i) { return LLVMGetOperand(call, i); }

/* Emits op with the first `nargs` call arguments as a, b, c. */
static Inst *emit_args(IrFnBuild *fb, IrOp op, LLVMValueRef call, unsigned nargs) {
    Opnd o[3] = {IR_NONE, IR_NONE, IR_NONE};
    for (unsigned i = 0; i < nargs && i < 3; i++) o[i] = irl_opnd(fb, arg(call, i));
    Inst *in = irl_emit(fb, op, call);
    in->a = o[0];
    in->b = o[1];
    in->c = o[2];
    return in;
}

static const char *const dropped[] = {
    "llvm.dbg.", "llvm.lifetime.", "llvm.experimental.noalias.scope.decl", "llvm.invariant.",
    "llvm.sideeffect", "llvm.donothing", "llvm.var.annotation", "llvm.pseudoprobe", "llvm.prefetch",
};

static const struct { const char *name; IrOp op; unsigned nargs; } simple[] = {
    {"llvm.fshl.", IR_FSHL, 3}, {"llvm.fshr.", IR_FSHR, 3}, {"llvm.ctpop.", IR_CTPOP, 1},
    {"llvm.ctlz.", IR_CTLZ, 1}, {"llvm.cttz.", IR_CTTZ, 1}, {"llvm.bswap.", IR_BSWAP, 1},
    {"llvm.abs.", IR_ABS, 1}, {"llvm.smax.", IR_SMAX, 2}, {"llvm.smin.", IR_SMIN, 2},
    {"llvm.umax.", IR_UMAX, 2}, {"llvm.umin.", IR_UMIN, 2}, {"llvm.stacksave", IR_STACKSAVE, 0},
    {"llvm.stackrestore", IR_STACKRESTORE, 1}, {"llvm.assume", IR_ASSUME, 1}, {"llvm.trap", IR_TRAP, 0},
    {"llvm.debugtrap", IR_TRAP, 0}, {"llvm.ubsantrap", IR_TRAP, 0}, {"llvm.va_start", IR_VASTART, 1},
    {"llvm.va_copy", IR_VACOPY, 2}, {"llvm.va_end", IR_VAEND, 1}, {"llvm.expect.", IR_MOVE, 1},
    /* pointer-returning markers that yield their first argument */
    {"llvm.threadlocal.address.", IR_MOVE, 1}, {"llvm.ptr.annotation.", IR_MOVE, 1},
    {"llvm.annotation.", IR_MOVE, 1}, {"llvm.launder.invariant.group.", IR_MOVE, 1},
    {"llvm.strip.invariant.group.", IR_MOVE, 1}, {"llvm.ssa.copy.", IR_MOVE, 1},
    {"llvm.memcpy.", IR_MEMCPY, 3}, {"llvm.memmove.", IR_MEMMOVE, 3}, {"llvm.memset.", IR_MEMSET, 3},
};

static const struct { const char *name; IrFmathFn fn; unsigned nargs; } fmath[] = {
    {"llvm.fabs.", IR_FM_FABS, 1}, {"llvm.sqrt.", IR_FM_SQRT, 1}, {"llvm.floor.", IR_FM_FLOOR, 1},
    {"llvm.ceil.", IR_FM_CEIL, 1}, {"llvm.trunc.", IR_FM_TRUNC, 1}, {"llvm.round.", IR_FM_ROUND, 1},
    {"llvm.rint.", IR_FM_RINT, 1}, {"llvm.copysign.", IR_FM_COPYSIGN, 2}, {"llvm.minnum.", IR_FM_MINNUM, 2},
    {"llvm.maxnum.", IR_FM_MAXNUM, 2}, {"llvm.fma.", IR_FM_FMA, 3}, {"llvm.fmuladd.", IR_FM_FMULADD, 3},
};

static const struct { const char *name; IrOverflowOp op; } overflow[] = {
    {"llvm.sadd.with.overflow.", IR_OV_SADD}, {"llvm.uadd.with.overflow.", IR_OV_UADD},
    {"llvm.ssub.with.overflow.", IR_OV_SSUB}, {"llvm.usub.with.overflow.", IR_OV_USUB},
    {"llvm.smul.with.overflow.", IR_OV_SMUL}, {"llvm.umul.with.overflow.", IR_OV_UMUL},
};

static const struct { const char *name; IrOp op; } reductions[] = {
    {"llvm.vector.reduce.add.", IR_ADD}, {"llvm.vector.reduce.mul.", IR_MUL},
    {"llvm.vector.reduce.and.", IR_AND}, {"llvm.vector.reduce.or.", IR_OR},
    {"llvm.vector.reduce.xor.", IR_XOR}, {"llvm.vector.reduce.smax.", IR_SMAX},
    {"llvm.vector.reduce.smin.", IR_SMIN}, {"llvm.vector.reduce.umax.", IR_UMAX},
    {"llvm.vector.reduce.umin.", IR_UMIN},
};

#define COUNT(a) (sizeof(a) / sizeof *(a))
#define IR_MAX_LANES 64

/* ---- vector reductions over scalarized lanes ----
 * The scalarizer splits vector arithmetic into lanes but leaves the
 * insertelement chain that feeds llvm.vector.reduce.*; reading the lanes back
 * from that chain turns the reduction into scalar operations. */

static bool lanes_of(LLVMValueRef v, unsigned n, LLVMValueRef *lanes) {
    if (LLVMIsAInsertElementInst(v)) {
        LLVMValueRef idx = LLVMGetOperand(v, 2);
        if (!LLVMIsAConstantInt(idx) || LLVMConstIntGetZExtValue(idx) >= n) return false;
        if (!lanes_of(LLVMGetOperand(v, 0), n, lanes)) return false;
        lanes[LLVMConstIntGetZExtValue(idx)] = LLVMGetOperand(v, 1);
        return true;
    }
    if (LLVMIsUndef(v) || LLVMIsAConstantAggregateZero(v)) {
        for (unsigned i = 0; i < n; i++) lanes[i] = NULL;
        return true;
    }
    if (LLVMIsAConstantDataVector(v) || LLVMIsAConstantVector(v)) {
        for (unsigned i = 0; i < n; i++)
            lanes[i] = LLVMGetAggregateElement(v, i);
        return true;
    }
    return false;
}

static int reduction_op(LLVMValueRef call) {
    LLVMValueRef callee = LLVMGetCalledValue(call);
    if (!LLVMIsAFunction(callee)) return -1;
    size_t len;
    const char *name = LLVMGetValueName2(callee, &len);
    for (size_t i = 0; i < COUNT(reductions); i++)
        if (prefix(name, reductions[i].name)) return (int)reductions[i].op;
    return -1;
}

static bool reducible(LLVMValueRef call) {
    LLVMTypeRef vt = LLVMTypeOf(arg(call, 0));
    LLVMValueRef lanes[IR_MAX_LANES];
    return LLVMGetTypeKind(vt) == LLVMVectorTypeKind && LLVMGetVectorSize(vt) <= IR_MAX_LANES &&
           reduction_op(call) >= 0 && lanes_of(arg(call, 0), LLVMGetVectorSize(vt), lanes);
}

bool iri_vector_only_reduced(LLVMValueRef v) {
    LLVMUseRef u = LLVMGetFirstUse(v);
    if (!u) return true;
    for (; u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsAInsertElementInst(user) && LLVMGetOperand(user, 0) == v) {
            if (!iri_vector_only_reduced(user)) return false;
        } else if (!LLVMIsACallInst(user) || !reducible(user)) {
            return false;
        }
    }
    return true;
}

static void lower_reduction(IrFnBuild *fb, LLVMValueRef call) {
    if (!reducible(call)) {
        irl_fail(fb, util_strdup("vector reduction of an unrecognised vector"));
        return;
    }
    unsigned n = LLVMGetVectorSize(LLVMTypeOf(arg(call, 0)));
    LLVMValueRef lanes[IR_MAX_LANES];
    lanes_of(arg(call, 0), n, lanes);
    IrOp op = (IrOp)reduction_op(call);
    uint16_t w = (uint16_t)irc_value_bits(fb->b, LLVMTypeOf(call));
    Opnd acc = lanes[0] ? irl_opnd(fb, lanes[0]) : irl_const(fb, 0);
    if (n == 1) {
        irl_emit(fb, IR_MOVE, call)->a = acc;
        return;
    }
    for (unsigned i = 1; i < n; i++) {
        Opnd x = lanes[i] ? irl_opnd(fb, lanes[i]) : irl_const(fb, 0);
        uint32_t dst = i + 1 == n ? irl_reg(fb, call) : irl_new_reg(fb);
        Inst *in = irl_emit(fb, op, NULL);
        in->a = acc;
        in->b = x;
        in->dst = dst;
        in->width = w;
        acc = (Opnd)dst;
    }
}

/* ---- dispatch ---- */

static void lower_dropped(IrFnBuild *fb, LLVMValueRef call) {
    /* e.g. llvm.invariant.start yields a token only its own .end consumes;
     * if anything else reads it, give it a defined value. */
    if (LLVMGetFirstUse(call) && irc_value_bits(fb->b, LLVMTypeOf(call)) != UINT32_MAX &&
        LLVMGetTypeKind(LLVMTypeOf(call)) != LLVMVoidTypeKind)
        irl_emit(fb, IR_MOVE, call)->a = irl_const(fb, 0);
}

static void lower_overflow(IrFnBuild *fb, LLVMValueRef call, IrOverflowOp op) {
    Inst *in = emit_args(fb, IR_OVERFLOW, call, 2);
    in->sub = (uint8_t)op;
    in->aux = irc_value_bits(fb->b, LLVMTypeOf(arg(call, 0)));
    in->aux2 = (uint32_t)LLVMOffsetOfElement(fb->b->td, LLVMTypeOf(call), 1) * 8;
}

static Inst *lower_fmath(IrFnBuild *fb, LLVMValueRef call, IrFmathFn fn, unsigned nargs) {
    int kind = irc_float_kind(LLVMTypeOf(call));
    if (kind < 0) {
        irl_fail(fb, util_strdup("floating-point intrinsic on an unsupported type"));
        return NULL;
    }
    Inst *in = emit_args(fb, IR_FMATH, call, nargs);
    in->sub = (uint8_t)fn;
    in->aux = (uint32_t)kind;
    return in;
}

/* C library functions whose result IEEE-754 defines exactly (correctly
 * rounded or exact), the same operation as an intrinsic above. C11 7.1.3
 * reserves their names, so a call is that operation whatever body the module
 * has for it; as an IR operation it stays symbolic instead of being a native
 * call on a concretized argument. */
static const struct { const char *name; IrFmathFn fn; unsigned nargs; } libm[] = {
    {"fabs", IR_FM_FABS, 1}, {"sqrt", IR_FM_SQRT, 1}, {"floor", IR_FM_FLOOR, 1}, {"ceil", IR_FM_CEIL, 1},
    {"trunc", IR_FM_TRUNC, 1}, {"round", IR_FM_ROUND, 1}, {"rint", IR_FM_RINT, 1}, {"nearbyint", IR_FM_RINT, 1},
    {"copysign", IR_FM_COPYSIGN, 2}, {"fmin", IR_FM_MINNUM, 2}, {"fmax", IR_FM_MAXNUM, 2}, {"fma", IR_FM_FMA, 3},
};

/* A call's arguments all of its (float or double) return type, nargs of them. */
static bool libm_signature(LLVMValueRef call, unsigned nargs) {
    LLVMTypeRef rt = LLVMTypeOf(call);
    LLVMTypeKind k = LLVMGetTypeKind(rt);
    if ((k != LLVMFloatTypeKind && k != LLVMDoubleTypeKind) || LLVMGetNumArgOperands(call) != nargs) return false;
    for (unsigned i = 0; i < nargs; i++)
        if (LLVMTypeOf(arg(call, i)) != rt) return false;
    return true;
}

/* glibc's fmin and fmax on x86-64 (minsd/maxsd with y as the source operand)
 * return y where x and y compare equal (-0 and +0), where IR_FM_MINNUM keeps
 * its first operand: the call's operands go in swapped. The intrinsics keep
 * their order (ir_native_order.c). */
static void libm_tie_second(Inst *in) {
    Opnd t = in->a;
    in->a = in->b;
    in->b = t;
}

/* The other math functions (util/mathfn.h): opaque function symbols. */
static bool lower_opaque(IrFnBuild *fb, LLVMValueRef call, MathFn fn, bool is_float) {
    bool want_float = LLVMGetTypeKind(LLVMTypeOf(call)) == LLVMFloatTypeKind;
    if (want_float != is_float || !libm_signature(call, mathfn_arity(fn))) return false;
    lower_fmath(fb, call, (IrFmathFn)(IR_FM_LIBM + fn), mathfn_arity(fn));
    return true;
}

/* llvm.sin.f64 and the like: the intrinsic form of a math function. */
static bool lower_opaque_intrinsic(IrFnBuild *fb, LLVMValueRef call, const char *name) {
    const char *base = name + strlen("llvm."), *dot = strchr(base, '.');
    char buf[16];
    MathFn fn;
    bool is_float;
    if (!dot || (size_t)(dot - base) >= sizeof buf) return false;
    memcpy(buf, base, (size_t)(dot - base));
    buf[dot - base] = 0;
    if (!mathfn_lookup(buf, &fn, &is_float) || is_float) return false;
    LLVMTypeKind k = LLVMGetTypeKind(LLVMTypeOf(call));
    if (k != LLVMFloatTypeKind && k != LLVMDoubleTypeKind) return false;
    return lower_opaque(fb, call, fn, k == LLVMFloatTypeKind);
}

bool iri_lower_libm(IrFnBuild *fb, LLVMValueRef call, const char *name) {
    MathFn fn;
    bool opaque_float;
    if (mathfn_lookup(name, &fn, &opaque_float)) return lower_opaque(fb, call, fn, opaque_float);
    size_t n = strlen(name);
    bool is_float = n > 1 && name[n - 1] == 'f';
    for (size_t i = 0; i < COUNT(libm); i++) {
        size_t ln = strlen(libm[i].name);
        if (strncmp(name, libm[i].name, ln) != 0 || n != ln + is_float) continue;
        bool want_float = LLVMGetTypeKind(LLVMTypeOf(call)) == LLVMFloatTypeKind;
        if (want_float != is_float || !libm_signature(call, libm[i].nargs)) return false;
        Inst *in = lower_fmath(fb, call, libm[i].fn, libm[i].nargs);
        if (in && (libm[i].fn == IR_FM_MINNUM || libm[i].fn == IR_FM_MAXNUM)) libm_tie_second(in);
        return true;
    }
    return false;
}

void iri_lower(IrFnBuild *fb, LLVMValueRef call, const char *name) {
    for (size_t i = 0; i < COUNT(dropped); i++)
        if (prefix(name, dropped[i])) { lower_dropped(fb, call); return; }
    for (size_t i = 0; i < COUNT(simple); i++) {
        if (!prefix(name, simple[i].name)) continue;
        Inst *in = emit_args(fb, simple[i].op, call, simple[i].nargs);
        if (simple[i].op >= IR_MEMCPY && simple[i].op <= IR_MEMSET)
            in->aux = irc_value_bits(fb->b, LLVMTypeOf(arg(call, 2)));
        return;
    }
    for (size_t i = 0; i < COUNT(overflow); i++)
        if (prefix(name, overflow[i].name)) { lower_overflow(fb, call, overflow[i].op); return; }
    for (size_t i = 0; i < COUNT(fmath); i++)
        if (prefix(name, fmath[i].name)) { lower_fmath(fb, call, fmath[i].fn, fmath[i].nargs); return; }
    if (prefix(name, "llvm.vector.reduce.")) {
        lower_reduction(fb, call);
        return;
    }
    if (lower_opaque_intrinsic(fb, call, name)) return;
    irl_unsupported(fb, call, util_format("unsupported intrinsic '%s'", name));
}
