/* Phase II of --target: what Phase I found guides the forward search and
 * never bounds it (src/target/target.h).
 *
 * Phase I's traces are over-approximations: a summarised loop, a deferred
 * call or a dropped conjunct can make a trace that no execution follows, and
 * the path that does reach the line may lie outside every trace. A pruner
 * that kept forward execution inside their corridor lost exactly those
 * targets, and on the bench did worse than the directed searcher alone. So:
 *
 * - Seeds, as in Dinges's thesis: each trace's model, read back as an input
 *   (target_bwinput.c), runs first as a concolic state, the engine's
 *   existing mechanism for running one input (engine_seed_run): its model
 *   decides every branch, with no query and no fork. Where Phase I's path
 *   condition held all of the path, that run reaches the line at once; where
 *   it did not, the run costs one execution of the program.
 * - The corridor gets a search of its own beside the directed search alone
 *   (searcher_split_new): two trees, each from its own initial state, and
 *   selections alternating between them. In one, --search=target (or covnew)
 *   as it is; in the other, the same weighting with a state in the corridor
 *   weighing TARGET_CORRIDOR_FACTOR times more, so that its states run first
 *   and the others when the corridor has none (the old corridor run, states
 *   outside kept rather than dropped). Whatever the corridor does, the
 *   directed search goes on at half its pace: --target is never much worse
 *   than --search=target alone. Biasing one search instead failed both ways
 *   (measured): a fixed share of the selections drawn among the corridor's
 *   states, when the corridor held one state forking in a loop, ran it half of
 *   the time, and the pool, growing by a state per two selections, starved the
 *   rest (an earlier form of tests/target/corridor_endless.c, not reached in
 *   20 s); a weight factor of 4 compounded over the many steps outside the
 *   corridor a path may need (bitset_alloc.c:107, reached by the directed
 *   search in 0.4 s, not in 15 s with the factor). */
#include "engine_target_guide.h"
#include "../util/util.h"
#include <stdlib.h>

#define TARGET_CORRIDOR_FACTOR 1000.0 /* in the corridor's search: its states' weight against the others' */
#define TARGET_SEED_SHARE 0.1     /* of --max-time, for all the seeds' runs (10 s without one) ... */
#define TARGET_SEED_RUN_S 1.0     /* ... and at most this for one */

/* Is s in the corridor? The innermost activation of a function some trace
 * walked decides: is it at a block a trace walked (a caller at its call's
 * block)? Callees no trace walked (deferred ones, the C library) run on
 * behalf of that caller. A state in no such function is held in: the
 * corridor says nothing about it (a trace that ends at a function called
 * through pointers walked none of its callers). */
static bool engine_target_in_corridor(const void *ctx, State *s) {
    const TargetPlan *p = ctx;
    for (uint32_t i = s->nframes; i-- > 0;) {
        const Frame *f = &s->frames[i];
        const uint8_t *blocks = p->corridor[f->fn->index];
        if (blocks) return blocks[p->cfgs[f->fn->index]->block_of[f->pc]] != 0;
    }
    return true;
}

Searcher *engine_target_searcher(Engine *e) {
    EngineTarget *t = e->target;
    if (!t || t->plan->status != TARGET_TRACES) return NULL;
    if (e->opt.search != SEARCH_TARGET && e->opt.search != SEARCH_COVNEW) return NULL;
    Searcher *corridor = searcher_new(e->opt.search, &e->rng, e->ex);
    searcher_covnew_prefer(corridor, engine_target_in_corridor, t->plan, TARGET_CORRIDOR_FACTOR);
    t->split = true;
    return searcher_split_new(searcher_new(e->opt.search, &e->rng, e->ex), corridor);
}

/* Each input Phase I's traces stand for, as a concolic state, within a
 * tenth of the budget and a second each. */
static void engine_target_seed_runs(Engine *e) {
    EngineTarget *t = e->target;
    double start = timer_now();
    double end = start + (e->opt.max_time > 0 ? e->opt.max_time * TARGET_SEED_SHARE : 10);
    for (uint32_t i = 0; i < t->plan->nseeds && !e->halt_reason; i++) {
        double now = timer_now();
        if (now >= end || engine_over_limits(e, now)) break;
        engine_seed_run(e, t->plan->seeds[i], now + TARGET_SEED_RUN_S < end ? now + TARGET_SEED_RUN_S : end, "seed-run-end", false);
        t->seed_runs++;
    }
}

void engine_target_explore(Engine *e) {
    engine_target_seed_runs(e);
    if (e->halt_reason) return;
    engine_adopt(e, exec_initial_state(e->ex, e->opt.argc, e->opt.argv));
    if (e->target->split) { /* the corridor's search: a tree of its own */
        State *s = exec_initial_state(e->ex, e->opt.argc, e->opt.argv);
        s->group = 1;
        engine_adopt(e, s);
    }
    engine_explore(e);
}

void engine_target_guide_summary(const Engine *e, FILE *f) {
    const EngineTarget *t = e->target;
    fprintf(f, "  \"target_seeds\": %u,\n  \"target_seed_runs\": %u,\n", t->plan->nseeds, t->seed_runs);
    fprintf(f, "  \"target_corridor_search\": %s,\n  \"target_reached_by\": \"%s\",\n", t->split ? "true" : "false",
            t->reached_by ? t->reached_by : "");
}
