/* The parts of KLEE's API (klee/klee.h) that need the executor: objects at
 * fixed addresses, object sizes, explicit memory checks, forking control, and
 * the debugging helpers. Semantics follow KLEE's; where KLEE leaves something
 * to the implementation the comment says what symplex does. */
#include "executor.h"
#include "../util/util.h"
#include <stdio.h>
#include <string.h>

static uint64_t klee_arg(Executor *ex, State *s, const IrCall *call, Value *args, uint32_t i, const char *why) {
    if (i >= call->nargs) return 0;
    return (uint64_t)exec_concretize(ex, s, args[i], call->arg_types[i].bits ? call->arg_types[i].bits : 64, why);
}

static bool klee_user_error(Executor *ex, State *s, const char *msg) {
    exec_error(ex, s, "user", "%s", msg);
    return false;
}

/* The program's own object at an address it chose (memory-mapped devices,
 * addresses a harness hard-codes). The address range is shared by all states,
 * so the object is registered once; a state that defines it again gets it
 * bound afresh, zero-filled. Overlapping anything else is an error. */
bool exec_klee_define_fixed(Executor *ex, State *s, const Inst *in, const IrCall *call, Value *args) {
    uint64_t addr = klee_arg(ex, s, call, args, 0, "fixed object address");
    uint64_t size = klee_arg(ex, s, call, args, 1, "fixed object size");
    if (size == 0 || addr == 0 || addr + size < addr)
        return klee_user_error(ex, s, "klee_define_fixed_object: empty or wrapping address range");
    if (addr < ex->m->block_addr_end && addr + size > ex->m->fn_addr_base)
        return klee_user_error(ex, s, "klee_define_fixed_object: range overlaps symplex's function addresses");
    MemObject *mo = mem_object_overlapping(addr, size);
    if (mo && !(mo->kind == MEM_FIXED && mo->addr == addr && mo->size == size && !as_lookup(&s->as, mo)))
        return klee_user_error(ex, s, "klee_define_fixed_object: range overlaps an existing object");
    if (!mo) mo = mem_object_new_at(addr, size, MEM_FIXED, "fixed object");
    mo->alloc_loc = in->loc;
    as_bind(&s->as, mo, os_new(size));
    exec_set_result(s, in, value_concrete(0));
    return true;
}

/* Size of the live object the pointer points into (anywhere inside it). */
bool exec_klee_get_obj_size(Executor *ex, State *s, const Inst *in, const IrCall *call, Value *args) {
    uint64_t p = klee_arg(ex, s, call, args, 0, "klee_get_obj_size pointer");
    MemObject *mo = exec_object_at(ex, p);
    if (!mo || !as_lookup(&s->as, mo)) {
        exec_resolve_concrete(ex, s, p, 1, false, &mo); /* reports why there is no object */
        return false;
    }
    exec_set_result(s, in, value_concrete(mo->size));
    return true;
}

/* [address, address + size) must lie in one live object: the access check of
 * a load of that many bytes, reported at the call. */
bool exec_klee_check_access(Executor *ex, State *s, const Inst *in, const IrCall *call, Value *args) {
    uint64_t p = klee_arg(ex, s, call, args, 0, "klee_check_memory_access address");
    uint64_t n = klee_arg(ex, s, call, args, 1, "klee_check_memory_access size");
    MemObject *mo;
    if (n && !exec_resolve_concrete(ex, s, p, n, false, &mo)) return false;
    exec_set_result(s, in, value_concrete(0));
    return true;
}

bool exec_klee_set_forking(Executor *ex, State *s, const Inst *in, const IrCall *call, Value *args) {
    s->fork_disabled = klee_arg(ex, s, call, args, 0, "klee_set_forking flag") == 0;
    exec_set_result(s, in, value_concrete(0));
    return true;
}

bool exec_klee_stack_trace(Executor *ex, State *s, const Inst *in) {
    char buf[8192];
    fprintf(stderr, "symplex: klee_stack_trace:\n%s", exec_stack_string(ex, s, buf, sizeof buf));
    exec_set_result(s, in, value_concrete(0));
    return true;
}

/* symplex does not merge states; a program using the merge API still runs,
 * with every path explored separately (more paths than KLEE reports). */
bool exec_klee_merge(Executor *ex, State *s, IrFunction *fn, const Inst *in) {
    util_warn_once(fn->name, "%s: state merging is not implemented; paths are explored separately", fn->name);
    exec_set_result(s, in, value_concrete(0));
    return true;
}

/* Smallest (max == false) or largest unsigned value e can take in s: a binary
 * search over may-be-true queries, for klee_print_range only. */
static bool klee_bound(Executor *ex, State *s, Expr *e, bool max, u128 *out) {
    unsigned w = e->width > 64 ? 64 : e->width;
    u128 lo = 0, hi = expr_mask(w);
    size_t n;
    Expr *const *cs = exec_constraints(ex, s, &n);
    while (lo < hi) {
        u128 mid = max ? lo + (hi - lo + 1) / 2 : lo + (hi - lo) / 2;
        Expr *c = expr_const(mid, e->width), *q = max ? expr_uge(e, c) : expr_ule(e, c);
        SolverResult r = solver_may_be_true(ex->solver, cs, n, q);
        expr_unref(c);
        expr_unref(q);
        if (r == SOLVER_UNKNOWN) return false;
        bool yes = r == SOLVER_SAT;
        if (max) { if (yes) lo = mid; else hi = mid - 1; }
        else { if (yes) hi = mid; else lo = mid + 1; }
    }
    *out = lo;
    return true;
}

/* klee_print_range(name, value): "name: V" when the value is fixed on this
 * path, else one example and the unsigned range it lies in. */
bool exec_klee_print_range(Executor *ex, State *s, const Inst *in, const IrCall *call, Value *args) {
    bool cut = false;
    char *name = exec_read_string_in_object(ex, s, klee_arg(ex, s, call, args, 0, "name"), &cut);
    if (!name) return false;
    Value v = call->nargs > 1 ? args[1] : value_concrete(0);
    if (!v.e) {
        fprintf(stderr, "%s: %llu\n", name, (unsigned long long)v.c);
    } else {
        u128 ex_v = exec_example(ex, s, v), lo, hi;
        if (klee_bound(ex, s, v.e, false, &lo) && klee_bound(ex, s, v.e, true, &hi))
            fprintf(stderr, "%s: ~= %llu (range [%llu, %llu])\n", name, (unsigned long long)ex_v,
                    (unsigned long long)lo, (unsigned long long)hi);
        else
            fprintf(stderr, "%s: ~= %llu\n", name, (unsigned long long)ex_v);
    }
    free(name);
    exec_set_result(s, in, value_concrete(0));
    return true;
}
