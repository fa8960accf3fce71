/* fps_query: a query as a floating-point search problem (fpsearch.h).
 *
 * Variables are cw_query's (input integers of up to 8 bytes); those read
 * whole as the operand of an FP expression are floats or doubles, the rest
 * integers. Each conjunct's distance is MuSE's Table 1 (after XSat), at the
 * point the variables give:
 *  - a == b on floats: the number of floats between them (θ); a < b: θ + 1
 *    when it fails (the digest's fix: the table as printed gives x < x
 *    distance 0); a <= b: θ; a NaN operand of an ordered comparison: 2^66,
 *    beyond any θ; a != b (a negated ==): 1 when it fails; unordered: 0 or 1;
 *  - the same on integers, with the difference of their values for θ;
 *  - a conjunction sums, a disjunction multiplies (negations pushed inward);
 *  - any other boolean: 0 when it holds, else 1.
 * So a distance is 0 exactly where its conjunct holds. */
#ifndef SYMPLEX_FPS_QUERY_H
#define SYMPLEX_FPS_QUERY_H
#include "cw_query.h"
#include "fpsearch.h"
#include "solver.h"

typedef struct FpsQuery {
    CwQuery w;
    FpsVar *vars;
    FpsConstraint *cons;
    i128 *values;       /* scratch: the point as cw_query values */
    uint64_t *last;     /* the bits w.point holds now */
    bool last_valid;
    uint32_t nfloat;    /* float variables */
    FpsProblem problem; /* over this query (problem.visit left to the caller) */
} FpsQuery;

/* Whether any expression of the query has an FP kind. */
bool fpq_has_fp(const Query *q);
/* The problem of q, every array's bytes taken from q->base (zero where it has none). */
void fpq_build(FpsQuery *f, const Query *q);
void fpq_free(FpsQuery *f);
/* bits (nvars entries) <- the variables' bytes in `a` */
void fpq_bits(const FpsQuery *f, const Assignment *a, uint64_t *bits);
/* The query's arrays with the variables' bytes set to `bits`. */
const Assignment *fpq_point(FpsQuery *f, const uint64_t *bits);
/* Does every conjunct evaluate to true at `bits`? */
bool fpq_sat(FpsQuery *f, const uint64_t *bits);
/* The distance of the boolean e (of ¬e when neg) at the point pt. */
double fpq_dist(Expr *e, bool neg, const Assignment *pt);

#endif
