#include "path_branches.h"
#include "../util/util.h"
#include <string.h>

#define CHUNK_BITS (64 * PATH_BRANCHES_CHUNK_WORDS)

/* The chunk holding id, made private to p (copied if shared). */
static PathBranchChunk *path_branches_own(PathBranches *p, uint32_t c) {
    if (c >= p->nchunks) {
        uint32_t n = c + 1 > 2 * p->nchunks ? c + 1 : 2 * p->nchunks;
        p->chunks = util_realloc(p->chunks, n * sizeof *p->chunks);
        memset(p->chunks + p->nchunks, 0, (n - p->nchunks) * sizeof *p->chunks);
        p->nchunks = n;
    }
    PathBranchChunk *k = p->chunks[c];
    if (k && k->refs == 1) return k;
    PathBranchChunk *own = util_calloc(1, sizeof *own);
    own->refs = 1;
    if (k) {
        memcpy(own->w, k->w, sizeof own->w);
        k->refs--;
    }
    return p->chunks[c] = own;
}

void path_branches_add(PathBranches *p, uint32_t id) {
    uint32_t c = id / CHUNK_BITS, bit = id % CHUNK_BITS;
    uint64_t mask = (uint64_t)1 << (bit % 64);
    PathBranchChunk *k = c < p->nchunks ? p->chunks[c] : NULL;
    if (k && (k->w[bit / 64] & mask)) return; /* already there: no copy */
    k = path_branches_own(p, c);
    k->w[bit / 64] |= mask;
    p->count++;
}

void path_branches_copy(PathBranches *dst, const PathBranches *src) {
    dst->nchunks = src->nchunks;
    dst->count = src->count;
    dst->chunks = src->nchunks ? util_malloc(src->nchunks * sizeof *dst->chunks) : NULL;
    for (uint32_t i = 0; i < src->nchunks; i++) {
        dst->chunks[i] = src->chunks[i];
        if (dst->chunks[i]) dst->chunks[i]->refs++;
    }
}

void path_branches_free(PathBranches *p) {
    for (uint32_t i = 0; i < p->nchunks; i++)
        if (p->chunks[i] && --p->chunks[i]->refs == 0) free(p->chunks[i]);
    free(p->chunks);
    memset(p, 0, sizeof *p);
}

uint32_t path_branches_list(const PathBranches *p, uint32_t *out) {
    uint32_t n = 0;
    for (uint32_t c = 0; c < p->nchunks; c++) {
        const PathBranchChunk *k = p->chunks[c];
        if (!k) continue;
        for (uint32_t w = 0; w < PATH_BRANCHES_CHUNK_WORDS; w++)
            for (uint64_t bits = k->w[w]; bits; bits &= bits - 1)
                out[n++] = c * CHUNK_BITS + w * 64 + (uint32_t)__builtin_ctzll(bits);
    }
    return n;
}
