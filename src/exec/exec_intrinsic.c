/* Block memory intrinsics, bit-manipulation intrinsics, overflow arithmetic
 * and va_start/va_copy. */
#include "executor.h"
#include "../util/util.h"
#include <string.h>

static inline void set_reg(Frame *f, uint32_t r, Value v) {
    expr_unref(f->regs[r].e);
    f->regs[r] = v;
}

/* Copies n bytes with both pointers concrete: objects resolved once, chunks of 8. */
static bool block_copy_concrete(Executor *ex, State *s, uint64_t dst, uint64_t src, uint64_t n) {
    MemObject *smo, *dmo;
    if (!exec_resolve_concrete(ex, s, src, n, false, &smo)) return false;
    ObjectState *dos = exec_resolve_concrete(ex, s, dst, n, true, &dmo);
    if (!dos) return false;
    const ObjectState *sos = as_lookup(&s->as, smo); /* after the write-resolve: may be the same, now unshared */
    uint64_t nchunks = (n + 7) / 8;
    Value small[32];
    Value *tmp = nchunks <= 32 ? small : util_malloc(nchunks * sizeof(Value));
    for (uint64_t i = 0; i < nchunks; i++) {
        unsigned k = (unsigned)(n - i * 8 < 8 ? n - i * 8 : 8);
        tmp[i] = os_read(sos, src - smo->addr + i * 8, k);
    }
    for (uint64_t i = 0; i < nchunks; i++) {
        unsigned k = (unsigned)(n - i * 8 < 8 ? n - i * 8 : 8);
        os_write(dos, dst - dmo->addr + i * 8, k, tmp[i]);
        value_release(&tmp[i]);
    }
    if (tmp != small) free(tmp);
    return true;
}

Value exec_ptr_plus(Value p, uint64_t k) {
    if (!p.e) return value_concrete((p.c + k) & expr_mask(64));
    Expr *c = expr_const(k, 64);
    Value r = value_from_expr(expr_add(p.e, c));
    expr_unref(c);
    return r;
}

bool exec_block_copy(Executor *ex, State *s, Value dst, Value src, uint64_t n) {
    if (n == 0) return true;
    if (!dst.e && !src.e) return block_copy_concrete(ex, s, (uint64_t)dst.c, (uint64_t)src.c, n);
    Value *tmp = util_malloc(n * sizeof(Value));
    uint64_t i;
    bool ok = true;
    for (i = 0; i < n && ok; i++) {
        Value p = exec_ptr_plus(src, i);
        ok = exec_load(ex, s, p, 1, &tmp[i]);
        value_release(&p);
    }
    uint64_t loaded = ok ? n : i - 1;
    for (i = 0; i < n && ok; i++) {
        Value p = exec_ptr_plus(dst, i);
        ok = exec_store(ex, s, p, 1, tmp[i]);
        value_release(&p);
    }
    for (i = 0; i < loaded; i++) value_release(&tmp[i]);
    free(tmp);
    return ok;
}

static bool block_set(Executor *ex, State *s, Value dst, Value byte, uint64_t n) {
    if (n == 0) return true;
    if (!dst.e && !byte.e) {
        MemObject *mo;
        ObjectState *os = exec_resolve_concrete(ex, s, (uint64_t)dst.c, n, true, &mo);
        if (!os) return false;
        u128 b = byte.c & 0xff, word = 0;
        for (int i = 0; i < 8; i++) word |= b << (8 * i);
        for (uint64_t i = 0; i < n; i += 8) {
            unsigned k = (unsigned)(n - i < 8 ? n - i : 8);
            os_write(os, (uint64_t)dst.c - mo->addr + i, k, value_concrete(word & expr_mask(8 * k)));
        }
        return true;
    }
    for (uint64_t i = 0; i < n; i++) {
        Value p = exec_ptr_plus(dst, i);
        bool ok = exec_store(ex, s, p, 1, byte);
        value_release(&p);
        if (!ok) return false;
    }
    return true;
}

/* Sums the bits in an 8-bit accumulator (a count never exceeds 128): narrow
 * adders keep the query small for the solver. */
static Expr *bit_ctpop(Expr *x) {
    unsigned aw = x->width < 8 ? x->width : 8;
    Expr *sum = expr_const(0, aw);
    for (unsigned i = 0; i < x->width; i++) {
        Expr *b = expr_extract(x, i, 1), *z = expr_zext(b, aw), *t = expr_add(sum, z);
        expr_unref(b); expr_unref(z); expr_unref(sum);
        sum = t;
    }
    Expr *r = expr_zext(sum, x->width);
    expr_unref(sum);
    return r;
}

/* Count leading (lead) or trailing zeros as a chain of ites. */
static Expr *bit_count_zeros(Expr *x, bool lead) {
    unsigned w = x->width;
    Expr *r = expr_const(w, w);
    for (unsigned k = 0; k < w; k++) {
        unsigned bit = lead ? k : w - 1 - k; /* build from the least decisive bit outward */
        Expr *b = expr_extract(x, bit, 1), *val = expr_const(lead ? w - 1 - bit : bit, w), *t = expr_ite(b, val, r);
        expr_unref(b); expr_unref(val); expr_unref(r);
        r = t;
    }
    return r;
}

static u128 bit_concrete(IrOp op, u128 a, unsigned w) {
    u128 r = 0;
    switch (op) {
    case IR_CTPOP: for (unsigned i = 0; i < w; i++) r += (a >> i) & 1; return r;
    case IR_CTLZ: for (r = 0; r < w && !((a >> (w - 1 - (unsigned)r)) & 1); r++) {} return r;
    case IR_CTTZ: for (r = 0; r < w && !((a >> (unsigned)r) & 1); r++) {} return r;
    case IR_BSWAP: for (unsigned i = 0; i < w / 8; i++) r |= ((a >> (8 * i)) & 0xff) << (w - 8 - 8 * i); return r;
    default: { __int128 v = expr_signed(a, w); return (u128)(v < 0 ? -v : v) & expr_mask(w); }
    }
}

static Value bit_unary(IrOp op, Value a, unsigned w) {
    if (!a.e) return value_concrete(bit_concrete(op, a.c, w));
    Expr *r;
    switch (op) {
    case IR_CTPOP: r = bit_ctpop(a.e); break;
    case IR_CTLZ: r = bit_count_zeros(a.e, true); break;
    case IR_CTTZ: r = bit_count_zeros(a.e, false); break;
    case IR_BSWAP: {
        r = expr_extract(a.e, 0, 8);
        for (unsigned i = 1; i < w / 8; i++) {
            Expr *b = expr_extract(a.e, 8 * i, 8), *t = expr_concat(r, b);
            expr_unref(b); expr_unref(r); r = t;
        }
        break;
    }
    default: {
        Expr *z = expr_const(0, w), *neg = expr_slt(a.e, z), *m = expr_neg(a.e);
        r = expr_ite(neg, m, a.e);
        expr_unref(z); expr_unref(neg); expr_unref(m);
        break;
    }
    }
    return value_from_expr(r);
}

static Value bit_minmax(IrOp op, Value a, Value b, unsigned w) {
    IrIcmpPred p = op == IR_SMAX ? IR_SGT : op == IR_SMIN ? IR_SLT : op == IR_UMAX ? IR_UGT : IR_ULT;
    Value c = arith_icmp(p, a, b, w);
    Value r = arith_select(c, a, b, w);
    value_release(&c);
    return r;
}

/* fshl(a, b, c): high half of (a:b) << (c mod w); fshr: low half of (a:b) >> (c mod w). */
static Value bit_funnel(IrOp op, Value a, Value b, Value c, unsigned w) {
    Expr *ea = value_to_expr(a, w), *eb = value_to_expr(b, w), *ec = value_to_expr(c, w);
    Expr *wc = expr_const(w, w), *amt = expr_urem(ec, wc);
    Expr *cat = expr_concat(ea, eb), *amt2 = expr_zext(amt, 2 * w);
    Expr *sh = op == IR_FSHL ? expr_shl(cat, amt2) : expr_lshr(cat, amt2);
    Expr *r = op == IR_FSHL ? expr_extract(sh, w, w) : expr_extract(sh, 0, w);
    expr_unref(ea); expr_unref(eb); expr_unref(ec); expr_unref(wc); expr_unref(amt);
    expr_unref(cat); expr_unref(amt2); expr_unref(sh);
    return value_from_expr(r);
}

static Value overflow_op(IrOverflowOp op, Value a, Value b, unsigned w, unsigned flag_off, unsigned total) {
    static const IrOp base[] = {IR_ADD, IR_ADD, IR_SUB, IR_SUB, IR_MUL, IR_MUL};
    bool sign = op == IR_OV_SADD || op == IR_OV_SSUB || op == IR_OV_SMUL;
    unsigned ww = 2 * w > 128 ? 128 : 2 * w;
    Value r = arith_binary(base[op], a, b, w);
    Value xa = arith_cast(sign ? IR_SEXT : IR_ZEXT, a, w, ww), xb = arith_cast(sign ? IR_SEXT : IR_ZEXT, b, w, ww);
    Value wide = arith_binary(base[op], xa, xb, ww);
    Value back = arith_cast(sign ? IR_SEXT : IR_ZEXT, r, w, ww);
    Value ovf = arith_icmp(IR_NE, back, wide, ww);
    Value res;
    if (!r.e && !ovf.e) res = value_concrete(r.c | (ovf.c << flag_off));
    else {
        Expr *er = value_to_expr(r, w), *eo = value_to_expr(ovf, 1);
        Expr *lo = expr_zext(er, flag_off), *cat = expr_concat(eo, lo);
        Expr *full = cat->width < total ? expr_zext(cat, total) : expr_ref(cat);
        res = value_from_expr(full);
        expr_unref(er); expr_unref(eo); expr_unref(lo); expr_unref(cat);
    }
    value_release(&r); value_release(&xa); value_release(&xb);
    value_release(&wide); value_release(&back); value_release(&ovf);
    return res;
}

/* memcpy/memmove (copy) or memset of a symbolic length with concrete pointers:
 * the length stays symbolic (exec_symsize.c). */
static bool block_symbolic_length(Executor *ex, State *s, Value n, Value dst, Value src_or_byte, bool copy) {
    Expr *len = expr_trunc_or_zext(n.e, 64);
    bool ok = copy ? exec_symsize_copy(ex, s, (uint64_t)dst.c, (uint64_t)src_or_byte.c, len)
                   : exec_symsize_set(ex, s, (uint64_t)dst.c, src_or_byte, len);
    expr_unref(len);
    return ok;
}

static uint64_t length_of(Executor *ex, State *s, Value n, unsigned w) {
    return (uint64_t)(n.e ? exec_concretize(ex, s, n, w, "memory intrinsic length") : n.c);
}

bool exec_memop(Executor *ex, State *s, const Inst *in) {
    Frame *f = state_top(s);
    /* only the operands an opcode has are valid: unary ones leave b and c unset */
    Value a = exec_operand(f, in->a);
    bool binary = in->op != IR_VASTART && in->op != IR_CTPOP && in->op != IR_CTLZ && in->op != IR_CTTZ &&
                  in->op != IR_BSWAP && in->op != IR_ABS;
    Value b = binary ? exec_operand(f, in->b) : value_concrete(0);
    bool ok = true;
    switch ((IrOp)in->op) {
    case IR_MEMCPY: case IR_MEMMOVE: {
        Value n = exec_operand(f, in->c);
        if (n.e && !a.e && !b.e) ok = block_symbolic_length(ex, s, n, a, b, true);
        else ok = exec_block_copy(ex, s, a, b, length_of(ex, s, n, in->aux));
        break;
    }
    case IR_MEMSET: {
        Value n = exec_operand(f, in->c);
        if (n.e && !a.e) ok = block_symbolic_length(ex, s, n, a, b, false);
        else ok = block_set(ex, s, a, b, length_of(ex, s, n, in->aux));
        break;
    }
    case IR_OVERFLOW:
        set_reg(f, in->dst, overflow_op((IrOverflowOp)in->sub, a, b, in->aux, in->aux2, in->width));
        break;
    case IR_FSHL: case IR_FSHR:
        set_reg(f, in->dst, bit_funnel((IrOp)in->op, a, b, exec_operand(f, in->c), in->width));
        break;
    case IR_CTPOP: case IR_CTLZ: case IR_CTTZ: case IR_BSWAP: case IR_ABS:
        set_reg(f, in->dst, bit_unary((IrOp)in->op, a, in->width));
        break;
    case IR_SMAX: case IR_SMIN: case IR_UMAX: case IR_UMIN:
        set_reg(f, in->dst, bit_minmax((IrOp)in->op, a, b, in->width));
        break;
    case IR_VASTART:
        ok = exec_varargs_start(ex, s, a);
        break;
    case IR_VACOPY: ok = exec_block_copy(ex, s, a, b, 24); break;
    default:
        exec_terminate(ex, s, TERM_EARLY, "unsupported", "unsupported instruction '%s'", ir_op_name((IrOp)in->op));
        return false;
    }
    if (ok) f->pc++;
    return ok;
}
