/* States set aside as inputs and rebuilt by running them (engine_swap.h). */
#include "engine_swap.h"
#include "engine_record.h"
#include "../util/util.h"
#include <stdlib.h>
#include <string.h>

/* The store holds at most this share of the exploration budget (the cap
 * minus the fixed cost): past it, states are ended as before. */
#define SWAP_STORE_SHARE 0.125

struct EngineSwap {
    VEC(StateRecord) recs;
    size_t bytes, max_bytes;
    uint64_t out, in, refused;
};

void engine_swap_new(Engine *e) {
    EngineSwap *w = util_calloc(1, sizeof *w);
    if (e->mem.cap > e->mem.start) w->max_bytes = (size_t)((double)(e->mem.cap - e->mem.start) * SWAP_STORE_SHARE);
    e->swap = w;
}

static void swap_drop(EngineSwap *w, StateRecord *r) {
    w->bytes -= engine_record_bytes(r);
    engine_record_drop(r);
}

void engine_swap_clear(Engine *e) {
    EngineSwap *w = e->swap;
    if (!w) return;
    for (size_t i = 0; i < w->recs.len; i++) swap_drop(w, &w->recs.data[i]);
    w->recs.len = 0;
}

void engine_swap_free(Engine *e) {
    if (!e->swap) return;
    engine_swap_clear(e);
    VEC_FREE(e->swap->recs);
    free(e->swap);
    e->swap = NULL;
}

size_t engine_swap_waiting(const Engine *e) { return e->swap ? e->swap->recs.len : 0; }

size_t engine_swap_each(const Engine *e, void (*fn)(void *ctx, const StateRecord *r), void *ctx) {
    const EngineSwap *w = e->swap;
    if (!w) return 0;
    for (size_t i = 0; i < w->recs.len; i++) fn(ctx, &w->recs.data[i]);
    return w->recs.len;
}

bool engine_swap_keep(Engine *e, State *s) {
    EngineSwap *w = e->swap;
    if (!w || s->swapped_out) return false;
    StateRecord r;
    /* a state before its first decision is the initial state: nothing is lost by ending it */
    if (!w->max_bytes || !s->decisions || !engine_record_of(e, s, &r)) {
        w->refused++;
        return false;
    }
    size_t bytes = engine_record_bytes(&r);
    if (w->bytes + bytes > w->max_bytes) {
        engine_record_drop(&r);
        w->refused++;
        return false;
    }
    VEC_PUSH(w->recs, r);
    w->bytes += bytes;
    w->out++;
    s->swapped_out = true;
    return true;
}

/* One record, chosen at random (as the cap chose the states), rebuilt: a
 * concolic run of its input that turns symbolic at its decision. */
static void swap_rebuild(Engine *e) {
    EngineSwap *w = e->swap;
    size_t i = rng_below(&e->rng, w->recs.len);
    StateRecord r = w->recs.data[i];
    w->recs.data[i] = w->recs.data[--w->recs.len];
    w->bytes -= engine_record_bytes(&r);
    w->in++;
    engine_record_adopt(e, &r);
}

size_t engine_swap_in(Engine *e, size_t n) {
    EngineSwap *w = e->swap;
    if (!w) return 0;
    size_t k = 0;
    while (w->recs.len && k < n) {
        swap_rebuild(e);
        k++;
    }
    return k;
}

void engine_swap_summary(const Engine *e, FILE *f) {
    const EngineSwap *w = e->swap;
    const ExecStats *st = &e->ex->stats;
    fprintf(f, "  \"swap\": {\"set_aside\": %llu, \"rebuilt\": %llu, \"reached\": %llu, \"strayed\": %llu, "
               "\"waiting\": %zu, \"ended\": %llu},\n",
            (unsigned long long)(w ? w->out : 0), (unsigned long long)(w ? w->in : 0),
            (unsigned long long)st->rebuilds_done, (unsigned long long)st->rebuilds_strayed, w ? w->recs.len : 0,
            (unsigned long long)(w ? w->refused : 0));
}
