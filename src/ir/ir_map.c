/* A flat pointer-keyed hash map used while lowering (value -> register,
 * global -> address, ...). Keys are never 0, so 0 marks an empty slot. */
#include "ir/ir_internal.h"
#include <stdlib.h>

static size_t irmap_slot(uint64_t key, size_t cap) {
    return (size_t)util_hash_mix(0, key) & (cap - 1);
}

static void irmap_grow(IrMap *m) {
    size_t ncap = m->cap ? m->cap * 2 : 64;
    uint64_t *ok = m->keys, *ov = m->vals;
    size_t ocap = m->cap;
    m->keys = util_calloc(ncap, sizeof *m->keys);
    m->vals = util_calloc(ncap, sizeof *m->vals);
    m->cap = ncap;
    m->len = 0;
    for (size_t i = 0; i < ocap; i++)
        if (ok[i]) irmap_put(m, ok[i], ov[i]);
    free(ok);
    free(ov);
}

void irmap_put(IrMap *m, uint64_t key, uint64_t val) {
    if ((m->len + 1) * 2 > m->cap) irmap_grow(m);
    size_t i = irmap_slot(key, m->cap);
    while (m->keys[i] && m->keys[i] != key) i = (i + 1) & (m->cap - 1);
    if (!m->keys[i]) m->len++;
    m->keys[i] = key;
    m->vals[i] = val;
}

bool irmap_get(const IrMap *m, uint64_t key, uint64_t *val) {
    if (!m->cap) return false;
    size_t i = irmap_slot(key, m->cap);
    while (m->keys[i]) {
        if (m->keys[i] == key) {
            if (val) *val = m->vals[i];
            return true;
        }
        i = (i + 1) & (m->cap - 1);
    }
    return false;
}

void irmap_free(IrMap *m) {
    free(m->keys);
    free(m->vals);
    m->keys = m->vals = NULL;
    m->cap = m->len = 0;
}
