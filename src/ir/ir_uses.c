/* ir_uses: what a call graph of the lowered module cannot see, learnt from
 * LLVM while it is still there.
 *
 * A function may be called through a pointer exactly when its address is
 * used for something other than calling it: one rule over LLVM's use lists
 * covers an initializer at any offset or inside any aggregate or constant
 * expression, a store, an argument, a cast, a comparison, a select or phi
 * operand, an alias. Scanning the lowered bytes for function addresses could
 * not: a pointer at an odd offset of a packed struct, or one folded into an
 * expression, is no aligned 8-byte word.
 *
 * Code the module does not show may call its functions too: a function with
 * no body here that the executor does not implement runs natively (it may
 * call back into any exported function, and dlsym returns any exported
 * function by name), and assembly may name any symbol. The lowering records
 * the first of each (IrModule.foreign_fn, has_asm). */
#include "ir/ir_internal.h"

/* Is fn's only role in user its callee? (The callee is a call's last operand;
 * fn among the others is an argument or a bundle operand.) */
static bool iru_only_callee(LLVMValueRef user, LLVMValueRef fn) {
    if (!LLVMIsACallInst(user) && !LLVMIsAInvokeInst(user) && !LLVMIsACallBrInst(user)) return false;
    if (LLVMGetCalledValue(user) != fn) return false;
    int n = LLVMGetNumOperands(user);
    for (int i = 0; i + 1 < n; i++)
        if (LLVMGetOperand(user, (unsigned)i) == fn) return false;
    return true;
}

bool iru_address_taken(LLVMValueRef fn) {
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u))
        if (!iru_only_callee(LLVMGetUser(u), fn)) return true;
    return false;
}

void iru_foreign(IrBuild *b, LLVMValueRef fn) {
    uint64_t addr = 0, index;
    if (b->m->foreign_fn >= 0 || !LLVMIsAFunction(fn) || !LLVMIsDeclaration(fn) || LLVMGetIntrinsicID(fn)) return;
    /* a weak declaration nothing defines is the null pointer, not code */
    if (!irmap_get(&b->addr_of, IR_KEY(fn), &addr) || !addr || !irmap_get(&b->fn_index, IR_KEY(fn), &index)) return;
    if (b->provided && b->provided(b->m->functions[index].name)) return;
    b->m->foreign_fn = (int32_t)index;
}

void iru_module_asm(IrBuild *b) {
    size_t len = 0;
    LLVMGetModuleInlineAsm(b->mod, &len);
    if (len) b->m->has_asm = true;
}
