/* Integer semantics shared by the interpreter: concrete values are computed
 * directly on u128 (truncated to the width); symbolic ones build expressions.
 * Division by zero never reaches here on a live path (the interpreter checks
 * first), but the fallback follows SMT-LIB so both sides always agree. */
#include "executor.h"
#include "arith.h"

static u128 arith_udiv(u128 a, u128 b) { return b ? a / b : ~(u128)0; }
static u128 arith_urem(u128 a, u128 b) { return b ? a % b : a; }

static u128 arith_concrete(IrOp op, u128 a, u128 b, unsigned w) {
    if (w <= 64) return arith_concrete64(op, (uint64_t)a, (uint64_t)b, w);
    u128 m = expr_mask(w);
    __int128 sa = expr_signed(a, w), sb = expr_signed(b, w);
    switch (op) {
    case IR_ADD: return (a + b) & m;
    case IR_SUB: return (a - b) & m;
    case IR_MUL: return (a * b) & m;
    case IR_UDIV: return arith_udiv(a, b) & m;
    case IR_UREM: return arith_urem(a, b) & m;
    case IR_SDIV:
        if (!b) return (sa < 0 ? 1 : ~(u128)0) & m;
        if (sb == -1) return ((u128)0 - a) & m;
        return (u128)(sa / sb) & m;
    case IR_SREM:
        if (!b) return a;
        if (sb == -1) return 0;
        return (u128)(sa % sb) & m;
    case IR_AND: return a & b;
    case IR_OR: return a | b;
    case IR_XOR: return a ^ b;
    case IR_SHL: return b >= w ? 0 : (a << b) & m;
    case IR_LSHR: return b >= w ? 0 : a >> b;
    case IR_ASHR: return b >= w ? (sa < 0 ? m : 0) : (u128)(sa >> b) & m;
    default: return 0;
    }
}

static const ExprKind arith_kind[IR_OP_COUNT] = {
    [IR_ADD] = EXPR_ADD, [IR_SUB] = EXPR_SUB, [IR_MUL] = EXPR_MUL, [IR_UDIV] = EXPR_UDIV,
    [IR_SDIV] = EXPR_SDIV, [IR_UREM] = EXPR_UREM, [IR_SREM] = EXPR_SREM, [IR_AND] = EXPR_AND,
    [IR_OR] = EXPR_OR, [IR_XOR] = EXPR_XOR, [IR_SHL] = EXPR_SHL, [IR_LSHR] = EXPR_LSHR,
    [IR_ASHR] = EXPR_ASHR,
};

Value arith_binary(IrOp op, Value a, Value b, unsigned width) {
    if (!a.e && !b.e) return value_concrete(arith_concrete(op, a.c, b.c, width));
    Expr *ea = value_to_expr(a, width), *eb = value_to_expr(b, width);
    Expr *r = expr_binary(arith_kind[op], ea, eb);
    expr_unref(ea);
    expr_unref(eb);
    return value_from_expr(r);
}

Expr *arith_icmp_expr(IrIcmpPred p, Expr *a, Expr *b) {
    switch (p) {
    case IR_EQ: return expr_eq(a, b);
    case IR_NE: return expr_ne(a, b);
    case IR_UGT: return expr_ugt(a, b);
    case IR_UGE: return expr_uge(a, b);
    case IR_ULT: return expr_ult(a, b);
    case IR_ULE: return expr_ule(a, b);
    case IR_SGT: return expr_sgt(a, b);
    case IR_SGE: return expr_sge(a, b);
    case IR_SLT: return expr_slt(a, b);
    case IR_SLE: return expr_sle(a, b);
    }
    return expr_bool(false);
}

Value arith_icmp(IrIcmpPred p, Value a, Value b, unsigned width) {
    if (!a.e && !b.e) return value_concrete(arith_icmp_bits(p, a.c, b.c, width));
    Expr *ea = value_to_expr(a, width), *eb = value_to_expr(b, width);
    Expr *r = arith_icmp_expr(p, ea, eb);
    expr_unref(ea);
    expr_unref(eb);
    return value_from_expr(r);
}

Value arith_cast(IrOp op, Value a, unsigned from, unsigned to) {
    if (!a.e) {
        switch (op) {
        case IR_TRUNC: return value_concrete(a.c & expr_mask(to));
        case IR_ZEXT: return value_concrete(a.c);
        default: return value_concrete((u128)expr_signed(a.c, from) & expr_mask(to));
        }
    }
    Expr *r;
    switch (op) {
    case IR_TRUNC: r = expr_extract(a.e, 0, to); break;
    case IR_ZEXT: r = expr_zext(a.e, to); break;
    default: r = expr_sext(a.e, to); break;
    }
    return value_from_expr(r);
}

Value arith_select(Value c, Value t, Value f, unsigned width) {
    if (!c.e) return value_copy(c.c ? t : f);
    Expr *et = value_to_expr(t, width), *ef = value_to_expr(f, width);
    Expr *r = expr_ite(c.e, et, ef);
    expr_unref(et);
    expr_unref(ef);
    return value_from_expr(r);
}
