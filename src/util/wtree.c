#include "wtree.h"
#include "util.h"
#include <stdlib.h>
#include <string.h>

#define LOWBIT(i) ((i) & (~(i) + 1))

void wtree_init(WeightTree *t) { memset(t, 0, sizeof *t); }

void wtree_free(WeightTree *t) {
    free(t->w);
    free(t->node);
    memset(t, 0, sizeof *t);
}

void wtree_rebuild(WeightTree *t) {
    for (size_t i = 1; i <= t->cap; i++) t->node[i] = t->w[i - 1];
    for (size_t i = 1; i <= t->cap; i++) {
        size_t up = i + LOWBIT(i);
        if (up <= t->cap) t->node[up] += t->node[i];
    }
}

static void wtree_add(WeightTree *t, size_t i, double d) {
    for (size_t k = i + 1; k <= t->cap; k += LOWBIT(k)) t->node[k] += d;
}

void wtree_push(WeightTree *t, double w) {
    if (t->len == t->cap) { /* a power of two, so find's descent covers every node */
        size_t cap = t->cap ? t->cap * 2 : 64;
        t->w = util_realloc(t->w, cap * sizeof *t->w);
        t->node = util_realloc(t->node, (cap + 1) * sizeof *t->node);
        memset(t->w + t->cap, 0, (cap - t->cap) * sizeof *t->w);
        t->cap = cap;
        wtree_rebuild(t);
    }
    t->w[t->len++] = 0;
    wtree_set(t, t->len - 1, w);
}

void wtree_set(WeightTree *t, size_t i, double w) {
    wtree_add(t, i, w - t->w[i]);
    t->w[i] = w;
}

void wtree_pop(WeightTree *t) {
    wtree_set(t, t->len - 1, 0);
    t->len--;
}

double wtree_total(const WeightTree *t) {
    double sum = 0;
    for (size_t k = t->len; k > 0; k -= LOWBIT(k)) sum += t->node[k];
    return sum;
}

size_t wtree_find(const WeightTree *t, double r) {
    size_t pos = 0; /* the running sum up to pos (1-based) stays below r */
    for (size_t step = t->cap; step; step >>= 1) {
        if (pos + step <= t->cap && t->node[pos + step] < r) {
            pos += step;
            r -= t->node[pos];
        }
    }
    return pos < t->len ? pos : t->len - 1;
}
