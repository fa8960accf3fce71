/* ir_byval: a byval parameter's copy made explicit at the callee's entry.
 *
 * A struct passed by value in memory (x86-64: larger than 16 bytes) reaches
 * the callee as a pointer marked byval: LLVM's semantics give the callee a
 * private copy, made at the call, which the caller's object does not share.
 * The interpreter passes pointers as they are, so without the copy a callee
 * that wrote its parameter changed the caller's struct, and one that changed
 * the caller's struct (a global, through a pointer) saw its parameter change
 * (csmith programs did both; bench/fuzz found it). Each defined function
 * with a used byval parameter gets, first in its entry block, an alloca of
 * the parameter's type, a memcpy from the pointer it received, and every use
 * of the parameter moved to the alloca. The attribute stays: a native build
 * of this module only copies twice. Runs in the loader's child, after the
 * passes. */
#include "ir/ir_load.h"
#include <llvm-c/Core.h>

static void byval_copy(LLVMBuilderRef b, LLVMValueRef fn, LLVMValueRef param, LLVMTypeRef ty, unsigned align) {
    LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
    LLVMValueRef first = LLVMGetFirstInstruction(entry);
    if (first) LLVMPositionBuilderBefore(b, first);
    else LLVMPositionBuilderAtEnd(b, entry);
    LLVMSetCurrentDebugLocation2(b, NULL);
    LLVMValueRef copy = LLVMBuildAlloca(b, ty, "byval.copy");
    if (align) LLVMSetAlignment(copy, align);
    LLVMReplaceAllUsesWith(param, copy); /* before the memcpy, which must read the parameter */
    LLVMContextRef ctx = LLVMGetTypeContext(ty);
    LLVMValueRef size = LLVMSizeOf(ty);
    LLVMBuildMemCpy(b, copy, align, param, align, LLVMConstIntCast(size, LLVMInt64TypeInContext(ctx), 0));
}

void irbyval_copy(LLVMModuleRef mod) {
    LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod));
    unsigned byval = LLVMGetEnumAttributeKindForName("byval", 5), alignk = LLVMGetEnumAttributeKindForName("align", 5);
    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
        if (LLVMIsDeclaration(fn)) continue;
        unsigned n = LLVMCountParams(fn);
        for (unsigned i = 0; i < n; i++) {
            LLVMAttributeRef a = LLVMGetEnumAttributeAtIndex(fn, i + 1, byval);
            LLVMValueRef param = LLVMGetParam(fn, i);
            if (!a || !LLVMGetFirstUse(param)) continue;
            LLVMAttributeRef al = LLVMGetEnumAttributeAtIndex(fn, i + 1, alignk);
            byval_copy(b, fn, param, LLVMGetTypeAttributeValue(a), al ? (unsigned)LLVMGetEnumAttributeValue(al) : 1);
        }
    }
    LLVMDisposeBuilder(b);
}
