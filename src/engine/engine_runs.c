/* A pruner's side of the search loop: the budget split into runs, each
 * restarting from the initial state, and the states it drops between two
 * runs of a state (pruner.h). */
#include "engine.h"
#include "engine_swap.h"
#include "../util/util.h"
#include <math.h>

void engine_prune_check(Engine *e, double now) {
    size_t n = e->pool.len;
    if (!n) return;
    VEC_RESERVE(e->prune_buf, n);
    size_t k = e->pruner->prune(e->pruner, e->pool.data, n, now - e->run_start, e->prune_buf.data);
    /* each pruned state still gets its test: what it covered is kept */
    for (size_t i = 0; i < k; i++) exec_terminate_early(e->ex, e->prune_buf.data[i], "pruned");
    e->run_pruned += k;
}

/* Ends the states a run leaves at its deadline, each with a test. */
static void engine_end_run(Engine *e) {
    while (e->pool.len) exec_terminate_early(e->ex, e->pool.data[e->pool.len - 1], "run-end");
}

EngineShare engine_share(const Engine *e) {
    return e->pruner || e->target || e->opt.engine == ENGINE_DSE ? SHARE_COPIES : SHARE_TREE;
}

void engine_run_restarting(Engine *e) {
    for (;;) {
        double now = timer_now();
        if (engine_over_limits(e, now)) return;
        double left = e->opt.max_time > 0 ? e->opt.max_time - (now - e->start) : INFINITY;
        double budget = e->pruner->run_begin(e->pruner, e->runs++, left);
        if (budget <= 0) return;
        e->run_start = now;
        e->run_deadline = budget < left ? now + budget : 0;
        e->run_pruned = 0;
        uint64_t memory_prunes = e->mem.prunes;
        engine_adopt(e, exec_initial_state(e->ex, e->opt.argc, e->opt.argv));
        engine_explore(e);
        if (e->halt_reason) return; /* a limit: engine_finish ends what is left */
        engine_swap_clear(e); /* states the cap set aside belong to this run's tree */
        /* Every path of the program explored, none dropped: another run
         * would only walk the same tree again. */
        if (!e->pool.len && !e->run_pruned && memory_prunes == e->mem.prunes) return;
        engine_end_run(e);
    }
}
