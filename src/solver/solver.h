/* solver: the query interface and the solver chain.
 *
 * A Query asks whether `constraints ∧ expr` is satisfiable (expr == NULL means
 * true). Layers are stacked like KLEE's chain; each answers or forwards to the
 * next:
 *     simplify (equalities substituted) -> independence slicing
 *       -> counterexample cache -> Z3 core
 * Every layer may report intermediate assignments it meets to the query's
 * PartialSink; nothing in this issue feeds it yet except tests, but the slot is
 * here so later engines (MuSE partial solutions) need no interface change.
 */
#ifndef SYMPLEX_SOLVER_H
#define SYMPLEX_SOLVER_H
#include "../expr/expr.h"

typedef enum SolverResult { SOLVER_SAT, SOLVER_UNSAT, SOLVER_UNKNOWN } SolverResult;

typedef struct PartialSink {
    void (*emit)(void *ctx, const Assignment *partial);
    void *ctx;
} PartialSink;

typedef struct Query {
    Expr *const *constraints; /* borrowed; each width 1 */
    size_t n;
    Expr *expr;               /* borrowed; width 1, or NULL for "true" */
    PartialSink *sink;        /* may be NULL */
    /* Optional: an assignment the caller knows satisfies `constraints`. With a
     * goal and a model requested, a layer that slices the query may then solve
     * only the goal's part and return `base` with just that part's bytes
     * replaced: still a model of every constraint, at the cost of one slice. */
    const Assignment *base;
} Query;

typedef struct SolverStats {
    uint64_t queries;         /* queries entering the chain */
    uint64_t core_queries;    /* queries that reached Z3 */
    uint64_t cache_hits;      /* answered by the counterexample cache */
    uint64_t sat, unsat, unknown;
    double time_s;            /* wall time inside the chain */
    double core_time_s;       /* wall time inside Z3 */
    /* Set by the chain's owner: the timer_now() time no core query may run
     * past (0 = none), so a run's time budget bounds a query in flight too. */
    double deadline;
    bool deadline_hit;        /* the last core query gave up at the deadline */
} SolverStats;

typedef struct Solver Solver;
typedef struct SolverOps {
    /* Satisfiability of the query. When SAT and `model` is non-NULL, fills it
     * with bytes for every array the query reads (other arrays untouched). */
    SolverResult (*check)(Solver *s, const Query *q, Assignment *model);
    void (*destroy)(Solver *s);
} SolverOps;

struct Solver {
    const SolverOps *ops;
    Solver *next;         /* the layer this one forwards to (NULL for the core) */
    SolverStats *stats;   /* shared by the whole chain */
};

typedef struct SolverOptions {
    double timeout_s;        /* per core query; 0 = none */
    const char *smt2_dir;    /* if non-NULL, every core query is written there as queryNNNNNN.smt2 */
    bool no_cache;           /* disable counterexample cache (debugging) */
    bool no_independence;
    bool no_simplify;
} SolverOptions;

/* The default chain. `stats` must outlive it. */
Solver *solver_chain_new(const SolverOptions *opt, SolverStats *stats);
void solver_destroy(Solver *s); /* destroys the whole chain from s down */

/* Individual layers, for tests and custom chains. Each takes ownership of next. */
Solver *solver_z3_new(const SolverOptions *opt, SolverStats *stats);
Solver *solver_cache_new(Solver *next);
Solver *solver_independence_new(Solver *next);
Solver *solver_simplify_new(Solver *next);

static inline SolverResult solver_check(Solver *s, const Query *q, Assignment *model) {
    return s->ops->check(s, q, model);
}

/* Convenience over solver_check. They return false with *res = SOLVER_UNKNOWN
 * (when res != NULL) if the solver could not decide. */
/* Is constraints ∧ e satisfiable? */
SolverResult solver_may_be_true(Solver *s, Expr *const *cs, size_t n, Expr *e);
/* Is constraints ∧ ¬e unsatisfiable? (SAT here means "must be true") */
SolverResult solver_must_be_true(Solver *s, Expr *const *cs, size_t n, Expr *e);
/* One value of e consistent with the constraints. Returns SOLVER_SAT and sets
 * *value, or UNSAT/UNKNOWN. */
SolverResult solver_get_value(Solver *s, Expr *const *cs, size_t n, Expr *e, u128 *value);

#endif
