/* range: what the bounds of a constraint set say about each term.
 *
 * A constraint that compares one term with a constant (`t < k`, `k <=s t`,
 * `t == k`, their negations) restricts the term's values to a set. A
 * RangeSet keeps, per term, the intersection of those sets as a few sorted
 * disjoint intervals of the term's unsigned values; a signed bound is the
 * same interval seen through the sign flip, so signed and unsigned bounds on
 * one term meet exactly. The sets over-approximate: constraints of any other
 * shape are ignored, and a term whose set would need more than
 * RANGE_MAX_PIECES intervals has its closest two merged. Both answers are
 * therefore sound:
 * - an empty set means the constraints contradict each other;
 * - a goal whose set misses the term's set contradicts the constraints;
 * - a goal whose set contains the term's set is implied by them.
 * Terms are related to nothing else: `x < 5` says nothing about `x + 1`. */
#ifndef SYMPLEX_RANGE_H
#define SYMPLEX_RANGE_H
#include "../expr/expr.h"
#include <stdbool.h>

enum { RANGE_MAX_PIECES = 4 };

typedef struct RangePiece { u128 lo, hi; } RangePiece; /* inclusive, unsigned */

/* The values one constraint allows a term: npieces sorted disjoint pieces
 * (0: none, the constraint is false). */
typedef struct RangeFact {
    Expr *term; /* borrowed */
    unsigned npieces;
    RangePiece piece[2];
} RangeFact;

typedef enum RangeVerdict { RANGE_OPEN, RANGE_IMPLIED, RANGE_CONTRADICTS } RangeVerdict;

typedef struct RangeSet RangeSet;

/* The fact c states about one term; false if c is not a comparison of a term
 * with a constant. */
bool range_fact(Expr *c, RangeFact *f);

/* Does every value a allows its term lie in b's set (same term)? Then the
 * constraint of a implies the constraint of b. */
bool range_fact_implies(const RangeFact *a, const RangeFact *b);

RangeSet *range_set_new(void);
void range_set_free(RangeSet *rs);
/* Adds constraint c (width 1); constraints of other shapes are ignored.
 * Returns false once the set is empty (the constraints contradict). */
bool range_set_add(RangeSet *rs, Expr *c);
bool range_set_empty(const RangeSet *rs);
/* What the ranges say of goal e (width 1). */
RangeVerdict range_set_decide(const RangeSet *rs, Expr *e);
/* The values the ranges allow term t, into out[RANGE_MAX_PIECES]; returns
 * the count (the full range for a term no constraint bounds). */
unsigned range_set_of(const RangeSet *rs, Expr *t, RangePiece *out);

#endif
