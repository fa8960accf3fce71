#include "path_log.h"
#include "../util/util.h"
#include <string.h>

void path_log_init(PathLog *l) {
    memset(l, 0, sizeof *l);
    l->hash = PATH_HASH_INIT;
}

/* A fresh chunk behind l's view of its tail, which it takes over l's
 * reference to. It doubles the tail's size when l filled the tail itself (a
 * lineage that does not fork), and starts small when l left it because
 * another state wrote there first (every fork would cost a big chunk). */
static PathLogChunk *path_log_grow(PathLog *l) {
    PathLogChunk *t = l->tail;
    uint32_t cap = PATH_LOG_CHUNK_MIN;
    if (t && l->n == t->cap) cap = t->cap < PATH_LOG_CHUNK_MAX ? 2 * t->cap : PATH_LOG_CHUNK_MAX;
    PathLogChunk *c = util_malloc(sizeof *c + cap * sizeof c->d[0]);
    c->prev = t;
    c->prev_n = l->n;
    c->refs = 1;
    c->used = 0;
    c->cap = cap;
    l->tail = c;
    l->n = 0;
    return c;
}

void path_log_store_slow(PathLog *l, uint64_t d) {
    PathLogChunk *t = path_log_grow(l);
    t->d[l->n++] = d;
    t->used = l->n;
}

void path_log_truncate(PathLog *l, uint64_t keep) {
    if (keep >= l->count) return;
    uint64_t stored = path_log_stored(l);
    if (keep >= stored) { /* only counted past PATH_STORED_MAX: the hash of the stored part and the rest stays */
        l->count = keep;
        return;
    }
    uint64_t *all = util_malloc((stored ? stored : 1) * sizeof *all);
    path_log_flatten(l, all);
    /* the chunk holding decision keep - 1, and l's view of it */
    uint64_t end = stored;
    PathLogChunk *c = l->tail;
    uint32_t n = l->n;
    while (c && end - n >= keep) {
        end -= n;
        n = c->prev_n;
        c = c->prev;
    }
    if (c) c->refs++;
    PathLog old = *l;
    path_log_free(&old);
    path_log_init(l);
    l->tail = c;
    l->n = c ? (uint32_t)(keep - (end - n)) : 0;
    l->count = keep;
    for (uint64_t i = 0; i < keep; i++) l->hash = path_hash_step(l->hash, all[i]);
    free(all);
}

void path_log_copy(PathLog *dst, const PathLog *src) {
    *dst = *src;
    if (dst->tail) dst->tail->refs++;
}

void path_log_free(PathLog *l) {
    for (PathLogChunk *c = l->tail, *prev; c && --c->refs == 0; c = prev) {
        prev = c->prev;
        free(c);
    }
    path_log_init(l);
}

uint64_t path_log_stored(const PathLog *l) {
    return l->count < PATH_STORED_MAX ? l->count : PATH_STORED_MAX;
}

void path_log_flatten(const PathLog *l, uint64_t *out) {
    uint64_t end = path_log_stored(l);
    uint32_t n = l->n;
    for (const PathLogChunk *c = l->tail; c && end; n = c->prev_n, c = c->prev) {
        end -= n;
        memcpy(out + end, c->d, n * sizeof *out);
    }
}
