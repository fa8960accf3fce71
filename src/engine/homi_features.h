/* homi_features: Homi's features (section 3.2.2). A feature is a path
 * condition constraint of the paper's language L:
 *     phi  ::= cond | cond && cond | cond || cond
 *     cond ::= lv == n
 *     lv   ::= an input byte at a constant index, or bytes of inputs joined
 *              (a multi-byte integer is a concatenation of byte reads),
 *              possibly zero- or sign-extended
 * so `x == 2` is one and `x > 89` or `x != 3` (a negated equality) are not.
 * Checked syntactically, as the paper does: expressions are hash-consed and
 * the inputs are the same arrays in every run (ExecOptions.shared_inputs),
 * so the same atom is the same pointer in every state and every run; the
 * table keeps a reference to each, so it stays that pointer. */
#ifndef SYMPLEX_HOMI_FEATURES_H
#define SYMPLEX_HOMI_FEATURES_H
#include "../exec/state.h"
#include "../util/ptrmap.h"

typedef struct HomiFeatures {
    PtrMap ids;        /* Expr* -> id */
    Expr **exprs;      /* id -> the feature (a reference held) */
    uint32_t n, cap;
} HomiFeatures;

void homi_features_init(HomiFeatures *f);
void homi_features_free(HomiFeatures *f);
/* Is the constraint e in L? */
bool homi_feature_in_language(const Expr *e);
/* The sorted, distinct ids of the features in the path condition pc into
 * *buf (grown); returns how many. With `intern`, features never seen get new
 * ids; without, they are skipped (a state can only score on known ones). */
uint32_t homi_features_of(HomiFeatures *f, const PathCond *pc, bool intern, uint32_t **buf, size_t *cap);

#endif
