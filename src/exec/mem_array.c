/* mem_array: object contents as an array theory term, for symbolic offsets.
 *
 * A read at a symbolic offset needs the whole object as one term: a constant
 * Array holding the concrete bytes plus one update per symbolic byte. Building
 * that is O(size), so the pair is cached on the ObjectState and kept current
 * by appending later writes to it, until the appended writes outnumber what a
 * rebuild would cost; the object itself stays in byte mode (a read must not
 * slow down later concrete accesses). A write at a symbolic offset cannot be
 * expressed per byte, so it switches the object to array mode for good:
 * contents are then read(array, updates, i), and every later write appends to
 * the update list.
 *
 * Array mode keeps the byte slots too, so that a read at a constant offset
 * costs O(1) however long the update list, and its term holds only what can
 * reach that byte: slot i is byte i as of the stamp[i]-th write at a symbolic
 * offset; the writes since (sym_writes) are folded in as if-then-elses on the
 * next read of the byte, which keeps the result in the slot. */
#include "mem_internal.h"
#include "../util/util.h"
#include <assert.h>
#include <stdlib.h>

void os_drop_read_cache(ObjectState *os) {
    expr_update_unref(os->rd_updates);
    os->rd_updates = NULL;
    os->rd_array = NULL; /* arrays live until expr_shutdown() */
}

static void os_append(UpdateNode **list, Expr *idx, Expr *val) {
    UpdateNode *u = expr_update(*list, idx, val);
    expr_update_unref(*list);
    *list = u;
}

void os_array_append(ObjectState *os, Expr *idx, Expr *val) { os_append(&os->updates, idx, val); }

static uint32_t os_sym_writes(const ObjectState *os) { return os->sym_writes ? os->sym_writes->len : 0; }

/* Array mode: byte off is val (owned) from now on. */
static void os_array_set(ObjectState *os, uint64_t off, Expr *val) {
    Expr *at = os_index32(off);
    os_array_append(os, at, val);
    expr_unref(at);
    os_set_byte(os, off, val);
    os->stamp[off] = os_sym_writes(os);
}

void os_array_write(ObjectState *os, uint64_t off, unsigned n, Value v) {
    for (unsigned i = 0; i < n; i++) os_array_set(os, off + i, os_value_byte(v, n, i));
}

void os_array_make_symbolic(ObjectState *os, uint64_t off, uint64_t n, Array *arr) {
    for (uint64_t i = 0; i < n; i++) {
        Expr *idx = os_index32(i);
        os_array_set(os, off + i, expr_read(arr, NULL, idx));
        expr_unref(idx);
    }
}

Expr *os_array_byte(ObjectState *os, uint64_t off) {
    uint32_t now = os_sym_writes(os), since = now - os->stamp[off];
    Expr *v = os->sym && os->sym[off] ? expr_ref(os->sym[off]) : expr_const(*os_run(os, off, 1), 8);
    if (!since) return v;
    UpdateNode *small[16], **newer = since <= 16 ? small : util_malloc(since * sizeof *newer);
    UpdateNode *u = os->sym_writes;
    for (uint32_t k = 0; k < since; k++, u = u->next) newer[k] = u;
    Expr *at = os_index32(off);
    for (uint32_t k = since; k-- > 0;) { /* oldest first: the newest write is the outermost choice */
        Expr *hit = expr_eq(newer[k]->index, at), *t = expr_ite(hit, newer[k]->value, v);
        expr_unref(hit);
        expr_unref(v);
        v = t;
    }
    expr_unref(at);
    if (newer != small) free(newer);
    os_set_byte(os, off, expr_ref(v));
    os->stamp[off] = now;
    return v;
}

/* The byte-mode contents as (new constant array, owned update list). */
static void os_build_array(const ObjectState *os, Array **arr, UpdateNode **ups) {
    if (os->size > UINT32_MAX)
        util_fatal("symbolic offset into an object of %llu bytes (at most 4 GiB supported)",
                   (unsigned long long)os->size);
    uint8_t *flat = os->chunks ? util_malloc(os->size) : os->bytes;
    if (flat != os->bytes) os_copy_out(os, flat);
    *arr = expr_array_new("mem", (uint32_t)os->size, flat);
    if (flat != os->bytes) free(flat);
    UpdateNode *u = NULL;
    for (uint64_t i = 0; os->nsym && i < os->size; i++) {
        if (!os->sym[i]) continue;
        Expr *idx = os_index32(i);
        UpdateNode *t = expr_update(u, idx, os->sym[i]);
        expr_unref(idx);
        expr_update_unref(u);
        u = t;
    }
    *ups = u;
}

/* The current contents as (array, updates), both borrowed from os. */
static void os_contents_array(ObjectState *os, Array **arr, UpdateNode **ups) {
    if (!os->array && !os->rd_array) os_build_array(os, &os->rd_array, &os->rd_updates);
    *arr = os->array ? os->array : os->rd_array;
    *ups = os->array ? os->updates : os->rd_updates;
}

/* A byte-mode write of the n bytes at off: the cached read term, if any,
 * gets it too while that is cheaper than rebuilding the term (a rebuild is
 * O(size), so appends up to twice the size keep each write O(1) amortised). */
void os_cache_write(ObjectState *os, uint64_t off, unsigned n, Value v) {
    if (!os->rd_array) return;
    if (os->rd_updates && os->rd_updates->len + n > 2 * os->size + 64) {
        os_drop_read_cache(os);
        return;
    }
    for (unsigned i = 0; i < n; i++) {
        Expr *at = os_index32(off + i), *b = os_value_byte(v, n, i);
        os_append(&os->rd_updates, at, b);
        expr_unref(at);
        expr_unref(b);
    }
}

static void os_enter_array_mode(ObjectState *os) {
    if (os->array) return;
    if (!os->rd_array) os_build_array(os, &os->rd_array, &os->rd_updates);
    /* The cached pair describes the current contents exactly: adopt it. The
     * byte slots stay: they are the contents as of no symbolic write. */
    os->array = os->rd_array;
    os->updates = os->rd_updates;
    os->rd_array = NULL;
    os->rd_updates = NULL;
    os->stamp = util_calloc(os->size ? os->size : 1, sizeof *os->stamp);
}

static Expr *os_index_of(Expr *off64) { return expr_trunc_or_zext(off64, 32); }

/* An n-byte access at a symbolic offset: the object's access width narrows,
 * and the array now holding its contents carries it to the solver. */
static void os_note_access(ObjectState *os, unsigned n, Array *arr) {
    if (!os->access || n < os->access) os->access = (uint8_t)n;
    if (arr && (!arr->access || os->access < arr->access)) arr->access = os->access;
}

Expr *os_read_symbolic(ObjectState *os, Expr *off64, unsigned n) {
    assert(n >= 1 && n <= 16);
    if (expr_is_const(off64)) {
        /* Constant offsets take the byte path: no array term is built. */
        Value v = os_read(os, (uint64_t)off64->u.value, n);
        Expr *e = value_to_expr(v, n * 8);
        value_release(&v);
        return e;
    }
    Array *arr;
    UpdateNode *ups;
    os_contents_array(os, &arr, &ups);
    os_note_access(os, n, arr);
    Expr *idx = os_index_of(off64);
    Expr *r = expr_read_le(arr, ups, idx, n);
    expr_unref(idx);
    return r;
}

void os_write_symbolic(ObjectState *os, Expr *off64, unsigned n, Value v) {
    assert(n >= 1 && n <= 16);
    if (expr_is_const(off64)) {
        os_write(os, (uint64_t)off64->u.value, n, v);
        return;
    }
    os_enter_array_mode(os);
    os_note_access(os, n, os->array);
    Expr *base = os_index_of(off64);
    for (unsigned i = 0; i < n; i++) {
        Expr *k = os_index32(i);
        Expr *idx = i ? expr_add(base, k) : expr_ref(base);
        Expr *b = os_value_byte(v, n, i);
        os_array_append(os, idx, b);
        os_append(&os->sym_writes, idx, b);
        expr_unref(k);
        expr_unref(idx);
        expr_unref(b);
    }
    expr_unref(base);
}
