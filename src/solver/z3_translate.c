/* z3_translate: Expr to Z3 terms (QF_ABV plus FP), and Z3 models back to
 * input bytes. Booleans are 1-bit vectors, as in Expr. Every term made is
 * kept in z->t, which the caller chose: a fresh query's own terms or the
 * reused solver's (z3_core.h). */
#include "z3_core.h"
#include "z3_fp.h"
#include "../expr/expr_fp.h"
#include "../util/util.h"
#include <stdlib.h>
#include <string.h>

Z3_ast z3_keep(Z3Solver *z, Z3_ast a) {
    Z3_inc_ref(z->ctx, a);
    VEC_PUSH(z->t->owned, a);
    return a;
}

Z3_sort z3_bv_sort(Z3Solver *z, unsigned w) {
    if (!z->bv[w]) {
        z->bv[w] = Z3_mk_bv_sort(z->ctx, w);
        Z3_inc_ref(z->ctx, Z3_sort_to_ast(z->ctx, z->bv[w]));
    }
    return z->bv[w];
}

Z3_ast z3_const(Z3Solver *z, u128 v, unsigned w) {
    if (w <= 64) return z3_keep(z, Z3_mk_unsigned_int64(z->ctx, (uint64_t)v, z3_bv_sort(z, w)));
    Z3_ast hi = z3_const(z, v >> 64, w - 64);
    Z3_ast lo = z3_const(z, (uint64_t)v, 64);
    return z3_keep(z, Z3_mk_concat(z->ctx, hi, lo));
}

static Z3_ast z3_bool_to_bv(Z3Solver *z, Z3_ast b) {
    return z3_keep(z, Z3_mk_ite(z->ctx, b, z->one1, z->zero1));
}

Z3_ast z3_bv_to_bool(Z3Solver *z, Z3_ast x) {
    return z3_keep(z, Z3_mk_eq(z->ctx, x, z->one1));
}

/* The Z3 array for an Array without updates: a named constant for inputs, a
 * constant array plus stores of the nonzero bytes for constant arrays. */
static Z3_ast z3_array_root(Z3Solver *z, Array *a) {
    void *hit;
    if (solver_map_get(&z->t->memo, a, NULL, &hit)) return hit;
    Z3_ast r;
    if (!a->init) {
        Z3_symbol sym = Z3_mk_string_symbol(z->ctx, a->name);
        r = z3_keep(z, Z3_mk_const(z->ctx, sym, z->array_sort));
    } else {
        r = z3_keep(z, Z3_mk_const_array(z->ctx, z3_bv_sort(z, 32), z3_const(z, 0, 8)));
        for (uint32_t i = 0; i < a->size; i++)
            if (a->init[i])
                r = z3_keep(z, Z3_mk_store(z->ctx, r, z3_const(z, i, 32), z3_const(z, a->init[i], 8)));
    }
    solver_map_put(&z->t->memo, a, NULL, r);
    return r;
}


/* The constant-0 array: what an input array holds past its end (expr.h). */
static Z3_ast z3_zero_array(Z3Solver *z) {
    static const char zero_tag;
    void *hit;
    if (solver_map_get(&z->t->memo, &zero_tag, NULL, &hit)) return hit;
    Z3_ast r = z3_keep(z, Z3_mk_const_array(z->ctx, z3_bv_sort(z, 32), z3_const(z, 0, 8)));
    solver_map_put(&z->t->memo, &zero_tag, NULL, r);
    return r;
}

/* Store chain for an update list over `a` (or, with `zero`, over the
 * constant-0 array in its place), memoized per (node, array, zero): lists
 * share tails, so each write is translated once per query. Iterative, because
 * update lists can be thousands of writes long. */
static Z3_ast z3_updates(Z3Solver *z, Array *a, UpdateNode *u, bool zero) {
    const void *key = zero ? (const char *)a + 1 : (const char *)a; /* Arrays are aligned: a + 1 is no Array */
    VEC(UpdateNode *) todo = {0};
    Z3_ast base = NULL;
    for (; u; u = u->next) {
        void *hit;
        if (solver_map_get(&z->t->memo, u, key, &hit)) { base = hit; break; }
        VEC_PUSH(todo, u);
    }
    if (!base) base = zero ? z3_zero_array(z) : z3_array_root(z, a);
    while (todo.len) {
        UpdateNode *n = VEC_POP(todo);
        base = z3_keep(z, Z3_mk_store(z->ctx, base, z3_expr(z, n->index), z3_expr(z, n->value)));
        solver_map_put(&z->t->memo, n, key, base);
    }
    VEC_FREE(todo);
    return base;
}

/* A read through the array theory. Z3's array for an input is unconstrained
 * everywhere, so a read that may pass the array's end reads, there, the
 * writes over the constant-0 array instead: 0 unless a write put something
 * there, as everywhere else (expr.h). */
static Z3_ast z3_theory_read(Z3Solver *z, Expr *e, Z3_ast idx) {
    Array *a = e->u.read.array;
    Z3_ast sel = z3_keep(z, Z3_mk_select(z->ctx, z3_updates(z, a, e->u.read.updates, false), idx));
    if (!expr_read_may_pass_end(e)) return sel;
    Z3_ast past = z3_keep(z, Z3_mk_select(z->ctx, z3_updates(z, a, e->u.read.updates, true), idx));
    Z3_ast in = z3_keep(z, Z3_mk_bvult(z->ctx, idx, z3_const(z, a->size, 32)));
    return z3_keep(z, Z3_mk_ite(z->ctx, in, sel, past));
}

/* An input byte at a constant index is a bit-vector constant of its own, so a
 * query that reads no array at a symbolic index is pure bit-vector logic
 * (Z3 then never starts its array theory; the CEGAR array solver's
 * abstractions are such queries). Where the same array is also read through
 * the array theory, z3_link_bytes ties the two. */
static Z3_ast z3_input_byte(Z3Solver *z, Expr *e) {
    Array *a = e->u.read.array;
    uint64_t j = (uint64_t)e->kids[0]->u.value;
    if (j >= a->size) return z3_const(z, 0, 8); /* expr_read folds these; past the end is 0 (expr.h) */
    char *name = util_format("%s!%llu", a->name, (unsigned long long)j);
    Z3_ast c = z3_keep(z, Z3_mk_const(z->ctx, Z3_mk_string_symbol(z->ctx, name), z3_bv_sort(z, 8)));
    free(name);
    solver_map_put(&z->t->memo, a, (void *)(uintptr_t)(j + 1), c);
    VEC_PUSH(z->t->byte_reads, e);
    return c;
}

/* select(a, j) = a!j for the byte constant of read e, made once per terms;
 * NULL when a has no root in them. */
static Z3_ast z3_byte_link(Z3Solver *z, Expr *e) {
    static const char link_tag;
    void *root, *c, *hit;
    if (solver_map_get(&z->t->memo, e, &link_tag, &hit)) return hit;
    if (!solver_map_get(&z->t->memo, e->u.read.array, NULL, &root)) return NULL;
    solver_map_get(&z->t->memo, e, NULL, &c);
    Z3_ast sel = z3_keep(z, Z3_mk_select(z->ctx, root, z3_const(z, e->kids[0]->u.value, 32)));
    Z3_ast link = z3_keep(z, Z3_mk_eq(z->ctx, sel, c));
    void *guard;
    if (solver_map_get(&z->t->links, e->u.read.array, NULL, &guard))
        link = z3_keep(z, Z3_mk_implies(z->ctx, guard, link));
    solver_map_put(&z->t->memo, e, &link_tag, link);
    return link;
}

void z3_link_byte(Z3Solver *z, Z3_solver s, Expr *e) {
    Z3_ast link = z3_byte_link(z, e);
    if (link) Z3_solver_assert(z->ctx, s, link);
}

void z3_link_bytes(Z3Solver *z, Z3_solver s, size_t from, size_t to, const Array *only) {
    for (size_t i = from; i < to; i++) {
        Expr *e = z->t->byte_reads.data[i];
        if (!only || e->u.read.array == only) z3_link_byte(z, s, e);
    }
}

/* Reads of a constant array at a symbolic index. Z3's array theory handles a
 * store chain of hundreds of constant bytes slowly (seconds for one 8-bit
 * lookup into a ctype table), while a multiplexer over the index bits
 * bit-blasts at once. Used when the array is constant, small, and every
 * update has a constant index; others go through the array theory. */

static bool z3_mux_applicable(const Array *a, const UpdateNode *u) {
    if (!a->init || a->size > SOLVER_MUX_MAX_BYTES) return false;
    for (; u; u = u->next)
        if (u->index->kind != EXPR_CONST || u->index->u.value >= a->size) return false;
    return true;
}

/* Selects leaf[idx] for idx in [base, base + 2^bit); indices >= n read 0. */
static Z3_ast z3_mux(Z3Solver *z, Z3_ast idx, Z3_ast *leaf, uint32_t n, uint32_t base, unsigned bit) {
    if (base >= n) return leaf[n];
    if (bit == 0) return leaf[base];
    uint32_t half = 1u << (bit - 1);
    Z3_ast lo = z3_mux(z, idx, leaf, n, base, bit - 1);
    Z3_ast hi = z3_mux(z, idx, leaf, n, base + half, bit - 1);
    if (lo == hi) return lo; /* Z3 hash-conses: equal constant halves are the same node */
    Z3_ast b = z3_keep(z, Z3_mk_extract(z->ctx, bit - 1, bit - 1, idx));
    return z3_keep(z, Z3_mk_ite(z->ctx, z3_bv_to_bool(z, b), hi, lo));
}

static Z3_ast z3_const_read(Z3Solver *z, Array *a, UpdateNode *u, Z3_ast idx) {
    uint32_t n = a->size;
    Z3_ast *leaf = util_malloc((n + 1) * sizeof(Z3_ast));
    for (uint32_t i = 0; i < n; i++) leaf[i] = z3_const(z, a->init[i], 8);
    leaf[n] = z3_const(z, 0, 8);
    VEC(UpdateNode *) order = {0};
    for (; u; u = u->next) VEC_PUSH(order, u);
    while (order.len) { /* oldest write first, so newer ones win */
        UpdateNode *w = VEC_POP(order);
        leaf[(uint32_t)w->index->u.value] = z3_expr(z, w->value);
    }
    VEC_FREE(order);
    unsigned bits = 0;
    while (bits < 32 && (1ull << bits) < n) bits++;
    Z3_ast r = z3_mux(z, idx, leaf, n, 0, bits);
    if (bits < 32) { /* an index past 2^bits reads 0, as the array theory's default would */
        Z3_ast high = z3_keep(z, Z3_mk_extract(z->ctx, 31, bits, idx));
        Z3_ast inrange = z3_keep(z, Z3_mk_eq(z->ctx, high, z3_const(z, 0, 32 - bits)));
        r = z3_keep(z, Z3_mk_ite(z->ctx, inrange, r, leaf[n]));
    }
    free(leaf);
    return r;
}

typedef Z3_ast (*Z3Binary)(Z3_context, Z3_ast, Z3_ast);

static Z3Binary z3_binary_op(ExprKind k) {
    switch (k) {
    case EXPR_ADD: return Z3_mk_bvadd;
    case EXPR_SUB: return Z3_mk_bvsub;
    case EXPR_MUL: return Z3_mk_bvmul;
    case EXPR_UDIV: return Z3_mk_bvudiv;
    case EXPR_SDIV: return Z3_mk_bvsdiv;
    case EXPR_UREM: return Z3_mk_bvurem;
    case EXPR_SREM: return Z3_mk_bvsrem;
    case EXPR_AND: return Z3_mk_bvand;
    case EXPR_OR: return Z3_mk_bvor;
    case EXPR_XOR: return Z3_mk_bvxor;
    case EXPR_SHL: return Z3_mk_bvshl;
    case EXPR_LSHR: return Z3_mk_bvlshr;
    case EXPR_ASHR: return Z3_mk_bvashr;
    case EXPR_EQ: return Z3_mk_eq;
    case EXPR_ULT: return Z3_mk_bvult;
    case EXPR_ULE: return Z3_mk_bvule;
    case EXPR_SLT: return Z3_mk_bvslt;
    case EXPR_SLE: return Z3_mk_bvsle;
    default: return NULL;
    }
}

static bool z3_is_comparison(ExprKind k) { return k >= EXPR_EQ && k <= EXPR_SLE; }

static Z3_ast z3_keep_for_fp(void *z, Z3_ast a) { return z3_keep(z, a); }
static Z3_ast z3_bits_for_fp(void *z, Expr *e) { return z3_expr(z, e); }

/* Translation of e whose kids are already translated (k[i]). */
static Z3_ast z3_node(Z3Solver *z, Expr *e, Z3_ast *k) {
    Z3_context c = z->ctx;
    switch ((ExprKind)e->kind) {
    case EXPR_CONST: return z3_const(z, e->u.value, e->width);
    case EXPR_READ:
        if (!e->u.read.array->init && !e->u.read.updates && e->kids[0]->kind == EXPR_CONST)
            return z3_input_byte(z, e);
        if (z3_mux_applicable(e->u.read.array, e->u.read.updates))
            return z3_const_read(z, e->u.read.array, e->u.read.updates, k[0]);
        return z3_theory_read(z, e, k[0]);
    case EXPR_CONCAT: return z3_keep(z, Z3_mk_concat(c, k[0], k[1]));
    case EXPR_EXTRACT: return z3_keep(z, Z3_mk_extract(c, e->u.off + e->width - 1, e->u.off, k[0]));
    case EXPR_ZEXT: return z3_keep(z, Z3_mk_zero_ext(c, e->width - e->kids[0]->width, k[0]));
    case EXPR_SEXT: return z3_keep(z, Z3_mk_sign_ext(c, e->width - e->kids[0]->width, k[0]));
    case EXPR_ITE: return z3_keep(z, Z3_mk_ite(c, z3_bv_to_bool(z, k[0]), k[1], k[2]));
    case EXPR_NOT: return z3_keep(z, Z3_mk_bvnot(c, k[0]));
    default: break;
    }
    if (expr_kind_is_fp(e->kind)) {
        Z3Fp fp = {c, z3_keep_for_fp, z3_bits_for_fp, z, &z->t->floats, &z->t->opaque};
        return z3_fp_node(&fp, e, k);
    }
    Z3Binary op = z3_binary_op((ExprKind)e->kind);
    if (!op) util_fatal("solver: expression kind %d has no Z3 translation", e->kind);
    Z3_ast r = z3_keep(z, op(c, k[0], k[1]));
    return z3_is_comparison((ExprKind)e->kind) ? z3_bool_to_bv(z, r) : r;
}

/* Memoized per query, so a DAG node shared by many constraints is translated
 * once. */
Z3_ast z3_expr(Z3Solver *z, Expr *e) {
    void *hit;
    if (solver_map_get(&z->t->memo, e, NULL, &hit)) return hit;
    Z3_ast k[3] = {0};
    for (unsigned i = 0; i < e->nkids; i++) k[i] = z3_expr(z, e->kids[i]);
    Z3_ast r = z3_node(z, e, k);
    solver_map_put(&z->t->memo, e, NULL, r);
    return r;
}

void z3_terms_init(Z3Terms *t) {
    memset(t, 0, sizeof *t);
    solver_map_init(&t->memo);
    solver_map_init(&t->floats);
    solver_map_init(&t->links);
    solver_map_init(&t->in_scope);
}

void z3_terms_clear(Z3Solver *z, Z3Terms *t) {
    for (size_t i = 0; i < t->owned.len; i++) Z3_dec_ref(z->ctx, t->owned.data[i]);
    t->owned.len = 0;
    t->byte_reads.len = 0;
    solver_map_clear(&t->memo);
    solver_map_clear(&t->floats);
    solver_map_clear(&t->links);
    solver_map_clear(&t->in_scope);
    t->opaque = false;
}

void z3_terms_free(Z3Solver *z, Z3Terms *t) {
    z3_terms_clear(z, t);
    solver_map_free(&t->memo);
    solver_map_free(&t->floats);
    solver_map_free(&t->links);
    solver_map_free(&t->in_scope);
    VEC_FREE(t->owned);
    VEC_FREE(t->byte_reads);
}

/* Input arrays read through the array theory are those z3_node does not make
 * byte constants or multiplexers of. */
static void z3_classify_read(Expr *x, void *ctx) {
    Z3Reads *out = ctx;
    Array *a = x->u.read.array;
    if (a->init) return;
    if (!x->u.read.updates && x->kids[0]->kind == EXPR_CONST) {
        VEC_PUSH(out->bytes, x);
        return;
    }
    for (size_t i = 0; i < out->theory.len; i++)
        if (out->theory.data[i] == a) return;
    VEC_PUSH(out->theory, a);
}

void z3_reads_of(Expr *e, Z3Reads *out) { expr_each_read(e, z3_classify_read, out); }

void z3_reads_free(Z3Reads *r) {
    expr_array_set_free(&r->theory);
    VEC_FREE(r->bytes);
}

/* Does the query read array a through the array theory, so that its bytes are
 * the selects of a's root rather than the byte constants? On a fresh solver,
 * a root exists only if the query made it. The reused solver's root may come
 * from another query: under assumptions, the query used it iff the model
 * makes its link literal true (every query using it assumes a literal
 * implying the link); on the stack, iff an open level reads it. */
static Z3_ast z3_model_root(Z3Solver *z, Z3_model m, Array *a) {
    void *root, *link, *levels;
    if (!solver_map_get(&z->t->memo, a, NULL, &root)) return NULL;
    if (z->t == &z->reuse.terms && z->reuse.mode == SOLVER_REUSE_STACK) return solver_map_get(&z->t->in_scope, a, NULL, &levels) && levels ? root : NULL;
    if (!solver_map_get(&z->t->links, a, NULL, &link)) return root;
    Z3_ast v = NULL;
    bool on = Z3_model_eval(z->ctx, m, link, true, &v) && v;
    if (on) {
        Z3_inc_ref(z->ctx, v);
        on = Z3_get_bool_value(z->ctx, v) == Z3_L_TRUE;
        Z3_dec_ref(z->ctx, v);
    }
    return on ? root : NULL;
}

/* The value of term x in m (0 if it has none). */
static uint64_t z3_model_value(Z3Solver *z, Z3_model m, Z3_ast x) {
    Z3_ast v = NULL;
    uint64_t val = 0;
    if (Z3_model_eval(z->ctx, m, x, true, &v) && v) {
        Z3_inc_ref(z->ctx, v);
        if (!Z3_get_numeral_uint64(z->ctx, v, &val)) val = 0;
        Z3_dec_ref(z->ctx, v);
    }
    return val;
}

/* Reads every byte of each input array the query reads out of the model;
 * model completion gives bytes Z3 left unconstrained a definite value. The
 * selects made here hold only a local reference: the reused solver's terms
 * would otherwise grow by one per byte per query. */
void z3_extract_model(Z3Solver *z, Z3_model m, const Query *q, Assignment *out) {
    ArraySet arrays = {0};
    solver_query_arrays(q, &arrays);
    for (size_t i = 0; i < arrays.len; i++) {
        Array *a = arrays.data[i];
        /* an array read only at constant indices is its byte constants */
        Z3_ast root = z3_model_root(z, m, a);
        uint8_t *bytes = util_calloc(a->size ? a->size : 1, 1);
        for (uint32_t j = 0; j < a->size; j++) {
            void *hit;
            if (root) {
                Z3_ast idx = Z3_mk_unsigned_int64(z->ctx, j, z3_bv_sort(z, 32));
                Z3_inc_ref(z->ctx, idx);
                Z3_ast sel = Z3_mk_select(z->ctx, root, idx);
                Z3_inc_ref(z->ctx, sel);
                bytes[j] = (uint8_t)z3_model_value(z, m, sel);
                Z3_dec_ref(z->ctx, sel);
                Z3_dec_ref(z->ctx, idx);
            } else if (solver_map_get(&z->t->memo, a, (void *)(uintptr_t)(j + 1), &hit)) {
                bytes[j] = (uint8_t)z3_model_value(z, m, hit);
            } /* else a byte no constraint mentions: any value, 0 */
        }
        assignment_set(out, a, bytes);
        free(bytes);
    }
    expr_array_set_free(&arrays);
}

/* Does the assignment satisfy the query by evaluation (the opaque functions
 * computed by the host's libm)? */
bool z3_model_holds(const Query *q, const Assignment *a) {
    for (size_t i = 0; i < q->n; i++)
        if (!(expr_eval(q->constraints[i], a) & 1)) return false;
    return !q->expr || (expr_eval(q->expr, a) & 1);
}
