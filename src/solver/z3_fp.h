/* z3_fp: the floating-point kinds of Expr in Z3's FP theory (private to
 * src/solver, used by the Z3 core's translation). */
#ifndef SYMPLEX_Z3_FP_H
#define SYMPLEX_Z3_FP_H
#include <z3.h>

#include "expr/expr.h"
#include "solver_layer.h"

/* Where the translation's ASTs go: keep(owner, a) takes a reference to a and
 * returns it (the context is reference counted). floats remembers, per query,
 * the float term of each FP node translated, so an FP kid is used as a float
 * directly instead of through its bits (the same value: any NaN is a NaN to
 * an FP operation, and a NaN result's bits come from the kids' bits),
 * which spares Z3 a to_fp/to_ieee_bv round trip per operation. A sign-bit
 * operation (fneg as an xor, fabs as an and) read as a float is Z3's fp.neg
 * or fp.abs of its operand's float for the same reason: through the bits,
 * |r*r - x| after a few Newton steps kept Z3 bit-blasting past its timeout
 * (minutes, gigabytes; it does not check the timeout there). */
typedef struct Z3Fp {
    Z3_context ctx;
    Z3_ast (*keep)(void *owner, Z3_ast a);
    Z3_ast (*bits)(void *owner, Expr *e); /* the core's (memoized) bit-vector of any Expr */
    void *owner;
    SolverMap *floats; /* (Expr*, NULL) -> its float Z3_ast */
    bool *opaque;      /* set when an EXPR_FCALL was translated: a model must then be checked */
} Z3Fp;

/* An opaque math function (EXPR_FCALL) is an uninterpreted function of its
 * operands' bits, "sin.64" for sin on doubles: Z3 knows nothing of it but that
 * equal arguments give equal values, so its UNSAT is a proof and its SAT only
 * a candidate, which the core checks by evaluation (*opaque tells it to).
 *
 * The bit-vector (width 1 for comparisons) of FP node e whose kids are the
 * bit-vectors k[0..nkids). Same definitions as expr_fp_fold. */
Z3_ast z3_fp_node(const Z3Fp *fp, const Expr *e, const Z3_ast *k);

#endif
