/* Native calls through libffi for declared functions the runtime does not
 * model. Which functions may run is the --external-calls policy: by default
 * only the allow-list of exec_external_allow.c, functions that cannot touch
 * the user's files or symplex's process; `all` runs any function but the few
 * that would take control of symplex itself; `none` runs nothing.
 * Arguments are concretized; a pointer argument into a live object is passed
 * as a host copy of that object, copied back after the call so the callee's
 * writes land in the state's memory. */
#define _GNU_SOURCE
#include "executor.h"
#include "exec_external_allow.h"
#include "../util/util.h"
#include <dlfcn.h>
#include <ffi.h>
#include <stdio.h>
#include <string.h>

/* Bytes after each host copy (past its terminating zero) that a callee told to
 * write a little past the object lands in instead of symplex's heap; a write
 * there is detected and ends the state. */
#define EXT_RED_ZONE 256
#define EXT_POISON 0xa5

typedef struct HostCopy {
    MemObject *mo;
    uint8_t *buf;   /* what the callee sees: the object, a zero byte, the red zone */
    uint8_t *orig;  /* the object's bytes as passed, to find what the callee changed */
} HostCopy;

typedef struct ExtCall {
    uint32_t n;
    ffi_type **types;
    u128 *vals;
    void **ptrs;
    HostCopy *copies;
    uint32_t ncopies;
} ExtCall;

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

/* Host copy of the object p points into (or just past), so the callee can
 * read and write it; NULL when p points into no live object of the state.
 * The zero byte after the copy ends a string the program left unterminated.
 * Symbolic bytes are concretized and the path constrained to their values
 * (the state's model gives them without a query), so that what the callee
 * computed from them is what a replay of the path computes. */
static void *ext_host_pointer(Executor *ex, State *s, uint64_t p, ExtCall *c) {
    MemObject *mo = mem_object_containing(p);
    if (!mo) mo = mem_object_containing(p - 1); /* one past the end is a valid pointer too */
    const ObjectState *os = mo ? as_lookup(&s->as, mo) : NULL;
    if (!os) return NULL;
    for (uint32_t i = 0; i < c->ncopies; i++)
        if (c->copies[i].mo == mo) return c->copies[i].buf + (p - mo->addr);
    uint8_t *buf = util_malloc(mo->size + 1 + EXT_RED_ZONE);
    for (uint64_t i = 0; i < mo->size; i++) {
        Value b = os_read(os, i, 1);
        buf[i] = b.e ? (uint8_t)exec_concretize(ex, s, b, 8, "external call memory") : (uint8_t)b.c;
        value_release(&b);
    }
    buf[mo->size] = 0;
    memset(buf + mo->size + 1, EXT_POISON, EXT_RED_ZONE);
    HostCopy *hc = &c->copies[c->ncopies++];
    hc->mo = mo;
    hc->buf = buf;
    hc->orig = util_malloc(mo->size + 1);
    memcpy(hc->orig, buf, mo->size + 1);
    return buf + (p - mo->addr);
}

/* The program's address for a host pointer into one of the copies (one past
 * the end included), or 0 when it points elsewhere. */
static uint64_t ext_program_address(const ExtCall *c, uint64_t host) {
    for (uint32_t i = 0; i < c->ncopies; i++) {
        uint64_t b = (uint64_t)(uintptr_t)c->copies[i].buf;
        if (host >= b && host - b <= c->copies[i].mo->size) return c->copies[i].mo->addr + (host - b);
    }
    return 0;
}

/* Did the callee write past the object (its zero byte or the red zone)? */
static bool ext_overran(const HostCopy *hc) {
    const uint8_t *end = hc->buf + hc->mo->size;
    if (end[0] != 0) return true;
    for (size_t i = 1; i <= EXT_RED_ZONE; i++)
        if (end[i] != EXT_POISON) return true;
    return false;
}

/* A pointer the callee stored into a copy (strtod's end pointer) points into
 * a host copy: give the program its own address instead. Pointer fields sit at
 * multiples of 8 from an object's start, as every object is 16-aligned. */
static void ext_translate_stored_pointers(const ExtCall *c, HostCopy *hc) {
    for (uint64_t k = 0; k + 8 <= hc->mo->size; k += 8) {
        if (memcmp(hc->buf + k, hc->orig + k, 8) == 0) continue;
        uint64_t w;
        memcpy(&w, hc->buf + k, 8);
        uint64_t a = ext_program_address(c, w);
        if (a) memcpy(hc->buf + k, &a, 8);
    }
}

static void ext_copy_back(State *s, const ExtCall *c) {
    for (uint32_t i = 0; i < c->ncopies; i++) ext_translate_stored_pointers(c, &c->copies[i]);
    for (uint32_t i = 0; i < c->ncopies; i++) {
        HostCopy *hc = &c->copies[i];
        ObjectState *os = as_writable(&s->as, hc->mo);
        for (uint64_t k = 0; k < hc->mo->size; k++) {
            Value old = os_read(os, k, 1);
            if (old.e || old.c != hc->buf[k]) os_write(os, k, 1, value_concrete(hc->buf[k]));
            value_release(&old);
        }
    }
}

/* Host functions that must never run inside symplex, whatever the policy:
 * they transfer control (longjmp into a frame of symplex's own), create
 * processes, or signal it. */
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

/* Ends s with reason `external call` and a warning (once per function) naming
 * the function, where it is called, and why it was not run. */
static void ext_refuse(Executor *ex, State *s, IrFunction *fn, const Inst *in, const char *why) {
    char where[512], key[600];
    ir_loc_str(ex->m, in->loc, where, sizeof where);
    snprintf(key, sizeof key, "external %s %s", fn->name, why); /* a function may be refused for several reasons */
    util_warn_once(key, "'%s' at %s %s: state terminated", fn->name, where, why);
    exec_terminate(ex, s, TERM_EARLY, "external call", "'%s' %s", fn->name, why);
}

/* May fn run natively at all? If not, s has been terminated. */
static bool ext_permitted(Executor *ex, State *s, IrFunction *fn, const Inst *in, const IrCall *call, Value *args) {
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
        ext_refuse(ex, s, fn, in, "is an external call, forbidden by --external-calls=none");
        return false;
    }
    if (ex->opt.external == EXTERNAL_SAFE && !ext_allowed(fn->name)) {
        ext_refuse(ex, s, fn, in, "is not on the external-call allow-list (--external-calls=all runs it natively)");
        return false;
    }
    return true;
}

/* Concretizes the arguments into c. A pointer into no live object is passed
 * as it is under --external-calls=all (the old behaviour); the safe policy
 * refuses it, since native code would read or write symplex's own memory. */
static bool ext_marshal(Executor *ex, State *s, IrFunction *fn, const Inst *in, const IrCall *call, Value *args, ExtCall *c) {
    for (uint32_t i = 0; i < c->n; i++) {
        IrType t = call->arg_types[i];
        if (args[i].e) util_warn_once("external-symbolic", "concretizing symbolic argument of external call '%s'", fn->name);
        u128 v = exec_concretize(ex, s, args[i], t.bits ? t.bits : 64, "external call argument");
        c->types[i] = ext_ffi_type(t);
        c->ptrs[i] = &c->vals[i];
        if (t.kind != IR_TY_PTR || !v) {
            c->vals[i] = v;
            continue;
        }
        void *hp = ext_host_pointer(ex, s, (uint64_t)v, c);
        if (!hp && ex->opt.external != EXTERNAL_ALL) {
            ext_refuse(ex, s, fn, in, "is passed a pointer into no object of the program");
            return false;
        }
        if (!hp) hp = (void *)(uintptr_t)v;
        memcpy(&c->vals[i], &hp, sizeof hp);
    }
    return true;
}

/* The callee's return value as the program sees it: a pointer into a host
 * copy (stpcpy's end, localtime_r's argument) becomes the program's address. */
static u128 ext_result(IrType t, u128 r, const ExtCall *c) {
    if (t.kind == IR_TY_PTR && r) {
        uint64_t a = ext_program_address(c, (uint64_t)r);
        if (a) r = a;
    }
    if (t.kind == IR_TY_INT && t.bits < 64) r &= expr_mask(t.bits);
    if (t.kind == IR_TY_FLOAT) r &= 0xffffffffu;
    return r;
}

/* Calls sym and stores its result in s. False if s was terminated. */
static bool ext_invoke(Executor *ex, State *s, IrFunction *fn, const Inst *in, const IrCall *call, void *sym, ExtCall *c) {
    ffi_cif cif;
    ffi_type *rtype = ext_ffi_type(call->ret_type);
    ffi_status st = call->variadic ? ffi_prep_cif_var(&cif, FFI_DEFAULT_ABI, call->nfixed, c->n, rtype, c->types)
                                   : ffi_prep_cif(&cif, FFI_DEFAULT_ABI, c->n, rtype, c->types);
    if (st != FFI_OK) {
        exec_terminate(ex, s, TERM_EARLY, "external call", "cannot call external function '%s'", fn->name);
        return false;
    }
    char key[300];
    snprintf(key, sizeof key, "external %s", fn->name);
    util_warn_once(key, "calling external function '%s' natively", fn->name);
    ex->stats.external_calls++;
    u128 ret[2] = {0, 0};
    fflush(stdout);
    ffi_call(&cif, FFI_FN(sym), ret, c->ptrs);
    for (uint32_t i = 0; i < c->ncopies; i++) {
        if (!ext_overran(&c->copies[i])) continue;
        ext_refuse(ex, s, fn, in, "wrote past the end of an object it was given");
        return false;
    }
    ext_copy_back(s, c);
    exec_set_result(s, in, value_concrete(ext_result(call->ret_type, ret[0], c)));
    return true;
}

static void ext_call_free(ExtCall *c) {
    for (uint32_t i = 0; i < c->ncopies; i++) {
        free(c->copies[i].buf);
        free(c->copies[i].orig);
    }
    free(c->copies);
    free(c->ptrs);
    free(c->vals);
    free(c->types);
}

bool exec_call_external(Executor *ex, State *s, IrFunction *fn, const Inst *in, const IrCall *call, Value *args) {
    /* a native call acts outside the state: never from an infeasible path */
    if (!exec_settled(ex, s)) return false;
    if (!ext_permitted(ex, s, fn, in, call, args)) return false;
    void *sym = dlsym(RTLD_DEFAULT, fn->name);
    if (!sym) {
        exec_terminate(ex, s, TERM_EARLY, "undefined function", "call to undefined function '%s'", fn->name);
        return false;
    }
    uint32_t n = call->nargs;
    ExtCall c = {.n = n,
                 .types = util_calloc(n + 1, sizeof(ffi_type *)),
                 .vals = util_calloc(n + 1, sizeof(u128)),
                 .ptrs = util_calloc(n + 1, sizeof(void *)),
                 .copies = util_calloc(n + 1, sizeof(HostCopy))};
    bool ok = ext_marshal(ex, s, fn, in, call, args, &c) && ext_invoke(ex, s, fn, in, call, sym, &c);
    ext_call_free(&c);
    return ok;
}
