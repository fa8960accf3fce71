/* Memory instructions, aggregates, atomics and intrinsics. */
#include "executor.h"
#include "../util/util.h"
#include <string.h>

static inline void set_reg(Frame *f, uint32_t r, Value v) {
    expr_unref(f->regs[r].e);
    f->regs[r] = v;
}

/* alloca of a symbolic count: an object of that size (exec_symsize.c); 0
 * when it may exceed the cap here, -1 if s ended. */
static int inst_alloca_symbolic(Executor *ex, State *s, const Inst *in, Value cnt) {
    Expr *c = expr_trunc_or_zext(cnt.e, 64), *k = expr_const(in->aux, 64), *size = expr_mul(c, k);
    MemObject *mo;
    int r = exec_symsize_alloc(ex, s, size, MEM_STACK, 1u << in->sub, in->loc, &mo);
    expr_unref(c);
    expr_unref(k);
    expr_unref(size);
    if (r == 1) {
        Frame *f = state_top(s);
        frame_add_alloca(f, mo);
        set_reg(f, in->dst, value_concrete(mo->addr));
        f->pc++;
    }
    return r;
}

static bool inst_alloca(Executor *ex, State *s, const Inst *in) {
    Frame *f = state_top(s);
    Value cnt = exec_operand(f, in->a);
    if (cnt.e) {
        int r = inst_alloca_symbolic(ex, s, in, cnt);
        if (r != 0) return r > 0; /* 0: no fork happened, s and cnt are as they were */
    }
    u128 n = cnt.e ? exec_concretize(ex, s, cnt, in->aux2, "alloca size") : cnt.c;
    uint64_t size = (uint64_t)n * in->aux;
    MemObject *mo = exec_alloc(ex, s, size, MEM_STACK, 1u << in->sub, in->loc, NULL);
    frame_add_alloca(f, mo);
    set_reg(f, in->dst, value_concrete(mo->addr));
    f->pc++;
    return true;
}

/* The object a pointer computed from base points into (see Value.obj): the
 * base's own, or the one a concrete base lies in. A base just past its
 * object lies in the red zone and gets none. */
static uint32_t gep_provenance(Executor *ex, Value base) {
    if (base.e) return base.obj;
    const MemObject *mo = exec_object_at(ex, (uint64_t)base.c);
    return mo ? mo->id + 1 : 0;
}

bool exec_inst_gep(Executor *ex, State *s, const Inst *in) {
    Frame *f = state_top(s);
    const IrGep *g = &f->fn->geps[in->aux];
    Value base = exec_operand(f, in->a);
    u128 c = (base.e ? 0 : base.c) + (u128)(__int128)g->offset;
    Expr *sym = base.e ? expr_ref(base.e) : NULL;
    for (uint32_t i = 0; i < g->nidx; i++) {
        Value ix = exec_operand(f, g->idx[i]);
        if (!ix.e) {
            __int128 x = g->idx_zext[i] ? (__int128)ix.c : expr_signed(ix.c, g->idx_width[i]);
            c += (u128)(x * g->scale[i]);
            continue;
        }
        Expr *x = g->idx_width[i] > 64 ? expr_extract(ix.e, 0, 64)
                  : g->idx_width[i] == 64 ? expr_ref(ix.e)
                  : g->idx_zext[i] ? expr_zext(ix.e, 64) : expr_sext(ix.e, 64);
        Expr *sc = expr_const((u128)g->scale[i] & expr_mask(64), 64), *prod = expr_mul(x, sc);
        Expr *sum = sym ? expr_add(sym, prod) : expr_ref(prod);
        expr_unref(x); expr_unref(sc); expr_unref(prod); expr_unref(sym);
        sym = sum;
    }
    c &= expr_mask(64);
    if (sym) {
        Expr *k = expr_const(c, 64), *r = expr_add(sym, k);
        expr_unref(k); expr_unref(sym);
        Value v = value_from_expr(r);
        if (v.e) v.obj = gep_provenance(ex, base);
        set_reg(f, in->dst, v);
    } else {
        set_reg(f, in->dst, value_concrete(c));
    }
    f->pc++;
    return true;
}

bool exec_inst_load(Executor *ex, State *s, const Inst *in) {
    Frame *f = state_top(s);
    Value v;
    if (!exec_load(ex, s, exec_operand(f, in->a), in->aux, &v)) return false;
    if (in->width != in->aux * 8) { /* i1 and other non-byte widths are stored zero-extended; a load
                                       * folded with its zext extends (ir_lower_call.c) */
        Value t = arith_cast(in->width < in->aux * 8 ? IR_TRUNC : IR_ZEXT, v, in->aux * 8, in->width);
        value_release(&v);
        v = t;
    }
    set_reg(f, in->dst, v);
    f->pc++;
    return true;
}

bool exec_inst_store(Executor *ex, State *s, const Inst *in) {
    Frame *f = state_top(s);
    Value v = exec_operand(f, in->a);
    Value wide = {0, NULL, 0};
    unsigned bits = in->aux * 8;
    if (v.e && v.e->width < bits) { wide = arith_cast(IR_ZEXT, v, v.e->width, bits); v = wide; }
    bool ok = exec_store(ex, s, exec_operand(f, in->b), in->aux, v);
    value_release(&wide);
    if (ok) f->pc++;
    return ok;
}

static Value bits_extract(Value a, unsigned off, unsigned w) {
    if (!a.e) return value_concrete((a.c >> off) & expr_mask(w));
    return value_from_expr(expr_extract(a.e, off, w));
}

/* dst = a with bits [off, off+w) replaced by b; a has `total` bits. */
static Value bits_insert(Value a, Value b, unsigned off, unsigned w, unsigned total) {
    if (!a.e && !b.e) {
        u128 m = expr_mask(w) << off;
        return value_concrete((a.c & ~m) | ((b.c << off) & m));
    }
    Expr *ea = value_to_expr(a, total), *eb = value_to_expr(b, w);
    Expr *r = expr_ref(eb);
    if (off > 0) {
        Expr *lo = expr_extract(ea, 0, off), *t = expr_concat(r, lo);
        expr_unref(lo); expr_unref(r); r = t;
    }
    if (off + w < total) {
        Expr *hi = expr_extract(ea, off + w, total - off - w), *t = expr_concat(hi, r);
        expr_unref(hi); expr_unref(r); r = t;
    }
    expr_unref(ea); expr_unref(eb);
    return value_from_expr(r);
}

static bool inst_rmw(Executor *ex, State *s, const Inst *in) {
    Frame *f = state_top(s);
    Value ptr = exec_operand(f, in->a), old;
    unsigned w = in->aux * 8;
    if (!exec_load(ex, s, ptr, in->aux, &old)) return false;
    Value b = exec_operand(f, in->b), nv;
    static const IrOp plain[] = {[IR_RMW_ADD] = IR_ADD, [IR_RMW_SUB] = IR_SUB, [IR_RMW_AND] = IR_AND,
                                 [IR_RMW_OR] = IR_OR, [IR_RMW_XOR] = IR_XOR};
    switch ((IrRmwOp)in->sub) {
    case IR_RMW_XCHG: nv = value_copy(b); break;
    case IR_RMW_NAND: {
        Value t = arith_binary(IR_AND, old, b, w);
        Value ones = value_concrete(expr_mask(w));
        nv = arith_binary(IR_XOR, t, ones, w);
        value_release(&t);
        break;
    }
    case IR_RMW_MAX: case IR_RMW_MIN: case IR_RMW_UMAX: case IR_RMW_UMIN: {
        IrIcmpPred p = in->sub == IR_RMW_MAX ? IR_SGT : in->sub == IR_RMW_MIN ? IR_SLT : in->sub == IR_RMW_UMAX ? IR_UGT : IR_ULT;
        Value c = arith_icmp(p, old, b, w);
        nv = arith_select(c, old, b, w);
        value_release(&c);
        break;
    }
    default: nv = arith_binary(plain[in->sub], old, b, w); break;
    }
    bool ok = exec_store(ex, s, ptr, in->aux, nv);
    value_release(&nv);
    if (!ok) { value_release(&old); return false; }
    set_reg(f, in->dst, old);
    f->pc++;
    return true;
}

static bool inst_cmpxchg(Executor *ex, State *s, const Inst *in) {
    Frame *f = state_top(s);
    Value ptr = exec_operand(f, in->a), old;
    unsigned w = in->aux * 8;
    if (!exec_load(ex, s, ptr, in->aux, &old)) return false;
    Value eq = arith_icmp(IR_EQ, old, exec_operand(f, in->b), w);
    Value nv = arith_select(eq, exec_operand(f, in->c), old, w);
    bool ok = exec_store(ex, s, ptr, in->aux, nv);
    value_release(&nv);
    if (ok) {
        Value zero = value_concrete(0);
        Value t = bits_insert(zero, old, 0, w, in->width);
        Value r = bits_insert(t, eq, in->aux2, 1, in->width);
        value_release(&t);
        set_reg(f, in->dst, r);
        f->pc++;
    }
    value_release(&old);
    value_release(&eq);
    return ok;
}

bool exec_memop(Executor *ex, State *s, const Inst *in);

bool exec_intrinsic(Executor *ex, State *s, const Inst *in) {
    Frame *f = state_top(s);
    switch ((IrOp)in->op) {
    case IR_ALLOCA: return inst_alloca(ex, s, in);
    case IR_LOAD: return exec_inst_load(ex, s, in);
    case IR_STORE: return exec_inst_store(ex, s, in);
    case IR_GEP: return exec_inst_gep(ex, s, in);
    case IR_EXTRACTVALUE:
        set_reg(f, in->dst, bits_extract(exec_operand(f, in->a), in->aux, in->width));
        f->pc++;
        return true;
    case IR_INSERTVALUE:
        set_reg(f, in->dst, bits_insert(exec_operand(f, in->a), exec_operand(f, in->b), in->aux, in->aux2, in->width));
        f->pc++;
        return true;
    case IR_ATOMICRMW: return inst_rmw(ex, s, in);
    case IR_CMPXCHG: return inst_cmpxchg(ex, s, in);
    case IR_STACKSAVE:
        set_reg(f, in->dst, value_concrete(0));
        f->pc++;
        return true;
    case IR_ASSUME: {
        Value c = exec_operand(f, in->a);
        if (c.e) state_add_constraint(s, c.e);
        f->pc++;
        return true;
    }
    case IR_TRAP:
        exec_error(ex, s, "abort", "llvm.trap executed");
        return false;
    default:
        return exec_memop(ex, s, in);
    }
}
