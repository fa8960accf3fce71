/* ptrmap: an open-addressing map from a pointer to a u128 (the values are
 * whatever a walk needs: a node's value, an id, a position). Linear probing;
 * a deletion shifts the entries after it back, so no tombstones build up in
 * a map that lives as long as a searcher. */
#ifndef SYMPLEX_PTRMAP_H
#define SYMPLEX_PTRMAP_H
#include <stdbool.h>
#include <stddef.h>

typedef unsigned __int128 u128;

typedef struct PtrMap {
    const void **keys;
    u128 *vals;
    size_t cap, len;
} PtrMap;
void ptrmap_init(PtrMap *m);
void ptrmap_free(PtrMap *m);
/* Returns the slot value pointer, or NULL if absent. */
u128 *ptrmap_get(const PtrMap *m, const void *key);
/* Inserts or overwrites. */
void ptrmap_put(PtrMap *m, const void *key, u128 val);
/* Empties the map, keeping its capacity. */
void ptrmap_clear(PtrMap *m);
/* Makes dst (uninitialized or freed) a copy of src: its table copied whole,
 * not rebuilt key by key. */
void ptrmap_copy(PtrMap *dst, const PtrMap *src);
/* Removes key; false if it was absent. */
bool ptrmap_del(PtrMap *m, const void *key);

#endif
