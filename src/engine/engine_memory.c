/* The memory cap (--max-memory): the process's resident set size (RSS) stays
 * at or below the cap.
 *
 * What was measured (SYMPLEX_DEBUG_MEMORY=1, bench/suite/http_req.c): when
 * exploration starts the process holds ~75 MB: the code of LLVM (~40 MB) and
 * Z3 (~8 MB), Z3's context (~17 MB of heap), the program. During exploration
 * the states take nearly all the rest (~10 KB each there, register files and
 * address spaces; address spaces were vectors as long as the highest object
 * id, 150 KB a state in csv_fields, until they became shared tries, see
 * mem_space.c); expressions (<1 MB) and Z3
 * (+1-9 MB) stay small between queries, but one hard query adds 15 MB to the
 * RSS for a fraction of a second. Comparing malloc's bytes in use with the
 * cap, as before, left the fixed cost, Z3 and the freed pages glibc keeps
 * mapped uncounted: the RSS ran 25% (cap 400) to 80% (cap 100) past the cap.
 *
 * So the cap is checked against the RSS itself, and acted on before it is
 * crossed:
 *   - the budget exploration can use is the cap minus the fixed cost: the RSS
 *     when exploration begins, after the loader's freed memory and LLVM's code
 *     pages (never run while exploring) are given back;
 *   - every ENGINE_MEMORY_PERIOD between two runs of a state (one pread of
 *     /proc/self/statm), at `soft` randomly chosen states are terminated,
 *     each with a test and reason max-memory, as many as the average state's
 *     size says bring the RSS back to `target`; then the solver's caches are
 *     dropped and malloc's free pages handed back (malloc_trim), so that
 *     freeing lowers the RSS, which glibc alone would not do;
 *   - during a solver query the watcher thread (engine_watch.c) reads the RSS
 *     and cuts the query at `hard` (its state ends with reason max-memory).
 * Soft, target and hard sit at 85%, 65% and 95% of the budget: the 5% above
 * hard absorb what a query allocates between two looks of the watcher, and
 * the 10% between soft and hard what a state allocates between two checks.
 * A cap at or below the fixed cost cannot be held; symplex says so and runs
 * with as few states as it can (one is always kept, queries are not cut). */
#include "engine.h"
#include "engine_swap.h"
#include "../util/memory.h"
#include "../util/util.h"
#include <stdio.h>

#define ENGINE_MEMORY_PERIOD 0.005 /* s between two looks at the RSS */
#define ENGINE_MEMORY_SOFT 0.85    /* share of the budget at which states are terminated */
#define ENGINE_MEMORY_TARGET 0.65  /* share of the budget they are terminated down to */
#define ENGINE_MEMORY_HARD 0.90    /* share of the budget at which a solver query is cut */
#define ENGINE_MEMORY_INHIBIT 0.70 /* share of the budget in use at which forks stop ... */
#define ENGINE_MEMORY_RESUME 0.60  /* ... and below which they go on */
#define ENGINE_MEMORY_SWAP_IN 0.50 /* share of the budget below which states set aside are rebuilt */
/* A query the watcher cuts when the RSS has grown by this share of the budget
 * since the query began gives up (reason "solver memory") instead of being
 * set aside: states are rebuilt with half the budget in use, where this
 * query would meet the hard line again, and again at every rebuild
 * (fp_numeric_kernels under --plain: 8,666 rebuilds of one state in 110 s).
 * A query cut beside many states is set aside as before. */
#define ENGINE_MEMORY_QUERY_ALONE 0.50
#define ENGINE_MEMORY_SWAP_BATCH 64 /* at most this many at one look */
#define MB(x) ((double)(x) / (1024.0 * 1024.0))

void engine_memory_start(Engine *e) {
    EngineMemory *m = &e->mem;
    m->cap = (size_t)e->opt.max_memory_mb << 20;
    /* What the loader used is no cost of exploring: the memory it freed, and
     * LLVM's code (~40 MB resident), which exploration never runs. */
    memory_release();
    m->code = memory_drop_code("libLLVM");
    m->start = memory_rss_bytes();
    m->start_heap = memory_heap_bytes();
    if (!m->cap) return;
    size_t loading = memory_peak_rss_bytes();
    if (loading > m->cap && m->cap > m->start)
        util_warn("--max-memory=%llu MiB is below what loading the program took (%.0f MiB); exploring is kept "
                  "under it", (unsigned long long)e->opt.max_memory_mb, MB(loading));
    if (m->cap <= m->start) {
        util_warn("--max-memory=%llu MiB is below what symplex holds before exploring (%.0f MiB: LLVM, Z3 and the "
                  "program); it cannot be held, exploration keeps a single state",
                  (unsigned long long)e->opt.max_memory_mb, MB(m->start));
        m->soft = m->target = m->start;
        return; /* no hard line: every query would be cut */
    }
    size_t budget = m->cap - m->start;
    m->soft = m->start + (size_t)(budget * ENGINE_MEMORY_SOFT);
    m->target = m->start + (size_t)(budget * ENGINE_MEMORY_TARGET);
    m->hard = m->start + (size_t)(budget * ENGINE_MEMORY_HARD);
    solver_limit_query_memory(e->solver, (size_t)(budget * ENGINE_MEMORY_QUERY_ALONE));
    m->swap_in = m->start + (size_t)(budget * ENGINE_MEMORY_SWAP_IN);
    if (e->opt.memory_inhibit) {
        m->inhibit = m->start + (size_t)(budget * ENGINE_MEMORY_INHIBIT);
        m->resume = m->start + (size_t)(budget * ENGINE_MEMORY_RESUME);
    }
}

/* Average bytes a state holds: from malloc's count when there is one (the RSS
 * also holds freed pages not yet handed back), else from the RSS. */
static size_t engine_memory_per_state(Engine *e, size_t rss) {
    size_t heap = memory_heap_bytes();
    size_t used = heap ? (heap > e->mem.start_heap ? heap - e->mem.start_heap : 0)
                       : (rss > e->mem.start ? rss - e->mem.start : 0);
    size_t per = e->pool.len ? used / e->pool.len : used;
    return per < 256 ? 256 : per;
}

/* Terminates randomly chosen states until about `excess` bytes are freed;
 * one state is always kept, and never the one engine_tick's caller holds. */
static void engine_memory_prune(Engine *e, size_t rss) {
    EngineMemory *m = &e->mem;
    size_t excess = rss > m->target ? rss - m->target : 0;
    size_t per = engine_memory_per_state(e, rss);
    size_t kill = (excess + per - 1) / per;
    if (kill < 1) kill = 1;
    if (kill >= e->pool.len) kill = e->pool.len - 1;
    /* each is set aside when it can be (engine_swap.c, on its termination) */
    for (size_t i = 0; i < kill; i++) {
        size_t k = (size_t)rng_below(&e->rng, e->pool.len);
        if (e->pool.data[k] == e->held) k = (k + 1) % e->pool.len; /* held by its caller (engine_tick) */
        exec_terminate_early(e->ex, e->pool.data[k], "max-memory");
    }
    if (kill) m->prunes++;
    solver_drop_caches(e->solver);
    memory_release();
    if (e->debug_memory)
        fprintf(stderr, "memory: prune at %.1f MB: %zu states terminated (%zu bytes each), %zu left, now %.1f MB\n",
                MB(rss), kill, per, e->pool.len, MB(memory_rss_bytes()));
}

/* The fixed cost plus what malloc holds beyond what it held at the start:
 * what states and caches use, without the freed pages glibc keeps mapped
 * (the RSS where malloc gives no count, under a sanitizer). Asking malloc
 * walks its arenas: with 40,000 states on coreutils' pr a look every 5 ms
 * took most of the run (93 million instructions in 581 s against 982
 * million), so a look is spaced to cost at most 1% of the time, and the
 * last count stands in between. */
static size_t engine_memory_in_use(Engine *e, size_t rss, double now) {
    EngineMemory *m = &e->mem;
    if (now >= m->next_heap_look) {
        double t0 = timer_now();
        size_t heap = memory_heap_bytes();
        double cost = timer_now() - t0;
        m->in_use = heap ? m->start + (heap > m->start_heap ? heap - m->start_heap : 0) : 0;
        m->next_heap_look = now + (cost * 100 > ENGINE_MEMORY_PERIOD ? cost * 100 : ENGINE_MEMORY_PERIOD);
    }
    return m->in_use ? m->in_use : rss;
}

/* With --max-memory-inhibit, forks stop while memory in use is above the
 * inhibit line, as KLEE's default does: the states alive run to their ends
 * and free what they hold. Not the default until the ablation measures it
 * (one breadth-first run of coreutils' pr: 601 branches against 598). */
static void engine_memory_inhibit(Engine *e, size_t rss, double now) {
    EngineMemory *m = &e->mem;
    if (!m->inhibit) return;
    size_t used = engine_memory_in_use(e, rss, now);
    bool *inhibited = &e->ex->forks_inhibited;
    if (!*inhibited && used >= m->inhibit) {
        *inhibited = true;
        m->inhibits++;
    } else if (*inhibited && used < m->resume) {
        *inhibited = false;
    } else {
        return;
    }
    if (e->debug_memory)
        fprintf(stderr, "memory: forks %s at %.1f MB in use (RSS %.1f MB), %zu states\n",
                *inhibited ? "stop" : "go on", MB(used), MB(rss), e->pool.len);
}

/* Rebuilds states set aside, as many as half the room below the swap-in
 * line holds at the average state's size (states grow back to their size as
 * they replay; the next looks see it). */
static void engine_memory_rebuild(Engine *e, size_t rss, size_t used) {
    size_t per = engine_memory_per_state(e, rss);
    size_t n = (e->mem.swap_in - used) / per / 2;
    if (n < 1) n = 1;
    if (n > ENGINE_MEMORY_SWAP_BATCH) n = ENGINE_MEMORY_SWAP_BATCH;
    engine_swap_in(e, n);
}

void engine_memory_check(Engine *e, double now) {
    EngineMemory *m = &e->mem;
    if (!m->cap || now - m->last_check < ENGINE_MEMORY_PERIOD) return;
    m->last_check = now;
    size_t rss = memory_rss_bytes();
    engine_memory_inhibit(e, rss, now);
    if (rss >= m->soft && e->pool.len > 1) engine_memory_prune(e, rss);
    else if (engine_swap_waiting(e)) {
        /* memory in use, not the RSS: freed pages glibc keeps would hold it above the line for good */
        size_t used = engine_memory_in_use(e, rss, now);
        if (used < m->swap_in) engine_memory_rebuild(e, rss, used);
    }
}

/* The states are gone, and the teardown pages LLVM's code back in for its
 * destructors. Giving the solver's caches and malloc's free pages back keeps
 * that below the cap; but malloc_trim walks every free chunk (0.36 s after
 * 72,000 states were freed), time the end of the run does not have under
 * --max-time, so it is done only when the cap needs it, and never by a
 * release build that leaves the teardown to the exit (main.c). */
void engine_memory_end(Engine *e) {
    if (engine_teardown_at_exit(e)) return;
    EngineMemory *m = &e->mem;
    if (!m->cap || memory_rss_bytes() + m->code < m->soft) return;
    solver_drop_caches(e->solver);
    memory_release();
}
