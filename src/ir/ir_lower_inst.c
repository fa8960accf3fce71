/* ir_lower_inst: non-control-flow LLVM instructions to Inst records
 * (arithmetic, comparisons, casts, memory, aggregates, atomics). */
#include "ir/ir_internal.h"
#include <stdlib.h>
#include <string.h>

const char *irl_opcode_name(LLVMOpcode op) {
    static const char *const names[] = {
        [LLVMRet] = "ret", [LLVMBr] = "br", [LLVMSwitch] = "switch", [LLVMIndirectBr] = "indirectbr",
        [LLVMInvoke] = "invoke", [LLVMUnreachable] = "unreachable", [LLVMCallBr] = "callbr",
        [LLVMFNeg] = "fneg", [LLVMAdd] = "add", [LLVMFAdd] = "fadd", [LLVMSub] = "sub", [LLVMFSub] = "fsub",
        [LLVMMul] = "mul", [LLVMFMul] = "fmul", [LLVMUDiv] = "udiv", [LLVMSDiv] = "sdiv", [LLVMFDiv] = "fdiv",
        [LLVMURem] = "urem", [LLVMSRem] = "srem", [LLVMFRem] = "frem", [LLVMShl] = "shl", [LLVMLShr] = "lshr",
        [LLVMAShr] = "ashr", [LLVMAnd] = "and", [LLVMOr] = "or", [LLVMXor] = "xor", [LLVMAlloca] = "alloca",
        [LLVMLoad] = "load", [LLVMStore] = "store", [LLVMGetElementPtr] = "getelementptr",
        [LLVMTrunc] = "trunc", [LLVMZExt] = "zext", [LLVMSExt] = "sext", [LLVMFPToUI] = "fptoui",
        [LLVMFPToSI] = "fptosi", [LLVMUIToFP] = "uitofp", [LLVMSIToFP] = "sitofp", [LLVMFPTrunc] = "fptrunc",
        [LLVMFPExt] = "fpext", [LLVMPtrToInt] = "ptrtoint", [LLVMIntToPtr] = "inttoptr",
        [LLVMBitCast] = "bitcast", [LLVMAddrSpaceCast] = "addrspacecast", [LLVMICmp] = "icmp",
        [LLVMFCmp] = "fcmp", [LLVMPHI] = "phi", [LLVMCall] = "call", [LLVMSelect] = "select",
        [LLVMVAArg] = "va_arg", [LLVMExtractElement] = "extractelement",
        [LLVMInsertElement] = "insertelement", [LLVMShuffleVector] = "shufflevector",
        [LLVMExtractValue] = "extractvalue", [LLVMInsertValue] = "insertvalue", [LLVMFreeze] = "freeze",
        [LLVMFence] = "fence", [LLVMAtomicCmpXchg] = "cmpxchg", [LLVMAtomicRMW] = "atomicrmw",
        [LLVMResume] = "resume", [LLVMLandingPad] = "landingpad", [LLVMCleanupRet] = "cleanupret",
        [LLVMCatchRet] = "catchret", [LLVMCatchPad] = "catchpad", [LLVMCleanupPad] = "cleanuppad",
        [LLVMCatchSwitch] = "catchswitch",
    };
    unsigned i = (unsigned)op;
    return i < sizeof names / sizeof *names && names[i] ? names[i] : "unknown";
}

/* nsw/nuw/exact (ir_flags.c); an instruction whose flags cannot be read is
 * not lowered: taking it for one without flags would drop overflow checks. */
static uint8_t arith_flags(IrFnBuild *fb, LLVMValueRef inst) {
    uint8_t flags = 0;
    if (!irflags_read(inst, &flags)) irl_fail(fb, util_strdup("cannot read its nsw/nuw/exact flags"));
    return flags;
}

static IrOp int_binop(LLVMOpcode op) {
    switch (op) {
    case LLVMAdd: return IR_ADD;
    case LLVMSub: return IR_SUB;
    case LLVMMul: return IR_MUL;
    case LLVMUDiv: return IR_UDIV;
    case LLVMSDiv: return IR_SDIV;
    case LLVMURem: return IR_UREM;
    case LLVMSRem: return IR_SREM;
    case LLVMAnd: return IR_AND;
    case LLVMOr: return IR_OR;
    case LLVMXor: return IR_XOR;
    case LLVMShl: return IR_SHL;
    case LLVMLShr: return IR_LSHR;
    case LLVMAShr: return IR_ASHR;
    case LLVMFAdd: return IR_FADD;
    case LLVMFSub: return IR_FSUB;
    case LLVMFMul: return IR_FMUL;
    case LLVMFDiv: return IR_FDIV;
    case LLVMFRem: return IR_FREM;
    default: return IR_NOP;
    }
}

static int float_kind(IrFnBuild *fb, LLVMValueRef v) {
    int k = irc_float_kind(LLVMTypeOf(v));
    if (k < 0) irl_fail(fb, util_strdup("unsupported floating-point type"));
    return k < 0 ? 0 : k;
}

static uint32_t bits_of(IrFnBuild *fb, LLVMValueRef v) { return irc_value_bits(fb->b, LLVMTypeOf(v)); }

static void lower_binop(IrFnBuild *fb, LLVMValueRef inst, LLVMOpcode op) {
    IrOp iop = int_binop(op);
    /* fadd/fmul: in the native instruction's order since ir_native_order.c */
    Opnd a = irl_opnd(fb, LLVMGetOperand(inst, 0)), b = irl_opnd(fb, LLVMGetOperand(inst, 1));
    uint8_t sub;
    if (iop >= IR_FADD) sub = (uint8_t)float_kind(fb, inst);
    else if (op == LLVMAdd || op == LLVMSub || op == LLVMMul || op == LLVMShl || op == LLVMUDiv ||
             op == LLVMSDiv || op == LLVMLShr || op == LLVMAShr)
        sub = arith_flags(fb, inst);
    else sub = 0;
    Inst *in = irl_emit(fb, iop, inst);
    in->a = a;
    in->b = b;
    in->sub = sub;
}

static void lower_cmp(IrFnBuild *fb, LLVMValueRef inst, LLVMOpcode op) {
    LLVMValueRef x = LLVMGetOperand(inst, 0);
    Opnd a = irl_opnd(fb, x), b = irl_opnd(fb, LLVMGetOperand(inst, 1));
    uint8_t sub;
    uint32_t aux;
    LLVMValueRef narrow;
    uint64_t c;
    if (op == LLVMICmp && irl_icmp_narrows(inst, &narrow, &c)) { /* at the zext's operand's width */
        sub = (uint8_t)(LLVMGetICmpPredicate(inst) - LLVMIntEQ);
        aux = bits_of(fb, narrow);
        a = irl_opnd(fb, narrow);
        b = irl_const(fb, c);
    } else if (op == LLVMICmp) {
        sub = (uint8_t)(LLVMGetICmpPredicate(inst) - LLVMIntEQ);
        aux = bits_of(fb, x);
    } else {
        sub = (uint8_t)LLVMGetFCmpPredicate(inst);
        aux = (uint32_t)float_kind(fb, x);
    }
    Inst *in = irl_emit(fb, op == LLVMICmp ? IR_ICMP : IR_FCMP, inst);
    in->a = a;
    in->b = b;
    in->sub = sub;
    in->aux = aux;
}

static void lower_cast(IrFnBuild *fb, LLVMValueRef inst, LLVMOpcode op) {
    if (irl_ext_folds(inst)) return; /* its users extend its operand */
    LLVMValueRef x = LLVMGetOperand(inst, 0);
    if (op == LLVMZExt && irl_load_widened_by(x) == inst) return; /* the load extends what it reads */
    Opnd a = irl_opnd(fb, x);
    uint32_t sw = bits_of(fb, x), dw = bits_of(fb, inst), aux = sw;
    uint8_t sub = 0;
    IrOp iop;
    switch (op) {
    case LLVMTrunc: iop = IR_TRUNC; break;
    case LLVMZExt: iop = IR_ZEXT; break;
    case LLVMSExt: iop = IR_SEXT; break;
    case LLVMPtrToInt: case LLVMIntToPtr:
        iop = sw == dw ? IR_MOVE : dw < sw ? IR_TRUNC : IR_ZEXT;
        break;
    case LLVMFPTrunc: case LLVMFPExt:
        iop = op == LLVMFPTrunc ? IR_FPTRUNC : IR_FPEXT;
        sub = (uint8_t)float_kind(fb, inst);
        aux = (uint32_t)float_kind(fb, x);
        break;
    case LLVMFPToUI: case LLVMFPToSI:
        iop = op == LLVMFPToUI ? IR_FPTOUI : IR_FPTOSI;
        aux = (uint32_t)float_kind(fb, x);
        break;
    case LLVMUIToFP: case LLVMSIToFP:
        iop = op == LLVMUIToFP ? IR_UITOFP : IR_SITOFP;
        sub = (uint8_t)float_kind(fb, inst);
        break;
    default: iop = IR_MOVE; break; /* bitcast, addrspacecast, freeze */
    }
    Inst *in = irl_emit(fb, iop, inst);
    in->a = a;
    in->sub = sub;
    in->aux = iop == IR_MOVE ? 0 : aux;
}

static unsigned log2_u32(uint32_t x) {
    unsigned l = 0;
    while (x > 1) { x >>= 1; l++; }
    return l;
}

static void lower_memory(IrFnBuild *fb, LLVMValueRef inst, LLVMOpcode op) {
    IrBuild *b = fb->b;
    if (op == LLVMAlloca) {
        LLVMValueRef n = LLVMGetOperand(inst, 0);
        Opnd a = irl_opnd(fb, n);
        Inst *in = irl_emit(fb, IR_ALLOCA, inst);
        in->a = a;
        in->aux2 = irc_value_bits(b, LLVMTypeOf(n));
        in->aux = (uint32_t)irc_alloc_size(b, LLVMGetAllocatedType(inst));
        in->sub = (uint8_t)log2_u32(LLVMGetAlignment(inst));
    } else if (op == LLVMLoad) {
        Opnd a = irl_opnd(fb, LLVMGetOperand(inst, 0));
        LLVMValueRef wide = irl_load_widened_by(inst);
        Inst *in = irl_emit(fb, IR_LOAD, wide ? wide : inst);
        in->a = a;
        in->aux = (uint32_t)irc_store_size(b, LLVMTypeOf(inst));
    } else {
        LLVMValueRef v = LLVMGetOperand(inst, 0);
        Opnd a = irl_opnd(fb, v), p = irl_opnd(fb, LLVMGetOperand(inst, 1));
        if (irc_value_bits(b, LLVMTypeOf(v)) == UINT32_MAX) irl_fail(fb, util_strdup("stored value of unsupported type"));
        Inst *in = irl_emit(fb, IR_STORE, NULL);
        in->a = a;
        in->b = p;
        in->aux = (uint32_t)irc_store_size(b, LLVMTypeOf(v));
    }
}

static void lower_atomic(IrFnBuild *fb, LLVMValueRef inst, LLVMOpcode op) {
    if (op == LLVMFence) {
        irl_emit(fb, IR_FENCE, NULL);
        return;
    }
    LLVMValueRef v = LLVMGetOperand(inst, 1);
    Opnd a = irl_opnd(fb, LLVMGetOperand(inst, 0)), b = irl_opnd(fb, v);
    uint32_t bytes = (uint32_t)irc_store_size(fb->b, LLVMTypeOf(v));
    if (op == LLVMAtomicRMW) {
        LLVMAtomicRMWBinOp rop = LLVMGetAtomicRMWBinOp(inst);
        if (rop > LLVMAtomicRMWBinOpUMin) irl_fail(fb, util_strdup("floating-point atomicrmw"));
        Inst *in = irl_emit(fb, IR_ATOMICRMW, inst);
        in->a = a;
        in->b = b;
        in->sub = (uint8_t)rop;
        in->aux = bytes;
        return;
    }
    Opnd c = irl_opnd(fb, LLVMGetOperand(inst, 2));
    uint32_t ok_bit = (uint32_t)LLVMOffsetOfElement(fb->b->td, LLVMTypeOf(inst), 1) * 8;
    Inst *in = irl_emit(fb, IR_CMPXCHG, inst);
    in->a = a;
    in->b = b;
    in->c = c;
    in->aux = bytes;
    in->aux2 = ok_bit;
}

static void lower_select(IrFnBuild *fb, LLVMValueRef inst) {
    Opnd a = irl_opnd(fb, LLVMGetOperand(inst, 0)), b = irl_opnd(fb, LLVMGetOperand(inst, 1)),
         c = irl_opnd(fb, LLVMGetOperand(inst, 2));
    Inst *in = irl_emit(fb, IR_SELECT, inst);
    in->a = a;
    in->b = b;
    in->c = c;
}

static void lower_fneg(IrFnBuild *fb, LLVMValueRef inst) {
    Opnd a = irl_opnd(fb, LLVMGetOperand(inst, 0));
    uint8_t k = (uint8_t)float_kind(fb, inst);
    Inst *in = irl_emit(fb, IR_FNEG, inst);
    in->a = a;
    in->sub = k;
}

void irl_lower_inst(IrFnBuild *fb, LLVMValueRef inst) {
    LLVMOpcode op = LLVMGetInstructionOpcode(inst);
    switch (op) {
    case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMUDiv: case LLVMSDiv: case LLVMURem:
    case LLVMSRem: case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMShl: case LLVMLShr:
    case LLVMAShr: case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFDiv: case LLVMFRem:
        lower_binop(fb, inst, op); break;
    case LLVMFNeg: lower_fneg(fb, inst); break;
    case LLVMICmp: case LLVMFCmp: lower_cmp(fb, inst, op); break;
    case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMPtrToInt: case LLVMIntToPtr:
    case LLVMFPTrunc: case LLVMFPExt: case LLVMFPToUI: case LLVMFPToSI: case LLVMUIToFP:
    case LLVMSIToFP: case LLVMBitCast: case LLVMAddrSpaceCast: case LLVMFreeze:
        lower_cast(fb, inst, op); break;
    case LLVMSelect: lower_select(fb, inst); break;
    case LLVMBr: case LLVMSwitch: case LLVMIndirectBr: case LLVMRet: case LLVMUnreachable:
        irl_lower_terminator(fb, inst, op); break;
    case LLVMAlloca: case LLVMLoad: case LLVMStore: lower_memory(fb, inst, op); break;
    case LLVMGetElementPtr: irl_gep(fb, inst); break;
    case LLVMCall: irl_call(fb, inst); break;
    case LLVMExtractValue: case LLVMInsertValue: irl_aggregate(fb, inst, op); break;
    case LLVMFence: case LLVMAtomicRMW: case LLVMAtomicCmpXchg: lower_atomic(fb, inst, op); break;
    case LLVMInsertElement:
        if (iri_vector_only_reduced(inst)) break; /* consumed lane by lane by the reduction */
        /* fall through */
    default:
        irl_unsupported(fb, inst, util_format("unsupported instruction '%s'", irl_opcode_name(op)));
        break;
    }
}
