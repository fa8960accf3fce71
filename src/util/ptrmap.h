/* ptrmap: an open-addressing map from a pointer to a u128 (the values are
 * whatever a walk needs: a node's value, an id). Linear probing, no deletion:
 * its users insert, look up, and throw the map away. */
#ifndef SYMPLEX_PTRMAP_H
#define SYMPLEX_PTRMAP_H
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

#endif
