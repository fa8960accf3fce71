/* The Simplex layer: answers what the linear relaxation of a query decides
 * (linear.h), forwards the rest, and reports every assignment the Simplex
 * visits to the query's PartialSink (MuSE's partial solutions).
 *
 * An infeasible relaxation proves the query UNSAT (the relaxation keeps only
 * atoms it represents exactly, so it has every solution of the query). A
 * solution of the relaxation answers SAT only once evaluating the query on it
 * says every constraint holds; otherwise (dropped non-linear atoms, overlapping
 * integers) the query goes to the next layer. */
#include "solver_layer.h"
#include "linear.h"
#include "../util/util.h"
#include <stdlib.h>

typedef struct SimplexSolver {
    Solver base;
} SimplexSolver;

typedef struct SxVisit {
    const LinProblem *p;
    const Query *q;
    SolverStats *stats;
} SxVisit;

static void sx_emit(void *ctx, const i128 *values, uint32_t n) {
    SxVisit *v = ctx;
    (void)n;
    Assignment a;
    assignment_init(&a);
    linear_assignment(v->p, values, v->q->base, &a);
    v->stats->partial_solutions++;
    v->q->sink->emit(v->q->sink->ctx, &a);
    assignment_free(&a);
}

static bool sx_satisfies(const Query *q, const Assignment *a) {
    for (size_t i = 0; i < q->n; i++)
        if (!expr_eval(q->constraints[i], a)) return false;
    return !q->expr || expr_eval(q->expr, a);
}

/* The relaxation's answer: SAT (with *cand checked), UNSAT, or UNKNOWN. */
static SolverResult sx_solve(SimplexSolver *x, const Query *q, Assignment *cand) {
    LinProblem p;
    SolverResult r = SOLVER_UNKNOWN;
    if (!linear_build(q->constraints, q->n, q->expr, &p)) {
        linear_free(&p);
        return r;
    }
    SolverStats *st = x->base.stats;
    st->simplex_queries++;
    if (p.contradiction) {
        linear_free(&p);
        return SOLVER_UNSAT;
    }
    i128 *values = util_calloc(p.nvars + 1, sizeof(i128));
    SxVisit visit = {&p, q, st};
    SimplexLimits limits = {0, 0};
    SimplexStats sst = {0};
    SimplexResult sr = simplex_solve(p.sx, &limits, q->sink ? sx_emit : NULL, &visit, values, &sst);
    st->simplex_pivots += sst.pivots;
    if (sr == SIMPLEX_UNSAT) {
        r = SOLVER_UNSAT;
    } else if (sr == SIMPLEX_SAT) {
        linear_assignment(&p, values, q->base, cand);
        if (sx_satisfies(q, cand)) r = SOLVER_SAT;
    }
    free(values);
    linear_free(&p);
    return r;
}

static SolverResult sx_check(Solver *base, const Query *q, Assignment *model) {
    SimplexSolver *x = (SimplexSolver *)base;
    SolverEntry entry = solver_enter(base);
    Assignment cand;
    assignment_init(&cand);
    SolverResult r = sx_solve(x, q, &cand);
    if (r == SOLVER_SAT) {
        base->stats->simplex_sat++;
        if (model) solver_copy_query_arrays(q, &cand, model);
    } else if (r == SOLVER_UNSAT) {
        base->stats->simplex_unsat++;
    } else {
        r = solver_check(base->next, q, model);
    }
    assignment_free(&cand);
    solver_leave(base, entry);
    return r;
}

static void sx_destroy(Solver *base) { free(base); }

static const SolverOps sx_ops = {sx_check, sx_destroy};

Solver *solver_simplex_new(Solver *next) {
    SimplexSolver *x = util_calloc(1, sizeof *x);
    x->base.ops = &sx_ops;
    x->base.next = next;
    x->base.stats = next->stats;
    return &x->base;
}
