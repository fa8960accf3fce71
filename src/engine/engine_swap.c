/* States set aside as inputs and rebuilt by running them (engine_swap.h). */
#include "engine_swap.h"
#include "../util/util.h"
#include <stdlib.h>
#include <string.h>

/* The store holds at most this share of the exploration budget (the cap
 * minus the fixed cost): past it, states are ended as before. */
#define SWAP_STORE_SHARE 0.125
#define SWAP_RECORD_OVERHEAD 64   /* bytes a record costs beyond its input's */

typedef struct SwapRecord {
    Seed *seed;
    uint64_t decisions, hash;
} SwapRecord;

struct EngineSwap {
    VEC(SwapRecord) recs;
    size_t bytes, max_bytes;
    uint64_t out, in, refused;
};

void engine_swap_new(Engine *e) {
    EngineSwap *w = util_calloc(1, sizeof *w);
    if (e->mem.cap > e->mem.start) w->max_bytes = (size_t)((double)(e->mem.cap - e->mem.start) * SWAP_STORE_SHARE);
    e->swap = w;
}

static size_t swap_record_bytes(const Seed *sd) {
    size_t n = SWAP_RECORD_OVERHEAD;
    for (uint32_t i = 0; i < sd->n; i++) n += sd->sizes[i] + sizeof(uint32_t) + sizeof(uint8_t *);
    return n;
}

static void swap_drop(EngineSwap *w, SwapRecord *r) {
    w->bytes -= swap_record_bytes(r->seed);
    seed_unref(r->seed);
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

/* s's input: its model's bytes for each of its symbolic objects, in the
 * order the program made them (what a concolic run's make_symbolic calls
 * take, one object each), each without its trailing zero bytes, which a
 * concolic run puts back (most of a model is zeros: a symbolic stdout
 * buffer nothing constrains, the unused end of an argument). */
static Seed *swap_seed_of(const State *s) {
    Symbolic *syms = util_malloc((s->nsyms + 1) * sizeof *syms);
    state_symbolics(s, syms);
    Seed *sd = seed_new(s->nsyms);
    for (uint32_t i = 0; i < s->nsyms; i++) {
        const uint8_t *b = assignment_get(s->model, syms[i].array);
        uint32_t n = b ? syms[i].array->size : 0;
        while (n && !b[n - 1]) n--;
        seed_set(sd, i, b, n);
    }
    free(syms);
    seed_seal(sd);
    return sd;
}

/* A model of s's whole path: its own, or one the solver finds (a state
 * whose model stopped fitting a constraint); false when there is none to be
 * had (an unchecked segment, a query given up). */
static bool swap_model(Engine *e, State *s) {
    if (s->model) return true;
    if (state_unchecked(s)) return false;
    Expr *t = expr_const(1, 1);
    Assignment *m = NULL;
    SolverResult r = exec_check_extend(e->ex, s, t, &m);
    expr_unref(t);
    if (r != SOLVER_SAT || !m) return false;
    state_set_model(s, m);
    return true;
}

/* What rebuilds s: a rebuild still replaying keeps its own record; any
 * other state with decisions and a model gets one. */
static bool swap_record_of(Engine *e, State *s, SwapRecord *r) {
    if (s->replay_to) {
        *r = (SwapRecord){seed_ref(s->seed), s->replay_to, s->replay_hash};
        return true;
    }
    if (s->concolic || !s->decisions || !swap_model(e, s)) return false;
    *r = (SwapRecord){swap_seed_of(s), s->decisions, s->decision_hash};
    return true;
}

bool engine_swap_keep(Engine *e, State *s) {
    EngineSwap *w = e->swap;
    if (!w || s->swapped_out) return false;
    SwapRecord r;
    if (!w->max_bytes || !swap_record_of(e, s, &r)) {
        w->refused++;
        return false;
    }
    size_t bytes = swap_record_bytes(r.seed);
    if (w->bytes + bytes > w->max_bytes) {
        seed_unref(r.seed);
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
    SwapRecord r = w->recs.data[i];
    w->recs.data[i] = w->recs.data[--w->recs.len];
    w->bytes -= swap_record_bytes(r.seed);
    State *s = exec_initial_state(e->ex, e->opt.argc, e->opt.argv);
    s->seed = r.seed; /* the record's reference */
    s->concolic = true;
    s->covered_new = false;
    s->replay_to = r.decisions;
    s->replay_hash = r.hash;
    w->in++;
    engine_adopt(e, s);
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
