/* Phase I's backward state: frames of per-visit names, the path condition,
 * the loads met later on the path, and the backward effect of an
 * instruction (target_bw.h). */
#include "target_bw.h"
#include "../exec/executor.h"
#include <stdlib.h>
#include <string.h>

BwFn *bw_fn(Bw *bw, uint32_t fn) {
    BwFn *b = &bw->fns[fn];
    if (b->cfg) return b;
    const IrFunction *f = &bw->m->functions[fn];
    b->cfg = ir_cfg_new(f);
    bw->plan->cfgs[fn] = b->cfg;
    b->def = util_malloc((f->nregs + 1) * sizeof *b->def);
    for (uint32_t r = 0; r <= f->nregs; r++) b->def[r] = IR_CFG_NONE;
    for (uint32_t i = 0; i < f->ninsts; i++)
        if (f->insts[i].width > 0 && f->insts[i].dst < f->nregs) b->def[f->insts[i].dst] = i;
    return b;
}

BwState *bw_state_new(void) { return util_calloc(1, sizeof(BwState)); }

#define BW_COPY_VEC(dst, src)                                                        \
    do {                                                                             \
        VEC_RESERVE(dst, (src).len);                                                 \
        if ((src).len) memcpy((dst).data, (src).data, (src).len * sizeof *(src).data); \
        (dst).len = (src).len;                                                       \
    } while (0)

BwState *bw_state_clone(const Bw *bw, const BwState *s) {
    BwState *c = bw_state_new();
    for (size_t i = 0; i < s->frames.len; i++) {
        BwFrame f = s->frames.data[i];
        uint32_t n = bw->m->functions[f.fn].nregs;
        Expr **env = util_malloc((n + 1) * sizeof *env);
        for (uint32_t r = 0; r < n; r++) env[r] = f.env[r] ? expr_ref(f.env[r]) : NULL;
        f.env = env;
        VEC_PUSH(c->frames, f);
    }
    BW_COPY_VEC(c->pc, s->pc);
    for (size_t i = 0; i < c->pc.len; i++) expr_ref(c->pc.data[i]);
    BW_COPY_VEC(c->loads, s->loads);
    for (size_t i = 0; i < c->loads.len; i++) expr_ref(c->loads.data[i].ptr), expr_ref(c->loads.data[i].value);
    BW_COPY_VEC(c->tau, s->tau);
    BW_COPY_VEC(c->trace, s->trace);
    BW_COPY_VEC(c->summarised, s->summarised);
    BW_COPY_VEC(c->inputs, s->inputs);
    for (size_t i = 0; i < c->inputs.len; i++) bw_input_ref(c->inputs.data[i]);
    c->checked = s->checked;
    c->dead = s->dead;
    c->deferred = s->deferred;
    return c;
}

void bw_pop_frame(Bw *bw, BwState *s) {
    BwFrame f = VEC_POP(s->frames);
    uint32_t n = bw->m->functions[f.fn].nregs;
    for (uint32_t r = 0; r < n; r++) expr_unref(f.env[r]);
    free(f.env);
}

void bw_push_frame(Bw *bw, BwState *s, uint32_t fn, uint32_t call_inst) {
    bw_fn(bw, fn);
    BwFrame f = {fn, util_calloc(bw->m->functions[fn].nregs + 1, sizeof(Expr *)), call_inst};
    VEC_PUSH(s->frames, f);
}

void bw_clobber(BwState *s) {
    for (size_t i = 0; i < s->loads.len; i++) expr_unref(s->loads.data[i].ptr), expr_unref(s->loads.data[i].value);
    s->loads.len = 0;
}

void bw_state_free(const Bw *bw, BwState *s) {
    if (!s) return;
    while (s->frames.len) bw_pop_frame((Bw *)bw, s);
    for (size_t i = 0; i < s->pc.len; i++) expr_unref(s->pc.data[i]);
    bw_clobber(s);
    for (size_t i = 0; i < s->inputs.len; i++) bw_input_unref(s->inputs.data[i]);
    VEC_FREE(s->inputs);
    VEC_FREE(s->frames);
    VEC_FREE(s->pc);
    VEC_FREE(s->loads);
    VEC_FREE(s->tau);
    VEC_FREE(s->trace);
    VEC_FREE(s->summarised);
    free(s);
}

/* A fresh symbol of `width` bits: the bytes of a new array. */
static Expr *bw_fresh(unsigned width) {
    unsigned nbytes = (width + 7) / 8;
    Array *a = expr_array_new("target", nbytes, NULL);
    Expr *zero = expr_const(0, 32);
    Expr *bytes = expr_read_le(a, NULL, zero, nbytes);
    expr_unref(zero);
    if (bytes->width == width) return bytes;
    Expr *e = expr_extract(bytes, 0, width);
    expr_unref(bytes);
    return e;
}

/* Does register r hold the address of a new object: a stack slot, or a
 * heap block from the allocator? Distinct such objects never overlap. Only
 * the runtime's allocator is known to hand out fresh blocks: a program's own
 * malloc (its definition wins over the runtime's at link time) may return
 * any object. */
static bool bw_defines_object(Bw *bw, const IrFunction *f, uint32_t r) {
    uint32_t d = bw_fn(bw, f->index)->def[r];
    if (d == IR_CFG_NONE) return false;
    const Inst *in = &f->insts[d];
    if (in->op == IR_ALLOCA) return true;
    if (in->op != IR_CALL) return false;
    int32_t callee = f->calls[in->aux].callee;
    if (callee < 0) return false;
    const IrFunction *alloc = &bw->m->functions[callee];
    if (!alloc->is_declaration && !alloc->is_runtime) return false;
    return strcmp(alloc->name, "malloc") == 0 || strcmp(alloc->name, "calloc") == 0;
}

Expr *bw_get(Bw *bw, BwFrame *f, Opnd o, unsigned width) {
    if (width == 0 || width > 128 || o == IR_NONE) return NULL;
    const IrFunction *fn = &bw->m->functions[f->fn];
    if (ir_is_const(o)) return expr_const(fn->consts[ir_const_index(o)] & expr_mask(width), width);
    uint32_t r = (uint32_t)o;
    if (!f->env[r]) {
        f->env[r] = bw_fresh(width);
        if (width == 64 && bw_defines_object(bw, fn, r)) VEC_PUSH(bw->bases, expr_ref(f->env[r]));
    }
    Expr *v = f->env[r];
    return v->width == width ? expr_ref(v) : expr_trunc_or_zext(v, width);
}

Expr *bw_take(BwFrame *f, uint32_t r) {
    Expr *v = f->env[r];
    f->env[r] = NULL;
    return v;
}

void bw_assert(BwState *s, Expr *c) {
    if (!c || expr_is_true(c)) return;
    if (expr_is_false(c)) s->dead = true;
    VEC_PUSH(s->pc, expr_ref(c));
}

void bw_assert_eq(BwState *s, Expr *a, Expr *b) {
    if (!a || !b) return;
    Expr *bb = b->width == a->width ? expr_ref(b) : expr_trunc_or_zext(b, a->width);
    Expr *c = expr_eq(a, bb);
    bw_assert(s, c);
    expr_unref(c);
    expr_unref(bb);
}

void bw_bind(Bw *bw, BwState *s, BwFrame *f, Opnd o, Expr *v) {
    if (!v || o == IR_NONE) return;
    if (!ir_is_const(o) && !f->env[(uint32_t)o]) {
        f->env[(uint32_t)o] = expr_ref(v);
        return;
    }
    Expr *cur = bw_get(bw, f, o, v->width);
    bw_assert_eq(s, v, cur);
    expr_unref(cur);
}

/* ---- instructions ---- */

/* The value instruction in computes from its operands, or NULL if it is not
 * modelled (floating point, intrinsics): its result is then free. */
static Expr *bw_compute(Bw *bw, BwFrame *f, const Inst *in) {
    unsigned w = in->width;
    Expr *a = NULL, *b = NULL, *c = NULL, *r = NULL;
    switch ((IrOp)in->op) {
    case IR_ADD: case IR_SUB: case IR_MUL: case IR_UDIV: case IR_SDIV: case IR_UREM: case IR_SREM:
    case IR_AND: case IR_OR: case IR_XOR: case IR_SHL: case IR_LSHR: case IR_ASHR:
        a = bw_get(bw, f, in->a, w), b = bw_get(bw, f, in->b, w);
        if (a && b) r = expr_binary((ExprKind)(EXPR_ADD + (in->op - IR_ADD)), a, b);
        break;
    case IR_ICMP:
        a = bw_get(bw, f, in->a, in->aux), b = bw_get(bw, f, in->b, in->aux);
        if (a && b) r = arith_icmp_expr((IrIcmpPred)in->sub, a, b);
        break;
    case IR_TRUNC: case IR_ZEXT: case IR_SEXT:
        a = bw_get(bw, f, in->a, in->aux);
        if (!a) break;
        r = in->op == IR_TRUNC ? expr_extract(a, 0, w) : in->op == IR_ZEXT ? expr_zext(a, w) : expr_sext(a, w);
        break;
    case IR_SELECT:
        a = bw_get(bw, f, in->a, 1), b = bw_get(bw, f, in->b, w), c = bw_get(bw, f, in->c, w);
        if (a && b && c) r = expr_ite(a, b, c);
        break;
    case IR_GEP:
        r = bw_gep(bw, f, in);
        break;
    default:
        break;
    }
    expr_unref(a), expr_unref(b), expr_unref(c);
    return r;
}

void bw_apply(Bw *bw, BwState *s, uint32_t i) {
    BwFrame *f = bw_top(s);
    const Inst *in = &bw->m->functions[f->fn].insts[i];
    switch ((IrOp)in->op) {
    case IR_LOAD: bw_load(bw, s, f, in); return;
    case IR_STORE: bw_store(bw, s, f, in); return;
    case IR_MOVE: {
        Expr *v = bw_take(f, in->dst);
        bw_bind(bw, s, f, in->a, v);
        expr_unref(v);
        return;
    }
    case IR_ASSUME: {
        Expr *c = bw_get(bw, f, in->a, 1);
        bw_assert(s, c);
        expr_unref(c);
        return;
    }
    case IR_MEMCPY: case IR_MEMMOVE: case IR_MEMSET: case IR_ATOMICRMW: case IR_CMPXCHG:
    case IR_VASTART: case IR_VACOPY: case IR_CALL:
    case IR_UNSUPPORTED: /* natively it runs (inline assembly, a store of a type not lowered): it may write anywhere */
        bw_clobber(s);
        break;
    default:
        break;
    }
    if (in->width == 0 || in->dst >= bw->m->functions[f->fn].nregs) return;
    Expr *v = bw_take(f, in->dst);
    if (!v) return; /* nothing later on the path reads it */
    Expr *r = in->op == IR_CALL ? NULL : bw_compute(bw, f, in);
    if (r) bw_assert_eq(s, v, r);
    else if (in->op != IR_ALLOCA) s->deferred++; /* a value the path needs that Phase I cannot express */
    expr_unref(r);
    expr_unref(v);
}

void bw_defer_call(Bw *bw, BwState *s, uint32_t i) {
    BwFrame *f = bw_top(s);
    const IrFunction *fn = &bw->m->functions[f->fn];
    const IrCall *call = &fn->calls[fn->insts[i].aux];
    if (call->callee >= 0 && call->nargs == 1) {
        const char *name = bw->m->functions[call->callee].name;
        if (strcmp(name, "klee_assume") == 0 || strcmp(name, "symplex_assume") == 0) {
            Expr *c = bw_get(bw, f, call->args[0], call->arg_types[0].bits);
            if (c) {
                Expr *zero = expr_const(0, c->width), *ne = expr_ne(c, zero);
                bw_assert(s, ne);
                expr_unref(ne), expr_unref(zero), expr_unref(c);
            }
            return;
        }
    }
    if (bw_input_call(bw, s, i)) return;
    bw->plan->calls_deferred++;
    bw_apply(bw, s, i);
}

void bw_cross_edge(Bw *bw, BwState *s, const IrCfgEdge *e) {
    BwFrame *f = bw_top(s);
    const IrFunction *fn = &bw->m->functions[f->fn];
    const IrCfg *g = bw->fns[f->fn].cfg;
    if (e->edge != IR_CFG_NONE) {
        /* phi copies read every source before writing any destination */
        const IrEdge *ed = &fn->edges[e->edge];
        Expr **vals = util_calloc(ed->ncopies + 1, sizeof *vals);
        for (uint32_t k = 0; k < ed->ncopies; k++) vals[k] = bw_take(f, fn->copies[ed->copy_start + k].dst);
        for (uint32_t k = 0; k < ed->ncopies; k++) {
            bw_bind(bw, s, f, fn->copies[ed->copy_start + k].src, vals[k]);
            expr_unref(vals[k]);
        }
        free(vals);
    }
    const Inst *t = &fn->insts[g->last[e->from]];
    if (t->op == IR_BR && t->aux != t->aux2 && e->edge != IR_CFG_NONE) {
        Expr *c = bw_get(bw, f, t->a, 1);
        if (c && e->edge == t->aux2) {
            Expr *n = expr_not(c);
            expr_unref(c);
            c = n;
        }
        bw_assert(s, c);
        expr_unref(c);
    } else if (t->op == IR_SWITCH && e->edge != IR_CFG_NONE) {
        const IrSwitch *sw = &fn->switches[t->aux];
        Expr *v = bw_get(bw, f, t->a, t->aux2);
        if (!v) return;
        bool is_default = sw->default_edge == e->edge;
        Expr *any = expr_bool(false), *none = expr_bool(true);
        for (uint32_t k = 0; k < sw->ncases; k++) {
            Expr *val = expr_const(sw->values[k], v->width), *eq = expr_eq(v, val), *t2;
            if (sw->edges[k] == e->edge) t2 = expr_bool_or(any, eq), expr_unref(any), any = t2;
            else if (is_default) {
                Expr *ne = expr_not(eq);
                t2 = expr_bool_and(none, ne), expr_unref(none), none = t2;
                expr_unref(ne);
            }
            expr_unref(val), expr_unref(eq);
        }
        Expr *c = is_default ? expr_bool_or(any, none) : expr_ref(any);
        bw_assert(s, c);
        expr_unref(c), expr_unref(any), expr_unref(none), expr_unref(v);
    }
}

void bw_unbind_loop(Bw *bw, BwState *s, uint32_t l) {
    BwFrame *f = bw_top(s);
    const IrFunction *fn = &bw->m->functions[f->fn];
    const IrCfg *g = bw->fns[f->fn].cfg;
    const IrLoop *loop = &g->loops[l];
    for (uint32_t k = 0; k < loop->nblocks; k++) {
        uint32_t b = loop->blocks[k];
        for (uint32_t i = g->first[b]; i <= g->last[b]; i++) {
            const Inst *in = &fn->insts[i];
            if (in->width > 0 && in->dst < fn->nregs && f->env[in->dst]) {
                expr_unref(bw_take(f, in->dst));
                s->deferred++;
            }
        }
        for (uint32_t e = g->in_start[b]; e < g->in_start[b + 1]; e++) {
            if (g->in[e].edge == IR_CFG_NONE) continue;
            const IrEdge *ed = &fn->edges[g->in[e].edge];
            for (uint32_t c = 0; c < ed->ncopies; c++) {
                uint32_t d = fn->copies[ed->copy_start + c].dst;
                if (f->env[d]) expr_unref(bw_take(f, d)), s->deferred++;
            }
        }
    }
    bw_clobber(s);
}
