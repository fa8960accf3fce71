/* mem_contents: ObjectState lifetime and reads/writes at concrete offsets.
 *
 * The concrete path (every touched byte concrete, value concrete) is the
 * interpreter's hot path: it never allocates and costs O(bytes touched).
 * Symbolic bytes live in a lazily allocated per-byte Expr array; `nsym` counts
 * them so a fully concrete object answers os_is_concrete in O(1). */
#include "mem_internal.h"
#include "../util/util.h"
#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* ---- lifetime ---- */

ObjectState *os_new(uint64_t size) {
    ObjectState *os = util_calloc(1, sizeof *os);
    os->refs = 1;
    os->size = size;
    os->bytes = util_calloc(size, 1);
    return os;
}

ObjectState *os_new_bytes(const uint8_t *bytes, uint64_t size) {
    ObjectState *os = os_new(size);
    if (size) memcpy(os->bytes, bytes, size);
    return os;
}

ObjectState *os_ref(ObjectState *os) {
    os->refs++;
    return os;
}

void os_free_sym(ObjectState *os) {
    if (!os->sym) return;
    for (uint64_t i = 0; os->nsym && i < os->size; i++)
        if (os->sym[i]) {
            expr_unref(os->sym[i]);
            os->nsym--;
        }
    free(os->sym);
    os->sym = NULL;
    os->nsym = 0;
}

void os_unref(ObjectState *os) {
    if (!os || --os->refs) return;
    os_free_sym(os);
    expr_update_unref(os->updates);
    expr_update_unref(os->rd_updates);
    expr_update_unref(os->sym_writes);
    free(os->stamp);
    free(os->bytes);
    free(os);
}

ObjectState *os_clone(const ObjectState *os) {
    ObjectState *c = os_new_bytes(os->bytes, os->size);
    if (os->sym) {
        c->sym = util_calloc(os->size, sizeof *c->sym);
        for (uint64_t i = 0; i < os->size; i++)
            if (os->sym[i]) c->sym[i] = expr_ref(os->sym[i]);
        c->nsym = os->nsym;
    }
    /* Arrays are immutable and update lists persistent: share them. */
    c->array = os->array;
    c->updates = os->updates ? expr_update_ref(os->updates) : NULL;
    c->rd_array = os->rd_array;
    c->rd_updates = os->rd_updates ? expr_update_ref(os->rd_updates) : NULL;
    c->sym_writes = os->sym_writes ? expr_update_ref(os->sym_writes) : NULL;
    if (os->stamp) {
        c->stamp = util_malloc((os->size ? os->size : 1) * sizeof *c->stamp);
        memcpy(c->stamp, os->stamp, os->size * sizeof *c->stamp);
    }
    c->access = os->access;
    return c;
}

/* ---- symbolic byte slots ---- */

/* sym[i] = e, taking ownership of e. */
static void os_set_sym(ObjectState *os, uint64_t i, Expr *e) {
    if (!os->sym) os->sym = util_calloc(os->size, sizeof *os->sym);
    if (os->sym[i]) expr_unref(os->sym[i]);
    else os->nsym++;
    os->sym[i] = e;
}

static void os_clear_sym(ObjectState *os, uint64_t off, uint64_t n) {
    for (uint64_t i = off; i < off + n; i++)
        if (os->sym[i]) {
            expr_unref(os->sym[i]);
            os->sym[i] = NULL;
            os->nsym--;
        }
}

void os_set_byte(ObjectState *os, uint64_t i, Expr *e) {
    if (!expr_is_const(e)) {
        os_set_sym(os, i, e);
        return;
    }
    os->bytes[i] = (uint8_t)e->u.value;
    if (os->sym) os_clear_sym(os, i, 1);
    expr_unref(e);
}

static inline bool os_range_concrete(const ObjectState *os, uint64_t off, uint64_t n) {
    if (os->array) return false;
    if (!os->nsym) return true;
    for (uint64_t i = off; i < off + n; i++)
        if (os->sym[i]) return false;
    return true;
}

bool os_is_concrete(const ObjectState *os, uint64_t off, uint64_t n) {
    return os_range_concrete(os, off, n);
}

/* ---- little-endian byte packing (the target is little-endian) ---- */

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define OS_HOST_LE 1
#else
#define OS_HOST_LE 0
#endif

/* Fixed-size memcpy compiles to a single (unaligned) load on the common sizes. */
static inline u128 os_load_le(const uint8_t *p, unsigned n) {
    if (OS_HOST_LE) {
        switch (n) {
        case 1: return p[0];
        case 2: { uint16_t x; memcpy(&x, p, 2); return x; }
        case 4: { uint32_t x; memcpy(&x, p, 4); return x; }
        case 8: { uint64_t x; memcpy(&x, p, 8); return x; }
        case 16: { u128 x; memcpy(&x, p, 16); return x; }
        default: break;
        }
    }
    u128 v = 0;
    for (unsigned i = n; i-- > 0;) v = v << 8 | p[i];
    return v;
}

static inline void os_store_le(uint8_t *p, unsigned n, u128 v) {
    if (OS_HOST_LE) {
        switch (n) {
        case 1: p[0] = (uint8_t)v; return;
        case 2: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); return; }
        case 4: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); return; }
        case 8: { uint64_t x = (uint64_t)v; memcpy(p, &x, 8); return; }
        case 16: memcpy(p, &v, 16); return;
        default: break;
        }
    }
    for (unsigned i = 0; i < n; i++, v >>= 8) p[i] = (uint8_t)v;
}

/* ---- reads ---- */

Expr *os_read_byte_expr(const ObjectState *os, uint64_t off) {
    assert(off < os->size);
    /* Folding the symbolic writes into the byte's slot changes how the
     * contents are held, not what they are: every state sharing os sees the
     * same bytes, so a const object may cache it. */
    if (os->array) return os_array_byte((ObjectState *)os, off);
    if (os->sym && os->sym[off]) return expr_ref(os->sym[off]);
    return expr_const(os->bytes[off], 8);
}

/* The slow path: a concat of byte expressions, most significant byte first. */
static Expr *os_read_expr(const ObjectState *os, uint64_t off, unsigned n) {
    Expr *acc = os_read_byte_expr(os, off + n - 1);
    for (unsigned i = n - 1; i-- > 0;) {
        Expr *b = os_read_byte_expr(os, off + i);
        Expr *t = expr_concat(acc, b);
        expr_unref(acc);
        expr_unref(b);
        acc = t;
    }
    return acc;
}

/* Out of line so the fast path below needs no stack frame of its own. */
static __attribute__((noinline)) Value os_read_slow(const ObjectState *os, uint64_t off, unsigned n) {
    return value_from_expr(os_read_expr(os, off, n));
}

Value os_read(const ObjectState *os, uint64_t off, unsigned n) {
    assert(n >= 1 && n <= 16 && off + n <= os->size);
    if (__builtin_expect(os_range_concrete(os, off, n), 1))
        return value_concrete(os_load_le(os->bytes + off, n));
    return os_read_slow(os, off, n);
}

/* ---- writes ---- */

Expr *os_value_byte(Value v, unsigned n, unsigned i) {
    assert(i < n);
    if (!v.e) return expr_const((v.c >> (8 * i)) & 0xff, 8);
    /* Bits above the value's width read as zero (a narrower value zero-extends). */
    if (8 * i + 8 > v.e->width) return expr_const(0, 8);
    return expr_extract(v.e, 8 * i, 8);
}

/* Splits a symbolic value into bytes; bytes that fold to constants stay concrete. */
static void os_write_sym_bytes(ObjectState *os, uint64_t off, unsigned n, Value v) {
    for (unsigned i = 0; i < n; i++) os_set_byte(os, off + i, os_value_byte(v, n, i));
}

/* Everything but the plain byte-mode store: kept out of line so the fast
 * path needs no stack frame of its own. */
static __attribute__((noinline)) void os_write_concrete_slow(ObjectState *os, uint64_t off,
                                                             unsigned n, u128 c) {
    if (os->array) {
        os_array_write(os, off, n, value_concrete(c));
        return;
    }
    os_cache_write(os, off, n, value_concrete(c));
    os_store_le(os->bytes + off, n, c);
    if (os->nsym) os_clear_sym(os, off, n);
}

void os_write_concrete(ObjectState *os, uint64_t off, unsigned n, u128 c) {
    assert(n >= 1 && n <= 16 && off + n <= os->size);
    if (__builtin_expect(!os->rd_array && !os->array && !os->nsym, 1)) os_store_le(os->bytes + off, n, c);
    else os_write_concrete_slow(os, off, n, c);
}

void os_write(ObjectState *os, uint64_t off, unsigned n, Value v) {
    if (!v.e) {
        os_write_concrete(os, off, n, v.c);
        return;
    }
    assert(n >= 1 && n <= 16 && off + n <= os->size);
    if (os->array) {
        os_array_write(os, off, n, v);
        return;
    }
    os_cache_write(os, off, n, v);
    os_write_sym_bytes(os, off, n, v);
}

void os_make_symbolic(ObjectState *os, uint64_t off, uint64_t n, Array *arr) {
    assert(off + n <= os->size && n <= arr->size);
    if (os->array) {
        os_array_make_symbolic(os, off, n, arr);
        return;
    }
    if (os->rd_array) os_drop_read_cache(os);
    for (uint64_t i = 0; i < n; i++) {
        Expr *idx = os_index32(i);
        os_set_sym(os, off + i, expr_read(arr, NULL, idx));
        expr_unref(idx);
    }
}
