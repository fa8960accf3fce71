#include "searcher.h"
#include <assert.h>
#include <string.h>

static const struct { const char *name; SearchKind kind; } search_names[] = {
    {"default", SEARCH_DEFAULT}, {"dfs", SEARCH_DFS}, {"bfs", SEARCH_BFS}, {"random-state", SEARCH_RANDOM_STATE},
    {"random-path", SEARCH_RANDOM_PATH}, {"covnew", SEARCH_COVNEW}, {"nurs:covnew", SEARCH_COVNEW},
    {"target", SEARCH_TARGET}, {"portfolio", SEARCH_PORTFOLIO},
};

static uint64_t searcher_executor_coverage(const void *ctx) {
    const Executor *ex = ctx;
    return (uint64_t)ex->lines_covered + ex->branches_covered;
}

/* --search=portfolio: the default's two searches (random-path, covnew),
 * depth-first and a uniform random choice, each given selections by the
 * coverage it finds. */
static Searcher *searcher_portfolio_default(Rng *rng, Executor *ex) {
    Searcher *arms[] = {searcher_random_path_new(rng), searcher_covnew_new(rng, ex), searcher_dfs_new(),
                        searcher_random_state_new(rng)};
    static const char *const names[] = {"random-path", "covnew", "dfs", "random-state"};
    return searcher_portfolio_new(arms, names, 4, rng, searcher_executor_coverage, ex);
}

bool searcher_parse(const char *name, SearchKind *out) {
    for (size_t i = 0; i < sizeof search_names / sizeof search_names[0]; i++)
        if (strcmp(name, search_names[i].name) == 0) { *out = search_names[i].kind; return true; }
    return false;
}

Searcher *searcher_new(SearchKind kind, Rng *rng, Executor *ex) {
    switch (kind) {
    case SEARCH_DFS: return searcher_dfs_new();
    case SEARCH_BFS: return searcher_bfs_new();
    case SEARCH_RANDOM_STATE: return searcher_random_state_new(rng);
    case SEARCH_RANDOM_PATH: return searcher_random_path_new(rng);
    case SEARCH_COVNEW: return searcher_covnew_new(rng, ex);
    case SEARCH_TARGET: return searcher_target_new(rng, ex);
    case SEARCH_PORTFOLIO: return searcher_portfolio_default(rng, ex);
    default: return searcher_interleaved_new(searcher_random_path_new(rng), searcher_covnew_new(rng, ex));
    }
}

void searcher_slot_add(PtrMap *at, State *s, size_t pos) {
    assert(!ptrmap_get(at, s)); /* a state is added once: its position is its one entry's */
    ptrmap_put(at, s, pos);
}

bool searcher_slot_remove(State **v, size_t len, PtrMap *at, State *s, size_t *pos) {
    u128 *p = ptrmap_get(at, s);
    if (!p) return false;
    *pos = (size_t)*p;
    ptrmap_del(at, s);
    if (*pos != len - 1) {
        v[*pos] = v[len - 1];
        ptrmap_put(at, v[*pos], *pos);
    }
    return true;
}
