/* Depth-first, breadth-first and uniformly random state selection over one
 * list of states. */
#include "searcher.h"
#include <stdlib.h>
#include <string.h>

typedef enum ListOrder { LIST_DFS, LIST_BFS, LIST_RANDOM } ListOrder;

typedef struct ListSearcher {
    Searcher base;
    ListOrder order;
    Rng *rng;
    VEC(State *) states;
    size_t head;           /* BFS: first live position */
    PtrMap index;          /* random: a state -> its position (removal in O(1) among many states) */
} ListSearcher;

static void list_add(Searcher *s, State *st) {
    ListSearcher *l = (ListSearcher *)s;
    if (l->order == LIST_RANDOM) searcher_slot_add(&l->index, st, l->states.len);
    VEC_PUSH(l->states, st);
}

static void list_remove(Searcher *s, State *st) {
    ListSearcher *l = (ListSearcher *)s;
    /* the removed state is nearly always the one just selected: search from the selecting end */
    if (l->order == LIST_BFS) {
        for (size_t i = l->head; i < l->states.len; i++) {
            if (l->states.data[i] != st) continue;
            for (size_t k = i; k > l->head; k--) l->states.data[k] = l->states.data[k - 1];
            l->head++;
            break;
        }
        if (l->head > 1024 && l->head * 2 > l->states.len) { /* compact */
            size_t n = l->states.len - l->head;
            for (size_t k = 0; k < n; k++) l->states.data[k] = l->states.data[l->head + k];
            l->states.len = n;
            l->head = 0;
        }
        return;
    }
    if (l->order == LIST_RANDOM) {
        size_t at;
        if (searcher_slot_remove(l->states.data, l->states.len, &l->index, st, &at)) l->states.len--;
        return;
    }
    for (size_t i = l->states.len; i-- > 0;) {
        if (l->states.data[i] != st) continue;
        for (size_t k = i; k + 1 < l->states.len; k++) l->states.data[k] = l->states.data[k + 1];
        l->states.len--;
        return;
    }
}

static State *list_select(Searcher *s) {
    ListSearcher *l = (ListSearcher *)s;
    if (l->states.len == l->head) return NULL;
    switch (l->order) {
    case LIST_DFS: return l->states.data[l->states.len - 1];
    case LIST_BFS: return l->states.data[l->head];
    default: return l->states.data[rng_below(l->rng, l->states.len)];
    }
}

static void list_destroy(Searcher *s) {
    ListSearcher *l = (ListSearcher *)s;
    VEC_FREE(l->states);
    ptrmap_free(&l->index);
    free(l);
}

static Searcher *list_new(ListOrder order, Rng *rng) {
    ListSearcher *l = util_calloc(1, sizeof *l);
    l->base = (Searcher){NULL, list_add, list_remove, list_select, list_destroy, NULL};
    l->order = order;
    l->rng = rng;
    ptrmap_init(&l->index);
    return &l->base;
}

Searcher *searcher_dfs_new(void) { return list_new(LIST_DFS, NULL); }
Searcher *searcher_bfs_new(void) { return list_new(LIST_BFS, NULL); }
Searcher *searcher_random_state_new(Rng *rng) { return list_new(LIST_RANDOM, rng); }

/* Searchers taking turns, one selection each (the default's two, or the
 * searches a KLEE command line gives). */
typedef struct Interleaved {
    Searcher base;
    Searcher **v;
    uint32_t n;
    uint32_t turn;
} Interleaved;

void searchers_fork(Searcher **v, uint32_t n, State *p, State *c) {
    for (uint32_t k = 0; k < n; k++)
        if (v[k]->fork) v[k]->fork(v[k], p, c);
}
void searchers_add(Searcher **v, uint32_t n, State *st) {
    for (uint32_t k = 0; k < n; k++) v[k]->add(v[k], st);
}
void searchers_remove(Searcher **v, uint32_t n, State *st) {
    for (uint32_t k = 0; k < n; k++) v[k]->remove(v[k], st);
}
void searchers_summary(Searcher *const *v, uint32_t n, FILE *f) {
    for (uint32_t k = 0; k < n; k++)
        if (v[k]->summary) v[k]->summary(v[k], f);
}

static void il_fork(Searcher *s, State *p, State *c) {
    Interleaved *i = (Interleaved *)s;
    searchers_fork(i->v, i->n, p, c);
}
static void il_add(Searcher *s, State *st) {
    Interleaved *i = (Interleaved *)s;
    searchers_add(i->v, i->n, st);
}
static void il_remove(Searcher *s, State *st) {
    Interleaved *i = (Interleaved *)s;
    searchers_remove(i->v, i->n, st);
}
static State *il_select(Searcher *s) {
    Interleaved *i = (Interleaved *)s;
    Searcher *pick = i->v[i->turn++ % i->n];
    return pick->select(pick);
}
static void il_summary(const Searcher *s, FILE *f) {
    const Interleaved *i = (const Interleaved *)s;
    searchers_summary(i->v, i->n, f);
}
static void il_destroy(Searcher *s) {
    Interleaved *i = (Interleaved *)s;
    for (uint32_t k = 0; k < i->n; k++) i->v[k]->destroy(i->v[k]);
    free(i->v);
    free(i);
}

Searcher *searcher_interleaved_newv(Searcher **v, uint32_t n) {
    Interleaved *i = util_calloc(1, sizeof *i);
    i->base = (Searcher){il_fork, il_add, il_remove, il_select, il_destroy, il_summary};
    i->v = util_malloc(n * sizeof *i->v);
    memcpy(i->v, v, n * sizeof *v);
    i->n = n;
    return &i->base;
}

Searcher *searcher_interleaved_new(Searcher *a, Searcher *b) {
    Searcher *v[2] = {a, b};
    return searcher_interleaved_newv(v, 2);
}
