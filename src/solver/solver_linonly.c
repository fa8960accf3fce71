/* The linear-only gate (--solver-linear-only): gives up (UNKNOWN) on every
 * query with a conjunct symplex's linear relaxation does not keep, and
 * forwards the rest. It stands for a solver of linear arithmetic only (the
 * thesis's jCUTE), so that what the concolic walk adds over such a solver can
 * be tested and measured deterministically, without relying on Z3 timing out. */
#include "solver_layer.h"
#include "linear.h"
#include "../util/util.h"
#include <stdlib.h>

static bool lo_linear(Expr *e) {
    LinSystem *s = linear_system_new();
    bool kept = true;
    if (e->kind == EXPR_AND && e->width == 1) kept = lo_linear(e->kids[0]) && lo_linear(e->kids[1]);
    else if (!expr_is_true(e)) kept = linear_system_add(s, e);
    linear_system_free(s);
    return kept;
}

static SolverResult lo_check(Solver *base, const Query *q, Assignment *model) {
    SolverEntry entry = solver_enter(base);
    bool linear = !q->expr || lo_linear(q->expr);
    for (size_t i = 0; i < q->n && linear; i++) linear = lo_linear(q->constraints[i]);
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
