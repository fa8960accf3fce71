/* Private to src/expr: the raw node constructor, constant folding shared by the
 * builders and the evaluator, and a small pointer-keyed map used by the DAG
 * walks (evaluation memo, printing, array collection). */
#ifndef SYMPLEX_EXPR_INTERNAL_H
#define SYMPLEX_EXPR_INTERNAL_H
#include "expr/expr.h"
#include "util/ptrmap.h"

/* Hash-consed node with no simplification: returns a new reference. Kids and
 * the update list are borrowed (the new node takes its own references). */
Expr *expr_make(ExprKind k, unsigned width, Expr *const *kids, unsigned nkids, u128 value,
                uint32_t off, Array *arr, UpdateNode *upd);

static inline bool expr_kind_is_binary(int k) { return k >= EXPR_ADD && k <= EXPR_ASHR; }
static inline bool expr_kind_is_cmp(int k) { return k >= EXPR_EQ && k <= EXPR_SLE; }

/* Value of binary or comparison kind `k` on constants of width w (SMT-LIB2
 * semantics, including division by zero and over-wide shifts). */
u128 expr_fold_binary(int k, u128 a, u128 b, unsigned w);
static inline u128 expr_fold_sext(u128 v, unsigned from, unsigned to) {
    return (u128)expr_signed(v, from) & expr_mask(to);
}

#endif
