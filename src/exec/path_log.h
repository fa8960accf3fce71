/* path_log: the branch decisions one path took, in order (--record-path),
 * for its test's .path file.
 *
 * A persistent log shared between a state and its forks: chunks linked from
 * the newest back to the oldest, each holding a run of decisions. A fork
 * copies the PathLog (one reference more on its newest chunk), nothing else.
 * Whoever appends first to a shared chunk writes in place; a state whose
 * view of its chunk stops short of what another state wrote there starts a
 * small chunk of its own behind it. Chunks double along a lineage that does
 * not fork, up to PATH_LOG_CHUNK_MAX entries, so appending is O(1) amortised
 * and a fork O(1). Decisions beyond PATH_STORED_MAX are only counted and
 * hashed. Kept only when ExecOptions.record_path is on. */
#ifndef SYMPLEX_PATH_LOG_H
#define SYMPLEX_PATH_LOG_H
#include "../util/path_hash.h"
#include <stddef.h>
#include <stdint.h>

#define PATH_LOG_CHUNK_MIN 16u
#define PATH_LOG_CHUNK_MAX 4096u

typedef struct PathLogChunk {
    struct PathLogChunk *prev; /* older decisions (a reference), or NULL */
    uint32_t prev_n;           /* how many of prev's entries come before this chunk */
    uint32_t refs;             /* states and newer chunks pointing here */
    uint32_t used;             /* entries written, by whichever state wrote last */
    uint32_t cap;
    uint64_t d[];
} PathLogChunk;

typedef struct PathLog {
    PathLogChunk *tail;  /* newest chunk, or NULL */
    uint32_t n;          /* entries of tail on this path */
    uint64_t count;      /* decisions in all, stored or not */
    uint64_t hash;       /* path_hash_step over all of them, from PATH_HASH_INIT */
} PathLog;

void path_log_init(PathLog *l);
/* Stores d where l's view of its tail cannot take it (path_log.c). */
void path_log_store_slow(PathLog *l, uint64_t d);

/* Inline: the interpreter records every concrete branch of user code. */
static inline void path_log_add(PathLog *l, uint32_t site, uint32_t succ) {
    uint64_t d = path_decision(site, succ);
    l->hash = path_hash_step(l->hash, d);
    if (l->count++ >= PATH_STORED_MAX) return;
    PathLogChunk *t = l->tail;
    /* in place only at the end of what was written there, by l or a fork that shares it */
    if (t && l->n == t->used && l->n < t->cap) {
        t->d[l->n++] = d;
        t->used = l->n;
    } else {
        path_log_store_slow(l, d);
    }
}
/* Keeps the first keep decisions (a test of a prefix of the path); the
 * chunks stay shared, the hash is made again over what is kept. */
void path_log_truncate(PathLog *l, uint64_t keep);
/* A copy sharing every chunk (a fork). */
void path_log_copy(PathLog *dst, const PathLog *src);
void path_log_free(PathLog *l);
/* Decisions stored (min(count, PATH_STORED_MAX)). */
uint64_t path_log_stored(const PathLog *l);
/* The stored decisions, oldest first, into out (room for path_log_stored). */
void path_log_flatten(const PathLog *l, uint64_t *out);

#endif
