/* array_precheck: Algorithm 3 of Shuai et al. (ISSTA 2021), the ILP
 * pre-check of an abstracted array query.
 *
 * The abstract constraints (reads as fresh bytes) are linearised (linear.h:
 * overflow modelled, atoms it cannot represent dropped, so the relaxation has
 * every solution of the query). Every read's index gets its interval (ILP
 * minimum and maximum of the index term), every read its value interval (the
 * least and greatest content at the positions its interval and congruence
 * allow; a symbolic byte is [0, 255]), and the relaxation with the reads so
 * bounded is checked for an integer point. No point: the query is UNSAT,
 * with no SMT call. The intervals narrow the reads' candidate axioms when
 * `prune` is set. */
#ifndef SYMPLEX_ARRAY_PRECHECK_H
#define SYMPLEX_ARRAY_PRECHECK_H
#include "array_abs.h"
#include "ilp.h"

/* ILP_INFEASIBLE: the query is UNSAT. Otherwise the reads' intervals are set
 * (when prune), full where the ILP could not say. */
IlpResult array_precheck(ArrayAbs *abs, bool prune);

/* Time GLPK may take on one problem (milliseconds). */
#define ARRAY_PRECHECK_ILP_MS 50

#endif
