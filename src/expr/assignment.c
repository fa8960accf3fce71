/* Assignments: array -> bytes, as a persistent trie keyed by the array's id.
 *
 * A state's model is copied at every branch the solver decides, and each
 * copy is then changed in a few arrays (the bytes of the query's independent
 * group). With thousands of inputs a whole copy per query made such a path
 * quadratic. Here a copy shares the trie (O(1)); a change copies only the
 * nodes on its array's path (O(log32 id)) and the array's own bytes.
 *
 * Ids are dense from 0 (creation order), so the key needs no hashing: each
 * level takes 5 bits of the id, from the root's level down to bits 0-4. A
 * node keeps a bitmap of its children and only the children present, so a
 * sparse model (a few arrays made late in a long run) costs a few small
 * nodes, not 32 slots per level. Nodes and leaves count their references;
 * one held once is changed in place, one that is shared is copied first. */
#include <stdlib.h>
#include <string.h>

#include "expr/expr_internal.h"
#include "util/util.h"

enum { ASG_BITS = 5, ASG_FAN = 1 << ASG_BITS };

/* The first member of nodes and leaves alike. */
typedef struct AsgRefs { uint32_t refs; } AsgRefs;

typedef struct AsgNode {
    AsgRefs h;
    uint32_t map;  /* bit b: child b is present */
    void *kids[];  /* the present children in bit order: nodes, or leaves at level 0 */
} AsgNode;

typedef struct AsgLeaf {
    AsgRefs h;
    Array *arr;
    uint8_t bytes[];
} AsgLeaf;

static uint64_t probes;

uint64_t assignment_probes(void) { return probes; }

void assignment_init(Assignment *a) { memset(a, 0, sizeof *a); }

static unsigned asg_pos(uint32_t map, unsigned bit) { return (unsigned)__builtin_popcount(map & ((1u << bit) - 1)); }

static void asg_release(void *p, uint32_t shift) {
    if (!p || --((AsgRefs *)p)->refs > 0) return;
    if (shift != UINT32_MAX) {
        AsgNode *nd = p;
        unsigned n = (unsigned)__builtin_popcount(nd->map);
        for (unsigned k = 0; k < n; k++) asg_release(nd->kids[k], shift ? shift - ASG_BITS : UINT32_MAX);
    }
    free(p);
}

void assignment_clear(Assignment *a) {
    asg_release(a->root, a->shift);
    a->root = NULL;
    a->shift = 0;
    a->n = 0;
    a->total_bytes = 0;
    a->largest = 0;
}

void assignment_free(Assignment *a) { assignment_clear(a); }

void assignment_copy(Assignment *dst, const Assignment *src) {
    if (dst == src) return;
    if (src->root) ((AsgRefs *)src->root)->refs++; /* before the release: dst may share src's root */
    assignment_clear(dst);
    *dst = *src;
}

/* The largest id the trie of this height holds, plus one. */
static uint64_t asg_span(uint32_t shift) { return (uint64_t)ASG_FAN << shift; }

const uint8_t *assignment_get(const Assignment *a, const Array *arr) {
    const AsgNode *nd = a->root;
    if (!nd || arr->id >= asg_span(a->shift)) return NULL;
    for (uint32_t shift = a->shift;; shift -= ASG_BITS) {
        probes++;
        unsigned bit = (arr->id >> shift) & (ASG_FAN - 1);
        if (!(nd->map & (1u << bit))) return NULL;
        void *kid = nd->kids[asg_pos(nd->map, bit)];
        if (shift == 0) return ((AsgLeaf *)kid)->bytes;
        nd = kid;
    }
}

/* *slot held once: a shared node is replaced by a copy of it. */
static AsgNode *asg_own_node(void **slot) {
    AsgNode *nd = *slot;
    if (nd->h.refs == 1) return nd;
    unsigned n = (unsigned)__builtin_popcount(nd->map);
    AsgNode *c = util_malloc(sizeof *c + n * sizeof c->kids[0]);
    c->h.refs = 1;
    c->map = nd->map;
    for (unsigned k = 0; k < n; k++) {
        c->kids[k] = nd->kids[k];
        ((AsgRefs *)c->kids[k])->refs++;
    }
    nd->h.refs--;
    return *slot = c;
}

static AsgNode *asg_new_node(void) {
    AsgNode *nd = util_malloc(sizeof *nd);
    nd->h.refs = 1;
    nd->map = 0;
    return nd;
}

static AsgLeaf *asg_new_leaf(Array *arr, const uint8_t *bytes) {
    AsgLeaf *l = util_malloc(sizeof *l + (arr->size ? arr->size : 1));
    l->h.refs = 1;
    l->arr = arr;
    memcpy(l->bytes, bytes, arr->size);
    return l;
}

/* Grows the trie until it has room for `id`. */
static void asg_grow(Assignment *a, uint32_t id) {
    while (id >= asg_span(a->shift)) {
        if (a->root) {
            AsgNode *top = util_malloc(sizeof *top + sizeof top->kids[0]);
            top->h.refs = 1;
            top->map = 1;
            top->kids[0] = a->root;
            a->root = top;
        }
        a->shift += ASG_BITS;
    }
}

/* The slot of arr's leaf, every node on its path held once; with `make`, a
 * missing path is made (the slot then holds NULL), else NULL is returned. */
static void **asg_slot(Assignment *a, const Array *arr, bool make) {
    if (make) asg_grow(a, arr->id);
    else if (!a->root || arr->id >= asg_span(a->shift)) return NULL;
    if (!a->root) a->root = asg_new_node();
    void **slot = &a->root;
    for (uint32_t shift = a->shift;; shift -= ASG_BITS) {
        AsgNode *nd = asg_own_node(slot);
        unsigned bit = (arr->id >> shift) & (ASG_FAN - 1), pos = asg_pos(nd->map, bit);
        if (!(nd->map & (1u << bit))) {
            if (!make) return NULL;
            unsigned n = (unsigned)__builtin_popcount(nd->map);
            nd = util_realloc(nd, sizeof *nd + (n + 1) * sizeof nd->kids[0]);
            memmove(&nd->kids[pos + 1], &nd->kids[pos], (n - pos) * sizeof nd->kids[0]);
            nd->map |= 1u << bit;
            nd->kids[pos] = shift ? asg_new_node() : NULL;
            *slot = nd;
        }
        if (shift == 0) return &nd->kids[pos];
        slot = &nd->kids[pos];
    }
}

void assignment_set(Assignment *a, Array *arr, const uint8_t *bytes) {
    void **slot = asg_slot(a, arr, true);
    AsgLeaf *l = *slot;
    if (l && l->h.refs == 1) {
        memmove(l->bytes, bytes, arr->size); /* bytes may be l's own */
        return;
    }
    *slot = asg_new_leaf(arr, bytes);
    if (l) {
        l->h.refs--; /* shared, so it lives on elsewhere */
        return;
    }
    a->n++;
    a->total_bytes += arr->size;
    if (arr->size > a->largest) a->largest = arr->size;
}

uint8_t *assignment_bytes_mut(Assignment *a, const Array *arr) {
    void **slot = asg_slot(a, arr, false);
    if (!slot) return NULL;
    AsgLeaf *l = *slot;
    if (l->h.refs > 1) {
        l->h.refs--; /* shared, so it lives on elsewhere */
        *slot = l = asg_new_leaf(l->arr, l->bytes);
    }
    return l->bytes;
}

static void asg_each(const AsgNode *nd, uint32_t shift, void (*fn)(Array *, const uint8_t *, void *), void *ctx) {
    unsigned n = (unsigned)__builtin_popcount(nd->map);
    for (unsigned k = 0; k < n; k++) {
        if (shift == 0) {
            const AsgLeaf *l = nd->kids[k];
            fn(l->arr, l->bytes, ctx);
        } else {
            asg_each(nd->kids[k], shift - ASG_BITS, fn, ctx);
        }
    }
}

void assignment_each(const Assignment *a, void (*fn)(Array *arr, const uint8_t *bytes, void *ctx), void *ctx) {
    if (a->root) asg_each(a->root, a->shift, fn, ctx);
}

static void asg_merge_one(Array *arr, const uint8_t *bytes, void *ctx) { assignment_set(ctx, arr, bytes); }

void assignment_merge(Assignment *dst, const Assignment *src) {
    if (dst == src) return;
    if (!dst->root) {
        assignment_copy(dst, src);
        return;
    }
    assignment_each(src, asg_merge_one, dst);
}
