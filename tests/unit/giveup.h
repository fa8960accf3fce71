/* A solver core for unit tests of layers that act when Z3 gives up: it gives
 * up on every query (as Z3 does at its timeout) and counts them. */
#ifndef SYMPLEX_TEST_GIVEUP_H
#define SYMPLEX_TEST_GIVEUP_H
#include "solver/solver.h"
#include "util/util.h"
#include <stdlib.h>

typedef struct GiveUp {
    Solver base;
    int calls;
} GiveUp;

static SolverResult giveup_check(Solver *s, const Query *q, Assignment *m) {
    (void)q, (void)m;
    ((GiveUp *)s)->calls++;
    return SOLVER_UNKNOWN;
}
static void giveup_destroy(Solver *s) { free(s); }
static const SolverOps giveup_ops = {giveup_check, giveup_destroy};

static inline GiveUp *giveup_new(SolverStats *st) {
    GiveUp *g = util_calloc(1, sizeof *g);
    g->base.ops = &giveup_ops;
    g->base.stats = st;
    return g;
}
#endif
