/* ir_lower_call: address arithmetic (getelementptr), aggregate access
 * (extractvalue/insertvalue) and calls. These are the instructions whose
 * lowering precomputes layout so that the interpreter never needs types. */
#include "ir/ir_internal.h"
#include <stdlib.h>
#include <string.h>

static int64_t sext64(ir_u128 v, uint32_t width) {
    if (width == 0 || width >= 64) return (int64_t)(uint64_t)v;
    uint64_t sign = 1ull << (width - 1), x = (uint64_t)v & ((sign << 1) - 1);
    return (int64_t)((x ^ sign) - sign);
}

/* Constant indices fold into one offset; variable ones keep (operand, width,
 * scale) so the interpreter can build a symbolic address when needed. */
/* A GEP that takes ext (to i64) as an index, not as its base. */
static bool ext_user_gep(LLVMValueRef user, LLVMValueRef ext) {
    return LLVMIsAGetElementPtrInst(user) && LLVMGetOperand(user, 0) != ext &&
           LLVMGetTypeKind(LLVMTypeOf(user)) != LLVMVectorTypeKind && LLVMGetIntTypeWidth(LLVMTypeOf(ext)) == 64;
}

/* icmp pred (zext x), C with an unsigned or equality pred and C < 2^width(x):
 * the same compare at x's width. */
static bool ext_user_icmp(LLVMValueRef user, LLVMValueRef ext) {
    if (!LLVMIsAICmpInst(user) || LLVMGetOperand(user, 0) != ext || LLVMGetInstructionOpcode(ext) != LLVMZExt)
        return false;
    LLVMIntPredicate p = LLVMGetICmpPredicate(user);
    if (p != LLVMIntEQ && p != LLVMIntNE && p != LLVMIntUGT && p != LLVMIntUGE && p != LLVMIntULT && p != LLVMIntULE)
        return false;
    LLVMValueRef c = LLVMGetOperand(user, 1);
    unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetOperand(ext, 0)));
    return LLVMIsAConstantInt(c) && (w >= 64 || LLVMConstIntGetZExtValue(c) >> w == 0);
}

bool irl_ext_folds(LLVMValueRef inst) {
    if (!LLVMIsAInstruction(inst)) return false;
    LLVMOpcode op = LLVMGetInstructionOpcode(inst);
    if (op != LLVMZExt && op != LLVMSExt) return false;
    LLVMTypeRef from = LLVMTypeOf(LLVMGetOperand(inst, 0)), to = LLVMTypeOf(inst);
    if (LLVMGetTypeKind(from) != LLVMIntegerTypeKind || LLVMGetTypeKind(to) != LLVMIntegerTypeKind ||
        LLVMGetIntTypeWidth(to) > 64)
        return false;
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(inst);
    LLVMUseRef u = LLVMGetFirstUse(inst);
    if (!u) return false;
    for (; u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMGetInstructionParent(user) != bb || !(ext_user_gep(user, inst) || ext_user_icmp(user, inst)))
            return false;
    }
    return true;
}

LLVMValueRef irl_load_widened_by(LLVMValueRef load) {
    if (!LLVMIsALoadInst(load) || LLVMGetVolatile(load) || LLVMGetOrdering(load) != LLVMAtomicOrderingNotAtomic)
        return NULL;
    LLVMTypeRef t = LLVMTypeOf(load);
    if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(t) % 8) return NULL;
    LLVMUseRef u = LLVMGetFirstUse(load);
    if (!u || LLVMGetNextUse(u)) return NULL;
    LLVMValueRef z = LLVMGetUser(u);
    if (!LLVMIsAZExtInst(z) || LLVMGetInstructionParent(z) != LLVMGetInstructionParent(load) ||
        LLVMGetTypeKind(LLVMTypeOf(z)) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(LLVMTypeOf(z)) > 64 ||
        irl_ext_folds(z))
        return NULL;
    return z;
}

bool irl_icmp_narrows(LLVMValueRef icmp, LLVMValueRef *x, uint64_t *c) {
    LLVMValueRef ext = LLVMGetOperand(icmp, 0);
    if (!irl_ext_folds(ext) || !ext_user_icmp(icmp, ext)) return false;
    *x = LLVMGetOperand(ext, 0);
    *c = LLVMConstIntGetZExtValue(LLVMGetOperand(icmp, 1));
    return true;
}

void irl_gep(IrFnBuild *fb, LLVMValueRef inst) {
    IrBuild *b = fb->b;
    if (LLVMGetTypeKind(LLVMTypeOf(inst)) == LLVMVectorTypeKind) {
        irl_fail(fb, util_strdup("vector of pointers"));
        return;
    }
    Opnd base = irl_opnd(fb, LLVMGetOperand(inst, 0));
    LLVMTypeRef ty = LLVMGetGEPSourceElementType(inst);
    int n = LLVMGetNumOperands(inst);
    IrGep g = {0};
    g.idx = util_calloc((size_t)n, sizeof *g.idx);
    g.idx_width = util_calloc((size_t)n, sizeof *g.idx_width);
    g.idx_zext = util_calloc((size_t)n, sizeof *g.idx_zext);
    g.scale = util_calloc((size_t)n, sizeof *g.scale);
    for (int i = 1; i < n; i++) {
        LLVMValueRef v = LLVMGetOperand(inst, (unsigned)i);
        int64_t scale;
        if (i > 1 && LLVMGetTypeKind(ty) == LLVMStructTypeKind) {
            unsigned field = (unsigned)LLVMConstIntGetZExtValue(v);
            g.offset += (int64_t)LLVMOffsetOfElement(b->td, ty, field);
            ty = LLVMStructGetTypeAtIndex(ty, field);
            continue;
        }
        if (i > 1) ty = LLVMGetElementType(ty);
        scale = (int64_t)irc_alloc_size(b, ty);
        uint32_t w = irc_value_bits(b, LLVMTypeOf(v));
        if (LLVMIsConstant(v)) {
            ir_u128 bits = 0;
            char *why = NULL;
            if (!irc_bits(b, v, &bits, &why)) irl_fail(fb, why);
            g.offset += sext64(bits, w) * scale;
        } else if (scale != 0) {
            if (irl_ext_folds(v)) {
                g.idx_zext[g.nidx] = LLVMGetInstructionOpcode(v) == LLVMZExt;
                v = LLVMGetOperand(v, 0);
                w = irc_value_bits(b, LLVMTypeOf(v));
            }
            g.idx[g.nidx] = irl_opnd(fb, v);
            g.idx_width[g.nidx] = (uint16_t)w;
            g.scale[g.nidx] = scale;
            g.nidx++;
        }
    }
    VEC_PUSH(fb->geps, g);
    Inst *in = irl_emit(fb, IR_GEP, inst);
    in->a = base;
    in->aux = (uint32_t)(fb->geps.len - 1);
}

/* Bit offset of the member selected by the instruction's index list. */
static uint32_t member_bit_offset(IrBuild *b, LLVMTypeRef t, LLVMValueRef inst) {
    unsigned n = LLVMGetNumIndices(inst);
    const unsigned *idx = LLVMGetIndices(inst);
    uint64_t off = 0;
    for (unsigned i = 0; i < n; i++) {
        if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
            off += LLVMOffsetOfElement(b->td, t, idx[i]);
            t = LLVMStructGetTypeAtIndex(t, idx[i]);
        } else {
            t = LLVMGetElementType(t);
            off += idx[i] * irc_alloc_size(b, t);
        }
    }
    return (uint32_t)(off * 8);
}

void irl_aggregate(IrFnBuild *fb, LLVMValueRef inst, LLVMOpcode op) {
    LLVMValueRef agg = LLVMGetOperand(inst, 0);
    Opnd a = irl_opnd(fb, agg);
    uint32_t off = member_bit_offset(fb->b, LLVMTypeOf(agg), inst);
    if (op == LLVMExtractValue) {
        Inst *in = irl_emit(fb, IR_EXTRACTVALUE, inst);
        in->a = a;
        in->aux = off;
        return;
    }
    LLVMValueRef v = LLVMGetOperand(inst, 1);
    Opnd b = irl_opnd(fb, v);
    Inst *in = irl_emit(fb, IR_INSERTVALUE, inst);
    in->a = a;
    in->b = b;
    in->aux = off;
    in->aux2 = irc_value_bits(fb->b, LLVMTypeOf(v));
}

/* Function index of a callee given as a value (a function, an alias of one,
 * or a constant expression that folds to a function address), or -1. */
static int32_t callee_index(IrFnBuild *fb, LLVMValueRef callee) {
    uint64_t idx;
    if (irmap_get(&fb->b->fn_index, IR_KEY(callee), &idx)) return (int32_t)idx;
    if (!LLVMIsConstant(callee)) return -1;
    ir_u128 bits;
    char *why = NULL;
    bool ok = irc_bits(fb->b, callee, &bits, &why);
    free(why);
    const IrModule *m = fb->b->m;
    if (!ok || bits < m->fn_addr_base || bits >= m->fn_addr_end || (bits - m->fn_addr_base) % 16) return -1;
    return (int32_t)((bits - m->fn_addr_base) / 16);
}

void irl_call(IrFnBuild *fb, LLVMValueRef inst) {
    LLVMValueRef callee = LLVMGetCalledValue(inst);
    if (LLVMIsAInlineAsm(callee)) {
        fb->b->m->has_asm = true;
        irl_unsupported(fb, inst, util_strdup("unsupported inline assembly"));
        return;
    }
    if (LLVMIsAFunction(callee) && LLVMGetIntrinsicID(callee)) {
        size_t len;
        iri_lower(fb, inst, LLVMGetValueName2(callee, &len));
        return;
    }
    if (LLVMIsAFunction(callee)) {
        size_t len;
        if (iri_lower_libm(fb, inst, LLVMGetValueName2(callee, &len))) return;
    }
    iru_foreign(fb->b, callee);
    IrCall c = {.callee = callee_index(fb, callee), .callee_ptr = IR_NONE};
    if (c.callee < 0) c.callee_ptr = irl_opnd(fb, callee);
    c.nargs = LLVMGetNumArgOperands(inst);
    c.args = util_calloc(c.nargs, sizeof *c.args);
    c.arg_types = util_calloc(c.nargs, sizeof *c.arg_types);
    for (uint32_t i = 0; i < c.nargs; i++) {
        LLVMValueRef arg = LLVMGetOperand(inst, i);
        c.args[i] = irl_opnd(fb, arg);
        c.arg_types[i] = irc_type(fb->b, LLVMTypeOf(arg));
    }
    LLVMTypeRef ft = LLVMGetCalledFunctionType(inst);
    c.ret_type = irc_type(fb->b, LLVMGetReturnType(ft));
    c.nfixed = LLVMCountParamTypes(ft);
    c.variadic = LLVMIsFunctionVarArg(ft);
    irabi_pieces(fb->b, inst, &c);
    VEC_PUSH(fb->calls, c);
    irl_emit(fb, IR_CALL, inst)->aux = (uint32_t)(fb->calls.len - 1);
}
