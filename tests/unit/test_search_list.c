/* Depth-first and breadth-first search (search_list.c) against a plain
 * ordered list: after every add and remove, including removals from the
 * middle in bulk (a memory prune sets aside states at random), each selects
 * the state its order names, and the holes removals leave are never chosen. */
#include "check.h"
#include "engine/searcher.h"
#include "exec/state.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The searchers never look inside a state: distinct addresses serve. */
static State *fake(size_t id) { return (State *)(uintptr_t)(4096 + 64 * id); }

static uint64_t lcg(uint64_t *x) {
    *x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
    return *x >> 33;
}

/* ref: the states in the order they came (ids); removing keeps that order. */
static void ref_remove(size_t *ref, size_t *n, size_t at) {
    memmove(&ref[at], &ref[at + 1], (*n - at - 1) * sizeof *ref);
    (*n)--;
}

static void run_order(bool dfs, uint64_t seed) {
    Searcher *sr = dfs ? searcher_dfs_new() : searcher_bfs_new();
    size_t cap = 400000, n = 0, next = 0, *ref = malloc(cap * sizeof *ref);
    uint64_t x = seed;
    bool ok = true;
    for (int step = 0; step < 60000 && ok; step++) {
        uint64_t op = step % 15000 == 14999 ? 99 : lcg(&x) % 99;
        if (op < 60 || n == 0) {
            ref[n++] = next;
            sr->add(sr, fake(next++));
        } else if (op < 85) { /* the state just selected ends */
            size_t at = dfs ? n - 1 : 0;
            sr->remove(sr, fake(ref[at]));
            ref_remove(ref, &n, at);
        } else if (op < 99) { /* one from the middle */
            size_t at = lcg(&x) % n;
            sr->remove(sr, fake(ref[at]));
            ref_remove(ref, &n, at);
        } else { /* a prune: about half of them, anywhere */
            for (size_t i = n; i-- > 0;)
                if (lcg(&x) & 1) {
                    sr->remove(sr, fake(ref[i]));
                    ref_remove(ref, &n, i);
                }
        }
        sr->remove(sr, fake(next + 7)); /* never added: nothing changes */
        State *want = n ? fake(dfs ? ref[n - 1] : ref[0]) : NULL;
        ok = sr->select(sr) == want;
    }
    CHECK(ok);
    /* many holes at once (compacted when they outnumber the states), then, for BFS, a long run from the front */
    for (int i = 0; i < 6000; i++) {
        ref[n++] = next;
        sr->add(sr, fake(next++));
    }
    for (int i = 0; i < 5000 && ok; i++) {
        size_t at = lcg(&x) % n;
        sr->remove(sr, fake(ref[at]));
        ref_remove(ref, &n, at);
        ok = sr->select(sr) == fake(dfs ? ref[n - 1] : ref[0]);
    }
    for (int i = 0; i < 3000 && ok; i++) {
        size_t at = dfs ? n - 1 : 0;
        sr->remove(sr, fake(ref[at]));
        ref_remove(ref, &n, at);
        ref[n++] = next;
        sr->add(sr, fake(next++));
        ok = sr->select(sr) == fake(dfs ? ref[n - 1] : ref[0]);
    }
    CHECK(ok);
    /* emptied from the middle outwards, it selects nothing */
    while (n) {
        size_t at = n / 2;
        sr->remove(sr, fake(ref[at]));
        ref_remove(ref, &n, at);
        State *want = n ? fake(dfs ? ref[n - 1] : ref[0]) : NULL;
        if (sr->select(sr) != want) ok = false;
    }
    CHECK(ok);
    CHECK(sr->select(sr) == NULL);
    sr->destroy(sr);
    free(ref);
}

int main(void) {
    for (uint64_t seed = 1; seed <= 3; seed++) {
        run_order(true, seed);
        run_order(false, seed);
    }
    return check_report();
}
