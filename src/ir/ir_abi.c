/* ir_abi: how the x86-64 System V convention passes a call's arguments.
 *
 * A variadic callee reads its arguments through a va_list: clang's va_arg
 * code takes an integer from the register save area while general registers
 * remain (gp_offset < 48), a double while vector registers remain
 * (fp_offset < 176), anything else from the overflow area on the stack. Which
 * argument sits where is decided by the caller's side: clang's front end
 * chose the IR arguments (a small struct split into an i64 and a double, a
 * large one passed byval), and LLVM's backend assigns each IR argument's
 * pieces to registers in order, spilling to the stack once they are used up.
 * This file records that second step per argument piece, so the interpreter
 * can lay out the areas as a native run of the same bitcode does
 * (exec_varargs.c). The rules are LLVM 16's (X86CallingConv.td, CC_X86_64_C):
 * an aggregate IR value is split into its elements; an integer wider than 64
 * bits into eightbytes that each take a register or a stack slot on their own
 * (an __int128 may straddle r9 and the stack: LLVM 18 changed that); every
 * stack slot is 8 bytes or more and 8-byte aligned, x86_fp80, fp128 and
 * 128-bit vectors 16 (x86_fp80 always on the stack); a byval argument's copy
 * takes its own size, aligned to max(8, its alignment). */
#include "ir/ir_internal.h"
#include <stdlib.h>

typedef VEC(IrArgPiece) PieceVec;

static void add_piece(PieceVec *out, uint32_t arg, IrArgClass cls, uint64_t size, uint64_t align, uint64_t offset) {
    IrArgPiece p = {.arg = arg, .size = (uint32_t)size, .align = (uint32_t)(align < 8 ? 8 : align),
                    .offset = (uint16_t)offset, .cls = (uint8_t)cls};
    VEC_PUSH(*out, p);
}

/* Pieces of an argument value of type t found at byte `offset` of the value. */
static void classify(IrBuild *b, PieceVec *out, uint32_t arg, LLVMTypeRef t, uint64_t offset) {
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind: {
        unsigned w = LLVMGetIntTypeWidth(t);
        for (unsigned k = 0; k == 0 || k * 64 < w; k++) add_piece(out, arg, IR_ARG_GPR, 8, 8, offset + 8 * k);
        return;
    }
    case LLVMPointerTypeKind: add_piece(out, arg, IR_ARG_GPR, 8, 8, offset); return;
    case LLVMHalfTypeKind: case LLVMBFloatTypeKind: case LLVMFloatTypeKind: case LLVMDoubleTypeKind:
        add_piece(out, arg, IR_ARG_SSE, 8, 8, offset);
        return;
    case LLVMFP128TypeKind: add_piece(out, arg, IR_ARG_SSE, 16, 16, offset); return;
    case LLVMX86_FP80TypeKind: add_piece(out, arg, IR_ARG_STACK, 16, 16, offset); return;
    case LLVMVectorTypeKind: {
        uint64_t size = irc_alloc_size(b, t); /* <2 x float> is widened to one xmm; a wider one stays in memory */
        if (size <= 16) add_piece(out, arg, IR_ARG_SSE, size <= 8 ? 8 : 16, size <= 8 ? 8 : 16, offset);
        else add_piece(out, arg, IR_ARG_STACK, size, LLVMABIAlignmentOfType(b->td, t), offset);
        return;
    }
    case LLVMStructTypeKind: {
        unsigned n = LLVMCountStructElementTypes(t);
        for (unsigned i = 0; i < n; i++)
            classify(b, out, arg, LLVMStructGetTypeAtIndex(t, i), offset + LLVMOffsetOfElement(b->td, t, i));
        return;
    }
    case LLVMArrayTypeKind: {
        LLVMTypeRef e = LLVMGetElementType(t);
        uint64_t stride = irc_alloc_size(b, e);
        for (unsigned i = 0; i < LLVMGetArrayLength(t); i++) classify(b, out, arg, e, offset + i * stride);
        return;
    }
    default:
        add_piece(out, arg, IR_ARG_STACK, LLVMTypeIsSized(t) ? irc_alloc_size(b, t) : 8, 8, offset);
        return;
    }
}

/* An attribute of argument i, on the call or else on the function it calls. */
static LLVMAttributeRef arg_attr(LLVMValueRef call, unsigned i, const char *name, size_t len) {
    unsigned kind = LLVMGetEnumAttributeKindForName(name, len);
    LLVMAttributeRef a = LLVMGetCallSiteEnumAttribute(call, i + 1, kind);
    LLVMValueRef fn = LLVMGetCalledValue(call);
    if (!a && LLVMIsAFunction(fn) && i < LLVMCountParams(fn)) a = LLVMGetEnumAttributeAtIndex(fn, i + 1, kind);
    return a;
}

/* Only a call that may reach a variadic function needs the layout. */
static bool needs_pieces(IrBuild *b, const IrCall *c) {
    return c->variadic || c->callee < 0 || b->m->functions[c->callee].variadic;
}

void irabi_pieces(IrBuild *b, LLVMValueRef call, IrCall *c) {
    if (!needs_pieces(b, c)) return;
    PieceVec out = {0};
    for (uint32_t i = 0; i < c->nargs; i++) {
        LLVMAttributeRef byval = arg_attr(call, i, "byval", 5);
        if (byval) {
            LLVMTypeRef t = LLVMGetTypeAttributeValue(byval);
            LLVMAttributeRef al = arg_attr(call, i, "align", 5);
            uint64_t align = al ? LLVMGetEnumAttributeValue(al) : LLVMABIAlignmentOfType(b->td, t);
            add_piece(&out, i, IR_ARG_BYVAL, irc_alloc_size(b, t), align, 0);
        } else {
            classify(b, &out, i, LLVMTypeOf(LLVMGetOperand(call, i)), 0);
        }
    }
    c->pieces = out.data;
    c->npieces = (uint32_t)out.len;
}
