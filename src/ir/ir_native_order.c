/* ir_native_order: what x86-64's code generator decides at -O0 about NaN bits
 * and signed zeros, written into the program's own IR before mem2reg.
 *
 * A native replay builds the source with clang -O0, where every local lives
 * in memory and is read by a load next to its use. Two kinds of result depend
 * on that shape, and mem2reg, which the loader runs before lowering, erases it
 * (a local's load becomes the value stored, a local set to NAN becomes the
 * NaN literal). So they are settled here, in the user's module as clang wrote
 * it, before the runtime is linked and the passes run (ir_load_child.c):
 *
 *   - fadd/fmul: FastISel folds a load into the instruction that follows it
 *     (SelectionDAGISel: the load right before the selected instruction, used
 *     once, not volatile), and addss/mulss take memory only as their second
 *     operand, so a first operand folded that way is commuted: `x + -NAN` is
 *     -NAN + x, and of two NaNs the first one's comes out (expr_fp_fold.c).
 *     The operands are swapped here. `x + (float)d` and `x + y` keep their
 *     order: there the load right before is the second operand's (or none).
 *   - minnum/maxnum and fma with one literal operand: the DAG, which selects
 *     a call FastISel cannot as a block of its own, puts the literal second.
 *     minnum(x, C) then folds to x when C is a NaN, and otherwise becomes
 *     minss/maxss with C second, which return their second operand on a
 *     tie: that is expr_fminmax (which keeps its first on a tie and passes
 *     a NaN first operand over) on C, x, so the literal is swapped first
 *     here: fmaxf(x, 0.0f) is +0 for x = -0, fmaxf(x, NAN) is x as it is,
 *     while fmaxf(x, y) is x on a tie. fma(C, y, z) calls glibc's fma
 *     (vfmadd213sd) on y, C, z, which favours its second factor's NaN
 *     (expr_fp_fold.c), so fma(-NAN, y, z) is -NAN quieted whatever y holds:
 *     the factors are swapped. fmuladd (clang's `x * y + z`) becomes fmul and
 *     fadd, x86-64 having no fused form, with the literal factor moved second
 *     the same way: C * x + y is x's NaN. Two literals fold as APFloat does, which is
 *     expr_fminmax on them as they stand, and a call's result is a register
 *     to the next call's block, never a literal: nothing is folded here.
 * Measured natively with clang-16 -O0 (bench/fuzz seeds 35 and 36, three
 * programs each; tests/programs/float_native_order_*.c). Under --optimize instcombine may
 * put constants back second; such runs do not promise a native NaN's bits.
 *
 * The native module of path-faithful replay (ir_path_module.c) is the
 * explored module, after mem2reg, built by the same code generator, which
 * would decide again, differently: a load of an address-taken variable may
 * now sit right before an fadd as its first operand, and a local set to a NaN
 * is now a literal. irnative_pin keeps that build to the explored order: a
 * freeze between such a load and its fadd/fmul (FastISel then folds nothing),
 * and literals of minnum/maxnum/fma/fmuladd read from a volatile global (the
 * DAG then neither folds nor moves them). */
#include "ir/ir_load.h"
#include <llvm-c/Core.h>
#include <stdbool.h>
#include <string.h>

static bool is_scalar_float(LLVMTypeRef t) {
    LLVMTypeKind k = LLVMGetTypeKind(t);
    return k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind;
}

static bool literal(LLVMValueRef v) { return LLVMIsAConstantFP(v) != NULL; }

static void swap_operands(LLVMValueRef inst, unsigned i, unsigned j) {
    LLVMValueRef a = LLVMGetOperand(inst, i), b = LLVMGetOperand(inst, j);
    LLVMSetOperand(inst, i, b);
    LLVMSetOperand(inst, j, a);
}

/* The load FastISel folds into inst as its memory operand: right before it,
 * used once (by inst), not volatile. */
static bool folded_load(LLVMValueRef v, LLVMValueRef inst) {
    if (!LLVMIsALoadInst(v) || LLVMGetVolatile(v) || LLVMGetPreviousInstruction(inst) != v) return false;
    LLVMUseRef u = LLVMGetFirstUse(v);
    return u && !LLVMGetNextUse(u);
}

/* A float or double fadd/fmul: the instructions whose NaN is their first operand's. */
static bool addmul(LLVMValueRef inst) {
    LLVMOpcode op = LLVMGetInstructionOpcode(inst);
    return (op == LLVMFAdd || op == LLVMFMul) && is_scalar_float(LLVMTypeOf(inst));
}

static void order_binop(LLVMValueRef inst) {
    if (addmul(inst) && folded_load(LLVMGetOperand(inst, 0), inst)) swap_operands(inst, 0, 1);
}

/* Whether inst calls the intrinsic whose name begins with stem ("llvm.maxnum."). */
static bool calls(LLVMValueRef inst, const char *stem) {
    LLVMValueRef fn = LLVMGetCalledValue(inst);
    if (!fn || !LLVMIsAFunction(fn)) return false;
    size_t n;
    const char *name = LLVMGetValueName2(fn, &n);
    return n >= strlen(stem) && strncmp(name, stem, strlen(stem)) == 0;
}

typedef enum { CALL_OTHER, CALL_MINMAX, CALL_FMA } FloatCall;

/* The intrinsics whose literals the code generator moves, float or double.
 * The name first: a call of f(void) has no second operand to look at. */
static FloatCall float_call(LLVMValueRef inst) {
    FloatCall k = calls(inst, "llvm.minnum.") || calls(inst, "llvm.maxnum.") ? CALL_MINMAX
                : calls(inst, "llvm.fma.") || calls(inst, "llvm.fmuladd.") ? CALL_FMA : CALL_OTHER;
    return is_scalar_float(LLVMTypeOf(inst)) ? k : CALL_OTHER;
}

static void order_call(LLVMValueRef inst) {
    FloatCall k = float_call(inst);
    if (k == CALL_OTHER) return;
    bool a = literal(LLVMGetOperand(inst, 0)), b = literal(LLVMGetOperand(inst, 1));
    if (k == CALL_MINMAX ? b && !a : a && !b) swap_operands(inst, 0, 1);
}

void irnative_order(LLVMModuleRef mod) {
    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef inst = LLVMGetFirstInstruction(bb); inst; inst = LLVMGetNextInstruction(inst)) {
                if (LLVMIsACallInst(inst)) order_call(inst);
                else order_binop(inst);
            }
}

/* A volatile read of c from a private global: a value the code generator
 * cannot see through. */
static LLVMValueRef opaque(LLVMModuleRef mod, LLVMBuilderRef b, LLVMValueRef c) {
    LLVMTypeRef t = LLVMTypeOf(c);
    LLVMValueRef g = LLVMAddGlobal(mod, t, "symplex.path.literal");
    LLVMSetInitializer(g, c);
    LLVMSetLinkage(g, LLVMPrivateLinkage);
    LLVMValueRef v = LLVMBuildLoad2(b, t, g, "");
    LLVMSetVolatile(v, 1);
    return v;
}

static void pin_call(LLVMModuleRef mod, LLVMBuilderRef b, LLVMValueRef inst) {
    FloatCall k = float_call(inst);
    unsigned n = k == CALL_FMA ? 3 : k == CALL_MINMAX ? 2 : 0;
    for (unsigned i = 0; i < n; i++)
        if (literal(LLVMGetOperand(inst, i))) LLVMSetOperand(inst, i, opaque(mod, b, LLVMGetOperand(inst, i)));
}

static void pin_binop(LLVMBuilderRef b, LLVMValueRef inst) {
    if (!addmul(inst)) return; /* first: `ret void` has no operand */
    LLVMValueRef a = LLVMGetOperand(inst, 0);
    if (folded_load(a, inst)) LLVMSetOperand(inst, 0, LLVMBuildFreeze(b, a, ""));
}

void irnative_pin(LLVMModuleRef mod, LLVMValueRef fn) {
    LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod));
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef inst = LLVMGetFirstInstruction(bb); inst; inst = LLVMGetNextInstruction(inst)) {
            LLVMPositionBuilderBefore(b, inst);
            if (LLVMIsACallInst(inst)) pin_call(mod, b, inst);
            else pin_binop(b, inst);
        }
    LLVMDisposeBuilder(b);
}
