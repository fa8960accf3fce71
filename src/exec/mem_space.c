/* mem_space: per-state address spaces, a vector of ObjectState pointers
 * indexed by object id. Forking shares every ObjectState (one reference per
 * space); as_writable copies an object the first time a sharer writes it. */
#include "mem.h"
#include "../util/util.h"
#include <stdlib.h>
#include <string.h>

void as_init(AddressSpace *as) {
    as->objs = NULL;
    as->cap = 0;
}

void as_free(AddressSpace *as) {
    for (uint32_t i = 0; i < as->cap; i++) os_unref(as->objs[i]);
    free(as->objs);
    as_init(as);
}

/* dst is treated as uninitialised (a fresh state's space): it is overwritten. */
void as_copy(AddressSpace *dst, const AddressSpace *src) {
    dst->cap = src->cap;
    dst->objs = src->cap ? util_malloc(src->cap * sizeof *dst->objs) : NULL;
    for (uint32_t i = 0; i < src->cap; i++)
        dst->objs[i] = src->objs[i] ? os_ref(src->objs[i]) : NULL;
}

static void as_grow(AddressSpace *as, uint32_t id) {
    if (id < as->cap) return;
    uint64_t nc = as->cap ? (uint64_t)as->cap * 2 : 16;
    while (nc <= id) nc *= 2;
    if (nc > UINT32_MAX) nc = UINT32_MAX;
    as->objs = util_realloc(as->objs, nc * sizeof *as->objs);
    memset(as->objs + as->cap, 0, (nc - as->cap) * sizeof *as->objs);
    as->cap = (uint32_t)nc;
}

void as_bind(AddressSpace *as, const MemObject *mo, ObjectState *os) {
    as_grow(as, mo->id);
    os_unref(as->objs[mo->id]);
    as->objs[mo->id] = os;
}

void as_unbind(AddressSpace *as, const MemObject *mo) {
    if (mo->id >= as->cap) return;
    os_unref(as->objs[mo->id]);
    as->objs[mo->id] = NULL;
}

const ObjectState *as_lookup(const AddressSpace *as, const MemObject *mo) {
    return mo->id < as->cap ? as->objs[mo->id] : NULL;
}

ObjectState *as_writable(AddressSpace *as, const MemObject *mo) {
    if (mo->id >= as->cap) return NULL;
    ObjectState *os = as->objs[mo->id];
    if (!os || os->refs == 1) return os;
    ObjectState *c = os_clone(os);
    os_unref(os);
    as->objs[mo->id] = c;
    return c;
}
