/* wtree: a weighted random choice over a growing and shrinking list, as a
 * Fenwick tree of doubles: setting a weight, adding or removing the last one
 * and finding where a point of the running sum falls each take O(log n), where
 * a scan of the list took O(n) per choice (covnew over tens of thousands of
 * states). */
#ifndef SYMPLEX_WTREE_H
#define SYMPLEX_WTREE_H
#include <stddef.h>

typedef struct WeightTree {
    double *w;     /* the weights, 0 past len */
    double *node;  /* node[i] (1-based): the sum of w over (i - lowbit(i), i] */
    size_t len, cap;
} WeightTree;

void wtree_init(WeightTree *t);
void wtree_free(WeightTree *t);
void wtree_push(WeightTree *t, double w);
void wtree_pop(WeightTree *t); /* removes the last weight */
void wtree_set(WeightTree *t, size_t i, double w);
/* The sum of all weights. */
double wtree_total(const WeightTree *t);
/* The first i whose running sum w[0] + ... + w[i] reaches r (len - 1 when
 * rounding leaves r past the total), as a scan subtracting each weight from r
 * until it is no longer positive would choose. */
size_t wtree_find(const WeightTree *t, double r);
/* After writing w[0..len) directly: the sums again, in O(cap). */
void wtree_rebuild(WeightTree *t);

#endif
