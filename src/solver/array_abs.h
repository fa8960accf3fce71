/* array_abs: the bit-vector abstraction of array reads, for the CEGAR array
 * solver (Shuai et al., "Type and Interval Aware Array Constraint Solving for
 * Symbolic Execution", ISSTA 2021).
 *
 * A read R(a, U, i) whose value is not a plain input byte becomes an
 * if-then-else chain over the writes of U down to the oldest write at a
 * symbolic index (read over write, axiom (3)), ending in a read of the
 * "flat" base: the array under the writes at constant indices beneath. At a
 * constant index the flat base is its content there; at a symbolic index it
 * is a fresh byte v, tied back by the axioms
 *     i = j  ->  v = content(j)            (one per position j)
 *     i1 = i2 -> v1 = v2                    (reads of one flat base)
 * which together are the array semantics (expr_eval's: an index past the
 * array and its writes reads 0). The candidate axioms of a read are the
 * positions in its index interval (the pre-check's) congruent to its residue
 * modulo the array's access width, when that congruence is proven from the
 * index's form; the pairs of reads whose residues and intervals can meet.
 *
 * Fresh bytes are reads at index 0 of one-byte symbolic arrays from a pool
 * the caller keeps (the same pool across queries, so arrays are not made per
 * query); to the solver below they are ordinary input bytes. */
#ifndef SYMPLEX_ARRAY_ABS_H
#define SYMPLEX_ARRAY_ABS_H
#include "solver_layer.h"
#include "../util/util.h"

typedef struct AbsPool {
    VEC(Array *) arrays;
} AbsPool;

typedef struct AbsRead {
    Expr *var;          /* the fresh byte (owned) */
    Expr *index;        /* abstract index, width 32 (owned) */
    Array *array;
    UpdateNode *flat;   /* constant-index writes over the array (owned), newest first */
    uint32_t group;     /* reads of the same flat base share it */
    /* candidate axioms */
    uint64_t lo, hi;    /* index interval, inclusive */
    uint32_t modulus;   /* positions j with j % modulus == residue; 1: all */
    uint32_t residue;
    bool expanded;      /* every candidate position's axiom was added (solver_cegar.c) */
} AbsRead;

typedef struct ArrayAbs {
    AbsPool *pool;
    VEC(Expr *) cs;     /* abstract constraints (owned), the goal last if there is one */
    VEC(AbsRead) reads;
    SolverMap memo;     /* original Expr -> abstract Expr (owned) */
    SolverMap groups;   /* (array, flat) -> group + 1 */
    uint32_t ngroups;
    bool prune_types;   /* use the access width and proven congruences */
} ArrayAbs;

/* Does the query read an array at a symbolic index (or through a symbolic
 * write)? With min_bytes > 0, only an array with more than min_bytes
 * symbolic bytes (an input array's size plus the writes of symbolic values
 * over it) counts. */
bool array_abs_needed(const Query *q, uint32_t min_bytes);
/* Abstracts the query; false if some expression is too deep to walk (the
 * caller then leaves the query to the array theory). */
bool array_abs_build(ArrayAbs *abs, AbsPool *pool, const Query *q, bool prune_types);
void array_abs_free(ArrayAbs *abs);
void array_abs_pool_free(AbsPool *pool);

/* The abstraction of e (new reference), or NULL if too deep; new reads it
 * meets join abs->reads. */
Expr *array_abs_expr(ArrayAbs *abs, Expr *e);
/* i = j -> v = content(j) for read r (new reference, abstract). */
Expr *array_abs_axiom_at(ArrayAbs *abs, uint32_t r, uint32_t j);
/* i1 = i2 -> v1 = v2 (new reference). */
Expr *array_abs_axiom_pair(const ArrayAbs *abs, uint32_t r1, uint32_t r2);
/* The abstract content of read r's flat base at j (new reference). */
Expr *array_abs_content(ArrayAbs *abs, uint32_t r, uint32_t j);

/* Is position j, or the pair (r1, r2), among the candidate axioms? */
bool array_abs_candidate_at(const ArrayAbs *abs, uint32_t r, uint64_t j);
bool array_abs_candidate_pair(const ArrayAbs *abs, uint32_t r1, uint32_t r2);
/* Candidate positions of read r. */
uint64_t array_abs_read_candidates(const ArrayAbs *abs, uint32_t r);
/* Candidate axioms over all reads: with the intervals and congruences
 * (pruned) or every position of every read and every pair of a group. */
uint64_t array_abs_candidates(const ArrayAbs *abs, bool pruned);

/* Proven low bits of e: e mod 2^*bits == *value (bits 0: nothing known). */
void array_abs_low_bits(Expr *e, unsigned *bits, u128 *value);

#endif
