/* solver: the query interface and the solver chain.
 *
 * A Query asks whether `constraints ∧ expr` is satisfiable (expr == NULL means
 * true). Layers are stacked like KLEE's chain; each answers or forwards to the
 * next:
 *     independence slicing -> simplify (equalities substituted)
 *       -> counterexample cache -> (cheap gate) -> [Simplex] -> [CEGAR arrays] -> [FP search] -> [concolic walk] -> Z3 core
 * (the bracketed layers with --simplex, --array-solver=cegar (auto, the default: for queries that
 * read large arrays at symbolic indices), --fp-search and --solver=cw). Every layer
 * may report intermediate assignments it meets to the query's PartialSink
 * (MuSE's partial solutions): the Simplex layer reports each assignment it
 * visits before a pivot, the CEGAR layer each abstract model it rejects,
 * the concolic walk each point it moves to, the FP search each point a descent step moves to; an
 * engine that sets a sink receives them, completed with the query's base
 * where it has one.
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
    /* Only what slicing, simplification, bounds and the counterexample cache
     * can answer; SOLVER_UNKNOWN where a search (Z3, or a layer that searches)
     * would be needed (solver_gate.c). A speculative engine asks this way
     * first: a side these answer costs eager checking next to nothing. */
    bool cheap;
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
    bool interrupted;         /* the last core query was cut by solver_interrupt() */
    bool memory_out;          /* the last core query was cut for memory (solver_watch_memory) */
    /* The last core query was cut for memory when it alone held the share the
     * cut named: it gave up as a time-out does (reason "solver memory"), since
     * asking it again would meet the cut again (memory_out is then false). */
    bool memory_alone;
    uint64_t memory_cuts;        /* core queries cut for memory, memory_alone or not */
    uint64_t memory_alone_cuts;  /* of those, the ones that alone held the share */
    uint64_t context_renewals;   /* Z3 contexts replaced to give back what a query left in them */
    /* the independence layer's partition kept across queries (indep_part.h):
     * constraints of goal queries it had from the query before, and those it added */
    uint64_t indep_kept, indep_added;
    /* the Simplex layer (--simplex) */
    uint64_t simplex_queries;    /* queries with a linear part it solved */
    uint64_t simplex_sat, simplex_unsat; /* of those, answered without Z3 */
    uint64_t simplex_pivots;
    uint64_t partial_solutions;  /* assignments passed to a query's PartialSink */
    /* the CEGAR array solver (--array-solver=cegar) */
    uint64_t array_queries;      /* queries with a read at a symbolic index */
    uint64_t precheck_unsat;     /* of those, proved UNSAT by the ILP pre-check */
    uint64_t precheck_unconfirmed; /* GLPK verdicts exact arithmetic did not confirm: the query was refined instead */
    uint64_t precheck_glpk_errors; /* GLPK stopped on an internal error (caught) */
    double precheck_time_s;
    uint64_t cegar_iterations;   /* abstract queries solved */
    uint64_t axioms_added;       /* violated candidate axioms added */
    uint64_t axioms_outside;     /* violated axioms the pruning had left out (added too) */
    uint64_t axiom_candidates;   /* candidate axioms after pruning, summed over queries */
    uint64_t axiom_candidates_full; /* the same without pruning */
    uint64_t cegar_fallbacks;    /* queries left to Z3's array theory */
    /* the concolic walk (--solver=cw) */
    uint64_t cw_queries;         /* queries Z3 gave up on that the walk tried */
    uint64_t cw_solved;          /* of those, answered SAT by the walk */
    uint64_t cw_steps;
    double cw_time_s;
    uint64_t cw_first_queries;   /* --solver=cw-first: non-linear queries walked before Z3 */
    uint64_t cw_first_solved;    /* of those, answered SAT by that short walk (Z3 not asked) */
    uint64_t cw_first_skipped;   /* non-linear queries sent to Z3 unwalked: the walks had not paid (solver_cw.c) */
    /* the floating-point search (--fp-search) */
    uint64_t fps_queries;        /* FP queries it searched (a query searched before and after Z3 counts twice) */
    uint64_t fps_solved;         /* of those, answered SAT */
    uint64_t fps_first_solved;   /* of those, answered before Z3 was asked (--fp-search=first) */
    uint64_t fps_evals;          /* distance evaluations of a whole point */
    double fps_time_s;
    uint64_t opaque_rejected;    /* Z3 models an opaque math function's real values refuted (answered UNKNOWN) */
    uint64_t bounds_dropped;     /* constraints the implied-bounds layer left out (solver_bounds.c) */
    uint64_t ranges_unsat;       /* queries the per-term ranges showed UNSAT, with no query below (range.c) */
    uint64_t ranges_implied;     /* queries whose goal the ranges imply: answered from the caller's model,
                                    or asked below without the goal */
    /* the Z3 solver kept across queries (z3_reuse.c) */
    uint64_t reuse_checks;       /* checks on it */
    uint64_t reuse_asserted;     /* constraints a query asserted (a push level, or a new literal) */
    uint64_t reuse_kept;         /* constraints a query found asserted by an earlier one */
    uint64_t reuse_resets;       /* restarts: its limit, or a check that failed or was cut */
} SolverStats;

/* Why the last core query gave up: "max-time" (the deadline cut it),
 * "interrupted", "max-memory", "solver memory", or "solver timeout" (its own time-out or any
 * other reason Z3 had). The early-termination reason of a state it ends. */
const char *solver_gave_up_reason(const SolverStats *st);

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

typedef enum FpSearchMode {
    FP_SEARCH_OFF,
    FP_SEARCH_FALLBACK, /* on the FP queries the layers below give up on */
    FP_SEARCH_FIRST     /* also a short search before them; Z3 gets what it does not solve */
} FpSearchMode;

/* How the Z3 core carries work from one query to the next (z3_reuse.c). */
typedef enum SolverReuse {
    SOLVER_REUSE_STACK,  /* default: one solver, a push level per constraint, popped to what the next query shares */
    SOLVER_REUSE_OFF,    /* a fresh solver per query */
    SOLVER_REUSE_ASSUME  /* one solver, `p_c => c` asserted once per constraint, each query under its literals */
} SolverReuse;

/* Who answers reads at symbolic indices. AUTO (the default): Z3, through a
 * multiplexer for constant tables up to SOLVER_MUX_MAX_BYTES and its array
 * theory otherwise, but the CEGAR layer for any query reading at a symbolic
 * index an array with more than SOLVER_AUTO_SYMBOLIC_BYTES symbolic bytes
 * (writes of symbolic values, or an input array that large): a store chain
 * of thousands of symbolic values is where the array theory times out. A
 * large array of constants stays with Z3: sent to the CEGAR layer by size
 * alone, coreutils' expr covered a quarter as many branches. */
typedef enum ArraySolverMode { ARRAY_SOLVER_AUTO, ARRAY_SOLVER_Z3, ARRAY_SOLVER_CEGAR } ArraySolverMode;
#define SOLVER_MUX_MAX_BYTES 4096u
#define SOLVER_AUTO_SYMBOLIC_BYTES 4096u

typedef struct SolverOptions {
    double timeout_s;        /* per core query; 0 = none */
    const char *smt2_dir;    /* if non-NULL, every core query is written there as queryNNNNNN.smt2 */
    bool no_cache;           /* disable counterexample cache (debugging) */
    bool no_independence;
    bool no_simplify;
    SolverReuse solver_reuse; /* --solver-reuse: how Z3's work carries across queries (z3_reuse.c) */
    unsigned solver_reuse_limit; /* --solver-reuse-limit: constraints before the reused solver restarts (0: default) */
    bool no_implied_bounds;  /* --no-implied-bounds: keep every bound (solver_bounds.c's layer off; measurements) */
    bool simplex;            /* the Simplex layer before Z3 (solver_simplex.c) */
    ArraySolverMode array_solver; /* --array-solver: the CEGAR layer before Z3 (solver_cegar.c) for every query or for large arrays */
    bool no_array_precheck;  /* its ILP pre-check off */
    bool no_array_prune;     /* its axiom pruning (types, intervals) off */
    bool linear_only;        /* --solver-linear-only: a gate above Z3 gives up on non-linear queries (solver_linonly.c) */
    bool cw;                 /* --solver=cw: the concolic-walk layer right above Z3 (solver_cw.c) */
    bool cw_first;           /* --solver=cw-first: it also walks each non-linear query briefly before Z3 */
    double cw_first_credit_s; /* seconds the first walks may spend beyond what they saved; 0: the default (tests) */
    uint64_t search_seed;    /* the randomness of the search layers (concolic walk, FP search) */
    FpSearchMode fp_search;  /* --fp-search: the floating-point search layer (solver_fps.c) */
    const char *cw_compare;  /* if non-NULL, a CSV of the walk against Z3 on every non-linear query (bench/cw) */
} SolverOptions;

/* The default chain. `stats` must outlive it. */
Solver *solver_chain_new(const SolverOptions *opt, SolverStats *stats);
void solver_destroy(Solver *s); /* destroys the whole chain from s down */

/* Individual layers, for tests and custom chains. Each takes ownership of next. */
Solver *solver_z3_new(const SolverOptions *opt, SolverStats *stats);
Solver *solver_cache_new(Solver *next);
Solver *solver_independence_new(Solver *next);
Solver *solver_simplify_new(Solver *next);
/* Of the constant bounds of one term from one side, forwards only the
 * tightest (the others are implied): a loop with a symbolic trip count gives
 * Z3 one bound, not one per iteration (solver_bounds.c). */
Solver *solver_bounds_new(Solver *next);
/* Decides linear queries over the integers with symplex's own Simplex and
 * reports the assignments it visits to the query's PartialSink. */
Solver *solver_simplex_new(Solver *next);
/* Stops queries marked cheap (Query.cheap) with UNKNOWN; forwards the rest. */
Solver *solver_gate_new(Solver *next);
/* Gives up on every query with a conjunct the linear relaxation drops; forwards the rest. */
Solver *solver_linear_only_new(Solver *next);
/* Answers the queries `next` (Z3) gives up on with the concolic walk: SAT with
 * a model checked by evaluation, or UNKNOWN; never UNSAT. */
Solver *solver_cw_new(Solver *next, const SolverOptions *opt);
/* Answers FP queries by MuSE's distance minimisation (fpsearch.h): those
 * `next` gives up on, and with FP_SEARCH_FIRST first tries each with a short
 * budget. SAT with a model checked by evaluation, or UNKNOWN; never UNSAT.
 * Every point a descent step moves to goes to the query's PartialSink. */
Solver *solver_fps_new(Solver *next, const SolverOptions *opt);
/* Answers queries that read arrays at symbolic indices by abstraction and
 * refinement (CEGAR), with the ILP pre-check and axiom pruning if asked. */
Solver *solver_cegar_new(Solver *next, bool precheck, bool prune);
/* The same layer for --array-solver=auto: it takes only the queries that
 * read at a symbolic index an array of more than SOLVER_AUTO_SYMBOLIC_BYTES
 * symbolic bytes, and passes the rest down unchanged. */
Solver *solver_cegar_large_new(Solver *next, bool precheck, bool prune);

/* Cuts the core query running now, which returns UNKNOWN with
 * stats->interrupted, and makes every later core query do the same at once,
 * until called again with on == false. The one solver function that may be
 * called from another thread while the chain is in use (a signal watcher). */
void solver_interrupt(Solver *s, bool on);
/* Gives memory back: empties the chain's caches (the counterexample cache) and
 * starts Z3 on a new context when the old one has grown well past its fresh
 * size. Call between queries. */
void solver_drop_caches(Solver *s);
/* Gives the counterexample cache an assignment known to be a real input
 * (a test): later queries it satisfies are answered without a solver. */
void solver_offer_model(Solver *s, const Assignment *model);
/* Bytes the Z3 library holds now (its own allocation counter). */
size_t solver_memory_bytes(void);
/* A look at the resident size `rss` while a core query may be running: at
 * `hard` or above it cuts the query, which returns UNKNOWN with
 * stats->memory_out, or with stats->memory_alone when the RSS grew by the
 * query's share (solver_limit_query_memory) since the first look that saw
 * this query (one look after it began, at the watcher's period). With
 * alone_only, only a query that grew by its share is cut. Later queries are
 * not affected. Safe to call from another thread, as solver_interrupt(). */
void solver_watch_memory(Solver *s, size_t rss, size_t hard, bool alone_only);
/* One query's share of memory (0: none): Z3's own count for it is bounded
 * to it, and a query that reaches it, in that count or in the RSS the
 * watcher sees, gives up with stats->memory_alone. Call before the watcher
 * starts. */
void solver_limit_query_memory(Solver *s, size_t bytes);

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
