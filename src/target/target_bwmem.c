/* Phase I's memory (target.h): pointers followed to the objects they are
 * derived from, and the loads met later on the path, which a load of the
 * same place or a store through the same pointer explains and a store that
 * may alias forgets (target_bw.h). */
#include "target_bw.h"

Expr *bw_gep(Bw *bw, BwFrame *f, const Inst *in) {
    const IrGep *g = &bw->m->functions[f->fn].geps[in->aux];
    Expr *acc = bw_pointer(bw, f, in->a);
    Expr *off = expr_const((u128)(uint64_t)g->offset, 64);
    Expr *t = expr_add(acc, off);
    expr_unref(acc), expr_unref(off);
    acc = t;
    for (uint32_t k = 0; k < g->nidx && acc; k++) {
        Expr *idx = bw_get(bw, f, g->idx[k], g->idx_width[k]);
        if (!idx) { expr_unref(acc); return NULL; }
        Expr *wide = g->idx_zext[k] ? expr_zext(idx, 64) : expr_sext(idx, 64), *scale = expr_const((u128)(uint64_t)g->scale[k], 64);
        Expr *prod = expr_mul(wide, scale);
        t = expr_add(acc, prod);
        expr_unref(idx), expr_unref(wide), expr_unref(scale), expr_unref(prod), expr_unref(acc);
        acc = t;
    }
    return acc;
}

Expr *bw_pointer(Bw *bw, BwFrame *f, Opnd o) {
    if (ir_is_const(o) || o == IR_NONE) return bw_get(bw, f, o, 64);
    const IrFunction *fn = &bw->m->functions[f->fn];
    uint32_t d = bw_fn(bw, f->fn)->def[(uint32_t)o];
    if (d != IR_CFG_NONE && fn->insts[d].op == IR_GEP) return bw_gep(bw, f, &fn->insts[d]);
    if (d != IR_CFG_NONE && fn->insts[d].op == IR_MOVE && fn->insts[d].width == 64) return bw_pointer(bw, f, fn->insts[d].a);
    return bw_get(bw, f, o, 64);
}


static bool bw_is_base(const Bw *bw, const Expr *e) {
    for (size_t i = 0; i < bw->bases.len; i++)
        if (bw->bases.data[i] == e) return true;
    return false;
}

/* p as base + constant offset (base NULL: a constant address). */
static const Expr *bw_split(const Expr *p, int64_t *off) {
    *off = 0;
    if (expr_is_const(p)) {
        *off = (int64_t)p->u.value;
        return NULL;
    }
    if (p->kind == EXPR_ADD) {
        if (expr_is_const(p->kids[1])) return *off = (int64_t)p->kids[1]->u.value, p->kids[0];
        if (expr_is_const(p->kids[0])) return *off = (int64_t)p->kids[0]->u.value, p->kids[1];
    }
    return p;
}

/* Are [p, p+pb) and [q, q+qb) provably apart? */
static bool bw_apart(const Bw *bw, const Expr *p, uint32_t pb, const Expr *q, uint32_t qb) {
    int64_t po, qo;
    const Expr *bp = bw_split(p, &po), *bq = bw_split(q, &qo);
    if (bp == bq) return po + (int64_t)pb <= qo || qo + (int64_t)qb <= po;
    bool op = bp && bw_is_base(bw, bp), oq = bq && bw_is_base(bw, bq);
    /* two new objects, or a new object and a global's constant address */
    return (op && oq) || (op && !bq) || (oq && !bp);
}

const Expr *bw_object_of(const Bw *bw, const Expr *p) {
    if (bw_is_base(bw, p)) return p;
    if (p->kind != EXPR_ADD) return NULL;
    const Expr *a = bw_object_of(bw, p->kids[0]), *b = bw_object_of(bw, p->kids[1]);
    return a && b ? NULL : a ? a : b; /* the sum of two addresses points into neither */
}

static void bw_drop_load(BwState *s, size_t i) {
    expr_unref(s->loads.data[i].ptr);
    expr_unref(s->loads.data[i].value);
    s->loads.data[i] = s->loads.data[--s->loads.len];
}

void bw_load(Bw *bw, BwState *s, BwFrame *f, const Inst *in) {
    Expr *v = bw_take(f, in->dst);
    if (!v) return;
    unsigned n = in->aux * 8;
    if (v->width > n) { /* a load folded with its zext (ir_lower_call.c): the bytes are its low bits */
        Expr *hi = expr_extract(v, n, v->width - n), *zero = expr_const(0, v->width - n);
        bw_assert_eq(s, hi, zero);
        Expr *lo = expr_extract(v, 0, n);
        expr_unref(hi), expr_unref(zero), expr_unref(v);
        v = lo;
    }
    Expr *p = bw_pointer(bw, f, in->a);
    for (size_t i = 0; i < s->loads.len; i++) {
        BwLoad *l = &s->loads.data[i];
        if (l->ptr == p && l->bytes == in->aux && l->value->width == v->width) {
            bw_assert_eq(s, v, l->value); /* no write between the two loads */
            expr_unref(p), expr_unref(v);
            return;
        }
    }
    BwLoad l = {p, v, in->aux};
    VEC_PUSH(s->loads, l);
}

void bw_store(Bw *bw, BwState *s, BwFrame *f, const Inst *in) {
    Expr *p = bw_pointer(bw, f, in->b);
    for (size_t i = s->loads.len; i-- > 0;) {
        BwLoad *l = &s->loads.data[i];
        if (l->ptr == p && l->bytes == in->aux) {
            Expr *a = bw_get(bw, f, in->a, l->value->width);
            bw_assert_eq(s, l->value, a); /* the later load reads what this store wrote */
            expr_unref(a);
            bw_drop_load(s, i);
        } else if (!bw_apart(bw, p, in->aux, l->ptr, l->bytes)) {
            bw_drop_load(s, i);
        }
    }
    expr_unref(p);
}

void bw_forget(Bw *bw, BwState *s, const Expr *p, uint32_t bytes) {
    for (size_t i = s->loads.len; i-- > 0;)
        if (!bw_apart(bw, p, bytes, s->loads.data[i].ptr, s->loads.data[i].bytes)) bw_drop_load(s, i);
}
