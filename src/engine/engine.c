/* The search loop and the bookkeeping around states. */
#include "engine.h"
#include "../util/util.h"
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define ENGINE_QUANTUM 10000     /* instructions a state runs before the searcher is asked again */

void engine_on_terminate(void *ctx, State *s, Termination *t);
void engine_report_progress(Engine *e, bool final);
void engine_write_stats_row(Engine *e);

static void engine_on_fork(void *ctx, State *parent, State *child) {
    Engine *e = ctx;
    child->pool_index = e->pool.len;
    VEC_PUSH(e->pool, child);
    if (e->searcher->fork) e->searcher->fork(e->searcher, parent, child);
    e->searcher->add(e->searcher, child);
}

/* Removes s from the pool and the searcher, and frees it. */
void engine_discard(Engine *e, State *s) {
    e->searcher->remove(e->searcher, s);
    State *last = e->pool.data[--e->pool.len];
    if (last != s) {
        e->pool.data[s->pool_index] = last;
        last->pool_index = s->pool_index;
    }
    state_free(s);
}

Engine *engine_new(const EngineOptions *opt, IrModule *m, Solver *solver, SolverStats *sstats,
                   const ExecOptions *eopt, OutDir *out) {
    Engine *e = util_calloc(1, sizeof *e);
    e->opt = *opt;
    e->solver = solver;
    e->sstats = sstats;
    e->out = out;
    rng_seed(&e->rng, opt->seed);
    ExecHooks hooks = {e, engine_on_fork, engine_on_terminate};
    e->ex = exec_new(m, solver, eopt, &hooks);
    e->searcher = searcher_new(opt->search, &e->rng, e->ex);
    e->start = timer_now();
    if (opt->max_time > 0) sstats->deadline = e->start + opt->max_time;
    e->progress_tty = isatty(2);
    return e;
}

static bool engine_over_limits(Engine *e, double now) {
    if (e->opt.max_time > 0 && now - e->start >= e->opt.max_time) {
        e->halt_reason = "max-time";
        return true;
    }
    if (e->opt.max_instructions && e->ex->stats.instructions >= e->opt.max_instructions) {
        e->halt_reason = "max-instructions";
        return true;
    }
    return false;
}

/* Over the memory cap: terminate randomly chosen states until half are gone,
 * as KLEE does; each gets a test with the reason recorded. */
static void engine_check_memory(Engine *e, double now) {
    if (!e->opt.max_memory_mb || now - e->last_memory_check < 0.1) return;
    e->last_memory_check = now;
    /* the RSS bounds the heap in use from above and is cheap to read; walking
     * malloc's bins for the exact figure is not, so only when the RSS is over */
    if (util_rss_bytes() / (1024 * 1024) < e->opt.max_memory_mb) return;
    if (util_heap_bytes() / (1024 * 1024) < e->opt.max_memory_mb) return;
    size_t kill = e->pool.len / 2;
    for (size_t i = 0; i < kill && e->pool.len > 1; i++)
        exec_terminate_early(e->ex, e->pool.data[rng_below(&e->rng, e->pool.len)], "max-memory");
}

void engine_run(Engine *e) {
    State *init = exec_initial_state(e->ex, e->opt.argc, e->opt.argv);
    init->pool_index = 0;
    VEC_PUSH(e->pool, init);
    e->searcher->add(e->searcher, init);
    while (e->pool.len) {
        double now = timer_now();
        if (engine_over_limits(e, now)) break;
        engine_check_memory(e, now);
        if (!e->opt.quiet && now - e->last_progress > (e->progress_tty ? 0.25 : 5.0)) engine_report_progress(e, false);
        if (now - e->last_stats > 1.0) engine_write_stats_row(e);
        State *s = e->searcher->select(e->searcher);
        if (!s) break;
        uint64_t budget = ENGINE_QUANTUM;
        if (e->opt.max_instructions) {
            uint64_t left = e->opt.max_instructions - e->ex->stats.instructions;
            if (left < budget) budget = left;
        }
        exec_run(e->ex, s, budget);
    }
    /* states left at a halt still get their tests, with the reason */
    /* Writing a test costs a solver call: after a halt, tests for the states left
     * are written for at most a tenth of the time budget (>= 5 s); the rest are
     * counted, not written, so --max-time stays a real bound. */
    e->halted = e->pool.len > 0;
    double deadline = timer_now() + (e->opt.max_time > 50 ? e->opt.max_time / 10 : 5);
    e->sstats->deadline = deadline;
    while (e->pool.len) {
        if (!e->skip_tests && timer_now() > deadline) {
            e->skip_tests = true;
            util_warn("%zu states left at the halt get no test (time budget spent)", e->pool.len);
        }
        exec_terminate_early(e->ex, e->pool.data[e->pool.len - 1], e->halt_reason ? e->halt_reason : "halted");
    }
    engine_write_stats_row(e);
    if (!e->opt.quiet) engine_report_progress(e, true);
}

void engine_free(Engine *e) {
    if (!e) return;
    while (e->pool.len) engine_discard(e, e->pool.data[e->pool.len - 1]);
    VEC_FREE(e->pool);
    e->searcher->destroy(e->searcher);
    exec_free(e->ex);
    for (size_t i = 0; i < e->early.len; i++) free(e->early.data[i].reason);
    VEC_FREE(e->early);
    for (size_t i = 0; i < e->errors.len; i++) {
        free(e->errors.data[i].kind);
        free(e->errors.data[i].message);
        free(e->errors.data[i].file);
    }
    VEC_FREE(e->errors);
    free(e);
}
