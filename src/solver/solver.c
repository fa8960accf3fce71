/* The default chain, chain-wide accounting, and the convenience queries. */
#include "solver_layer.h"
#include "../util/util.h"
#include <stdlib.h>
#include <string.h>

/* ---- chain entry accounting ----
 * The engine is single-threaded, so a small stack of the SolverStats currently
 * inside a check() tells whether this layer is the outermost one for its chain.
 * Keying on stats (not on a global depth) keeps a second, independent chain
 * called from inside a layer counting its own queries. */
enum { SOLVER_ENTRY_MAX = 32 };
static const SolverStats *solver_entered[SOLVER_ENTRY_MAX];
static int solver_depth;

SolverEntry solver_enter(Solver *s) {
    bool top = true;
    int known = solver_depth < SOLVER_ENTRY_MAX ? solver_depth : SOLVER_ENTRY_MAX;
    for (int i = 0; i < known; i++)
        if (solver_entered[i] == s->stats) top = false;
    if (solver_depth < SOLVER_ENTRY_MAX) solver_entered[solver_depth] = s->stats;
    solver_depth++;
    if (top) s->stats->queries++;
    return (SolverEntry){top ? timer_now() : 0, top};
}

void solver_leave(Solver *s, SolverEntry e) {
    solver_depth--;
    if (e.top) s->stats->time_s += timer_now() - e.t0;
}

const char *solver_gave_up_reason(const SolverStats *st) {
    if (st->interrupted) return "interrupted";
    if (st->deadline_hit) return "max-time";
    if (st->memory_out) return "max-memory";
    if (st->memory_alone) return "solver memory";
    return "solver timeout";
}

/* ---- chain ---- */
Solver *solver_chain_new(const SolverOptions *opt, SolverStats *stats) {
    /* independence first: the slices it passes down are small, so substitution
     * and the cache work on a few constraints instead of the whole path */
    Solver *s = solver_z3_new(opt, stats);
    if (opt->linear_only) s = solver_linear_only_new(s);
    if (opt->cw) s = solver_cw_new(s, opt);
    if (opt->fp_search != FP_SEARCH_OFF) s = solver_fps_new(s, opt);
    if (opt->array_solver == ARRAY_SOLVER_CEGAR) s = solver_cegar_new(s, !opt->no_array_precheck, !opt->no_array_prune);
    else if (opt->array_solver == ARRAY_SOLVER_AUTO)
        s = solver_cegar_large_new(s, !opt->no_array_precheck, !opt->no_array_prune);
    if (opt->simplex) s = solver_simplex_new(s);
    s = solver_gate_new(s);
    if (!opt->no_cache) s = solver_cache_new(s);
    if (!opt->no_implied_bounds) s = solver_bounds_new(s);
    if (!opt->no_simplify) s = solver_simplify_new(s);
    if (!opt->no_independence) s = solver_independence_new(s);
    return s;
}

void solver_destroy(Solver *s) {
    while (s) {
        Solver *next = s->next;
        s->ops->destroy(s); /* frees only this layer */
        s = next;
    }
}

void solver_offer_model(Solver *s, const Assignment *model) {
    for (; s; s = s->next)
        if (solver_cache_offer(s, model)) return;
}

void solver_drop_caches(Solver *s) {
    for (; s; s = s->next)
        if (!solver_cache_drop(s)) solver_z3_release(s);
}

/* ---- helpers for the layers ---- */
void solver_query_arrays(const Query *q, ArraySet *out) {
    size_t from = out->len, kept = from;
    expr_collect_arrays_all(q->constraints, q->n, q->expr, out);
    for (size_t i = from; i < out->len; i++) /* input arrays only: constant ones need no model */
        if (!out->data[i]->init) out->data[kept++] = out->data[i];
    out->len = kept;
}

void solver_fill_missing(Assignment *model, const ArraySet *arrays) {
    for (size_t i = 0; i < arrays->len; i++) {
        Array *a = arrays->data[i];
        if (assignment_get(model, a)) continue;
        uint8_t *zero = util_calloc(a->size ? a->size : 1, 1);
        assignment_set(model, a, zero);
        free(zero);
    }
}

void solver_copy_query_arrays(const Query *q, const Assignment *from, Assignment *to) {
    ArraySet arrays = {0};
    solver_query_arrays(q, &arrays);
    for (size_t i = 0; i < arrays.len; i++) {
        const uint8_t *b = assignment_get(from, arrays.data[i]);
        if (b) assignment_set(to, arrays.data[i], b);
    }
    solver_fill_missing(to, &arrays);
    expr_array_set_free(&arrays);
}

/* ---- convenience queries ---- */
SolverResult solver_may_be_true(Solver *s, Expr *const *cs, size_t n, Expr *e) {
    Query q = {cs, n, e, NULL, NULL, false};
    return solver_check(s, &q, NULL);
}

SolverResult solver_must_be_true(Solver *s, Expr *const *cs, size_t n, Expr *e) {
    Expr *ne = expr_not(e);
    Query q = {cs, n, ne, NULL, NULL, false};
    SolverResult r = solver_check(s, &q, NULL);
    expr_unref(ne);
    if (r == SOLVER_UNKNOWN) return r;
    return r == SOLVER_UNSAT ? SOLVER_SAT : SOLVER_UNSAT;
}

SolverResult solver_get_value(Solver *s, Expr *const *cs, size_t n, Expr *e, u128 *value) {
    Query q = {cs, n, NULL, NULL, NULL, false};
    Assignment m;
    assignment_init(&m);
    SolverResult r = solver_check(s, &q, &m);
    /* Arrays only e reads are absent from m and evaluate as zero bytes, which is
     * as good as any value: the constraints do not mention them. */
    if (r == SOLVER_SAT) *value = expr_eval(e, &m);
    assignment_free(&m);
    return r;
}
