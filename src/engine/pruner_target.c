/* The target pruner: Phase II of symcretic execution (src/target/target.h).
 * The first run keeps forward execution inside the corridor of the traces
 * Phase I found: a state whose innermost activation is in a function some
 * trace walked, at a block no trace walked, is dropped. Activations of other
 * functions (callees Phase I deferred, the C library) run freely. If that run
 * ends without reaching the target (the corridor holds no feasible path: a
 * trace's deferred part was unsatisfiable, or a bound cut the search), a
 * second run explores without the corridor for the rest of the budget. */
#include "pruner.h"
#include "../target/target.h"
#include "../util/util.h"
#include <math.h>
#include <stdlib.h>

#define TARGET_PRUNE_INTERVAL 0.05 /* seconds between two scans of the live states */

typedef struct TargetPruner {
    Pruner base;
    const TargetPlan *plan;  /* borrowed from the engine */
    bool corridor;           /* this run keeps to the corridor */
    double last;
    uint64_t pruned;
    uint32_t runs;
} TargetPruner;

static double target_run_begin(Pruner *p, uint32_t run, double left) {
    TargetPruner *t = (TargetPruner *)p;
    t->runs = run + 1;
    t->last = -INFINITY;
    if (run == 0) {
        t->corridor = t->plan->status == TARGET_TRACES;
        return INFINITY;
    }
    if (run == 1 && t->corridor) { /* the corridor was exhausted */
        t->corridor = false;
        return left;
    }
    return 0;
}

static bool target_in_corridor(const TargetPlan *plan, State *s) {
    const Frame *f = state_top(s);
    const uint8_t *blocks = plan->corridor[f->fn->index];
    if (!blocks) return true;
    return blocks[plan->cfgs[f->fn->index]->block_of[f->pc]] != 0;
}

static size_t target_prune(Pruner *p, State *const *live, size_t n, double elapsed, State **out) {
    TargetPruner *t = (TargetPruner *)p;
    if (!t->corridor || elapsed - t->last < TARGET_PRUNE_INTERVAL) return 0;
    t->last = elapsed;
    size_t k = 0;
    /* every state outside, the last one too: a run that keeps one would
     * never end while that state has paths to run, and the unrestricted run
     * after it would never start */
    for (size_t i = 0; i < n; i++)
        if (!target_in_corridor(t->plan, live[i])) out[k++] = live[i];
    t->pruned += k;
    return k;
}

static void target_on_test(Pruner *p, const State *s) { (void)p, (void)s; }

static void target_summary(Pruner *p, FILE *f) {
    TargetPruner *t = (TargetPruner *)p;
    fprintf(f, "  \"target_pruned\": %llu,\n", (unsigned long long)t->pruned);
    fprintf(f, "  \"target_unrestricted_run\": %s,\n", t->runs > 1 ? "true" : "false");
}

static void target_destroy(Pruner *p) { free(p); }

Pruner *pruner_target_new(const TargetPlan *plan) {
    TargetPruner *t = util_calloc(1, sizeof *t);
    t->base = (Pruner){target_run_begin, target_prune, target_on_test, target_summary, target_destroy, false, false};
    t->plan = plan;
    return &t->base;
}
