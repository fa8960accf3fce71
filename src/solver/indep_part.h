/* indep_part: the independence partition of a path condition, kept from one
 * query to the next (private to the independence layer, solver_indep.c).
 *
 * The engine asks about one path after another, and each path condition
 * shares a prefix with the one asked before (the same state one branch
 * further, or a sibling state forked from it). Slicing each query from
 * scratch costs O(path length), so a path that adds one constraint per input
 * paid O(N^2) for N inputs. Here the partition of the last path is kept as a
 * union-find with an undo log: a query first undoes the constraints past the
 * prefix it shares, then adds its own, and the goal's group is read off the
 * sets its bytes reach, in time proportional to the group. Union by size
 * without path compression keeps every step undoable in O(1). */
#ifndef SYMPLEX_INDEP_PART_H
#define SYMPLEX_INDEP_PART_H
#include "solver_layer.h"
#include "../util/util.h"

/* An expression touches byte idx of input array a, or all of a (idx < 0: a
 * read at a symbolic index). `elem` is free for the caller. */
typedef struct Touch { size_t elem; Array *a; int64_t idx; } Touch;
typedef VEC(Touch) TouchVec;

/* The touches of one expression. */
typedef struct Footprint { size_t n; Touch t[]; } Footprint;

typedef struct IndepPart IndepPart;
typedef VEC(size_t) IndepPositions;

/* The footprint of e; valid until the caller resets the partition. */
typedef const Footprint *(*IndepFootprintFn)(void *ctx, Expr *e);

IndepPart *indep_part_new(void);
void indep_part_free(IndepPart *p);
/* Forgets every constraint (the caller's footprints are about to go). */
void indep_part_reset(IndepPart *p);
/* How many of cs[0..n) the partition has already: the prefix it shares. */
size_t indep_part_shared(const IndepPart *p, Expr *const *cs, size_t n);
/* Makes the partition that of cs[0..n), given keep = indep_part_shared(p,
 * cs, n): the constraints past that prefix are undone, the rest added.
 * Returns how many were added. */
size_t indep_part_sync(IndepPart *p, Expr *const *cs, size_t n, size_t keep, IndepFootprintFn fp, void *ctx);
/* The positions of the constraints connected to footprint g (through shared
 * bytes, directly or not), ascending, into *out (replacing its contents). */
void indep_part_connected(IndepPart *p, const Footprint *g, IndepPositions *out);
/* The footprint of the constraint at position i. */
const Footprint *indep_part_footprint(const IndepPart *p, size_t i);

#endif
