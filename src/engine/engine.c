/* The search loop and the bookkeeping around states. */
#include "engine.h"
#include "engine_checkpoint.h"
#include "engine_muse.h"
#include "engine_swap.h"
#include "engine_target.h"
#include "../util/interrupt.h"
#include "../util/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define ENGINE_QUANTUM 10000     /* instructions a state runs before the searcher is asked again */

void engine_on_terminate(void *ctx, State *s, Termination *t);
void engine_report_progress(Engine *e, bool final);
void engine_write_stats_row(Engine *e);

void engine_adopt(Engine *e, State *s) {
    s->pool_index = e->pool.len;
    VEC_PUSH(e->pool, s);
    e->searcher->add(e->searcher, s);
}

static void engine_on_fork(void *ctx, State *parent, State *child) {
    Engine *e = ctx;
    if (e->searcher->fork) e->searcher->fork(e->searcher, parent, child);
    engine_adopt(e, child);
}

void engine_unpool(Engine *e, State *s) {
    if (e->searcher) e->searcher->remove(e->searcher, s); /* none at the end of the run */
    State *last = e->pool.data[--e->pool.len];
    if (last != s) {
        e->pool.data[s->pool_index] = last;
        last->pool_index = s->pool_index;
    }
}

/* Removes s from the pool and the searcher, and frees it. */
void engine_discard(Engine *e, State *s) {
    engine_unpool(e, s);
    /* the end's reserve is sized by what freeing a state costs in this run
     * (4 to 40 us: a --posix state of a coreutils tool holds its files) */
    double t0 = timer_now();
    state_free(s);
    e->halt.free_time += timer_now() - t0;
    e->halt.timed_frees++;
}

/* --search, and the searches given after it taking turns with it. */
static Searcher *engine_searcher(Engine *e) {
    Searcher *first = searcher_new(e->opt.search, &e->rng, e->ex);
    if (!e->opt.nsearch_also) return first;
    Searcher *v[1 + ENGINE_SEARCH_ALSO_MAX] = {first};
    for (uint32_t k = 0; k < e->opt.nsearch_also; k++) v[k + 1] = searcher_new(e->opt.search_also[k], &e->rng, e->ex);
    return searcher_interleaved_newv(v, 1 + e->opt.nsearch_also);
}

Engine *engine_new(const EngineOptions *opt, IrModule *m, Solver *solver, SolverStats *sstats,
                   const ExecOptions *eopt, OutDir *out, char **err) {
    Engine *e = util_calloc(1, sizeof *e);
    ptrmap_init(&e->tested);
    e->opt = *opt;
    e->start = timer_now(); /* --target's Phase I below is part of the run's time */
    if (opt->max_time > 0) sstats->deadline = e->start + opt->max_time;
    e->solver = solver;
    e->sstats = sstats;
    e->out = out;
    rng_seed(&e->rng, opt->seed);
    ExecHooks hooks = {e, engine_on_fork, engine_on_terminate, NULL};
    if (opt->prune == PRUNER_HOMI) e->pruner = pruner_homi_new(&opt->homi, opt->max_time, opt->seed);
    ExecOptions xo = *eopt;
    if (opt->target && !engine_target_new(e, m, &xo, err)) {
        engine_target_free(e);
        if (e->pruner) e->pruner->destroy(e->pruner);
        ptrmap_free(&e->tested);
        free(e);
        return NULL;
    }
    if (e->pruner) {
        xo.path_branches |= e->pruner->needs_path_branches;
        xo.shared_inputs |= e->pruner->needs_shared_inputs;
    }
    e->ex = exec_new(m, solver, &xo, &hooks);
    engine_path_start(e, m);
    e->searcher = engine_target_searcher(e);
    if (!e->searcher) e->searcher = engine_searcher(e);
    e->progress_tty = isatty(2);
    e->debug_memory = getenv("SYMPLEX_DEBUG_MEMORY") != NULL;
    engine_seeding_new(e);
    if (!engine_muse_new(e, err) || !engine_checkpoint_new(e, err)) {
        engine_free(e);
        return NULL;
    }
    return e;
}

bool engine_over_limits(Engine *e, double now) {
    if (e->halt_reason) return true; /* the target was reached */
    if (interrupt_requested()) {
        e->halt_reason = "interrupted";
        return true;
    }
    if (e->opt.max_time > 0) {
        /* the end of the run is inside the budget: exploring leaves it its share */
        double end = engine_halt_explore_end(e, now);
        e->sstats->deadline = end; /* and a query in flight is cut there */
        if (now >= end) {
            e->halt_reason = "max-time";
            return true;
        }
    }
    if (e->opt.max_instructions && e->ex->stats.instructions >= e->opt.max_instructions) {
        e->halt_reason = "max-instructions";
        return true;
    }
    if (e->opt.max_tests && e->tests >= e->opt.max_tests) {
        e->halt_reason = "max-tests";
        return true;
    }
    return false;
}

bool engine_run_held(Engine *e, State *s, uint64_t n) {
    atomic_store(&e->watch.held_running, true);
    bool alive = exec_run(e->ex, s, n);
    atomic_store(&e->watch.held_running, false);
    return alive;
}

void engine_tick(Engine *e, double now, State *held) {
    if (e->pool.len > e->peak_states) e->peak_states = e->pool.len;
    e->held = held;
    engine_memory_check(e, now);
    e->held = NULL;
    if (e->pruner) engine_prune_check(e, now);
    if (!e->opt.quiet && now - e->last_progress > (e->progress_tty ? 0.25 : 5.0)) engine_report_progress(e, false);
    if (now - e->last_stats > 1.0) engine_write_stats_row(e);
    engine_checkpoint_tick(e, now);
}

void engine_explore(Engine *e) {
    /* no state left: one set aside for memory, if any, is rebuilt, or
     * (distributed) states come from another rank */
    while (e->pool.len || engine_swap_in(e, 1) || (e->dist && e->dist->wait_work(e))) {
        double now = timer_now();
        if (e->dist) e->dist->poll(e, now);
        if (engine_over_limits(e, now)) break;
        if (e->run_deadline && now >= e->run_deadline) break;
        engine_tick(e, now, NULL);
        State *s = e->searcher->select(e->searcher);
        if (!s) break;
        if (!exec_ready(e->ex, s)) continue; /* its unchecked segment was infeasible */
        uint64_t budget = ENGINE_QUANTUM;
        if (e->opt.max_instructions) {
            uint64_t left = e->opt.max_instructions - e->ex->stats.instructions;
            if (left < budget) budget = left;
        }
        uint64_t before = e->ex->stats.instructions;
        if (exec_run(e->ex, s, budget) && e->ex->stats.instructions - before >= budget) exec_after_quantum(e->ex, s);
        engine_muse_step(e); /* a queued partial solution, if any */
    }
}

void engine_run(Engine *e) {
    engine_memory_start(e);
    if (e->mem.cap && !e->opt.no_state_swap) engine_swap_new(e);
    engine_watch_start(e);
    if (e->opt.engine == ENGINE_DSE) {
        engine_muse_dse(e);
    } else if (engine_target_unreachable(e)) {
        /* Phase I's proof: no state to run */
    } else if (e->pruner) {
        engine_run_restarting(e);
    } else if (e->target) {
        engine_target_explore(e);
    } else if (e->seeding && (!e->dist || e->dist->writer)) {
        engine_seeding_explore(e); /* distributed: rank 0 follows the seeds, the others get states as usual */
    } else {
        /* distributed: rank 0 starts from the initial state, the others from what it gives them */
        bool first = !e->dist || e->dist->writer;
        if (!engine_checkpoint_adopt(e) && first) engine_adopt(e, exec_initial_state(e->ex, e->opt.argc, e->opt.argv));
        engine_explore(e);
    }
    /* Stopped now if the signal halted the run (the tests of the states left
     * need the solver); otherwise kept, so a signal during the tests below
     * cuts the query it meets and ends them. */
    if (interrupt_requested()) engine_watch_stop(e);
    engine_halt_finish(e);
    engine_watch_stop(e);
    if (e->dist) e->dist->finish(e);
    engine_memory_end(e);
    engine_write_stats_row(e);
    if (!e->opt.quiet) engine_report_progress(e, true);
    engine_target_report(e);
}

void engine_free(Engine *e) {
    if (!e) return;
    engine_watch_stop(e);
    while (e->pool.len) engine_discard(e, e->pool.data[e->pool.len - 1]);
    engine_muse_free(e);
    engine_swap_free(e);
    engine_checkpoint_free(e);
    engine_seeding_free(e);
    if (e->dist) e->dist->destroy(e);
    VEC_FREE(e->pool);
    VEC_FREE(e->prune_buf);
    if (e->searcher) e->searcher->destroy(e->searcher);
    free(e->searcher_summary);
    if (e->pruner) e->pruner->destroy(e->pruner);
    exec_free(e->ex);
    engine_target_free(e);
    reason_counts_free(&e->early);
    ptrmap_free(&e->tested);
    for (size_t i = 0; i < e->errors.len; i++) {
        free(e->errors.data[i].kind);
        free(e->errors.data[i].message);
        free(e->errors.data[i].file);
        free(e->errors.data[i].stack);
    }
    VEC_FREE(e->errors);
    free(e);
}
