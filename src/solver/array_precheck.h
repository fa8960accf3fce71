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
 * with no SMT call, once exact arithmetic has confirmed it (ilp.h): the
 * infeasibility itself, and every index interval GLPK narrowed that a value
 * interval rests on. The intervals narrow the reads' candidate axioms when
 * `prune` is set. */
#ifndef SYMPLEX_ARRAY_PRECHECK_H
#define SYMPLEX_ARRAY_PRECHECK_H
#include "array_abs.h"
#include "ilp.h"

/* ILP_INFEASIBLE: the query is UNSAT (exactly). Otherwise the reads'
 * intervals are set (when prune), full where the ILP could not say; they may
 * be GLPK's guesses, which only prune candidate axioms (solver_cegar.c still
 * adds one a model violates). st may be NULL. */
IlpResult array_precheck(ArrayAbs *abs, bool prune, IlpStats *st);

/* Time GLPK may take on one problem (milliseconds). */
#define ARRAY_PRECHECK_ILP_MS 50

#endif
