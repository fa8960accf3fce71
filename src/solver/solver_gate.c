/* The cheap gate: below the counterexample cache, a query marked cheap
 * (Query.cheap) stops here with SOLVER_UNKNOWN instead of going on to the
 * layers that search (Simplex, CEGAR, the FP search, the concolic walk, Z3).
 * What answers such a query is what costs next to nothing: slicing,
 * simplification, bounds and the cache. The speculative engine asks this way
 * at a branch (exec_feasibility.c) and defers only what would need a search. */
#include "solver_layer.h"
#include "../util/util.h"
#include <stdlib.h>

static SolverResult gate_check(Solver *base, const Query *q, Assignment *model) {
    if (q->cheap) return SOLVER_UNKNOWN;
    return solver_check(base->next, q, model);
}

static void gate_destroy(Solver *base) { free(base); }

static const SolverOps gate_ops = {gate_check, gate_destroy};

Solver *solver_gate_new(Solver *next) {
    Solver *s = util_calloc(1, sizeof *s);
    s->ops = &gate_ops;
    s->next = next;
    s->stats = next->stats;
    return s;
}
