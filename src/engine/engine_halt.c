/* The end of a run: the states still alive when a limit or a signal halts
 * exploration, and the tests written for them.
 *
 * --max-time is a promise to the user's script, so the end is inside it
 * (within a second). Writing a test costs a file (milliseconds on a loaded
 * disk) and, for a state without a model, a query: with 58,000 states alive
 * a test for each overran a 60 s run by 22 s. So exploring stops early
 * enough to leave the end its share (engine_halt_explore_end: this run's
 * cost of a test times the states alive, at most a tenth of the budget,
 * plus the freeing, at this run's cost per state, that does not fit in a
 * quarter of a second); the end writes
 * tests, those of states that covered something no test reaches yet first,
 * until the deadline (a quarter second more for tests from the states' own
 * models: ENGINE_HALT_LATE_SLACK); and the states left end without a test, counted
 * (summary.json's "halt" group, the final lines). A release build leaves
 * them to the process's exit; the test build frees them, at microseconds
 * each, so a quarter of the second past the deadline holds them there (more
 * is taken from before the deadline), and the summary and teardown the
 * rest. The searcher is destroyed whole, not emptied state by state (each
 * removal updates structures the end no longer needs), and malloc_trim is
 * left out unless the memory cap needs it (engine_memory_end; 0.36 s after
 * 72,000 states were freed). A halt by a signal or --max-instructions takes the same path,
 * with the same share from the moment it came. */
#include "engine.h"
#include "../util/interrupt.h"
#include "../util/util.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#define ENGINE_HALT_SHARE 0.1       /* of --max-time, at most, for the end */
#define ENGINE_HALT_NO_LIMIT_S 5.0  /* the end's share without --max-time */
#define ENGINE_HALT_TEST_GUESS 1e-3 /* s per test before the run has timed one */
#define ENGINE_HALT_DROP_GUESS 8e-6 /* s to free a state that gets no test: 3-5 us of CPU measured (part
                                     * of it when malloc coalesces the freed chunks at its next large
                                     * request), about twice that in wall time on a loaded machine */
#define ENGINE_HALT_LATE_SLACK 0.25 /* s past the deadline a test from a state's own model may be written */
#define ENGINE_HALT_DROP_SLACK 0.25 /* s past the deadline the freeing may take (of the second allowed) */
#define ENGINE_HALT_GRACE_SHARE 0.2 /* of a distributed job's grace after a signal, for the tests */
#define ENGINE_HALT_RECOUNT_S 0.25  /* s between counts of the states the end would write tests for */
#define ENGINE_HALT_TO_TEST_EXTRA 16 /* tests reserved beyond twice that count */

/* Seconds the tests of n states are expected to take, from what this run's
 * tests took so far. */
static double engine_halt_cost(const Engine *e, size_t n) {
    const EngineHalt *h = &e->halt;
    double per_test = h->timed_tests ? h->test_time / (double)h->timed_tests : ENGINE_HALT_TEST_GUESS;
    if (n > e->opt.halt_tests) n = (size_t)e->opt.halt_tests;
    return (double)n * per_test;
}

static double engine_halt_share(const Engine *e) {
    double share = e->opt.max_time > 0 ? e->opt.max_time * ENGINE_HALT_SHARE : ENGINE_HALT_NO_LIMIT_S;
    /* a signalled job's ranks are killed soon after (mpirun's grace): the
     * tests, their shipping, the final reports and the summary must fit */
    if (e->dist && interrupt_requested() && share > e->dist->signal_grace_s * ENGINE_HALT_GRACE_SHARE)
        share = e->dist->signal_grace_s * ENGINE_HALT_GRACE_SHARE;
    return share;
}

/* Seconds freeing n states (that get no test) takes beyond the part of the
 * second past the deadline it may use: at this run's cost per state so far,
 * never less than the guess. */
static double engine_halt_freeing(const Engine *e, size_t n) {
    if (!SYMPLEX_FREE_AT_EXIT) return 0;
    const EngineHalt *h = &e->halt;
    double per = h->timed_frees ? h->free_time / (double)h->timed_frees : 0;
    if (per < ENGINE_HALT_DROP_GUESS) per = ENGINE_HALT_DROP_GUESS;
    double t = (double)n * per - ENGINE_HALT_DROP_SLACK;
    return t > 0 ? t : 0;
}

/* The states the end would write tests for: all of them, or under
 * --only-new-coverage-tests those that covered something no test reaches yet.
 * Reserving for all of them gave a tenth of every budget to an end that wrote
 * 15 tests for 70,000 states (bench/suite/lru_cache stopped exploring at 108 s
 * of 120). Counted by a scan of the pool a few times a second; twice the
 * count and a few more are reserved, as states cover something new between
 * counts. */
static size_t engine_halt_to_test(Engine *e, double now) {
    if (!e->opt.only_new_coverage_tests) return e->pool.len;
    EngineHalt *h = &e->halt;
    if (now - h->to_test_at >= ENGINE_HALT_RECOUNT_S) {
        size_t n = 0;
        for (size_t i = 0; i < e->pool.len; i++) n += e->pool.data[i]->covered_new;
        h->to_test = n;
        h->to_test_at = now;
    }
    size_t n = 2 * h->to_test + ENGINE_HALT_TO_TEST_EXTRA;
    return n < e->pool.len ? n : e->pool.len;
}

double engine_halt_explore_end(Engine *e, double now) {
    double tests = engine_halt_cost(e, engine_halt_to_test(e, now)), share = engine_halt_share(e);
    double reserve = (tests < share ? tests : share) + engine_halt_freeing(e, e->pool.len);
    return e->start + e->opt.max_time - reserve;
}

void engine_halt_timed_test(Engine *e, double seconds) {
    e->halt.test_time += seconds;
    e->halt.timed_tests++;
}

/* Exploring stops before the deadline, but a memory prune can end thousands
 * of states at once, each with a test. A state whose query the deadline cut
 * (a slow first query: no test yet, KLEE would write one) still gets its test
 * from the model it carries, which costs no query, within a part of a second
 * from the first state found late. */
bool engine_halt_late(Engine *e, const State *s) {
    if (e->halt.ending || e->opt.max_time <= 0) return false;
    double now = timer_now();
    if (now < e->start + e->opt.max_time) return false;
    if (e->halt.late_from <= 0) e->halt.late_from = now; /* a query may have run far past the deadline */
    if (s->model && now < e->halt.late_from + ENGINE_HALT_LATE_SLACK) return false;
    e->halt.late++;
    return true;
}

/* The pool is emptied from its end: the states that covered a line or branch
 * no test reaches yet go there, so they get their tests first. */
static void engine_halt_order(Engine *e) {
    State **p = e->pool.data;
    size_t j = e->pool.len;
    for (size_t i = 0; i < j;) {
        if (!p[i]->covered_new) { i++; continue; }
        State *t = p[i];
        p[i] = p[--j];
        p[j] = t;
    }
    for (size_t i = 0; i < e->pool.len; i++) p[i]->pool_index = i;
}

/* A state that gets no test: an early end all the same, without the query a
 * state with unchecked branch sides (--speculate) would need to be settled.
 * A release build leaves it to the process's exit (SYMPLEX_FREE_AT_EXIT,
 * util.h): freeing hands nothing back that the exit does not, and it was the
 * end's largest cost (197,915 cold states in 3.8 s, 19 us each, against the
 * run's own frees of states just touched: bench/suite/hash_table ended at
 * 123.7 s of 120). */
static void engine_halt_drop(Engine *e, State *s, const char *reason) {
    engine_count_early(e, s, reason);
    if (SYMPLEX_FREE_AT_EXIT) engine_discard(e, s);
    else engine_unpool(e, s);
}

/* Why the tests stop here, or NULL while they may go on: the states left
 * must still be freed, within a quarter of the second the deadline allows. */
static const char *engine_halt_spent(Engine *e, double end, bool signalled) {
    if (!signalled && interrupt_requested()) return "interrupted";
    if (e->tests - e->halt.first_test >= e->opt.halt_tests) return "--halt-tests reached";
    if (timer_now() + engine_halt_freeing(e, e->pool.len) >= end) return "time budget spent";
    return NULL;
}

/* When the end is over: at the deadline when exploring stopped to leave it
 * its reserve; after another halt (a signal, --max-instructions), its share
 * of the budget and the freeing from now, never past the deadline. */
static double engine_halt_end_time(const Engine *e, double now) {
    /* tests from the states' own models may use a part of the second past the
     * deadline: a query the deadline cut (a slow first floating-point query on
     * a loaded machine) leaves no time before it, and a run with no test */
    double deadline = e->opt.max_time > 0 ? e->start + e->opt.max_time : INFINITY;
    if (e->halt.late_from > 0 && deadline < e->halt.late_from) deadline = e->halt.late_from;
    if (deadline < now) deadline = now; /* a query overran the deadline: its part of a second from now */
    deadline += ENGINE_HALT_LATE_SLACK;
    if (e->halt_reason && strcmp(e->halt_reason, "max-time") == 0) return deadline;
    double end = now + engine_halt_share(e) + engine_halt_freeing(e, e->pool.len);
    return end < deadline ? end : deadline;
}

/* Ends every state of the pool, most valuable first: with a test until the
 * budget is spent, then without. */
static void engine_halt_drain(Engine *e, double end) {
    EngineHalt *h = &e->halt;
    const char *reason = e->halt_reason ? e->halt_reason : "halted";
    bool signalled = interrupt_requested(); /* the signal that halted the run asks for these tests */
    bool policy = e->skip_tests;            /* e.g. --target reached: no more tests wanted */
    const char *spent = NULL;
    h->first_test = e->tests;
    /* under --only-new-coverage-tests the states that covered nothing new
     * come last (engine_halt_order) and would get no test anyway: they are
     * not wanted, and not counted as left out by the budget */
    h->wanted = 0;
    for (size_t i = 0; !policy && i < e->pool.len; i++)
        h->wanted += !e->opt.only_new_coverage_tests || e->pool.data[i]->covered_new;
    size_t left = h->wanted;
    while (e->pool.len) {
        State *s = e->pool.data[e->pool.len - 1];
        if (e->opt.only_new_coverage_tests && !s->covered_new) policy = true;
        if (!policy && !spent && (spent = engine_halt_spent(e, end, signalled))) {
            h->out_of_budget = left;
            util_warn("%zu of %zu states alive at the halt get no test (%s)", left, h->live, spent);
        }
        left -= !policy;
        if (policy || spent) engine_halt_drop(e, s, reason);
        else exec_terminate_early(e->ex, s, reason);
    }
    h->tests = e->tests - h->first_test;
}

static void engine_keep_searcher_summary(Engine *e) {
    if (!e->searcher->summary) return;
    size_t len = 0;
    FILE *f = open_memstream(&e->searcher_summary, &len);
    if (!f) return;
    e->searcher->summary(e->searcher, f);
    fclose(f);
}

void engine_halt_finish(Engine *e) {
    /* a signal halts the run even when it cut the last state's query */
    if (interrupt_requested() && !e->halt_reason) e->halt_reason = "interrupted";
    e->halted = e->pool.len > 0 || interrupt_requested();
    EngineHalt *h = &e->halt;
    h->ending = true;
    h->live = e->pool.len;
    if (!h->live) return;
    double start = timer_now(), cpu = timer_cpu(), end = engine_halt_end_time(e, start);
    h->budget_s = end > start ? end - start : 0;
    e->sstats->deadline = end; /* a model query cannot outlast it */
    /* no state is selected again: dropping the searcher whole spares its
     * per-state removal, a linear scan in some of them; what it counted is
     * kept for summary.json */
    engine_keep_searcher_summary(e);
    if (SYMPLEX_FREE_AT_EXIT) e->searcher->destroy(e->searcher); /* else the exit's: 0.1-0.3 s of cold frees */
    e->searcher = NULL;
    engine_halt_order(e);
    engine_halt_drain(e, end);
    h->time_s = timer_now() - start;
    h->cpu_s = timer_cpu() - cpu;
}

void engine_halt_summary(const Engine *e, FILE *f) {
    const EngineHalt *h = &e->halt;
    fprintf(f, "  \"halt\": {\"live_states\": %zu, \"wanted\": %zu, \"tests\": %llu, \"not_written\": %llu, "
               "\"out_of_budget\": %zu, \"late_no_test\": %llu, \"budget_s\": %.3f, \"time_s\": %.3f, \"cpu_s\": %.3f},\n",
            h->live, h->wanted, (unsigned long long)h->tests, (unsigned long long)(h->live - h->tests), h->out_of_budget,
            (unsigned long long)h->late, h->budget_s, h->time_s, h->cpu_s);
}
