/* What ilp.c (propagation, GLPK) and ilp_exact.c (the exact confirmation)
 * share: variable bounds and the rows as GLPK is given them. */
#ifndef SYMPLEX_ILP_INTERNAL_H
#define SYMPLEX_ILP_INTERNAL_H
#include "ilp.h"

typedef struct IlpBounds {
    i128 *lo, *hi;
    uint32_t n;
} IlpBounds;

/* A row with its fixed variables moved into the bounds and repeated
 * variables summed. */
typedef struct IlpRow {
    uint32_t n;
    uint32_t vars[LIN_MAX_TERMS];
    i128 coefs[LIN_MAX_TERMS];
    i128 lo, hi;
    bool has_lo, has_hi;
} IlpRow;

/* Exact bound propagation over rows[0..nrows) and extra (may be NULL), from
 * the system's own variable bounds into b (freed by ilp_bounds_free, whatever
 * the answer); false: a domain emptied, no integer point. */
bool ilp_propagate(const LinSystem *s, size_t nrows, const LinRow *extra, IlpBounds *b);
void ilp_bounds_free(IlpBounds *b);
/* The row over b's free variables; false if nothing is left of it (every
 * variable fixed: propagation checked it), its folding overflows, or
 * `limited` and a coefficient exceeds ILP_COEF_MAX (the rows GLPK is given). */
bool ilp_fold(const LinRow *r, const IlpBounds *b, bool limited, IlpRow *out);
/* Exactly (simplex.h), over b: the rows[0..nrows) ilp_fold keeps (limited)
 * and extra (may be NULL: its coefficients are not limited). ILP_UNKNOWN when
 * the exact search gives up (overflow, its limits) or extra cannot be kept. */
IlpResult ilp_exact(const IlpBounds *b, const LinRow *rows, size_t nrows, const LinRow *extra);

#define ILP_COEF_MAX ((i128)1 << 20)

#endif
