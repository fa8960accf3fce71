/* Pointer-pair hash map with linear probing, for the solver layers' memos.
 * No deletion: memos live for one query (or are cleared wholesale). */
#include "solver_layer.h"
#include "../util/util.h"
#include <stdlib.h>
#include <string.h>

void solver_map_init(SolverMap *m) { memset(m, 0, sizeof *m); }

void solver_map_free(SolverMap *m) {
    free(m->slots);
    solver_map_init(m);
}

void solver_map_clear(SolverMap *m) {
    if (m->slots) memset(m->slots, 0, m->cap * sizeof *m->slots);
    m->len = 0;
}

static size_t solver_map_hash(const void *k1, const void *k2) {
    return (size_t)util_hash_mix(util_hash_mix(0, (uintptr_t)k1), (uintptr_t)k2);
}

/* Slot holding the key, or the empty slot where it would go. */
static SolverMapSlot *solver_map_find(const SolverMap *m, const void *k1, const void *k2) {
    size_t mask = m->cap - 1;
    for (size_t i = solver_map_hash(k1, k2) & mask;; i = (i + 1) & mask) {
        SolverMapSlot *s = &m->slots[i];
        if (!s->k1 || (s->k1 == k1 && s->k2 == k2)) return s;
    }
}

static void solver_map_grow(SolverMap *m) {
    SolverMap old = *m;
    m->cap = old.cap ? old.cap * 2 : 64;
    m->slots = util_calloc(m->cap, sizeof *m->slots);
    m->len = 0;
    for (size_t i = 0; i < old.cap; i++)
        if (old.slots[i].k1) solver_map_put(m, old.slots[i].k1, old.slots[i].k2, old.slots[i].val);
    free(old.slots);
}

bool solver_map_get(const SolverMap *m, const void *k1, const void *k2, void **val) {
    if (!m->cap) return false;
    SolverMapSlot *s = solver_map_find(m, k1, k2);
    if (!s->k1) return false;
    if (val) *val = s->val;
    return true;
}

void solver_map_put(SolverMap *m, const void *k1, const void *k2, void *val) {
    /* Keep the load under 1/2 so probes stay short. */
    if ((m->len + 1) * 2 > m->cap) solver_map_grow(m);
    SolverMapSlot *s = solver_map_find(m, k1, k2);
    if (!s->k1) {
        s->k1 = k1;
        s->k2 = k2;
        m->len++;
    }
    s->val = val;
}
