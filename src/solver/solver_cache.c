/* Counterexample cache, after KLEE's CexCachingSolver.
 *
 * A query is the conjunction of its constraints and goal, kept as a sorted,
 * duplicate-free set of Expr pointers (hash-consing makes pointer equality
 * structural equality). Answers are reused three ways:
 *   - the exact same set was answered before;
 *   - a stored UNSAT set is a subset of this one (more constraints stay UNSAT);
 *   - a stored assignment makes every member of this set true (this covers
 *     assignments of supersets). Such reuse is always re-checked by evaluation,
 *     so the cache cannot give a wrong answer.
 * The scan for the last two is bounded to the most recent entries; the table
 * itself is bounded too, oldest entries evicted first. */
#include "solver_layer.h"
#include "../util/util.h"
#include <stdlib.h>
#include <string.h>

enum {
    CACHE_MAX = 4096,      /* entries kept */
    CACHE_SCAN = 256,      /* entries tried for subset/assignment reuse */
    CACHE_BUCKETS = 8192,
};

typedef struct CacheEntry {
    Expr **set;            /* sorted by pointer; references owned */
    size_t n;
    uint64_t hash;
    SolverResult result;   /* SAT or UNSAT */
    Assignment model;      /* SAT: bytes of every array the set reads */
    struct CacheEntry *chain;
} CacheEntry;

typedef struct CacheSolver {
    Solver base;
    CacheEntry *ring[CACHE_MAX]; /* ring[(head - 1) % CACHE_MAX] is the newest */
    size_t head, count;
    CacheEntry *buckets[CACHE_BUCKETS];
} CacheSolver;

/* ---- the normalized set of a query ---- */
typedef VEC(Expr *) ExprVec;

static int cache_cmp_ptr(const void *a, const void *b) {
    uintptr_t x = (uintptr_t)*(Expr *const *)a, y = (uintptr_t)*(Expr *const *)b;
    return x < y ? -1 : x > y;
}

/* Conjunctions are taken apart, so a query whose goal is a conjunction of
 * path-condition nodes (a speculative segment check) meets the sets of the
 * queries that asked about those nodes one by one. */
static bool cache_push_conjuncts(Expr *e, ExprVec *out) {
    if (expr_is_true(e)) return true;
    if (expr_is_false(e)) return false;
    if (e->kind == EXPR_AND && e->width == 1)
        return cache_push_conjuncts(e->kids[0], out) && cache_push_conjuncts(e->kids[1], out);
    VEC_PUSH(*out, e);
    return true;
}

/* Members of the conjunction, sorted and deduplicated, without `true`s.
 * Returns false if one of them is the constant false. */
static bool cache_query_set(const Query *q, ExprVec *out) {
    for (size_t i = 0; i <= q->n; i++) {
        Expr *e = i < q->n ? q->constraints[i] : q->expr;
        if (e && !cache_push_conjuncts(e, out)) return false;
    }
    if (out->len) qsort(out->data, out->len, sizeof *out->data, cache_cmp_ptr);
    size_t k = 0;
    for (size_t i = 0; i < out->len; i++)
        if (k == 0 || out->data[k - 1] != out->data[i]) out->data[k++] = out->data[i];
    out->len = k;
    return true;
}

static uint64_t cache_hash(Expr *const *set, size_t n) {
    uint64_t h = n;
    for (size_t i = 0; i < n; i++) h = util_hash_mix(h, (uintptr_t)set[i]);
    return h;
}

/* Is sorted set a a subset of sorted set b? */
static bool cache_subset(Expr *const *a, size_t na, Expr *const *b, size_t nb) {
    size_t j = 0;
    for (size_t i = 0; i < na; i++) {
        while (j < nb && (uintptr_t)b[j] < (uintptr_t)a[i]) j++;
        if (j == nb || b[j] != a[i]) return false;
        j++;
    }
    return true;
}

/* ---- lookup ---- */
static CacheEntry *cache_exact(CacheSolver *c, Expr *const *set, size_t n, uint64_t h) {
    for (CacheEntry *e = c->buckets[h % CACHE_BUCKETS]; e; e = e->chain)
        if (e->hash == h && e->n == n && memcmp(e->set, set, n * sizeof *set) == 0) return e;
    return NULL;
}

static bool cache_covers(const Assignment *m, const ArraySet *arrays) {
    for (size_t i = 0; i < arrays->len; i++)
        if (!assignment_get(m, arrays->data[i])) return false;
    return true;
}

/* Newest members first: in a path condition the latest constraint (and the
 * goal) is the one most likely to be violated, so failures are found early. */
static bool cache_satisfies(const Assignment *m, const Query *q) {
    if (q->expr && !expr_is_true(q->expr) && !(expr_eval(q->expr, m) & 1)) return false;
    for (size_t i = q->n; i-- > 0;)
        if (!expr_is_true(q->constraints[i]) && !(expr_eval(q->constraints[i], m) & 1)) return false;
    return true;
}

/* A stored answer that is provably right for this query, or NULL. */
static CacheEntry *cache_scan(CacheSolver *c, const ExprVec *set, const Query *q) {
    ArraySet arrays = {0};
    solver_query_arrays(q, &arrays);
    CacheEntry *found = NULL;
    size_t scan = c->count < CACHE_SCAN ? c->count : CACHE_SCAN;
    for (size_t k = 1; k <= scan && !found; k++) {
        CacheEntry *e = c->ring[(c->head + CACHE_MAX - k) % CACHE_MAX];
        if (e->result == SOLVER_UNSAT) {
            if (cache_subset(e->set, e->n, set->data, set->len)) found = e;
        } else if (cache_covers(&e->model, &arrays) && cache_satisfies(&e->model, q)) {
            found = e;
        }
    }
    expr_array_set_free(&arrays);
    return found;
}

/* ---- storage ---- */
static void cache_entry_free(CacheEntry *e) {
    for (size_t i = 0; i < e->n; i++) expr_unref(e->set[i]);
    free(e->set);
    assignment_free(&e->model);
    free(e);
}

static void cache_unlink(CacheSolver *c, CacheEntry *e) {
    CacheEntry **p = &c->buckets[e->hash % CACHE_BUCKETS];
    while (*p != e) p = &(*p)->chain;
    *p = e->chain;
}

static void cache_store(CacheSolver *c, const ExprVec *set, uint64_t h, SolverResult r,
                        const Assignment *model) {
    CacheEntry *e = util_calloc(1, sizeof *e);
    e->n = set->len;
    e->set = util_malloc((set->len ? set->len : 1) * sizeof *e->set);
    for (size_t i = 0; i < set->len; i++) e->set[i] = expr_ref(set->data[i]);
    e->hash = h;
    e->result = r;
    assignment_init(&e->model);
    if (model) assignment_copy(&e->model, model);
    if (c->count == CACHE_MAX) {
        CacheEntry *old = c->ring[c->head];
        cache_unlink(c, old);
        cache_entry_free(old);
        c->count--;
    }
    c->ring[c->head] = e;
    c->head = (c->head + 1) % CACHE_MAX;
    c->count++;
    e->chain = c->buckets[h % CACHE_BUCKETS];
    c->buckets[h % CACHE_BUCKETS] = e;
}

/* ---- the layer ---- */
static void cache_give_model(const CacheEntry *e, Assignment *model) {
    if (model) assignment_merge(model, &e->model);
}

/* The stored answer for this query, counting a hit, or NULL. */
static CacheEntry *cache_lookup(CacheSolver *c, const ExprVec *set, uint64_t h, const Query *q) {
    CacheEntry *e = cache_exact(c, set->data, set->len, h);
    if (!e) e = cache_scan(c, set, q);
    if (e) c->base.stats->cache_hits++;
    return e;
}

static SolverResult cache_check(Solver *base, const Query *q, Assignment *model) {
    CacheSolver *c = (CacheSolver *)base;
    SolverEntry entry = solver_enter(base);
    ExprVec set = {0};
    SolverResult r = SOLVER_UNSAT;
    if (cache_query_set(q, &set)) {
        uint64_t h = cache_hash(set.data, set.len);
        CacheEntry *e = cache_lookup(c, &set, h, q);
        if (e) {
            r = e->result;
            if (r == SOLVER_SAT) cache_give_model(e, model);
        } else {
            /* Always ask for a model: it is what makes later reuse possible. */
            Assignment m;
            assignment_init(&m);
            r = solver_check(base->next, q, &m);
            if (r != SOLVER_UNKNOWN) cache_store(c, &set, h, r, r == SOLVER_SAT ? &m : NULL);
            if (r == SOLVER_SAT && model) assignment_merge(model, &m);
            assignment_free(&m);
        }
    }
    VEC_FREE(set);
    solver_leave(base, entry);
    return r;
}

static void cache_clear(CacheSolver *c) {
    for (size_t k = 1; k <= c->count; k++)
        cache_entry_free(c->ring[(c->head + CACHE_MAX - k) % CACHE_MAX]);
    c->count = c->head = 0;
    memset(c->buckets, 0, sizeof c->buckets);
}

static void cache_destroy(Solver *base) {
    cache_clear((CacheSolver *)base);
    free(base);
}

static const SolverOps cache_ops = {cache_check, cache_destroy};

/* Under memory pressure the answers are worth less than the memory they hold
 * (models of every array a query read, references keeping expressions alive);
 * the cache fills again with the queries that matter next. */
bool solver_cache_drop(Solver *s) {
    if (s->ops != &cache_ops) return false;
    cache_clear((CacheSolver *)s);
    return true;
}

bool solver_cache_offer(Solver *layer, const Assignment *model) {
    if (layer->ops != &cache_ops) return false;
    /* an empty set: the entry answers any query its model satisfies */
    ExprVec none = {0};
    cache_store((CacheSolver *)layer, &none, cache_hash(NULL, 0), SOLVER_SAT, model);
    return true;
}

Solver *solver_cache_new(Solver *next) {
    CacheSolver *c = util_calloc(1, sizeof *c);
    c->base.ops = &cache_ops;
    c->base.next = next;
    c->base.stats = next->stats;
    return &c->base;
}
