/* Live states as what rebuilds them (engine_record.h). */
#include "engine_record.h"
#include "../util/util.h"
#include <stdlib.h>
#include <string.h>

#define RECORD_OVERHEAD 64 /* bytes a record costs beyond its input's */

/* s's input: its model's bytes for each of its symbolic objects, in the
 * order the program made them (what a concolic run's make_symbolic calls
 * take, one object each), each without its trailing zero bytes, which a
 * concolic run puts back (most of a model is zeros: a symbolic stdout
 * buffer nothing constrains, the unused end of an argument). */
static Seed *record_seed_of(const State *s) {
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

/* A model of s's whole path: its own, checked against every constraint, or
 * one the solver finds (a state whose model stopped fitting a constraint);
 * false when there is none to be had (an unchecked segment, a query given
 * up). */
static bool record_model_fits(Engine *e, const State *s) {
    size_t n;
    Expr *const *cs = exec_constraints(e->ex, s, &n);
    for (size_t i = 0; i < n; i++)
        if (!(expr_eval(cs[i], s->model) & 1)) return false;
    return true;
}

static bool record_model(Engine *e, State *s) {
    if (state_unchecked(s)) return false;
    /* a model that stopped fitting would rebuild another path */
    if (s->model && record_model_fits(e, s)) return true;
    state_set_model(s, NULL);
    Expr *t = expr_const(1, 1);
    Assignment *m = NULL;
    SolverResult r = exec_check_extend(e->ex, s, t, &m);
    expr_unref(t);
    if (r != SOLVER_SAT || !m) return false;
    state_set_model(s, m);
    return true;
}

/* A rebuild still replaying keeps its own record; any other state with
 * decisions and a model gets one. A state with no decision yet is the
 * initial state, rebuilt the same way (a concolic run up to decision 0 is
 * symbolic from its first instruction). */
bool engine_record_of(Engine *e, State *s, StateRecord *r) {
    if (s->replay_to) {
        *r = (StateRecord){seed_ref(s->seed), s->replay_to, s->replay_hash};
        return true;
    }
    if (s->concolic || s->rebuild_unsafe || !record_model(e, s)) return false;
    *r = (StateRecord){record_seed_of(s), s->decisions, s->decision_hash};
    return true;
}

void engine_record_adopt(Engine *e, StateRecord *r) {
    State *s = exec_initial_state(e->ex, e->opt.argc, e->opt.argv);
    if (r->decisions) {
        s->seed = r->seed; /* the record's reference */
        s->concolic = true;
        s->replay_to = r->decisions;
        s->replay_hash = r->hash;
    } else {
        seed_unref(r->seed);
    }
    r->seed = NULL;
    s->covered_new = false;
    engine_adopt(e, s);
}

void engine_record_drop(StateRecord *r) {
    seed_unref(r->seed);
    r->seed = NULL;
}

size_t engine_record_bytes(const StateRecord *r) {
    size_t n = RECORD_OVERHEAD;
    for (uint32_t i = 0; i < r->seed->n; i++) n += r->seed->sizes[i] + sizeof(uint32_t) + sizeof(uint8_t *);
    return n;
}

void bytebuf_put(ByteBuf *b, const void *p, size_t n) {
    VEC_RESERVE(*b, b->len + n);
    if (n) memcpy(b->data + b->len, p, n);
    b->len += n;
}

void bytebuf_u32(ByteBuf *b, uint32_t v) {
    uint8_t x[4];
    for (int i = 0; i < 4; i++) x[i] = (uint8_t)(v >> (8 * i));
    bytebuf_put(b, x, 4);
}

void bytebuf_set_u32(ByteBuf *b, size_t at, uint32_t v) {
    for (int i = 0; i < 4; i++) b->data[at + i] = (uint8_t)(v >> (8 * i));
}

void bytebuf_u64(ByteBuf *b, uint64_t v) {
    bytebuf_u32(b, (uint32_t)v);
    bytebuf_u32(b, (uint32_t)(v >> 32));
}

bool bytes_get(const uint8_t **p, const uint8_t *end, void *out, size_t n) {
    if ((size_t)(end - *p) < n) return false;
    if (n) memcpy(out, *p, n);
    *p += n;
    return true;
}

bool bytes_u32(const uint8_t **p, const uint8_t *end, uint32_t *v) {
    uint8_t x[4];
    if (!bytes_get(p, end, x, 4)) return false;
    *v = (uint32_t)x[0] | (uint32_t)x[1] << 8 | (uint32_t)x[2] << 16 | (uint32_t)x[3] << 24;
    return true;
}

bool bytes_u64(const uint8_t **p, const uint8_t *end, uint64_t *v) {
    uint32_t lo, hi;
    if (!bytes_u32(p, end, &lo) || !bytes_u32(p, end, &hi)) return false;
    *v = (uint64_t)hi << 32 | lo;
    return true;
}

void bytebuf_str(ByteBuf *b, const char *s) {
    size_t n = s ? strlen(s) : 0;
    bytebuf_u32(b, (uint32_t)n);
    bytebuf_put(b, s, n);
}

bool bytes_str(const uint8_t **p, const uint8_t *end, char **s) {
    uint32_t n;
    *s = NULL;
    if (!bytes_u32(p, end, &n) || n > (size_t)(end - *p)) return false;
    *s = util_malloc(n + 1);
    memcpy(*s, *p, n);
    (*s)[n] = 0;
    *p += n;
    return true;
}

void bytebuf_f64(ByteBuf *b, double d) {
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    bytebuf_u64(b, u);
}

bool bytes_f64(const uint8_t **p, const uint8_t *end, double *d) {
    uint64_t u;
    if (!bytes_u64(p, end, &u)) return false;
    memcpy(d, &u, sizeof u);
    return true;
}

void engine_record_encode(const StateRecord *r, ByteBuf *out) {
    bytebuf_u64(out, r->decisions);
    bytebuf_u64(out, r->hash);
    bytebuf_u32(out, r->seed->n);
    for (uint32_t i = 0; i < r->seed->n; i++) {
        bytebuf_u32(out, r->seed->sizes[i]);
        bytebuf_put(out, r->seed->bytes[i], r->seed->sizes[i]);
    }
}

bool engine_record_decode(const uint8_t **p, const uint8_t *end, StateRecord *r) {
    uint32_t n;
    if (!bytes_u64(p, end, &r->decisions) || !bytes_u64(p, end, &r->hash) || !bytes_u32(p, end, &n)) return false;
    if (n > (size_t)(end - *p) / 4) return false; /* each object takes at least its size field */
    Seed *sd = seed_new(n);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t size;
        if (!bytes_u32(p, end, &size) || size > (size_t)(end - *p)) {
            seed_seal(sd);
            seed_unref(sd);
            return false;
        }
        seed_set(sd, i, *p, size);
        *p += size;
    }
    seed_seal(sd);
    r->seed = sd;
    return true;
}

void bytebuf_reasons(ByteBuf *b, const ReasonCounts *v) {
    bytebuf_u32(b, (uint32_t)v->len);
    for (size_t i = 0; i < v->len; i++) {
        bytebuf_str(b, v->data[i].reason);
        bytebuf_u64(b, v->data[i].n);
    }
}

bool bytes_reasons(const uint8_t **p, const uint8_t *end, ReasonCounts *v) {
    uint32_t n;
    if (!bytes_u32(p, end, &n)) return false;
    for (uint32_t i = 0; i < n; i++) {
        char *reason = NULL;
        uint64_t k = 0;
        bool ok = bytes_str(p, end, &reason) && bytes_u64(p, end, &k);
        if (ok) reason_counts_add(v, reason, k);
        free(reason);
        if (!ok) return false;
    }
    return true;
}
