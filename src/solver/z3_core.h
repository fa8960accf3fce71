/* z3_core: the Z3 core's state and translation, shared by its files (private
 * to src/solver):
 *     z3_translate.c  Expr -> Z3 terms, and models back to bytes
 *     solver_z3.c     the layer: solvers, budgets, cuts, the context
 *     z3_reuse.c      one Z3 solver kept across queries
 */
#ifndef SYMPLEX_Z3_CORE_H
#define SYMPLEX_Z3_CORE_H
#include "solver_layer.h"
#include "../util/util.h"
#include <pthread.h>
#include <z3.h>

/* The Z3 terms one translation made, with a reference on each (the context is
 * reference counted). A query on a fresh solver has its own, cleared when it
 * ends; the reused solver keeps one for as long as its assertions live. */
typedef struct Z3Terms {
    SolverMap memo;          /* Expr* / Array* / (UpdateNode*, Array*) / (Array*, byte + 1) -> Z3_ast */
    SolverMap floats;        /* FP Expr* -> its float term (z3_fp.h) */
    /* The reused solver's record of which arrays the query reads through the
     * array theory (a fresh query's are those with a root in memo): */
    SolverMap links;         /* SOLVER_REUSE_ASSUME: input Array* -> the literal that ties its bytes to it */
    SolverMap in_scope;      /* SOLVER_REUSE_STACK: input Array* -> pushed levels reading it (as an integer) */
    bool opaque;             /* an opaque math function was translated: a model must pass evaluation */
    VEC(Z3_ast) owned;
    VEC(Expr *) byte_reads;  /* input bytes read at a constant index, made bit-vector constants */
} Z3Terms;

typedef struct Z3Reuse {
    SolverReuse mode;
    Z3_solver s;             /* NULL until the first query, and after a reset */
    Z3Terms terms;
    VEC(Expr *) held;        /* a reference on each constraint translated (keeps memo keys alive) */
    size_t max_held;         /* constraints translated before the solver starts again */
    /* SOLVER_REUSE_STACK */
    VEC(Expr *) stack;       /* the constraint asserted after each push, bottom first */
    SolverMap on_stack;      /* constraint -> its level + 1 */
    VEC(Array *) level_arrays;  /* arrays each level reads through the theory, level by level */
    VEC(size_t) level_narrays;  /* how many of level_arrays each level added */
    /* SOLVER_REUSE_ASSUME */
    size_t linked;           /* byte_reads already tied to their array's link literal */
    SolverMap lits;          /* constraint -> its literal */
    unsigned long next_name;
} Z3Reuse;

typedef struct Z3Solver {
    Solver base;
    Z3_context ctx;
    Z3_sort bv[129];      /* bit-vector sorts by width, made on demand */
    Z3_sort array_sort;   /* BV32 -> BV8 */
    Z3_ast one1, zero1;   /* #b1, #b0 */
    unsigned timeout_ms;  /* 0 = none */
    char *smt2_dir;
    unsigned long smt2_count;
    Z3Terms fresh;        /* the terms of a query on a fresh solver */
    Z3Terms *t;           /* the terms translation adds to now: &fresh or &reuse.terms */
    Z3Reuse reuse;
    bool refuted;         /* evaluation refuted a model of this query (no second attempt) */
    /* Shared with a thread calling solver_interrupt(), under run_mu: the Z3
     * solver checking now (NULL between checks), whether checks are being cut,
     * and whether the current query met the cut. */
    pthread_mutex_t run_mu;
    Z3_solver running;
    bool cut, was_cut;
    bool mem_cut;         /* solver_watch_memory() cut the current query ... */
    bool mem_alone;       /* ... when the RSS had grown its `alone` share since first_rss */
    unsigned long checks; /* queries begun: tells the watcher a new one from the last it saw */
    unsigned long seen;   /* the query the watcher looked at last ... */
    size_t first_rss;     /* ... and the RSS at its first look */
    size_t query_memory;  /* one query's share of memory (0: none); set before the watcher starts */
    size_t fresh_bytes;   /* what the context held when it was new */
} Z3Solver;

/* ---- z3_translate.c ---- */
void z3_terms_init(Z3Terms *t);
void z3_terms_clear(Z3Solver *z, Z3Terms *t); /* drops every reference, keeps the maps' memory */
void z3_terms_free(Z3Solver *z, Z3Terms *t);
Z3_ast z3_keep(Z3Solver *z, Z3_ast a);       /* a reference that lasts as long as z->t */
Z3_sort z3_bv_sort(Z3Solver *z, unsigned w);
Z3_ast z3_const(Z3Solver *z, u128 v, unsigned w);
Z3_ast z3_expr(Z3Solver *z, Expr *e);         /* the bit-vector of e, memoized in z->t */
Z3_ast z3_bv_to_bool(Z3Solver *z, Z3_ast x);
/* Asserts select(a, j) = a!j in s for the byte constant of read e, if a has a
 * root in z->t (under the reused solver's assumptions, as implied by a's link
 * literal); z3_link_bytes does it for z->t->byte_reads[from..to), of array
 * `only` if not NULL. */
void z3_link_byte(Z3Solver *z, Z3_solver s, Expr *e);
void z3_link_bytes(Z3Solver *z, Z3_solver s, size_t from, size_t to, const Array *only);
/* What an expression reads of the input arrays: those it reads through Z3's
 * array theory (at a symbolic index or through writes), each once, and its
 * reads of single bytes at a constant index (made byte constants). */
typedef struct Z3Reads {
    ArraySet theory;
    VEC(Expr *) bytes;
} Z3Reads;
void z3_reads_of(Expr *e, Z3Reads *out);
void z3_reads_free(Z3Reads *r);
/* Bytes for every input array the query reads, from model m. */
void z3_extract_model(Z3Solver *z, Z3_model m, const Query *q, Assignment *out);
/* Does the assignment satisfy the query by evaluation (opaque functions
 * computed by the host's libm)? */
bool z3_model_holds(const Query *q, const Assignment *a);

/* ---- z3_reuse.c ---- */
/* Constraints the reused solver translates before it starts again, unless
 * --solver-reuse-limit says otherwise (bench/results/z3-reuse). */
enum { Z3_REUSE_LIMIT = 20000 };
void z3_reuse_init(Z3Reuse *r, SolverReuse mode, size_t limit);
void z3_reuse_reset(Z3Solver *z);             /* drops the solver and its terms */
void z3_reuse_free(Z3Solver *z);
/* The reused solver made ready for q (timeout and resource limit set; rlimit
 * 0: none), with the literals to
 * assume in *assume (none in stack mode); z->t is its terms until the caller
 * sets it back. */
Z3_solver z3_reuse_prepare(Z3Solver *z, const Query *q, unsigned timeout_ms, unsigned rlimit, Z3_ast **assume,
                           unsigned *n);

/* ---- solver_z3.c ---- */
/* A check's limits: wall-clock milliseconds (0: none) and Z3's resource
 * units, counted from the check's start (0: none). */
void z3_set_params(Z3Solver *z, Z3_solver s, unsigned timeout_ms, unsigned rlimit);

#endif
