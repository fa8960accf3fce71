/* Calls and returns: frames, arguments, variadic argument areas, and the
 * dispatch to special (modelled) and external (native) functions. */
#include "executor.h"
#include "../util/util.h"
#include <string.h>

void exec_set_result(State *s, const Inst *in, Value v) {
    Frame *f = state_top(s);
    if (in->width) {
        expr_unref(f->regs[in->dst].e);
        f->regs[in->dst] = v;
    } else {
        value_release(&v);
    }
    f->pc++;
}

/* Resolves a call through a pointer; a symbolic pointer forks per target. */
static IrFunction *exec_callee(Executor *ex, State *s, const IrCall *call) {
    Frame *f = state_top(s);
    if (call->callee >= 0) return &ex->m->functions[call->callee];
    Value p = exec_operand(f, call->callee_ptr);
    uint64_t addr;
    if (p.e) {
        u128 v;
        if (!exec_fork_value(ex, s, p.e, &v)) return NULL;
        addr = (uint64_t)v;
    } else {
        addr = (uint64_t)p.c;
    }
    IrFunction *fn = ir_function_by_addr(ex->m, addr);
    if (!fn) {
        if (addr < 4096) exec_error(ex, s, "null-deref", "call through null function pointer");
        else exec_error(ex, s, "invalid-call", "call through invalid function pointer 0x%llx", (unsigned long long)addr);
    }
    return fn;
}

bool exec_call(Executor *ex, State *s, const Inst *in) {
    Frame *f = state_top(s);
    const IrCall *call = &f->fn->calls[in->aux];
    IrFunction *fn = exec_callee(ex, s, call);
    if (!fn) return false;
    Value small[8];
    Value *args = call->nargs <= 8 ? small : util_malloc(call->nargs * sizeof(Value));
    for (uint32_t i = 0; i < call->nargs; i++) args[i] = value_copy(exec_operand(f, call->args[i]));
    bool ok;
    if (fn->is_declaration) {
        ok = ex->special[fn->index] ? exec_call_special(ex, s, fn, in, call, args)
                                    : exec_call_external(ex, s, fn, in, call, args);
        for (uint32_t i = 0; i < call->nargs; i++) value_release(&args[i]);
    } else if (call->nargs < fn->nparams) {
        for (uint32_t i = 0; i < call->nargs; i++) value_release(&args[i]);
        exec_error(ex, s, "invalid-call", "call to '%s' with %u arguments, it takes %u", fn->name, call->nargs, fn->nparams);
        ok = false;
    } else if (ex->opt.max_frames && s->nframes >= ex->opt.max_frames) {
        /* runaway recursion: natively a stack overflow; KLEE also stops such states early */
        for (uint32_t i = 0; i < call->nargs; i++) value_release(&args[i]);
        exec_terminate(ex, s, TERM_EARLY, "max-stack-frames", "more than %u nested calls", ex->opt.max_frames);
        ok = false;
    } else {
        VaFrame va = {0};
        ok = !fn->variadic || exec_varargs_push(ex, s, fn, call, args, in->loc, &va);
        if (ok) {
            Frame *nf = state_push_frame(s, fn);
            for (uint32_t i = 0; i < fn->nparams; i++) nf->regs[i] = args[i];
            nf->va = va;
        }
        for (uint32_t i = ok ? fn->nparams : 0; i < call->nargs; i++) value_release(&args[i]);
    }
    if (args != small) free(args);
    return ok;
}

static void exec_release_frame_memory(State *s, Frame *f) {
    for (uint32_t i = 0; i < f->nallocas; i++) as_unbind(&s->as, f->allocas[i]);
    if (f->va.mo) as_unbind(&s->as, f->va.mo);
}

bool exec_return(Executor *ex, State *s, const Inst *in) {
    Frame *f = state_top(s);
    Value rv = in->a == IR_NONE ? value_concrete(0) : value_copy(exec_operand(f, in->a));
    exec_release_frame_memory(s, f);
    if (s->nframes == 1) {
        unsigned w = f->fn->ret_type.bits ? f->fn->ret_type.bits : 32;
        int status = (int)(rv.e ? exec_concretize(ex, s, rv, w, "exit status") : rv.c);
        value_release(&rv);
        exec_terminate(ex, s, TERM_EXIT, NULL, "exit %d", status & 0xff);
        return false;
    }
    state_pop_frame(s);
    Frame *caller = state_top(s);
    exec_set_result(s, &caller->fn->insts[caller->pc], rv);
    return true;
}
