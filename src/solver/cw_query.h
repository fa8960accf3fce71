/* cw_query: a query's constraints as a concolic-walk problem (cwalk.h).
 *
 * Variables are the input integers the constraints read: a little-endian run
 * of bytes at constant indices of one input array (a concat of consecutive
 * reads), or a single byte. Runs that share a byte merge; a merged run longer
 * than 8 bytes is cut into 8-byte variables; an array read at a symbolic
 * index contributes each of its bytes (arrays up to CWQ_MAX_ARRAY bytes; the
 * bytes of larger ones keep their starting values). A variable's value is its
 * bytes read as a signed integer, so that a step of -1 from 0 is -1 (C's int
 * is signed far more often than not); its range is the signed range of its
 * width.
 *
 * Constraints are the conjuncts (a top-level `and` is split), each turned into
 * d = l - r compared with 0: `=` and `!=` (the difference of the signed
 * values), the signed and unsigned orders (a negation flips the order), and
 * any other boolean b as d = (b ? 0 : 1) compared `= 0`. An ordered float
 * comparison (<, <=, ==, and their negations, which a NaN satisfies) is d =
 * l - r computed in double: its distance in value, as the thesis's walk has
 * it for Java's doubles; a NaN or an infinite difference that violates it
 * counts DBL_MAX / 8 (the thesis scores NaN 1/8 of the largest double). A
 * variable read whole as a float operand is a float variable of the walk
 * (CwProblem.fbits): its steps are in value, not in bits. A conjunct is linear
 * (in the walk's L) when symplex's linear relaxation keeps it (linear.h).
 * Evaluation is the expression evaluator's, on the bit-vectors: wrapping
 * arithmetic is the program's. */
#ifndef SYMPLEX_CW_QUERY_H
#define SYMPLEX_CW_QUERY_H
#include "../expr/expr.h"
#include "cwalk.h"

#define CWQ_MAX_ARRAY 256

typedef struct CwVar {
    Array *array;
    uint32_t off, nbytes;
} CwVar;

typedef struct CwAtom {
    Expr *l, *r;     /* owned; r == NULL for a plain boolean l */
    bool is_signed;  /* the order compares signed values */
    bool negate;     /* a plain boolean (or a float comparison) that must be false */
    bool is_float;   /* an ordered float comparison: d = l - r in floating point */
    uint8_t kind;    /* its FP kind (EXPR_FOEQ, EXPR_FOLT, EXPR_FOLE) */
} CwAtom;

typedef struct CwQuery {
    CwVar *vars;
    uint32_t nvars;
    i128 *lo, *hi;
    CwConstraint *cons;
    CwAtom *atoms;
    Expr **conj;        /* the conjuncts themselves (borrowed from the query) */
    uint32_t ncons, nlinear;
    Assignment point;   /* every array the query reads; the variables' bytes are rewritten per evaluation */
    uint8_t *fbits;     /* per variable: 32 or 64 for a float variable, else 0 */
    CwProblem problem;  /* over this query (problem.visit left to the caller) */
} CwQuery;

/* The problem of cs[0..n) and goal (may be NULL), every array's bytes taken
 * from `start` (zero where it has none). */
void cwq_build(CwQuery *w, Expr *const *cs, size_t n, Expr *goal, const Assignment *start);
void cwq_free(CwQuery *w);
/* Does the point `values` satisfy every linear conjunct (L)? every conjunct? */
bool cwq_sat_linear(CwQuery *w, const i128 *values);
bool cwq_sat_all(CwQuery *w, const i128 *values);
/* fbits[v] (nvars entries) <- 32 or 64 when variable v is read whole as a
 * float or double operand of an FP expression, else 0. */
void cwq_float_vars(const CwQuery *w, unsigned *fbits);
/* values (nvars entries) <- the variables' bytes in `a` */
void cwq_values(const CwQuery *w, const Assignment *a, i128 *values);
/* w->point with the variables' bytes set to `values` */
const Assignment *cwq_point(CwQuery *w, const i128 *values);

#endif
