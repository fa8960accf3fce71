/* Memory instructions: address resolution (concrete fast path, symbolic
 * pointers resolved object by object), load/store, alloca, getelementptr. */
#include "executor.h"
#include "../util/util.h"
#include <string.h>

static const char *exec_access_kind(bool write) { return write ? "oob-write" : "oob-read"; }

/* Why [addr, addr+n) is not a valid access in s: reports the error. */
void exec_report_bad_access(Executor *ex, State *s, uint64_t addr, uint64_t n, bool write, MemObject *mo) {
    if (addr < EXEC_NULL_PAGE && !(mo && mo->kind == MEM_FIXED)) {
        exec_error(ex, s, "null-deref", "null pointer dereference (%s of %llu bytes at 0x%llx)",
                   write ? "write" : "read", (unsigned long long)n, (unsigned long long)addr);
    } else if (mo && !as_lookup(&s->as, mo) && (mo->kind == MEM_HEAP || mo->kind == MEM_STACK)) {
        exec_error(ex, s, "use-after-free", "%s of %llu bytes in freed %s object%s%s",
                   write ? "write" : "read", (unsigned long long)n, mo->kind == MEM_HEAP ? "heap" : "stack",
                   mo->name ? " " : "", mo->name ? mo->name : "");
    } else if (mo) {
        exec_error(ex, s, exec_access_kind(write), "out-of-bounds %s: %llu bytes at offset %lld of %s%s%s (size %llu)",
                   write ? "write" : "read", (unsigned long long)n, (long long)(addr - mo->addr),
                   mo->name ? "'" : "object", mo->name ? mo->name : "", mo->name ? "'" : "",
                   (unsigned long long)mo->size);
    } else {
        exec_error(ex, s, exec_access_kind(write), "out-of-bounds %s: %llu bytes at address 0x%llx in no object",
                   write ? "write" : "read", (unsigned long long)n, (unsigned long long)addr);
    }
}

MemObject *exec_object_at(Executor *ex, uint64_t addr) {
    /* most lookups hit the object the previous one hit: skip the search then */
    MemObject *mo = ex->last_mo;
    if (!mo || addr - mo->addr >= mo->size) {
        /* the cache holds a reference: the object it names is not retired under it */
        mo = mem_object_containing(addr);
        if (mo) mem_object_ref(mo);
        if (ex->last_mo) mem_object_unref(ex->last_mo);
        ex->last_mo = mo;
    }
    return mo;
}

ObjectState *exec_resolve_concrete(Executor *ex, State *s, uint64_t addr, uint64_t n, bool write, MemObject **out) {
    MemObject *mo = exec_object_at(ex, addr);
    if (mo && addr - mo->addr + n <= mo->size && (addr >= EXEC_NULL_PAGE || mo->kind == MEM_FIXED)) {
        /* before the lookup: a fork here shares the objects it would return */
        if (mo->size_expr && addr - mo->addr + n > mo->size_min && as_lookup(&s->as, mo) &&
            !exec_symsize_check(ex, s, mo, addr, n, write))
            return NULL;
        ObjectState *os = write ? as_writable(&s->as, mo) : (ObjectState *)as_lookup(&s->as, mo);
        if (os) {
            if (write && mo->read_only) {
                exec_error(ex, s, "oob-write", "write to read-only object '%s'", mo->name ? mo->name : "?");
                return NULL;
            }
            *out = mo;
            return os;
        }
    }
    if (!mo && addr >= EXEC_NULL_PAGE) mo = mem_object_containing(addr - 1); /* just past an object: name it */
    exec_report_bad_access(ex, s, addr, n, write, mo);
    return NULL;
}

/* In-bounds condition for an n-byte access through ptr into mo. */
static Expr *exec_in_bounds(Expr *ptr, const MemObject *mo, unsigned n) {
    if (mo->size_expr) { /* ptr >= addr and the offset within the size expression */
        Expr *lo = expr_const(mo->addr, 64), *a = expr_uge(ptr, lo), *off = expr_sub(ptr, lo);
        Expr *b = exec_symsize_in_bounds(mo, off, n), *r = expr_bool_and(a, b);
        expr_unref(lo); expr_unref(a); expr_unref(off); expr_unref(b);
        return r;
    }
    if (mo->size < n) return expr_bool(false);
    Expr *lo = expr_const(mo->addr, 64), *hi = expr_const(mo->addr + mo->size - n, 64);
    Expr *a = expr_uge(ptr, lo), *b = expr_ule(ptr, hi), *r = expr_bool_and(a, b);
    expr_unref(lo); expr_unref(hi); expr_unref(a); expr_unref(b);
    return r;
}

/* Pins a failing symbolic pointer to one concrete bad address that replays
 * well and returns it, so report and test agree: just past the end of the
 * candidate object (inside it if it was freed) when that is feasible, else
 * the solver's example. */
static uint64_t exec_pin_bad_pointer(Executor *ex, State *s, Expr *ptr, uint64_t example, MemObject *cand) {
    uint64_t addr = example;
    if (cand) {
        uint64_t want = cand->addr + cand->size;
        if (!as_lookup(&s->as, cand)) want = example - cand->addr < cand->size ? example : cand->addr;
        Expr *c = expr_const(want, 64), *eq = expr_eq(ptr, c);
        size_t n;
        Expr *const *cs = exec_constraints(ex, s, &n);
        if (solver_may_be_true(ex->solver, cs, n, eq) == SOLVER_SAT) addr = want;
        expr_unref(c);
        expr_unref(eq);
    }
    Expr *c = expr_const(addr, 64), *eq = expr_eq(ptr, c);
    state_add_constraint(s, eq);
    expr_unref(c);
    expr_unref(eq);
    return addr;
}

/* The objects a symbolic pointer may access: the one it was computed from
 * when known (Value.obj), else those around the example address. */
static uint32_t exec_pointer_candidates(Value ptr, uint64_t example, MemObject **cands) {
    if (ptr.obj) { /* none when that object was retired: it is dead in every state */
        cands[0] = mem_object_by_id(ptr.obj - 1);
        return cands[0] ? 1 : 0;
    }
    uint32_t k = 0;
    MemObject *hit = mem_object_containing(example);
    if (hit) cands[k++] = hit;
    MemObject *near[2];
    uint32_t kn = mem_objects_around(example, near); /* the closest below and above */
    for (uint32_t i = 0; i < kn; i++)
        if (near[i] != hit) cands[k++] = near[i];
    return k;
}

/* Resolves a symbolic pointer. On success returns the object s may access
 * (s constrained in bounds of it); a forked child that is not in this object
 * re-executes the instruction and resolves again. */
static ObjectState *exec_resolve_symbolic(Executor *ex, State *s, Value ptr, unsigned n, bool write, MemObject **out) {
    u128 v;
    if (!exec_feasible_value(ex, s, ptr.e, &v)) return NULL;
    uint64_t example = (uint64_t)v;
    MemObject *cands[3];
    uint32_t k = exec_pointer_candidates(ptr, example, cands);
    for (uint32_t i = 0; i < k; i++) {
        MemObject *mo = cands[i];
        if (!as_lookup(&s->as, mo)) continue;
        Expr *inb = exec_in_bounds(ptr.e, mo, n);
        State *child;
        int r = exec_fork(ex, s, inb, &child);
        expr_unref(inb);
        if (r < 0) return NULL;
        if (r == 0) { /* not in this object: it goes on to the next candidate */
            s->rebuild_unsafe = true;
            continue;
        }
        /* undo the depth increment: resolving a pointer is not a program branch */
        if (child) { s->depth--; child->depth--; child->rebuild_unsafe = true; }
        ObjectState *os = write ? as_writable(&s->as, mo) : (ObjectState *)as_lookup(&s->as, mo);
        if (write && mo->read_only) {
            exec_error(ex, s, "oob-write", "write to read-only object '%s'", mo->name ? mo->name : "?");
            return NULL;
        }
        *out = mo;
        return os;
    }
    uint64_t bad = exec_pin_bad_pointer(ex, s, ptr.e, example, k ? cands[0] : NULL);
    if (ptr.obj && !k) { /* its origin was retired: stack memory no state holds */
        exec_error(ex, s, "use-after-free", "%s of %u bytes at 0x%llx through a pointer into a freed stack object",
                   write ? "write" : "read", n, (unsigned long long)bad);
        return NULL;
    }
    /* a pointer with a known origin is reported against it, wherever it landed */
    MemObject *at = ptr.obj ? NULL : mem_object_containing(bad);
    exec_report_bad_access(ex, s, bad, n, write, at ? at : k ? cands[0] : NULL);
    return NULL;
}

static Expr *exec_offset(Expr *ptr, const MemObject *mo) {
    Expr *base = expr_const(mo->addr, 64), *off = expr_sub(ptr, base);
    expr_unref(base);
    return off;
}

bool exec_load(Executor *ex, State *s, Value ptr, unsigned nbytes, Value *out) {
    MemObject *mo;
    if (!ptr.e) {
        uint64_t a = (uint64_t)ptr.c;
        const ObjectState *os = exec_resolve_concrete(ex, s, a, nbytes, false, &mo);
        if (!os) return false;
        *out = os_read(os, a - mo->addr, nbytes);
        return true;
    }
    ObjectState *os = exec_resolve_symbolic(ex, s, ptr, nbytes, false, &mo);
    if (!os) return false;
    Expr *off = exec_offset(ptr.e, mo);
    if (expr_is_const(off)) *out = os_read(os, (uint64_t)off->u.value, nbytes);
    else *out = value_from_expr(os_read_symbolic(os, off, nbytes));
    expr_unref(off);
    return true;
}

bool exec_store(Executor *ex, State *s, Value ptr, unsigned nbytes, Value val) {
    MemObject *mo;
    if (!ptr.e) {
        uint64_t a = (uint64_t)ptr.c;
        ObjectState *os = exec_resolve_concrete(ex, s, a, nbytes, true, &mo);
        if (!os) return false;
        if (!val.e) os_write_concrete(os, a - mo->addr, nbytes, val.c);
        else os_write(os, a - mo->addr, nbytes, val);
        return true;
    }
    ObjectState *os = exec_resolve_symbolic(ex, s, ptr, nbytes, true, &mo);
    if (!os) return false;
    Expr *off = exec_offset(ptr.e, mo);
    if (expr_is_const(off)) os_write(os, (uint64_t)off->u.value, nbytes, val);
    else os_write_symbolic(os, off, nbytes, val);
    expr_unref(off);
    return true;
}

MemObject *exec_alloc(Executor *ex, State *s, uint64_t size, MemKind kind, uint32_t align, uint32_t loc, const char *name) {
    MemObject *mo = mem_object_new(size, align, kind, loc, name);
    as_bind(&s->as, mo, os_new(size));
    return mo;
}

char *exec_read_string(Executor *ex, State *s, uint64_t addr) { return exec_read_string_pin(ex, s, addr, true); }

char *exec_read_string_in_object(Executor *ex, State *s, uint64_t addr, bool *cut) {
    MemObject *mo;
    const ObjectState *os = exec_resolve_concrete(ex, s, addr, 1, false, &mo);
    if (!os) return NULL;
    VEC(char) buf = {0};
    *cut = true;
    for (uint64_t off = addr - mo->addr; off < mo->size; off++) {
        Value b = os_read(os, off, 1);
        char c = (char)(!b.e ? b.c : exec_concretize(ex, s, b, 8, "string byte"));
        value_release(&b);
        VEC_PUSH(buf, c);
        if (!c) { *cut = false; return buf.data; }
    }
    VEC_PUSH(buf, 0);
    return buf.data;
}

char *exec_read_string_pin(Executor *ex, State *s, uint64_t addr, bool pin) {
    VEC(char) buf = {0};
    for (;;) {
        MemObject *mo;
        const ObjectState *os = exec_resolve_concrete(ex, s, addr + buf.len, 1, false, &mo);
        if (!os) { VEC_FREE(buf); return NULL; }
        Value b = os_read(os, addr + buf.len - mo->addr, 1);
        char c = (char)(!b.e ? b.c : pin ? exec_concretize(ex, s, b, 8, "string byte") : exec_example(ex, s, b));
        value_release(&b);
        VEC_PUSH(buf, c);
        if (!c) return buf.data;
    }
}
