/* ilp: integer linear programming over a linear relaxation (linear.h), with
 * GLPK, for the array solver's pre-check (interval bounds of index
 * expressions, infeasibility proofs).
 *
 * GLPK computes in floating point, so everything here errs on the side of
 * "don't know". Exact bound propagation (i128, integer rounding) runs first:
 * it proves infeasibility on its own when a domain empties, and fixes the
 * wrap-around multiples of 2^w of sums that cannot overflow. GLPK then sees
 * the fixed variables as constants; a row left with a coefficient above 2^20
 * is dropped (GLPK's integrality tolerance times 2^32 would admit any value),
 * as is a bound beyond 2^53: the problem only grows, so its answers stay sound
 * for the relaxation. A time-out or any failure is ILP_UNKNOWN, and an
 * optimum is rounded outward by a tolerance before it is snapped to the
 * integers (terms have integer coefficients over integer variables, so their
 * optima are integers). */
#ifndef SYMPLEX_ILP_H
#define SYMPLEX_ILP_H
#include "linear.h"

typedef enum IlpResult { ILP_FEASIBLE, ILP_INFEASIBLE, ILP_UNKNOWN } IlpResult;

/* Is the system feasible over the integers? time_ms bounds GLPK's search. */
IlpResult ilp_feasible(LinSystem *s, int time_ms);
/* The range [*lo, *hi] of t over the system's integer solutions. Exact bound
 * propagation over the rows (integer rounding, i128) bounds it first; GLPK's
 * optimum narrows that. On ILP_UNKNOWN the bounds are propagation's alone (at
 * worst t's own range t->lo, t->hi); on ILP_INFEASIBLE they mean nothing. */
IlpResult ilp_range(LinSystem *s, const LinTerm *t, int time_ms, i128 *lo, i128 *hi);

#endif
