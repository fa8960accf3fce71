#include <stdlib.h>
#include <string.h>

#include "ptrmap.h"
#include "util.h"

static size_t ptr_home(const PtrMap *m, const void *key) {
    return util_hash_mix(0x2545f4914f6cdd1dull, (uint64_t)(uintptr_t)key) & (m->cap - 1);
}

static size_t ptr_slot(const PtrMap *m, const void *key) {
    size_t i = ptr_home(m, key);
    while (m->keys[i] && m->keys[i] != key) i = (i + 1) & (m->cap - 1);
    return i;
}

void ptrmap_init(PtrMap *m) {
    m->cap = 64;
    m->len = 0;
    m->keys = util_calloc(m->cap, sizeof *m->keys);
    m->vals = util_malloc(m->cap * sizeof *m->vals);
}

void ptrmap_free(PtrMap *m) {
    free(m->keys);
    free(m->vals);
    m->keys = NULL;
    m->vals = NULL;
    m->cap = m->len = 0;
}

void ptrmap_clear(PtrMap *m) {
    memset(m->keys, 0, m->cap * sizeof *m->keys);
    m->len = 0;
}

void ptrmap_copy(PtrMap *dst, const PtrMap *src) {
    dst->cap = src->cap;
    dst->len = src->len;
    dst->keys = util_malloc(src->cap * sizeof *dst->keys);
    dst->vals = util_malloc(src->cap * sizeof *dst->vals);
    memcpy(dst->keys, src->keys, src->cap * sizeof *dst->keys);
    memcpy(dst->vals, src->vals, src->cap * sizeof *dst->vals);
}

u128 *ptrmap_get(const PtrMap *m, const void *key) {
    size_t i = ptr_slot(m, key);
    return m->keys[i] ? &m->vals[i] : NULL;
}

static void ptrmap_grow(PtrMap *m) {
    PtrMap old = *m;
    m->cap *= 2;
    m->len = 0;
    m->keys = util_calloc(m->cap, sizeof *m->keys);
    m->vals = util_malloc(m->cap * sizeof *m->vals);
    for (size_t i = 0; i < old.cap; i++)
        if (old.keys[i]) ptrmap_put(m, old.keys[i], old.vals[i]);
    ptrmap_free(&old);
}

void ptrmap_put(PtrMap *m, const void *key, u128 val) {
    if ((m->len + 1) * 2 > m->cap) ptrmap_grow(m);
    size_t i = ptr_slot(m, key);
    if (!m->keys[i]) {
        m->keys[i] = key;
        m->len++;
    }
    m->vals[i] = val;
}

bool ptrmap_del(PtrMap *m, const void *key) {
    size_t mask = m->cap - 1, hole = ptr_slot(m, key);
    if (!m->keys[hole]) return false;
    /* every entry after the hole up to the next empty slot probed past it;
     * one whose home is not cyclically within (hole, j] moves into it */
    for (size_t j = (hole + 1) & mask; m->keys[j]; j = (j + 1) & mask) {
        size_t home = ptr_home(m, m->keys[j]);
        bool passed = hole <= j ? (home <= hole || home > j) : (home <= hole && home > j);
        if (!passed) continue;
        m->keys[hole] = m->keys[j];
        m->vals[hole] = m->vals[j];
        hole = j;
    }
    m->keys[hole] = NULL;
    m->len--;
    return true;
}
