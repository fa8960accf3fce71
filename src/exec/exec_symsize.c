/* Objects and block operations of symbolic size.
 *
 * malloc, calloc and alloca with a symbolic size make an object whose size is
 * that expression: its capacity (the bytes it holds) is the largest value the
 * path condition allows, at most EXEC_SYMSIZE_CAP; a path where the size may
 * exceed the cap forks, and that side concretizes as before. Every access to
 * such an object is checked against the expression, forking in bounds and out
 * of bounds. memset, memcpy and memmove with a symbolic length (and concrete
 * pointers) check the whole range the same way, then write each byte of the
 * destination's capacity as ite(j < length, new, old): a bounded chain the
 * solvers (Z3's arrays or --array-solver=cegar) read through. realloc of a
 * symbolic size is an allocation like these (exec_special.c). An access below
 * the least size the path allowed at the allocation needs no check: that
 * fork would have one side, and asking costs a query per access. */
#include "executor.h"
#include "../util/util.h"

#define EXEC_SYMSIZE_CAP 4096u

/* off + len <= size, in 64 bits and without wrapping around. */
static Expr *symsize_holds(Expr *off, Expr *len, Expr *size) {
    Expr *a = expr_ule(len, size);
    Expr *room = expr_sub(size, len);
    Expr *b = expr_ule(off, room);
    Expr *r = expr_bool_and(a, b);
    expr_unref(a);
    expr_unref(room);
    expr_unref(b);
    return r;
}

static Expr *symsize_const(uint64_t v) { return expr_const(v, 64); }

/* The size an access into mo is checked against (new reference). */
static Expr *symsize_of(const MemObject *mo) {
    return mo->size_expr ? expr_ref(mo->size_expr) : symsize_const(mo->size);
}

Expr *exec_symsize_in_bounds(const MemObject *mo, Expr *off64, unsigned n) {
    Expr *len = symsize_const(n), *size = symsize_of(mo);
    Expr *r = symsize_holds(off64, len, size);
    expr_unref(len);
    expr_unref(size);
    return r;
}

bool exec_symsize_check(Executor *ex, State *s, MemObject *mo, uint64_t addr, uint64_t n, bool write) {
    Expr *off = symsize_const(addr - mo->addr), *len = symsize_const(n);
    Expr *cond = symsize_holds(off, len, mo->size_expr);
    expr_unref(off);
    expr_unref(len);
    State *child;
    int r = exec_fork(ex, s, cond, &child); /* the child, out of bounds, runs the instruction again */
    expr_unref(cond);
    if (r == 0) exec_report_bad_access(ex, s, addr, n, write, mo);
    return r == 1;
}

/* The largest (or, with least, the smallest) value size64 takes in s, within
 * [0, cap]: a binary search of solver queries. Where the solver cannot tell,
 * the bound that is always safe: cap for the largest, 0 for the smallest. */
static uint64_t symsize_bound(Executor *ex, State *s, Expr *size64, uint64_t cap, bool least) {
    uint64_t lo = 0, hi = cap;
    size_t n;
    Expr *const *cs = exec_constraints(ex, s, &n);
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        Expr *m = symsize_const(mid), *c = least ? expr_ule(size64, m) : expr_ugt(size64, m);
        SolverResult r = solver_may_be_true(ex->solver, cs, n, c);
        expr_unref(m);
        expr_unref(c);
        if (r == SOLVER_UNKNOWN) return least ? 0 : cap;
        if ((r == SOLVER_SAT) == least) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}

int exec_symsize_alloc(Executor *ex, State *s, Expr *size64, MemKind kind, uint32_t align, uint32_t loc,
                       MemObject **out) {
    Expr *cap = symsize_const(EXEC_SYMSIZE_CAP), *fits = expr_ule(size64, cap);
    State *child;
    int r = exec_fork(ex, s, fits, &child); /* the child, past the cap, runs the call again and concretizes */
    expr_unref(cap);
    expr_unref(fits);
    if (r <= 0) return r;
    if (!exec_settled(ex, s)) return -1;
    MemObject *mo = exec_alloc(ex, s, symsize_bound(ex, s, size64, EXEC_SYMSIZE_CAP, false), kind, align, loc, NULL);
    mo->size_expr = expr_ref(size64);
    mo->size_min = symsize_bound(ex, s, size64, mo->size, true);
    ex->stats.symbolic_sizes++;
    *out = mo;
    return 1;
}

/* dst's object, checked for a write of len bytes at dst; NULL if s ended. */
static ObjectState *symsize_range(Executor *ex, State *s, uint64_t addr, Expr *len64, bool write, MemObject **mo) {
    ObjectState *os = exec_resolve_concrete(ex, s, addr, 0, write, mo);
    if (!os) return NULL;
    Expr *off = symsize_const(addr - (*mo)->addr), *size = symsize_of(*mo);
    Expr *cond = symsize_holds(off, len64, size);
    expr_unref(off);
    expr_unref(size);
    State *child;
    int r = exec_fork(ex, s, cond, &child);
    expr_unref(cond);
    if (r == 0) {
        Value lv = value_from_expr(expr_ref(len64));
        u128 n = exec_example(ex, s, lv);
        value_release(&lv);
        exec_report_bad_access(ex, s, addr, (uint64_t)n, write, *mo);
    }
    if (r != 1) return NULL;
    /* the write may have made another state's copy: look the object up again */
    return write ? as_writable(&s->as, *mo) : (ObjectState *)as_lookup(&s->as, *mo);
}

/* Byte j of the destination: ite(j < len, b, old). */
static Value symsize_byte(Expr *len64, uint64_t j, Value b, Value old) {
    Expr *jj = symsize_const(j), *in = expr_ult(jj, len64);
    Expr *be = b.e ? expr_ref(b.e) : expr_const(b.c, 8), *oe = old.e ? expr_ref(old.e) : expr_const(old.c, 8);
    Value r = value_from_expr(expr_ite(in, be, oe));
    expr_unref(jj);
    expr_unref(in);
    expr_unref(be);
    expr_unref(oe);
    return r;
}

bool exec_symsize_set(Executor *ex, State *s, uint64_t dst, Value byte, Expr *len64) {
    MemObject *mo;
    ObjectState *os = symsize_range(ex, s, dst, len64, true, &mo);
    if (!os) return false;
    uint64_t off = dst - mo->addr;
    Value b = byte.e ? value_from_expr(expr_trunc_or_zext(byte.e, 8)) : value_concrete(byte.c & 0xff);
    for (uint64_t j = 0; off + j < mo->size; j++) {
        Value old = os_read(os, off + j, 1);
        Value v = symsize_byte(len64, j, b, old);
        os_write(os, off + j, 1, v);
        value_release(&old);
        value_release(&v);
    }
    value_release(&b);
    return true;
}

bool exec_symsize_copy(Executor *ex, State *s, uint64_t dst, uint64_t src, Expr *len64) {
    MemObject *smo, *dmo;
    if (!symsize_range(ex, s, src, len64, false, &smo)) return false;
    ObjectState *dos = symsize_range(ex, s, dst, len64, true, &dmo);
    if (!dos) return false;
    const ObjectState *sos = as_lookup(&s->as, smo); /* after the write-resolve: may be the same, now unshared */
    uint64_t soff = src - smo->addr, doff = dst - dmo->addr;
    uint64_t room = dmo->size - doff < smo->size - soff ? dmo->size - doff : smo->size - soff;
    Value *tmp = util_malloc((room + 1) * sizeof(Value)); /* all of the source first: the ranges may overlap */
    for (uint64_t j = 0; j < room; j++) tmp[j] = os_read(sos, soff + j, 1);
    for (uint64_t j = 0; j < room; j++) {
        Value old = os_read(dos, doff + j, 1);
        Value v = symsize_byte(len64, j, tmp[j], old);
        os_write(dos, doff + j, 1, v);
        value_release(&old);
        value_release(&v);
        value_release(&tmp[j]);
    }
    free(tmp);
    return true;
}
