/* Expression lifetime: the hash-cons tables (expressions and update lists),
 * reference counting with iterative release, arrays, and array collection. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "expr/expr_internal.h"
#include "util/util.h"

/* An open-addressing hash table (linear probing) holding each node's hash
 * beside its pointer: a probe compares hashes in the table's own cache lines
 * and touches a node only on a hash match, and growing or deleting touches
 * no node at all. With millions of nodes (a loop making 10^6 inputs) each
 * node visited was a cache miss: chained buckets cost two or more per lookup. */
typedef struct Slot {
    uint64_t hash;
    void *node; /* NULL: empty */
} Slot;

typedef struct Table {
    Slot *slots;
    size_t cap, count; /* cap a power of two, or 0 */
} Table;

static Table expr_table, update_table;
static VEC(Array *) arrays;
static Array **array_names; /* open addressing by name hash: uniqueness checks in O(1) */
static size_t array_names_cap;
/* Pending releases; a tagged pointer (low bit 1 = UpdateNode). Releasing a long
 * chain iteratively keeps the C stack flat. */
static VEC(uintptr_t) release_work;

/* ---- hashing and equality ---- */

static uint64_t key_hash(ExprKind k, unsigned width, Expr *const *kids, unsigned nkids, u128 value,
                         uint32_t off, Array *arr, UpdateNode *upd) {
    /* Hash from the kids' hashes (not their addresses) so hashes are the same
     * from run to run: anything ordered by hash stays reproducible. */
    uint64_t h = util_hash_mix((uint64_t)k * 131 + 7, width);
    for (unsigned i = 0; i < nkids; i++) h = util_hash_mix(h, kids[i]->hash);
    h = util_hash_mix(h, (uint64_t)value);
    h = util_hash_mix(h, (uint64_t)(value >> 64));
    h = util_hash_mix(h, off);
    if (arr) h = util_hash_mix(h, arr->id + 1);
    if (upd) h = util_hash_mix(h, upd->hash);
    return h;
}

static bool key_equal(const Expr *e, ExprKind k, unsigned width, Expr *const *kids, unsigned nkids,
                      u128 value, uint32_t off, Array *arr, UpdateNode *upd) {
    if (e->kind != k || e->width != width || e->nkids != nkids) return false;
    for (unsigned i = 0; i < nkids; i++)
        if (e->kids[i] != kids[i]) return false;
    switch (k) {
    case EXPR_CONST: return e->u.value == value;
    case EXPR_READ: return e->u.read.array == arr && e->u.read.updates == upd;
    default: return e->u.off == off; /* extract offset, FP rounding mode; 0 elsewhere */
    }
}

static void table_grow(Table *t) {
    size_t n = t->cap ? t->cap * 2 : 1024;
    Slot *b = util_calloc(n, sizeof *b);
    for (size_t i = 0; i < t->cap; i++) {
        if (!t->slots[i].node) continue;
        size_t j = t->slots[i].hash & (n - 1);
        while (b[j].node) j = (j + 1) & (n - 1);
        b[j] = t->slots[i];
    }
    free(t->slots);
    t->slots = b;
    t->cap = n;
}

/* Room for one more node, at most 70% full so probe runs stay short. */
static void table_reserve(Table *t) {
    if ((t->count + 1) * 10 > t->cap * 7) table_grow(t);
}

static void table_insert_at(Table *t, size_t i, uint64_t h, void *node) {
    t->slots[i] = (Slot){h, node};
    t->count++;
}

/* Removes node (present): later entries of its run move back into the hole
 * unless their home lies in it after the hole (backward-shift deletion, no
 * tombstones). */
static void table_remove(Table *t, const void *node, uint64_t h) {
    size_t mask = t->cap - 1, i = h & mask;
    while (t->slots[i].node != node) i = (i + 1) & mask;
    for (size_t j = (i + 1) & mask; t->slots[j].node; j = (j + 1) & mask) {
        size_t home = t->slots[j].hash & mask;
        if (((j - home) & mask) >= ((j - i) & mask)) {
            t->slots[i] = t->slots[j];
            i = j;
        }
    }
    t->slots[i].node = NULL;
    t->count--;
}

/* ---- expressions ---- */

Expr *expr_make(ExprKind k, unsigned width, Expr *const *kids, unsigned nkids, u128 value,
                uint32_t off, Array *arr, UpdateNode *upd) {
    assert(width >= 1 && width <= 128 && nkids <= 3);
    table_reserve(&expr_table);
    uint64_t h = key_hash(k, width, kids, nkids, value, off, arr, upd);
    size_t mask = expr_table.cap - 1, slot = h & mask;
    for (Slot *sl; (sl = &expr_table.slots[slot])->node; slot = (slot + 1) & mask)
        if (sl->hash == h && key_equal(sl->node, k, width, kids, nkids, value, off, arr, upd))
            return expr_ref(sl->node);
    Expr *e = util_calloc(1, sizeof *e);
    e->kind = (uint8_t)k;
    e->nkids = (uint8_t)nkids;
    e->width = (uint16_t)width;
    e->refs = 1;
    e->hash = h;
    for (unsigned i = 0; i < nkids; i++) e->kids[i] = expr_ref(kids[i]);
    if (k == EXPR_CONST) e->u.value = value;
    else if (k == EXPR_READ) {
        e->u.read.array = arr;
        e->u.read.updates = upd ? expr_update_ref(upd) : NULL;
    } else {
        e->u.off = off;
    }
    table_insert_at(&expr_table, slot, h, e);
    return e;
}

Expr *expr_ref(Expr *e) {
    if (e) e->refs++;
    return e;
}

static void release_expr(Expr *e) {
    if (e && --e->refs == 0) VEC_PUSH(release_work, (uintptr_t)e);
}

static void release_update(UpdateNode *u) {
    if (u && --u->refs == 0) VEC_PUSH(release_work, (uintptr_t)u | 1);
}

static void destroy_expr(Expr *e) {
    table_remove(&expr_table, e, e->hash);
    for (unsigned i = 0; i < e->nkids; i++) release_expr(e->kids[i]);
    if (e->kind == EXPR_READ) release_update(e->u.read.updates);
    free(e);
}

static void destroy_update(UpdateNode *u) {
    table_remove(&update_table, u, u->hash);
    release_update(u->next);
    release_expr(u->index);
    release_expr(u->value);
    free(u);
}

static void release_drain(void) {
    while (release_work.len) {
        uintptr_t w = VEC_POP(release_work);
        if (w & 1) destroy_update((UpdateNode *)(w & ~(uintptr_t)1));
        else destroy_expr((Expr *)w);
    }
}

void expr_release_ref(Expr *e) {
    assert(e->refs > 0);
    release_expr(e);
    release_drain();
}

size_t expr_live_count(void) { return expr_table.count; }

/* ---- update lists ---- */

UpdateNode *expr_update(UpdateNode *next, Expr *index, Expr *value) {
    assert(index->width == 32 && value->width == 8);
    table_reserve(&update_table);
    uint64_t h = util_hash_mix(util_hash_mix(next ? next->hash : 0x5bd1e995, index->hash), value->hash);
    size_t mask = update_table.cap - 1, slot = h & mask;
    for (Slot *sl; (sl = &update_table.slots[slot])->node; slot = (slot + 1) & mask) {
        UpdateNode *u = sl->node;
        if (sl->hash == h && u->next == next && u->index == index && u->value == value) return expr_update_ref(u);
    }
    UpdateNode *u = util_calloc(1, sizeof *u);
    u->next = expr_update_ref(next);
    u->index = expr_ref(index);
    u->value = expr_ref(value);
    u->refs = 1;
    u->len = next ? next->len + 1 : 1;
    u->hash = h;
    table_insert_at(&update_table, slot, h, u);
    return u;
}

UpdateNode *expr_update_ref(UpdateNode *u) {
    if (u) u->refs++;
    return u;
}

void expr_update_unref(UpdateNode *u) {
    if (!u) return;
    assert(u->refs > 0);
    release_update(u);
    release_drain();
}

/* ---- arrays ---- */

static uint64_t name_probes;

uint64_t expr_array_name_probes(void) { return name_probes; }

static Array **name_slot(const char *name) {
    size_t i = util_hash_bytes(name, strlen(name)) & (array_names_cap - 1);
    name_probes++;
    while (array_names[i] && strcmp(array_names[i]->name, name) != 0) {
        i = (i + 1) & (array_names_cap - 1);
        name_probes++;
    }
    return &array_names[i];
}

static void names_grow(void) {
    Array **old = array_names;
    size_t oldcap = array_names_cap;
    array_names_cap = oldcap ? oldcap * 2 : 64;
    array_names = util_calloc(array_names_cap, sizeof *array_names);
    for (size_t i = 0; i < oldcap; i++)
        if (old[i]) *name_slot(old[i]->name) = old[i];
    free(old);
}

Array *expr_array_new(const char *name, uint32_t size, const uint8_t *init) {
    if ((arrays.len + 1) * 2 > array_names_cap) names_grow();
    char *unique = util_strdup(name);
    Array *base = *name_slot(name);
    if (base) {
        /* KLEE's naming: the first free name_N with N >= 1. Names are never
         * freed, so the suffixes below the base's last pick stay taken. */
        do {
            free(unique);
            unique = util_format("%s_%u", name, ++base->suffixes);
        } while (*name_slot(unique));
    }
    Array *a = util_calloc(1, sizeof *a);
    a->name = unique;
    a->size = size;
    a->id = (uint32_t)arrays.len;
    if (init) {
        a->init = util_malloc(size ? size : 1);
        memcpy(a->init, init, size);
    }
    *name_slot(unique) = a;
    VEC_PUSH(arrays, a);
    return a;
}

size_t expr_array_count(void) { return arrays.len; }

Array *expr_array_at(size_t i) {
    assert(i < arrays.len);
    return arrays.data[i];
}

void expr_shutdown(void) {
    if (expr_table.count || update_table.count)
        util_warn("expr_shutdown: %zu expressions and %zu update nodes still alive", expr_table.count,
                  update_table.count);
    for (size_t i = 0; i < arrays.len; i++) {
        free(arrays.data[i]->name);
        free(arrays.data[i]->init);
        free(arrays.data[i]);
    }
    VEC_FREE(arrays);
    free(array_names);
    array_names = NULL;
    array_names_cap = 0;
    VEC_FREE(release_work);
    /* Live nodes (a caller bug, warned above) would dangle in a freed table;
     * keep the tables in that case rather than corrupt memory. */
    if (!expr_table.count) {
        free(expr_table.slots);
        expr_table = (Table){0};
    }
    if (!update_table.count) {
        free(update_table.slots);
        update_table = (Table){0};
    }
}

/* ---- array collection ---- */

void expr_each_read(Expr *e, void (*visit)(Expr *read, void *ctx), void *ctx) {
    PtrMap seen;
    ptrmap_init(&seen);
    VEC(const void *) stack = {0};
    VEC_PUSH(stack, e);
    /* Update nodes go on the same stack tagged in the low bit: their indices
     * and values can read other arrays. */
    while (stack.len) {
        uintptr_t p = (uintptr_t)VEC_POP(stack);
        if (ptrmap_get(&seen, (void *)p)) continue;
        ptrmap_put(&seen, (void *)p, 1);
        if (p & 1) {
            UpdateNode *u = (UpdateNode *)(p & ~(uintptr_t)1);
            VEC_PUSH(stack, u->index);
            VEC_PUSH(stack, u->value);
            if (u->next) VEC_PUSH(stack, (void *)((uintptr_t)u->next | 1));
            continue;
        }
        Expr *x = (Expr *)p;
        for (unsigned i = 0; i < x->nkids; i++) VEC_PUSH(stack, x->kids[i]);
        if (x->kind != EXPR_READ) continue;
        visit(x, ctx);
        if (x->u.read.updates) VEC_PUSH(stack, (void *)((uintptr_t)x->u.read.updates | 1));
    }
    VEC_FREE(stack);
    ptrmap_free(&seen);
}

typedef struct ArrayCollect { ArraySet *out; PtrMap have; } ArrayCollect;

static void expr_collect_array_of(Expr *read, void *ctx) {
    ArrayCollect *c = ctx;
    Array *a = read->u.read.array;
    if (ptrmap_get(&c->have, a)) return;
    ptrmap_put(&c->have, a, 1);
    VEC_PUSH(*c->out, a);
}

void expr_collect_arrays_all(Expr *const *es, size_t n, Expr *goal, ArraySet *out) {
    ArrayCollect c = {out, {0}};
    ptrmap_init(&c.have);
    for (size_t i = 0; i < out->len; i++) ptrmap_put(&c.have, out->data[i], 1);
    for (size_t i = 0; i < n; i++) expr_each_read(es[i], expr_collect_array_of, &c);
    if (goal) expr_each_read(goal, expr_collect_array_of, &c);
    ptrmap_free(&c.have);
}

void expr_collect_arrays(Expr *e, ArraySet *out) { expr_collect_arrays_all(NULL, 0, e, out); }

void expr_array_set_free(ArraySet *s) { VEC_FREE(*s); }
