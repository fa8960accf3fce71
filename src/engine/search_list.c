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
    /* DFS and BFS: the states in the order they came, NULL where one was
     * removed from the middle; states[head] (BFS) and states[len - 1] (DFS)
     * always hold a state. Random: any order, no hole. */
    VEC(State *) states;
    size_t head;           /* BFS: first position that holds a state */
    size_t holes;          /* DFS and BFS: NULLs in states[head .. len) */
    PtrMap index;          /* a state -> its position: removal in O(1), a memory prune removes many from the middle */
} ListSearcher;

static void list_add(Searcher *s, State *st) {
    ListSearcher *l = (ListSearcher *)s;
    searcher_slot_add(&l->index, st, l->states.len);
    VEC_PUSH(l->states, st);
}

/* Moves the states down to states[0 ..), dropping the holes and the BFS
 * head: O(states), once the holes or the head are half of the list. */
static void list_compact(ListSearcher *l) {
    size_t n = 0;
    for (size_t i = l->head; i < l->states.len; i++) {
        State *st = l->states.data[i];
        if (!st) continue;
        l->states.data[n] = st;
        ptrmap_put(&l->index, st, n);
        n++;
    }
    l->states.len = n;
    l->head = 0;
    l->holes = 0;
}

static void list_remove(Searcher *s, State *st) {
    ListSearcher *l = (ListSearcher *)s;
    size_t at;
    if (l->order == LIST_RANDOM) {
        if (searcher_slot_remove(l->states.data, l->states.len, &l->index, st, &at)) l->states.len--;
        return;
    }
    u128 *p = ptrmap_get(&l->index, st);
    if (!p) return;
    at = (size_t)*p;
    ptrmap_del(&l->index, st);
    l->states.data[at] = NULL;
    l->holes++;
    /* the ends hold states: the order's next choice is at hand */
    while (l->states.len > l->head && !l->states.data[l->states.len - 1]) l->states.len--, l->holes--;
    while (l->head < l->states.len && !l->states.data[l->head]) l->head++, l->holes--;
    size_t live = l->states.len - l->head - l->holes;
    if ((l->holes > 1024 && l->holes > live) || (l->head > 1024 && l->head > l->states.len / 2)) list_compact(l);
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
