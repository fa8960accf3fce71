/* linear: the linear integer relaxation of a bit-vector query, for the
 * Simplex (simplex.h).
 *
 * Variables are input integers: one byte of an input array, or a
 * little-endian run of bytes (a concat of reads at consecutive constant
 * indices), viewed unsigned or signed; when a query uses both views of one
 * integer they are tied exactly by u = s + 2^w * b with b in {0, 1}. A term
 * is a sum of constant multiples of variables plus a constant, built through
 * add, sub, mul and shl by constants, bitwise not, truncation and the
 * extensions; it is congruent to the bit-vector value modulo 2^width, and
 * equal to it where its range (interval arithmetic over the variables'
 * bounds) fits the interpretation a comparison or an extension reads it in;
 * where it does not, wrapping around is modelled exactly by a fresh variable
 * r in the reading's range and an integer k with term - 2^w k - r = 0. An
 * atom (=, <, <= signed or unsigned, their negations (!= exactly, as x < y or x > y with a binary), and
 * conjunctions) of such terms is kept; anything else is dropped. So the relaxation's solutions include every solution of the
 * query: an infeasible relaxation proves the query UNSAT, and a solution of
 * it is a candidate that must be checked against the query by evaluation. */
#ifndef SYMPLEX_LINEAR_H
#define SYMPLEX_LINEAR_H
#include "../expr/expr.h"
#include "simplex.h"

#define LIN_MAX_TERMS 32   /* a term over more variables is not worth a row */

/* sum coefs[k] * x[vars[k]] + c, whose value lies in [lo, hi] */
typedef struct LinTerm {
    uint32_t n;
    uint32_t vars[LIN_MAX_TERMS];
    i128 coefs[LIN_MAX_TERMS];
    i128 c, lo, hi;
} LinTerm;

/* lo <= sum coefs[k] * x[vars[k]] <= hi (a side is absent without has_lo/has_hi) */
typedef struct LinRow {
    uint32_t n;
    uint32_t *vars;
    i128 *coefs;
    i128 lo, hi;
    bool has_lo, has_hi;
} LinRow;

typedef struct LinInt {
    Array *array;
    uint32_t off;       /* first (least significant) byte */
    uint32_t nbytes;    /* 1..16 */
    int32_t view[2];    /* Simplex variable of the unsigned [0] and signed [1] view, or -1 */
    bool tied;          /* an open system tied it to its bytes already */
} LinInt;

typedef struct LinProblem {
    Simplex *sx;
    uint32_t nvars;     /* Simplex variables (views and the binary ties) */
    LinInt *ints;
    uint32_t nints, capints;
    uint32_t atoms;     /* conjuncts seen */
    uint32_t kept;      /* of those, kept in the relaxation */
    bool contradiction; /* a kept atom is false whatever the inputs: the query is UNSAT */
} LinProblem;

/* The relaxation of cs[0..n) and goal (may be NULL). false if nothing in it is
 * linear; p is to be freed either way. */
bool linear_build(Expr *const *cs, size_t n, Expr *goal, LinProblem *p);
void linear_free(LinProblem *p);
/* Does the relaxation keep this conjunct (exactly, so it is linear)? */
bool linear_keeps(Expr *conjunct);
/* The input bytes a Simplex assignment stands for, over `base` (may be NULL:
 * zero bytes) for every array the problem's integers live in. */
void linear_assignment(const LinProblem *p, const i128 *values, const Assignment *base, Assignment *out);

/* ---- an open system: the relaxation as rows, for the ILP pre-check ----
 * The same relaxation linear_build makes, kept as variables with bounds and
 * rows, to which terms can be added after the constraints (an index
 * expression to minimise, bounds on a read). Variables are numbered in the
 * order they are made. */
typedef struct LinSystem LinSystem;
LinSystem *linear_system_new(void);
void linear_system_free(LinSystem *s);
/* One conjunct; false if the relaxation drops it. */
bool linear_system_add(LinSystem *s, Expr *conjunct);
/* e read unsigned, exactly (auxiliary variables and rows as needed); false if
 * it is not linear. */
bool linear_system_term(LinSystem *s, Expr *e, LinTerm *t);
void linear_system_row(LinSystem *s, const LinTerm *t, bool has_lo, i128 lo, bool has_hi, i128 hi);
/* Ties integers that share bytes (as linear_build does); call before reading
 * the rows, again after adding terms. */
void linear_system_close(LinSystem *s);
bool linear_system_contradiction(const LinSystem *s);
uint32_t linear_system_nvars(const LinSystem *s);
void linear_system_bounds(const LinSystem *s, uint32_t v, i128 *lo, i128 *hi);
size_t linear_system_nrows(const LinSystem *s);
const LinRow *linear_system_rows(const LinSystem *s);

#endif
