/* Basin hopping over float and integer variables (fpsearch.h). */
#include "fpsearch.h"
#include "../util/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- ordinals ---- */
int64_t fps_ord_max(FpsKind k) { return k == FPS_F32 ? 0x7f800000ll : 0x7ff0000000000000ll; }

int64_t fps_ord(FpsKind k, uint64_t bits) {
    uint64_t sign = k == FPS_F32 ? 1ull << 31 : 1ull << 63;
    int64_t mag = (int64_t)(bits & (sign - 1));
    return bits & sign ? -mag : mag;
}

uint64_t fps_from_ord(FpsKind k, int64_t ord) {
    uint64_t sign = k == FPS_F32 ? 1ull << 31 : 1ull << 63;
    return ord < 0 ? sign | (uint64_t)-ord : (uint64_t)ord;
}

static uint64_t fps_mask(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }

/* A variable's ordinal: a float's as above, an integer's signed value. */
static int64_t var_ord(const FpsVar *v, uint64_t bits) {
    if (v->kind != FPS_INT) return fps_ord(v->kind, bits);
    unsigned w = v->bits;
    if (w >= 64) return (int64_t)bits;
    uint64_t x = bits & fps_mask(w);
    return x >> (w - 1) ? (int64_t)(x | ~fps_mask(w)) : (int64_t)x;
}

static uint64_t var_from_ord(const FpsVar *v, int64_t ord) {
    return v->kind != FPS_INT ? fps_from_ord(v->kind, ord) : (uint64_t)ord & fps_mask(v->bits);
}

/* ord + delta (a whole number of units), kept inside the variable's range
 * (no NaN for floats); exact, in 128-bit arithmetic. */
static int64_t var_step(const FpsVar *v, int64_t ord, double delta) {
    __int128 hi, lo;
    if (v->kind != FPS_INT) {
        hi = fps_ord_max(v->kind);
        lo = -hi;
    } else {
        hi = ((__int128)1 << (v->bits - 1)) - 1;
        lo = -hi - 1;
    }
    if (delta >= 0x1p100) delta = 0x1p100;
    if (delta <= -0x1p100) delta = -0x1p100;
    __int128 t = (__int128)ord + (__int128)delta;
    return (int64_t)(t > hi ? hi : t < lo ? lo : t);
}

/* ---- the search state ---- */
typedef struct Search {
    const FpsProblem *p;
    const FpsParams *par;
    Rng *rng;
    FpsStats *st;
    uint64_t *cur, *best, *saved;
    double *cd, *sd;        /* per-constraint distances at cur, saved */
    double f, best_f, saved_f;
    bool out;               /* budget spent */
} Search;

static bool search_out(Search *s) {
    if (s->out) return true;
    if (s->st->evals >= s->par->max_evals) s->out = true;
    else if (s->par->deadline > 0 && (s->st->evals & 63) == 0 && timer_now() >= s->par->deadline) s->out = true;
    return s->out;
}

/* The distance at bits; each constraint's into d unless d is NULL (a trial). */
static double search_eval(Search *s, const uint64_t *bits, double *d) {
    double f = 0;
    for (uint32_t c = 0; c < s->p->ncons; c++) {
        double dc = s->p->dist(s->p->ctx, c, bits);
        if (d) d[c] = dc;
        f += dc;
    }
    s->st->evals++;
    return f;
}

static void search_note_best(Search *s) {
    if (s->f < s->best_f) {
        s->best_f = s->f;
        memcpy(s->best, s->cur, s->p->nvars * sizeof *s->cur);
    }
}

/* The value of moving variable v of cur to ordinal o (cur is restored). */
static double search_try(Search *s, uint32_t v, int64_t o) {
    uint64_t old = s->cur[v];
    s->cur[v] = var_from_ord(&s->p->vars[v], o);
    double f = search_eval(s, s->cur, NULL);
    s->cur[v] = old;
    return f;
}

/* One compass round on v over scales 2^0..2^top: the best improving step, or false. */
static bool descend_round(Search *s, uint32_t v, int *top) {
    const FpsVar *var = &s->p->vars[v];
    int64_t ord = var_ord(var, s->cur[v]), best_o = ord;
    double best_f = s->f;
    int best_k = -1;
    for (int k = 0; k <= *top && !search_out(s); k++)
        for (int dir = -1; dir <= 1; dir += 2) {
            int64_t o = var_step(var, ord, dir * ldexp(1, k));
            if (o == ord) continue;
            double f = search_try(s, v, o);
            if (f < best_f) best_f = f, best_o = o, best_k = k;
        }
    if (best_k < 0) return false;
    s->cur[v] = var_from_ord(var, best_o);
    s->f = search_eval(s, s->cur, s->cd);
    if (s->f > 0 && s->p->visit) s->p->visit(s->p->visit_ctx, s->cur);
    /* the next round looks near the scale that worked */
    *top = best_k + 1 < *top ? best_k + 1 : *top;
    return true;
}

/* Descends along v while a step improves. Returns whether anything did. */
static bool descend_var(Search *s, uint32_t v) {
    const FpsVar *var = &s->p->vars[v];
    int top = (int)var->bits - 1, rounds = 0;
    bool moved = false;
    while (s->f > 0 && rounds++ < 4 * 64 && descend_round(s, v, &top)) moved = true;
    return moved;
}

/* Coordinate descent over the variables of violated constraints, a few
 * passes while one improves. */
static void descend(Search *s) {
    for (int pass = 0; pass < 4 && s->f > 0 && !search_out(s); pass++) {
        bool moved = false;
        for (uint32_t c = 0; c < s->p->ncons && s->f > 0; c++)
            if (s->cd[c] > 0)
                for (uint32_t i = 0; i < s->p->cons[c].nvars && s->f > 0; i++)
                    moved |= descend_var(s, s->p->cons[c].vars[i]);
        if (!moved) break;
    }
    search_note_best(s);
}

/* ---- hops ---- */
static uint64_t special_value(const FpsVar *v, uint64_t pick) {
    static const uint64_t f32[] = {0, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x7f800000u, 0xff800000u,
                                   0x7fc00000u, 1, 0x80000001u, 0x00800000u, 0x7f7fffffu, 0xff7fffffu};
    static const uint64_t f64[] = {0, 1ull << 63, 0x3ff0000000000000ull, 0xbff0000000000000ull,
                                   0x7ff0000000000000ull, 0xfff0000000000000ull, 0x7ff8000000000000ull, 1,
                                   (1ull << 63) | 1, 0x0010000000000000ull, 0x7fefffffffffffffull,
                                   0xffefffffffffffffull};
    if (v->kind == FPS_F32) return f32[pick % 12];
    if (v->kind == FPS_F64) return f64[pick % 12];
    uint64_t m = fps_mask(v->bits), ints[] = {0, 1, m, 1ull << (v->bits - 1), m >> 1};
    return ints[pick % 5];
}

/* A violated constraint, uniformly; ncons when none is (or none reads a variable). */
static uint32_t pick_violated(Search *s) {
    uint32_t n = 0;
    for (uint32_t c = 0; c < s->p->ncons; c++) n += s->cd[c] > 0 && s->p->cons[c].nvars > 0;
    if (n == 0) return s->p->ncons;
    uint64_t k = rng_below(s->rng, n);
    for (uint32_t c = 0; c < s->p->ncons; c++)
        if (s->cd[c] > 0 && s->p->cons[c].nvars > 0 && k-- == 0) return c;
    return s->p->ncons;
}

static void perturb(Search *s, uint32_t v) {
    const FpsVar *var = &s->p->vars[v];
    double r = rng_double(s->rng);
    unsigned w = var->bits;
    if (r < s->par->p_special) {
        s->cur[v] = special_value(var, rng_next(s->rng));
    } else if (r < s->par->p_special + s->par->p_random) {
        s->cur[v] = rng_next(s->rng) & fps_mask(w);
    } else {
        double size = floor(ldexp(1, (int)(rng_double(s->rng) * (w - 1))));
        int64_t o = var_step(var, var_ord(var, s->cur[v]), rng_next(s->rng) & 1 ? size : -size);
        s->cur[v] = var_from_ord(var, o);
    }
    s->f = search_eval(s, s->cur, s->cd);
}

static double energy(double f) { return log2(1 + f); }

/* One hop from cur: perturb, descend, accept or go back. */
static void hop(Search *s) {
    uint32_t c = pick_violated(s);
    if (c == s->p->ncons) {
        s->out = true; /* nothing a move could change */
        return;
    }
    const FpsConstraint *con = &s->p->cons[c];
    size_t nb = s->p->nvars * sizeof *s->cur;
    memcpy(s->saved, s->cur, nb);
    memcpy(s->sd, s->cd, s->p->ncons * sizeof *s->cd);
    s->saved_f = s->f;
    perturb(s, con->vars[rng_below(s->rng, con->nvars)]);
    descend(s);
    s->st->hops++;
    double de = energy(s->f) - energy(s->saved_f);
    if (de <= 0 || rng_double(s->rng) < exp(-de / s->par->temperature)) {
        s->st->accepted++;
        return;
    }
    memcpy(s->cur, s->saved, nb);
    memcpy(s->cd, s->sd, s->p->ncons * sizeof *s->cd);
    s->f = s->saved_f;
}

FpsParams fps_default_params(void) {
    return (FpsParams){.max_evals = 200000, .max_hops = 1000, .temperature = 1.0, .p_special = 0.1,
                       .p_random = 0.05, .deadline = 0};
}

bool fps_search(const FpsProblem *p, const FpsParams *params, Rng *rng, uint64_t *bits, FpsStats *stats) {
    size_t nv = p->nvars + 1, nc = p->ncons + 1;
    Search s = {p, params, rng, stats, bits, util_calloc(nv, 8), util_calloc(nv, 8), util_calloc(nc, sizeof(double)),
                util_calloc(nc, sizeof(double)), 0, INFINITY, 0, false};
    s.f = search_eval(&s, s.cur, s.cd);
    search_note_best(&s);
    descend(&s);
    for (uint32_t h = 0; s.f > 0 && h < params->max_hops && !search_out(&s); h++) hop(&s);
    bool found = s.f == 0;
    if (!found) memcpy(bits, s.best, p->nvars * sizeof *bits);
    free(s.best);
    free(s.saved);
    free(s.cd);
    free(s.sd);
    return found;
}
