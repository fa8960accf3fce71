/* The linear-only gate (--solver-linear-only): gives up (UNKNOWN) on every
 * query with a conjunct symplex's linear relaxation does not keep, and
 * forwards the rest. It stands for a solver of linear arithmetic only (the
 * thesis's jCUTE), so that what the concolic walk adds over such a solver can
 * be tested and measured deterministically, without relying on Z3 timing out. */
#include "solver_layer.h"
#include "linear.h"
#include "../util/util.h"
#include <stdlib.h>

static SolverResult lo_check(Solver *base, const Query *q, Assignment *model) {
    SolverEntry entry = solver_enter(base);
    bool linear = !q->expr || linear_keeps(q->expr);
    for (size_t i = 0; i < q->n && linear; i++) linear = linear_keeps(q->constraints[i]);
    SolverResult r = SOLVER_UNKNOWN;
    if (linear) r = solver_check(base->next, q, model);
    else base->stats->unknown++;
    solver_leave(base, entry);
    return r;
}

static void lo_destroy(Solver *base) { free(base); }

static const SolverOps lo_ops = {lo_check, lo_destroy};

Solver *solver_linear_only_new(Solver *next) {
    Solver *s = util_calloc(1, sizeof *s);
    s->ops = &lo_ops;
    s->next = next;
    s->stats = next->stats;
    return s;
}
