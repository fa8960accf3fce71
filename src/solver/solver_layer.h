/* solver_layer: helpers shared by the layers of the solver chain (private to
 * src/solver; engines include solver.h only). */
#ifndef SYMPLEX_SOLVER_LAYER_H
#define SYMPLEX_SOLVER_LAYER_H
#include "solver.h"

/* ---- chain entry accounting ----
 * Every layer's check() brackets its work with enter/leave. Only the outermost
 * layer working for a given SolverStats counts the query and its time, so a
 * query is counted once however many layers it crosses, and a layer used on its
 * own (tests, custom chains) still counts. */
typedef struct SolverEntry { double t0; bool top; } SolverEntry;
SolverEntry solver_enter(Solver *s);
void solver_leave(Solver *s, SolverEntry e);

/* ---- pointer-pair map ----
 * Open addressing from a (k1, k2) key to a pointer. Layers use it for per-query
 * memos (Expr* -> Z3_ast, (UpdateNode*, Array*) -> Z3_ast, Expr* -> Expr*).
 * Keys with k1 == NULL are not allowed (NULL marks an empty slot). */
typedef struct SolverMapSlot { const void *k1, *k2; void *val; } SolverMapSlot;
typedef struct SolverMap { SolverMapSlot *slots; size_t cap, len; } SolverMap;
void solver_map_init(SolverMap *m);
void solver_map_free(SolverMap *m);
void solver_map_clear(SolverMap *m);
/* Returns true and sets *val if present. */
bool solver_map_get(const SolverMap *m, const void *k1, const void *k2, void **val);
/* Inserts or overwrites. */
void solver_map_put(SolverMap *m, const void *k1, const void *k2, void *val);

/* Symbolic (init == NULL) arrays read by the query's constraints and goal,
 * each once, appended to *out. */
void solver_query_arrays(const Query *q, ArraySet *out);
/* For each array in `arrays` that `model` lacks, assign all-zero bytes. Used
 * where a layer dropped constraints that hold for any value of those arrays. */
void solver_fill_missing(Assignment *model, const ArraySet *arrays);
/* The bytes `from` has of every array the query reads, into `to` (zeros for
 * those it lacks); other arrays of `to` are left as they are. */
void solver_copy_query_arrays(const Query *q, const Assignment *from, Assignment *to);

/* Of the constraints cs[0..n) (owned references) that bound one term by a
 * constant from one side, keeps the tightest (solver_bounds.c): the others
 * are released and the rest moved down. Returns the new count. */
size_t solver_drop_implied_bounds(Expr **cs, size_t n);

/* Memory given back under pressure (solver_drop_caches): each returns false
 * when the layer is not theirs. */
bool solver_cache_drop(Solver *layer);
bool solver_cache_offer(Solver *layer, const Assignment *model);
bool solver_z3_release(Solver *layer);

#endif
