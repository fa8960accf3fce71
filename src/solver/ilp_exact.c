/* The exact confirmation of GLPK's verdicts (ilp.h): the rows GLPK was given,
 * with the same folding and selection but bounds kept exact (GLPK's are
 * opened beyond 2^53), solved by the exact Simplex with branch and bound.
 * Its UNSAT is a proof; SAT (GLPK was wrong) and UNKNOWN (overflow, limits)
 * leave the answer unknown. */
#include "ilp_internal.h"
#include "../util/util.h"

/* The pre-check's problems have tens of rows; these bound a confirmation to
 * milliseconds (a dense rational tableau costs per pivot what GLPK does). */
enum { ILP_EXACT_PIVOTS = 4000, ILP_EXACT_NODES = 400 };

static void ilp_exact_row(Simplex *sx, const IlpRow *r) {
    simplex_add_row(sx, r->n, r->vars, r->coefs, r->has_lo ? &r->lo : NULL, r->has_hi ? &r->hi : NULL);
}

IlpResult ilp_exact(const IlpBounds *b, const LinRow *rows, size_t nrows, const LinRow *extra) {
    IlpRow r;
    if (extra && !ilp_fold(extra, b, false, &r)) return ILP_UNKNOWN; /* propagation checked an all-fixed one */
    Simplex *sx = simplex_new(b->n);
    for (uint32_t v = 0; v < b->n; v++) simplex_bound(sx, v, &b->lo[v], &b->hi[v]);
    if (extra) ilp_exact_row(sx, &r);
    for (size_t i = 0; i < nrows; i++)
        if (ilp_fold(&rows[i], b, true, &r)) ilp_exact_row(sx, &r);
    SimplexLimits limits = {ILP_EXACT_PIVOTS, ILP_EXACT_NODES};
    SimplexResult res = simplex_solve(sx, &limits, NULL, NULL, NULL, NULL);
    simplex_free(sx);
    return res == SIMPLEX_UNSAT ? ILP_INFEASIBLE : res == SIMPLEX_SAT ? ILP_FEASIBLE : ILP_UNKNOWN;
}
