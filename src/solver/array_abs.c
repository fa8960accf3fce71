/* The bit-vector abstraction of array reads and its axioms (array_abs.h). */
#include "array_abs.h"
#include "../util/util.h"
#include <stdlib.h>
#include <string.h>

/* ---- which reads need abstracting ---- */

/* A read whose value is an input byte as it stands: an input array at a
 * constant index with no writes over it. */
static bool abs_is_leaf(const Expr *e) {
    return e->kind == EXPR_READ && !e->u.read.array->init && !e->u.read.updates && expr_is_const(e->kids[0]);
}

/* A read at a symbolic index (or through a write at one) of an array with
 * more than min_bytes symbolic bytes: at constant indices Z3 resolves reads
 * over writes by rewriting, and over constants its array theory does well
 * whatever the size. At a symbolic index the count stops at min_bytes + 1;
 * at a constant one the walk goes on until a write at a symbolic index. */
static bool abs_is_large(const Expr *e, uint32_t min_bytes) {
    bool symbolic_index = !expr_is_const(e->kids[0]);
    uint64_t sym = e->u.read.array->init ? 0 : e->u.read.array->size;
    for (const UpdateNode *u = e->u.read.updates; u && (sym <= min_bytes || !symbolic_index); u = u->next) {
        if (!expr_is_const(u->index)) symbolic_index = true;
        if (!expr_is_const(u->value)) sym++;
    }
    return symbolic_index && sym > min_bytes;
}

static bool abs_needed_memo(Expr *e, uint32_t min_bytes, SolverMap *seen) {
    void *hit;
    if (solver_map_get(seen, e, NULL, &hit)) return hit != NULL;
    bool need = e->kind == EXPR_READ && !abs_is_leaf(e) && (!min_bytes || abs_is_large(e, min_bytes));
    for (unsigned i = 0; i < e->nkids && !need; i++) need = abs_needed_memo(e->kids[i], min_bytes, seen);
    solver_map_put(seen, e, NULL, need ? (void *)1 : NULL);
    return need;
}

bool array_abs_needed(const Query *q, uint32_t min_bytes) {
    SolverMap seen; /* one walk over the whole query: constraints share subterms */
    solver_map_init(&seen);
    bool need = q->expr && abs_needed_memo(q->expr, min_bytes, &seen);
    for (size_t i = 0; i < q->n && !need; i++) need = abs_needed_memo(q->constraints[i], min_bytes, &seen);
    solver_map_free(&seen);
    return need;
}

/* ---- proven low bits (the congruence behind type pruning) ---- */

static unsigned abs_trailing_zeros(u128 v, unsigned width) {
    unsigned n = 0;
    while (n < width && !((v >> n) & 1)) n++;
    return n;
}

static unsigned abs_min(unsigned a, unsigned b) { return a < b ? a : b; }

void array_abs_low_bits(Expr *e, unsigned *bits, u128 *value) {
    unsigned ta = 0, tb = 0;
    u128 ka = 0, kb = 0;
    *bits = 0;
    *value = 0;
    switch ((ExprKind)e->kind) {
    case EXPR_CONST:
        *bits = e->width;
        *value = e->u.value;
        return;
    case EXPR_ADD:
    case EXPR_SUB:
        array_abs_low_bits(e->kids[0], &ta, &ka);
        array_abs_low_bits(e->kids[1], &tb, &kb);
        *bits = abs_min(ta, tb);
        *value = e->kind == EXPR_ADD ? ka + kb : ka - kb;
        break;
    case EXPR_MUL: /* low t bits of a times c: known for t + tz(c) bits */
        for (int k = 0; k < 2; k++) {
            if (!expr_is_const(e->kids[k])) continue;
            array_abs_low_bits(e->kids[1 - k], &ta, &ka);
            u128 c = e->kids[k]->u.value;
            *bits = abs_min(e->width, ta + abs_trailing_zeros(c, e->width));
            *value = ka * c;
            break;
        }
        break;
    case EXPR_SHL:
        if (!expr_is_const(e->kids[1]) || e->kids[1]->u.value >= e->width) return;
        array_abs_low_bits(e->kids[0], &ta, &ka);
        *bits = abs_min(e->width, ta + (unsigned)e->kids[1]->u.value);
        *value = ka << (unsigned)e->kids[1]->u.value;
        break;
    case EXPR_ZEXT:
    case EXPR_SEXT:
        array_abs_low_bits(e->kids[0], bits, value);
        break;
    case EXPR_EXTRACT:
        if (e->u.off != 0) return;
        array_abs_low_bits(e->kids[0], &ta, &ka);
        *bits = abs_min(ta, e->width);
        *value = ka;
        break;
    case EXPR_CONCAT: /* the low part's bits, and the high part's above them if the low part is all known */
        array_abs_low_bits(e->kids[1], &tb, &kb);
        *bits = tb;
        *value = kb;
        if (tb == e->kids[1]->width) {
            array_abs_low_bits(e->kids[0], &ta, &ka);
            *bits = tb + ta;
            *value = kb | (ka << tb);
        }
        break;
    case EXPR_AND:
    case EXPR_OR:
        for (int k = 0; k < 2; k++) {
            if (!expr_is_const(e->kids[k])) continue;
            array_abs_low_bits(e->kids[1 - k], &ta, &ka);
            u128 c = e->kids[k]->u.value;
            if (e->kind == EXPR_AND && abs_trailing_zeros(c, e->width) > ta) { /* low bits cleared by the mask */
                *bits = abs_trailing_zeros(c, e->width);
                *value = 0;
            } else {
                *bits = ta;
                *value = e->kind == EXPR_AND ? ka & c : ka | c;
            }
            break;
        }
        break;
    case EXPR_ITE: /* the low bits both sides agree on */
        array_abs_low_bits(e->kids[1], &ta, &ka);
        array_abs_low_bits(e->kids[2], &tb, &kb);
        *bits = abs_min(ta, tb);
        while (*bits && ((ka ^ kb) & expr_mask(*bits))) (*bits)--;
        *value = ka;
        break;
    default:
        return;
    }
    *bits = abs_min(*bits, e->width);
    *value &= expr_mask(*bits);
}

/* ---- the abstraction ---- */

static Expr *abs_fresh(ArrayAbs *abs) {
    size_t k = abs->reads.len;
    AbsPool *pool = abs->pool;
    while (pool->arrays.len <= k) {
        char name[32];
        snprintf(name, sizeof name, "cegar_read%zu", pool->arrays.len);
        VEC_PUSH(pool->arrays, expr_array_new(name, 1, NULL));
    }
    Expr *zero = expr_const(0, 32);
    Expr *v = expr_read(pool->arrays.data[k], NULL, zero);
    expr_unref(zero);
    return v;
}

/* The oldest write at a symbolic index in u, or NULL: the writes after it
 * (older ones) all have constant indices and make the flat base. */
static UpdateNode *abs_flat_start(UpdateNode *u) {
    UpdateNode *flat = u;
    for (; u; u = u->next)
        if (!expr_is_const(u->index)) flat = u->next;
    return flat;
}

static uint32_t abs_group(ArrayAbs *abs, Array *a, UpdateNode *flat) {
    void *hit;
    if (solver_map_get(&abs->groups, a, flat, &hit)) return (uint32_t)(uintptr_t)hit - 1;
    solver_map_put(&abs->groups, a, flat, (void *)(uintptr_t)(abs->ngroups + 1));
    return abs->ngroups++;
}

/* The modulus and residue of read r's index: the array's access width when
 * the index is proven congruent modulo it, else 1. */
static void abs_congruence(const ArrayAbs *abs, AbsRead *r) {
    r->modulus = 1;
    r->residue = 0;
    unsigned m = r->array->access;
    if (!abs->prune_types || m < 2 || (m & (m - 1))) return;
    unsigned bits;
    u128 value;
    array_abs_low_bits(r->index, &bits, &value);
    unsigned need = abs_trailing_zeros(m, 32);
    if (bits < need) return;
    r->modulus = m;
    r->residue = (uint32_t)(value & (m - 1));
}

/* The flat base of (a, flat) at a symbolic index: a fresh byte. */
static Expr *abs_flat_read(ArrayAbs *abs, Array *a, UpdateNode *flat, Expr *index) {
    for (size_t i = 0; i < abs->reads.len; i++) { /* the same read twice is one variable */
        AbsRead *r = &abs->reads.data[i];
        if (r->array == a && r->flat == flat && r->index == index) return expr_ref(r->var);
    }
    AbsRead r = {abs_fresh(abs), expr_ref(index), a, expr_update_ref(flat), abs_group(abs, a, flat), 0, UINT32_MAX,
                 1, 0, false};
    abs_congruence(abs, &r);
    VEC_PUSH(abs->reads, r);
    return expr_ref(r.var);
}

/* The content of (a, flat) at constant position j, abstracted. */
static Expr *abs_flat_at(ArrayAbs *abs, Array *a, UpdateNode *flat, uint64_t j) {
    for (UpdateNode *u = flat; u; u = u->next)
        if (u->index->u.value == j) return array_abs_expr(abs, u->value);
    if (a->init || j >= a->size) return expr_const(a->init && j < a->size ? a->init[j] : 0, 8);
    Expr *idx = expr_const(j, 32);
    Expr *leaf = expr_read(a, NULL, idx);
    expr_unref(idx);
    return leaf;
}

static Expr *abs_read(ArrayAbs *abs, Expr *e) {
    Array *a = e->u.read.array;
    Expr *index = array_abs_expr(abs, e->kids[0]);
    UpdateNode *flat = abs_flat_start(e->u.read.updates);
    Expr *r = expr_is_const(index) ? abs_flat_at(abs, a, flat, index->u.value) : abs_flat_read(abs, a, flat, index);
    /* the writes above the flat base, oldest first, as if-then-else */
    VEC(UpdateNode *) above = {0};
    for (UpdateNode *u = e->u.read.updates; u != flat; u = u->next) VEC_PUSH(above, u);
    while (above.len) {
        UpdateNode *w = VEC_POP(above);
        Expr *wi = array_abs_expr(abs, w->index), *wv = array_abs_expr(abs, w->value);
        Expr *hit = expr_eq(index, wi);
        Expr *next = expr_ite(hit, wv, r);
        expr_unref(hit);
        expr_unref(wi);
        expr_unref(wv);
        expr_unref(r);
        r = next;
    }
    VEC_FREE(above);
    expr_unref(index);
    return r;
}

Expr *array_abs_expr(ArrayAbs *abs, Expr *e) {
    void *hit;
    if (solver_map_get(&abs->memo, e, NULL, &hit)) return expr_ref(hit);
    Expr *r;
    if (abs_is_leaf(e) || e->kind == EXPR_CONST) {
        r = expr_ref(e);
    } else if (e->kind == EXPR_READ) {
        r = abs_read(abs, e);
    } else {
        Expr *kids[3] = {NULL, NULL, NULL};
        bool same = true;
        for (unsigned i = 0; i < e->nkids; i++) {
            kids[i] = array_abs_expr(abs, e->kids[i]);
            same = same && kids[i] == e->kids[i];
        }
        r = same ? expr_ref(e) : expr_rebuild(e, kids);
        for (unsigned i = 0; i < e->nkids; i++) expr_unref(kids[i]);
    }
    solver_map_put(&abs->memo, e, NULL, expr_ref(r));
    return r;
}

bool array_abs_build(ArrayAbs *abs, AbsPool *pool, const Query *q, bool prune_types) {
    memset(abs, 0, sizeof *abs);
    abs->pool = pool;
    abs->prune_types = prune_types;
    solver_map_init(&abs->memo);
    solver_map_init(&abs->groups);
    for (size_t i = 0; i <= q->n; i++) {
        Expr *c = i < q->n ? q->constraints[i] : q->expr;
        if (c) VEC_PUSH(abs->cs, array_abs_expr(abs, c));
    }
    return abs->reads.len > 0;
}

void array_abs_free(ArrayAbs *abs) {
    for (size_t i = 0; i < abs->cs.len; i++) expr_unref(abs->cs.data[i]);
    VEC_FREE(abs->cs);
    for (size_t i = 0; i < abs->reads.len; i++) {
        expr_unref(abs->reads.data[i].var);
        expr_unref(abs->reads.data[i].index);
        expr_update_unref(abs->reads.data[i].flat);
    }
    VEC_FREE(abs->reads);
    for (size_t i = 0; i < abs->memo.cap; i++)
        if (abs->memo.slots[i].k1) expr_unref(abs->memo.slots[i].val);
    solver_map_free(&abs->memo);
    solver_map_free(&abs->groups);
}

void array_abs_pool_free(AbsPool *pool) { VEC_FREE(pool->arrays); }

/* ---- axioms ---- */

Expr *array_abs_content(ArrayAbs *abs, uint32_t r, uint32_t j) {
    AbsRead *rd = &abs->reads.data[r];
    return abs_flat_at(abs, rd->array, rd->flat, j);
}

static Expr *abs_implies(Expr *a, Expr *b) {
    Expr *na = expr_not(a);
    Expr *r = expr_bool_or(na, b);
    expr_unref(na);
    return r;
}

Expr *array_abs_axiom_at(ArrayAbs *abs, uint32_t r, uint32_t j) {
    Expr *content = array_abs_content(abs, r, j); /* may add reads: take the fields after */
    AbsRead *rd = &abs->reads.data[r];
    Expr *pos = expr_const(j, 32);
    Expr *at = expr_eq(rd->index, pos);
    Expr *is = expr_eq(rd->var, content);
    Expr *ax = abs_implies(at, is);
    expr_unref(pos);
    expr_unref(at);
    expr_unref(is);
    expr_unref(content);
    return ax;
}

Expr *array_abs_axiom_pair(const ArrayAbs *abs, uint32_t r1, uint32_t r2) {
    const AbsRead *a = &abs->reads.data[r1], *b = &abs->reads.data[r2];
    Expr *same = expr_eq(a->index, b->index);
    Expr *eq = expr_eq(a->var, b->var);
    Expr *ax = abs_implies(same, eq);
    expr_unref(same);
    expr_unref(eq);
    return ax;
}

bool array_abs_candidate_at(const ArrayAbs *abs, uint32_t r, uint64_t j) {
    const AbsRead *rd = &abs->reads.data[r];
    return j >= rd->lo && j <= rd->hi && j % rd->modulus == rd->residue;
}

bool array_abs_candidate_pair(const ArrayAbs *abs, uint32_t r1, uint32_t r2) {
    const AbsRead *a = &abs->reads.data[r1], *b = &abs->reads.data[r2];
    if (a->group != b->group || a->lo > b->hi || b->lo > a->hi) return false;
    /* same access width (one array): the residues must agree modulo the smaller modulus */
    uint32_t m = a->modulus < b->modulus ? a->modulus : b->modulus;
    return a->residue % m == b->residue % m;
}

/* Positions j in [lo, hi] within the array with j % m == k. */
static uint64_t abs_count_positions(uint64_t lo, uint64_t hi, uint64_t size, uint32_t m, uint32_t k) {
    if (size == 0) return 0;
    if (hi > size - 1) hi = size - 1;
    if (lo > hi) return 0;
    uint64_t first = lo + ((k + m - lo % m) % m);
    return first > hi ? 0 : (hi - first) / m + 1;
}

uint64_t array_abs_read_candidates(const ArrayAbs *abs, uint32_t r) {
    const AbsRead *rd = &abs->reads.data[r];
    return abs_count_positions(rd->lo, rd->hi, rd->array->size, rd->modulus, rd->residue);
}

uint64_t array_abs_candidates(const ArrayAbs *abs, bool pruned) {
    uint64_t n = 0;
    for (size_t i = 0; i < abs->reads.len; i++) {
        const AbsRead *r = &abs->reads.data[i];
        n += pruned ? abs_count_positions(r->lo, r->hi, r->array->size, r->modulus, r->residue)
                    : r->array->size;
        for (size_t j = i + 1; j < abs->reads.len; j++)
            n += pruned ? array_abs_candidate_pair(abs, (uint32_t)i, (uint32_t)j)
                        : abs->reads.data[j].group == r->group;
    }
    return n;
}
