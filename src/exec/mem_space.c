/* mem_space: per-state address spaces, a persistent radix trie from object
 * id to ObjectState.
 *
 * Why a trie and not a vector indexed by id: a fork used to copy the whole
 * vector, whose length is the highest object id the state ever touched. Ids
 * grow with every object any state allocates, so under --posix (musl's
 * globals, every path's buffers) each state's vector held ~15,000 entries:
 * 118 KB per state, 90% of all memory, and forks cost as much. Here a fork
 * shares the root (O(1)); the first write through a shared path copies the
 * nodes on it (depth <= 4 for 16 M ids, 64 slots each), so states pay only
 * for the parts of memory they change.
 *
 * Ownership: each node holds one reference on each child node (inner levels)
 * or ObjectState (leaf level); a space holds one reference on its root. An
 * ObjectState whose refcount is 1 can still be seen by several states when
 * the leaf holding it is shared: as_writable first makes the path to it the
 * state's own (which adds a reference to every ObjectState of a copied leaf),
 * then copies the ObjectState itself if it is still shared. */
#include "mem.h"
#include "../util/util.h"
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#define AS_BITS 6
#define AS_FAN (1u << AS_BITS)

struct AsNode {
    uint32_t refs;
    void *slot[AS_FAN]; /* AsNode * above the leaf level, ObjectState * at it */
};

static unsigned as_index(uint32_t id, uint32_t level) {
    return (id >> (AS_BITS * (level - 1))) & (AS_FAN - 1);
}

static void as_node_unref(AsNode *n, uint32_t level) {
    if (!n || --n->refs) return;
    for (unsigned i = 0; i < AS_FAN; i++) {
        if (!n->slot[i]) continue;
        if (level > 1) as_node_unref(n->slot[i], level - 1);
        else os_unref(n->slot[i]);
    }
    free(n);
}

/* The node *at points to, made this space's own: created when missing,
 * copied when shared (the copy takes a reference on every child). */
static AsNode *as_node_own(AsNode **at, uint32_t level) {
    AsNode *n = *at;
    if (!n) {
        n = util_calloc(1, sizeof *n);
        n->refs = 1;
        return *at = n;
    }
    if (n->refs == 1) return n;
    AsNode *c = util_malloc(sizeof *c);
    c->refs = 1;
    memcpy(c->slot, n->slot, sizeof c->slot);
    for (unsigned i = 0; i < AS_FAN; i++) {
        if (!c->slot[i]) continue;
        if (level > 1) ((AsNode *)c->slot[i])->refs++;
        else os_ref(c->slot[i]);
    }
    n->refs--; /* still >= 1: another space holds it */
    return *at = c;
}

uint32_t as_epoch = 1;

/* Forgets the hot entry: what the space maps is about to change. */
static void as_cool(AddressSpace *as) {
    as->hot_mo = NULL;
    as->hot_os = NULL;
    as->hot_epoch = 0;
}

void as_init(AddressSpace *as) {
    as->root = NULL;
    as->depth = 0;
    as_cool(as);
}

void as_free(AddressSpace *as) {
    as_node_unref(as->root, as->depth);
    as_init(as);
}

/* dst is treated as uninitialised (a fresh state's space): it is overwritten. */
void as_copy(AddressSpace *dst, const AddressSpace *src) {
    dst->root = src->root;
    dst->depth = src->depth;
    as_cool(dst);
    if (dst->root) dst->root->refs++;
    /* src's own contents are shared from now on: no hot entry is writable
     * in place (wraps after 2^32 forks to 0, which no entry is made in) */
    if (++as_epoch == 0) as_epoch = 1;
}

static bool as_fits(const AddressSpace *as, uint32_t id) {
    return as->depth >= 6 || (as->depth > 0 && (uint64_t)id < (1ull << (AS_BITS * as->depth)));
}

/* Adds levels above the root until id fits; the old root becomes slot 0. */
static void as_grow(AddressSpace *as, uint32_t id) {
    while (!as_fits(as, id)) {
        if (as->root) {
            AsNode *r = util_calloc(1, sizeof *r);
            r->refs = 1;
            r->slot[0] = as->root;
            as->root = r;
        }
        as->depth++;
    }
}

/* The slot of id's ObjectState in a leaf this space owns (the path made its
 * own), or NULL when create is false and the path does not exist. */
static void **as_own_slot(AddressSpace *as, uint32_t id, bool create) {
    AsNode **at = &as->root;
    for (uint32_t level = as->depth; level >= 1; level--) {
        if (!*at && !create) return NULL;
        AsNode *n = as_node_own(at, level);
        if (level == 1) return &n->slot[as_index(id, 1)];
        at = (AsNode **)&n->slot[as_index(id, level)];
    }
    return NULL;
}

void as_bind(AddressSpace *as, MemObject *mo, ObjectState *os) {
    assert(!os->owner || os->owner == mo);
    if (!os->owner) { /* before the old contents go: they may hold mo's last reference */
        os->owner = mo;
        mem_object_ref(mo);
    }
    as_cool(as);
    as_grow(as, mo->id);
    void **slot = as_own_slot(as, mo->id, true);
    os_unref(*slot);
    *slot = os;
}

void as_unbind(AddressSpace *as, const MemObject *mo) {
    as_cool(as);
    void **slot = as_fits(as, mo->id) ? as_own_slot(as, mo->id, false) : NULL;
    if (!slot || !*slot) return;
    os_unref(*slot);
    *slot = NULL;
}

const ObjectState *as_lookup(const AddressSpace *as, const MemObject *mo) {
    uint32_t id = mo->id;
    if (!as_fits(as, id)) return NULL;
    const AsNode *n = as->root;
    for (uint32_t level = as->depth; n && level > 1; level--) n = n->slot[as_index(id, level)];
    return n ? n->slot[as_index(id, 1)] : NULL;
}

const ObjectState *as_lookup_fill(AddressSpace *as, const MemObject *mo) {
    const ObjectState *os = as_lookup(as, mo);
    if (!os) return NULL;
    as->hot_mo = mo;
    as->hot_os = (ObjectState *)os; /* the space's own pointer: as_writable_hot checks the epoch */
    as->hot_epoch = 0;
    return os;
}

/* One walk: making the path this space's own is harmless when the object
 * turns out not to be live (the copied nodes hold the same contents). */
ObjectState *as_writable(AddressSpace *as, const MemObject *mo) {
    ObjectState **slot = as_fits(as, mo->id) ? (ObjectState **)as_own_slot(as, mo->id, false) : NULL;
    if (!slot || !*slot) return NULL;
    ObjectState *os = *slot;
    if (os->refs != 1) {
        ObjectState *c = os_clone(os);
        os_unref(os);
        os = *slot = c;
    }
    as->hot_mo = mo;
    as->hot_os = os;
    as->hot_epoch = as_epoch;
    return os;
}

static size_t as_node_private(const AsNode *n, uint32_t level) {
    if (!n || n->refs != 1) return 0;
    size_t total = sizeof *n;
    for (unsigned i = 0; level > 1 && i < AS_FAN; i++) total += as_node_private(n->slot[i], level - 1);
    return total;
}

size_t as_private_bytes(const AddressSpace *as) {
    if (!as->root || as->root->refs != 1) return 0;
    return as_node_private(as->root, as->depth);
}
