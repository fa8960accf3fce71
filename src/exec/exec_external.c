/* Native calls through libffi for declared functions the runtime does not
 * model. Arguments are concretized; a pointer argument into a live object is
 * passed as a host copy of that object, copied back after the call so the
 * callee's writes land in the state's memory. */
#define _GNU_SOURCE
#include "executor.h"
#include "../util/util.h"
#include <dlfcn.h>
#include <ffi.h>
#include <string.h>

typedef struct HostCopy { MemObject *mo; uint8_t *buf; } HostCopy;

static ffi_type *ext_ffi_type(IrType t) {
    switch (t.kind) {
    case IR_TY_VOID: return &ffi_type_void;
    case IR_TY_FLOAT: return &ffi_type_float;
    case IR_TY_DOUBLE: return &ffi_type_double;
    case IR_TY_FP80: return &ffi_type_longdouble;
    case IR_TY_PTR: return &ffi_type_pointer;
    default:
        return t.bits <= 8 ? &ffi_type_uint8 : t.bits <= 16 ? &ffi_type_uint16 : t.bits <= 32 ? &ffi_type_uint32 : &ffi_type_uint64;
    }
}

/* Host copy of the object p points into, so the callee can read and write it. */
static void *ext_host_pointer(State *s, uint64_t p, HostCopy *copies, uint32_t *ncopies) {
    MemObject *mo = mem_object_containing(p);
    const ObjectState *os = mo ? as_lookup(&s->as, mo) : NULL;
    if (!os) return (void *)(uintptr_t)p;
    for (uint32_t i = 0; i < *ncopies; i++)
        if (copies[i].mo == mo) return copies[i].buf + (p - mo->addr);
    uint8_t *buf = util_calloc(mo->size + 1, 1);
    for (uint64_t i = 0; i < mo->size; i++) {
        Value b = os_read(os, i, 1);
        buf[i] = b.e ? 0 : (uint8_t)b.c; /* symbolic bytes were concretized by the caller's policy */
        value_release(&b);
    }
    copies[*ncopies].mo = mo;
    copies[*ncopies].buf = buf;
    (*ncopies)++;
    return buf + (p - mo->addr);
}

/* Host functions that must never run inside symplex: they transfer control
 * (longjmp into a frame of symplex's own), create processes, or signal it. */
static const char *const ext_forbidden[] = {
    "setjmp", "_setjmp", "__sigsetjmp", "sigsetjmp", "longjmp", "_longjmp", "siglongjmp", "__longjmp_chk",
    "fork", "vfork", "execv", "execve", "execvp", "execl", "execlp", "execle", "system", "popen",
    "raise", "kill", "signal", "sigaction", "pthread_create", "pthread_exit", "atexit", "on_exit", "at_quick_exit",
};

static bool ext_is_forbidden(const char *name) {
    for (size_t i = 0; i < sizeof ext_forbidden / sizeof ext_forbidden[0]; i++)
        if (strcmp(name, ext_forbidden[i]) == 0) return true;
    return false;
}

bool exec_call_external(Executor *ex, State *s, IrFunction *fn, const Inst *in, const IrCall *call, Value *args) {
    if (ext_is_forbidden(fn->name)) {
        char where[512];
        ir_loc_str(ex->m, in->loc, where, sizeof where);
        util_warn_once(fn->name, "'%s' at %s is not supported: state terminated", fn->name, where);
        exec_terminate(ex, s, TERM_EARLY, "unsupported", "'%s' cannot be executed (not modelled, unsafe to call natively)", fn->name);
        return false;
    }
    /* a function pointer is a fake address: native code calling it would crash symplex */
    for (uint32_t i = 0; i < call->nargs; i++) {
        if (args[i].e || call->arg_types[i].kind != IR_TY_PTR) continue;
        if (args[i].c >= ex->m->fn_addr_base && args[i].c < ex->m->fn_addr_end) {
            exec_terminate(ex, s, TERM_EARLY, "unsupported", "external call '%s' is passed a function pointer", fn->name);
            return false;
        }
    }
    if (ex->opt.external == EXTERNAL_NONE) {
        exec_terminate(ex, s, TERM_EARLY, "external call", "external call to '%s' forbidden (--external-calls=none)", fn->name);
        return false;
    }
    void *sym = dlsym(RTLD_DEFAULT, fn->name);
    if (!sym) {
        exec_terminate(ex, s, TERM_EARLY, "undefined function", "call to undefined function '%s'", fn->name);
        return false;
    }
    util_warn_once(fn->name, "calling external function '%s' natively", fn->name);
    ex->stats.external_calls++;
    uint32_t n = call->nargs;
    ffi_type **types = util_calloc(n + 1, sizeof(ffi_type *));
    u128 *vals = util_calloc(n + 1, sizeof(u128));
    void **ptrs = util_calloc(n + 1, sizeof(void *));
    HostCopy *copies = util_calloc(n + 1, sizeof(HostCopy));
    uint32_t ncopies = 0;
    for (uint32_t i = 0; i < n; i++) {
        IrType t = call->arg_types[i];
        if (args[i].e) util_warn_once("external-symbolic", "concretizing symbolic argument of external call '%s'", fn->name);
        u128 v = exec_concretize(ex, s, args[i], t.bits ? t.bits : 64, "external call argument");
        types[i] = ext_ffi_type(t);
        if (t.kind == IR_TY_PTR) {
            void *hp = v ? ext_host_pointer(s, (uint64_t)v, copies, &ncopies) : NULL;
            memcpy(&vals[i], &hp, sizeof hp);
        } else {
            vals[i] = v;
        }
        ptrs[i] = &vals[i];
    }
    ffi_cif cif;
    ffi_type *rtype = ext_ffi_type(call->ret_type);
    ffi_status st = call->variadic ? ffi_prep_cif_var(&cif, FFI_DEFAULT_ABI, call->nfixed, n, rtype, types)
                                   : ffi_prep_cif(&cif, FFI_DEFAULT_ABI, n, rtype, types);
    bool ok = st == FFI_OK;
    if (ok) {
        u128 ret[2] = {0, 0};
        fflush(stdout);
        ffi_call(&cif, FFI_FN(sym), ret, ptrs);
        for (uint32_t i = 0; i < ncopies; i++) {
            ObjectState *os = as_writable(&s->as, copies[i].mo);
            for (uint64_t k = 0; k < copies[i].mo->size; k++) {
                Value old = os_read(os, k, 1);
                if (old.e || old.c != copies[i].buf[k]) os_write(os, k, 1, value_concrete(copies[i].buf[k]));
                value_release(&old);
            }
        }
        u128 r = ret[0];
        if (call->ret_type.kind == IR_TY_INT && call->ret_type.bits < 64) r &= expr_mask(call->ret_type.bits);
        if (call->ret_type.kind == IR_TY_FLOAT) r &= 0xffffffffu;
        exec_set_result(s, in, value_concrete(r));
    } else {
        exec_terminate(ex, s, TERM_EARLY, "external call", "cannot call external function '%s'", fn->name);
    }
    for (uint32_t i = 0; i < ncopies; i++) free(copies[i].buf);
    free(copies);
    free(ptrs);
    free(vals);
    free(types);
    return ok;
}
