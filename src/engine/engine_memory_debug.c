/* SYMPLEX_DEBUG_MEMORY=1: one line a second on stderr saying where the
 * memory goes (how the --max-memory design was measured; kept as a debugging
 * aid). Walks every state, so it is not for normal runs. */
#include "engine.h"
#include "../util/memory.h"
#include "../util/util.h"
#include <stdio.h>

/* Bytes the states own privately: frames, registers (a file shared by n
 * states counts 1/n to each) and address-space trie nodes (object contents
 * and input lists are shared between states and not counted). */
static size_t engine_state_bytes(Engine *e, size_t *as_bytes, size_t *reg_bytes) {
    size_t total = 0;
    *as_bytes = *reg_bytes = 0;
    for (size_t i = 0; i < e->pool.len; i++) {
        State *s = e->pool.data[i];
        total += sizeof *s + s->capframes * sizeof(Frame);
        *reg_bytes += state_register_bytes(s);
        *as_bytes += as_private_bytes(&s->as);
    }
    return total + *reg_bytes + *as_bytes;
}

void engine_memory_debug(Engine *e) {
    size_t as_bytes, reg_bytes, states = engine_state_bytes(e, &as_bytes, &reg_bytes);
    const double mb = 1024.0 * 1024.0;
    fprintf(stderr,
            "memory: t=%.1f rss=%.1f peak=%.1f heap=%.1f heap_free=%.1f z3=%.1f exprs=%zu (%.1f MB) "
            "states=%zu (%.1f MB, registers %.1f MB, address spaces %.1f MB) objects=%u kept=%u prunes=%llu\n",
            timer_now() - e->start, memory_rss_bytes() / mb, memory_peak_rss_bytes() / mb,
            memory_heap_bytes() / mb, memory_heap_free_bytes() / mb, solver_memory_bytes() / mb,
            expr_live_count(), expr_live_count() * sizeof(Expr) / mb, e->pool.len, states / mb, reg_bytes / mb, as_bytes / mb,
            mem_object_count(), mem_object_kept(), (unsigned long long)e->mem.prunes);
}
