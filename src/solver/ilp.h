/* ilp: integer linear programming over a linear relaxation (linear.h), for
 * the array solver's pre-check (interval bounds of index expressions,
 * infeasibility proofs).
 *
 * Exact bound propagation (i128, integer rounding) runs first: it proves
 * infeasibility on its own when a domain empties, and fixes the wrap-around
 * multiples of 2^w of sums that cannot overflow. GLPK then sees the fixed
 * variables as constants; a row left with a coefficient above 2^20 is
 * dropped (GLPK's integrality tolerance times 2^32 would admit any value), as
 * is a bound beyond 2^53: the problem only grows, so its answers stay sound
 * for the relaxation.
 *
 * GLPK computes in floating point, and its verdicts are not proofs: with
 * bounds near 2^47..2^53 it finds no integer point in equations that have
 * one, misses integer optima (min x over 49 <= x <= 2^52, -3x <= -147 is
 * "50") and fails internal assertions, which abort the process
 * (tests/unit/test_cegar.c, tests/programs/array_precheck_glpk*.c). So
 * ILP_INFEASIBLE is never GLPK's word alone: the rows GLPK was given are
 * checked again in exact rational arithmetic with branch and bound
 * (simplex.h: 128-bit numerators and denominators, every operation checked
 * for overflow), and only its UNSAT is an answer; anything else is
 * ILP_UNKNOWN. That confirmation was chosen over re-asking Z3 (its linear
 * integer arithmetic) because the pre-check exists to answer without an SMT
 * call, and over a Farkas certificate from GLPK's duals because most of the
 * pre-check's proofs need integrality (wrap-around multiples, index
 * congruences), which a Farkas certificate of the LP cannot show. A GLPK
 * error is caught (glp_error_hook) and is ILP_UNKNOWN. GLPK's optima only
 * narrow a range (IlpRange.lo, hi against the exact exact_lo, exact_hi): a
 * caller that builds on a narrowed range confirms it with ilp_confirm_range
 * before it answers from it. */
#ifndef SYMPLEX_ILP_H
#define SYMPLEX_ILP_H
#include "linear.h"

typedef enum IlpResult { ILP_FEASIBLE, ILP_INFEASIBLE, ILP_UNKNOWN } IlpResult;

typedef struct IlpStats {
    uint64_t unconfirmed;      /* GLPK found no integer point (or narrowed a range), exact arithmetic did not confirm it */
    uint64_t glpk_errors;      /* GLPK stopped on an internal error, caught: unknown */
} IlpStats;

/* t's range over the system's integer points: [lo, hi] with GLPK's optima,
 * [exact_lo, exact_hi] what exact propagation proved (lo >= exact_lo, hi <=
 * exact_hi; where they differ, only GLPK says so). */
typedef struct IlpRange {
    i128 lo, hi;
    i128 exact_lo, exact_hi;
} IlpRange;

/* Is the system feasible over the integers? time_ms bounds GLPK's search.
 * ILP_INFEASIBLE is exact. st may be NULL. */
IlpResult ilp_feasible(LinSystem *s, int time_ms, IlpStats *st);
/* The range of t over the system's integer points. On ILP_UNKNOWN the range
 * is propagation's alone (at worst t's own range t->lo, t->hi); on
 * ILP_INFEASIBLE (exact) it means nothing. */
IlpResult ilp_range(LinSystem *s, const LinTerm *t, int time_ms, IlpRange *out, IlpStats *st);
/* Exactly: no integer point of the system's first nrows rows has t below
 * r->lo or above r->hi (the sides GLPK narrowed are checked). false: not
 * shown. */
bool ilp_confirm_range(LinSystem *s, size_t nrows, const LinTerm *t, const IlpRange *r);

#endif
