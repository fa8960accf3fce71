/* exec_varargs: a variadic call's arguments where x86-64 puts them, and the
 * va_list va_start makes over them.
 *
 * clang compiles va_arg to code that reads the va_list's four fields (System
 * V ABI 3.5.7): gp_offset and fp_offset say how much of the register save
 * area (rdi..r9 at 0..47, xmm0..7 at 48..175) is used, overflow_arg_area
 * points at the next argument on the stack. Natively the callee's prologue
 * saves the registers and va_start sets gp_offset to 8 x the general
 * registers the named parameters took and fp_offset to 48 + 16 x the vector
 * registers; clang's va_arg then branches on them. So that those branches go
 * as natively (--check-path compares them) and values come from where the
 * program looks, the call builds one object per variadic frame: the register
 * save area holding the arguments the registers carry, followed by the stack
 * arguments, each piece placed by the rules of ir_abi.c. The named arguments
 * are counted but not stored (the callee has them in its registers); the
 * stack part keeps their alignment modulo 16, so a 16-byte aligned argument
 * lies where a native run's va_arg looks for it. */
#include "executor.h"
#include "../util/util.h"

enum { VA_GP_REGS = 6, VA_SSE_REGS = 8, VA_GP_AREA = 8 * VA_GP_REGS, VA_SAVE_AREA = VA_GP_AREA + 16 * VA_SSE_REGS };

/* The registers and the stack an argument list has used so far. */
typedef struct VaPlacer { unsigned gp, sse; uint64_t stack; } VaPlacer;

static uint64_t round_up(uint64_t x, uint64_t a) { return (x + a - 1) / a * a; }

/* Places piece p: true with *at its register save area offset, or false with
 * *at its offset in the stack arguments. */
static bool va_place(VaPlacer *pl, const IrArgPiece *p, uint64_t *at) {
    if (p->cls == IR_ARG_GPR && pl->gp < VA_GP_REGS) { *at = 8 * pl->gp++; return true; }
    if (p->cls == IR_ARG_SSE && pl->sse < VA_SSE_REGS) { *at = VA_GP_AREA + 16 * pl->sse++; return true; }
    *at = round_up(pl->stack, p->align);
    pl->stack = *at + round_up(p->size, 8);
    return false;
}

/* Bytes [off, off + n) of a register value of `width` bits, zero-extended
 * past its end: exactly n * 8 bits, as os_write takes them. */
static Value va_piece_bits(Value v, unsigned width, unsigned off, unsigned n) {
    unsigned lo = off * 8, take = width > lo ? width - lo : 0;
    if (take > n * 8) take = n * 8;
    if (!v.e || take == 0) {
        u128 x = take ? v.c >> lo : 0;
        return value_concrete(take < 128 ? x & (((u128)1 << take) - 1) : x);
    }
    Expr *part = expr_extract(v.e, lo, take);
    Expr *full = take < n * 8 ? expr_zext(part, n * 8) : expr_ref(part);
    expr_unref(part);
    return value_from_expr(full);
}

static bool va_store_piece(Executor *ex, State *s, MemObject *mo, uint64_t at, const IrCall *call,
                           const IrArgPiece *p, Value *args) {
    Value v = args[p->arg];
    if (p->cls == IR_ARG_BYVAL)
        return exec_block_copy(ex, s, value_concrete(mo->addr + at), v, p->size);
    unsigned n = p->size < 16 ? p->size : 16; /* a register value has at most 16 bytes */
    Value bits = va_piece_bits(v, v.e ? v.e->width : call->arg_types[p->arg].bits, p->offset, n);
    os_write(as_writable(&s->as, mo), at, n, bits);
    value_release(&bits);
    return true;
}

bool exec_varargs_push(Executor *ex, State *s, const IrFunction *fn, const IrCall *call, Value *args, uint32_t loc,
                       VaFrame *out) {
    /* the lowering gives every call that may reach a variadic function its pieces */
    VaPlacer pl = {0};
    uint32_t k = 0;
    uint64_t at;
    for (; k < call->npieces && call->pieces[k].arg < fn->nparams; k++) va_place(&pl, &call->pieces[k], &at);
    out->gp_offset = 8 * pl.gp;
    out->fp_offset = VA_GP_AREA + 16 * pl.sse;
    uint64_t skip = pl.stack / 16 * 16, named_end = pl.stack;
    VaPlacer end = pl;
    for (uint32_t j = k; j < call->npieces; j++) va_place(&end, &call->pieces[j], &at);
    MemObject *mo = exec_alloc(ex, s, VA_SAVE_AREA + end.stack - skip, MEM_VARARGS, 16, loc, "varargs");
    out->mo = mo;
    out->overflow = mo->addr + VA_SAVE_AREA + named_end - skip;
    for (; k < call->npieces; k++) {
        bool in_reg = va_place(&pl, &call->pieces[k], &at);
        if (!va_store_piece(ex, s, mo, in_reg ? at : VA_SAVE_AREA + at - skip, call, &call->pieces[k], args))
            return false;
    }
    return true;
}

/* va_start: the va_list at ptr gets the frame's offsets and areas. */
bool exec_varargs_start(Executor *ex, State *s, Value ptr) {
    const VaFrame *va = &state_top(s)->va;
    uint64_t save = va->mo ? va->mo->addr : 0;
    u128 lo = (u128)va->gp_offset | ((u128)va->fp_offset << 32) | ((u128)va->overflow << 64);
    if (!exec_store(ex, s, ptr, 16, value_concrete(lo))) return false;
    Value p16 = exec_ptr_plus(ptr, 16);
    bool ok = exec_store(ex, s, p16, 8, value_concrete(save));
    value_release(&p16);
    return ok;
}
