/* simplex: a general Simplex over exact rationals with branch and bound for
 * integers (Dutertre and de Moura, "A Fast Linear-Arithmetic Solver for
 * DPLL(T)", CAV 2006), the solver behind symplex's linear relaxation of
 * path conditions and the source of MuSE's partial solutions (every
 * assignment the search visits before a pivot).
 *
 * Problem: integer variables x_0..x_{n-1}, each with optional bounds, and rows
 * lo <= sum_k c_k * x_{v_k} <= hi (either side optional). Every row gets a
 * slack variable s = sum c_k x_k, bounded by the row's bounds. Arithmetic is
 * exact: rationals whose numerator and denominator are 128-bit integers,
 * every operation checked for overflow; an overflow makes the solve answer
 * SX_UNKNOWN, never a wrong answer.
 *
 * Search: all original variables start non-basic at 0 (moved to their nearest
 * bound if 0 violates one), the slacks basic. Each iteration takes the basic
 * variable of smallest index (original variables first, in order, then the
 * slacks in row order) that violates a bound; if none, the rational problem is
 * satisfied. Otherwise, before pivoting, the current assignment is a partial
 * solution: it goes to the visit callback (each original variable rounded to
 * the nearest integer, ties toward zero, then clamped into its own bounds).
 * The entering variable is the non-basic variable of smallest index that can
 * move in the needed direction (Bland's rule, which guarantees termination);
 * if there is none, the problem is infeasible. So a rational solve visits
 * exactly #pivots assignments when feasible and #pivots + 1 when not.
 *
 * Integers: branch and bound over the rational solutions, depth first, the
 * first non-integral original variable (smallest index) branched x <= floor(v)
 * first, then x >= ceil(v); every rational solve inside it visits its partial
 * solutions as above. */
#ifndef SYMPLEX_SIMPLEX_H
#define SYMPLEX_SIMPLEX_H
#include <stdbool.h>
#include <stdint.h>

typedef __int128 i128;

typedef enum SimplexResult { SIMPLEX_SAT, SIMPLEX_UNSAT, SIMPLEX_UNKNOWN } SimplexResult;

typedef struct SimplexLimits {
    uint64_t max_pivots;    /* over the whole solve, branch and bound included; 0 = 10000 */
    uint64_t max_nodes;     /* branch-and-bound nodes; 0 = 1000 */
} SimplexLimits;

typedef struct SimplexStats {
    uint64_t pivots;
    uint64_t nodes;         /* branch-and-bound nodes (1 for a problem solved without branching) */
    uint64_t visits;        /* partial solutions passed to the callback */
} SimplexStats;

/* A partial solution: values[i] is original variable i's rounded value. */
typedef void (*SimplexVisit)(void *ctx, const i128 *values, uint32_t n);

typedef struct Simplex Simplex;

Simplex *simplex_new(uint32_t nvars);
void simplex_free(Simplex *s);
/* Bounds of original variable v (NULL: that side unbounded). Call before solving. */
void simplex_bound(Simplex *s, uint32_t v, const i128 *lo, const i128 *hi);
/* Adds the row lo <= sum coefs[k] * x[vars[k]] <= hi (NULL: that side
 * unbounded; a variable may appear more than once: its coefficients add up). */
void simplex_add_row(Simplex *s, uint32_t nterms, const uint32_t *vars, const i128 *coefs, const i128 *lo,
                     const i128 *hi);
/* Solves over the integers. On SIMPLEX_SAT, model[i] (n entries, caller's
 * array) is an integer solution. visit may be NULL. */
SimplexResult simplex_solve(Simplex *s, const SimplexLimits *limits, SimplexVisit visit, void *ctx, i128 *model,
                            SimplexStats *stats);

#endif
