/* The CEGAR array solver (--array-solver=cegar): queries that read arrays at
 * symbolic indices are answered through their bit-vector abstraction
 * (array_abs.h) and the axioms a model violates, instead of Z3's array
 * theory. Algorithm 2 of Shuai et al. (ISSTA 2021):
 *
 *   pre-check (array_precheck.c): index intervals, and UNSAT with no SMT call
 *   C_a := abstract(C)
 *   loop: S := solve(C_a) by the next layer (bit-vectors only)
 *         UNSAT -> UNSAT
 *         every read's variable equals the array's content at its index -> SAT
 *         else C_a := C_a and the violated axioms
 *
 * The abstraction has every solution of the query, so its UNSAT is the
 * query's; a model with no violated axiom is one of the query's (it is
 * checked by evaluating the query once more). Axioms outside the pruned
 * candidates are still added if a model violates them (counted: the pruning
 * is argued sound, this keeps the answer right if it were not). A violated
 * read with at most CEGAR_READ_EAGER candidates gets them all at once; after
 * CEGAR_LAZY rounds every remaining candidate is added at once; a query
 * still unsettled after CEGAR_MAX rounds goes to the array theory. Each
 * rejected model is a partial solution (MuSE). */
#include "array_abs.h"
#include "array_precheck.h"
#include "../util/util.h"
#include <stdlib.h>
#include <string.h>

enum { CEGAR_LAZY = 8, CEGAR_MAX = 48, CEGAR_EAGER_MAX = 8192, CEGAR_READ_EAGER = 16 };

typedef struct CegarSolver {
    Solver base;
    AbsPool pool;
    bool precheck;
    bool prune;
    uint32_t min_bytes; /* 0: every query reading an array at a symbolic index; else only arrays with more symbolic bytes */
} CegarSolver;

typedef VEC(Expr *) ExprVec;

/* The model's bytes of the query's own arrays (zeros where it has none), over
 * `base` when given. */
static void cegar_restrict(const Query *q, const Assignment *s, const Assignment *base, Assignment *out) {
    if (base) assignment_copy(out, base);
    solver_copy_query_arrays(q, s, out);
}

static bool cegar_satisfies(const Query *q, const Assignment *a) {
    for (size_t i = 0; i < q->n; i++)
        if (!expr_eval(q->constraints[i], a)) return false;
    return !q->expr || expr_eval(q->expr, a);
}

static void cegar_add(CegarSolver *x, ExprVec *axioms, Expr *ax, bool candidate) {
    VEC_PUSH(*axioms, ax);
    if (candidate) x->base.stats->axioms_added++;
    else x->base.stats->axioms_outside++;
}

/* Every candidate position of read r at once. */
static void cegar_expand(CegarSolver *x, ArrayAbs *abs, uint32_t r, ExprVec *axioms) {
    abs->reads.data[r].expanded = true;
    uint64_t lo = abs->reads.data[r].lo, size = abs->reads.data[r].array->size;
    uint64_t hi = abs->reads.data[r].hi < size ? abs->reads.data[r].hi : size - 1;
    for (uint64_t j = lo; size && j <= hi; j++)
        if (array_abs_candidate_at(abs, r, j)) cegar_add(x, axioms, array_abs_axiom_at(abs, r, (uint32_t)j), true);
}

/* Adds the axioms model s violates; returns how many. A violated read with
 * few candidates (the pruning's work) gets all of them at once: each lazy
 * round costs a solver call, and a read Z3 guessed wrong once tends to be
 * guessed wrong again at its next position. */
static size_t cegar_refine(CegarSolver *x, ArrayAbs *abs, const Assignment *s, ExprVec *axioms) {
    size_t before = axioms->len;
    for (uint32_t r = 0; r < abs->reads.len; r++) { /* reads may be added as contents are abstracted */
        u128 j = expr_eval(abs->reads.data[r].index, s);
        u128 v = expr_eval(abs->reads.data[r].var, s);
        Expr *content = array_abs_content(abs, r, (uint32_t)j);
        u128 real = expr_eval(content, s);
        expr_unref(content);
        if (v == real) continue;
        bool candidate = array_abs_candidate_at(abs, r, j);
        if (candidate && !abs->reads.data[r].expanded && array_abs_read_candidates(abs, r) <= CEGAR_READ_EAGER)
            cegar_expand(x, abs, r, axioms);
        else
            cegar_add(x, axioms, array_abs_axiom_at(abs, r, (uint32_t)j), candidate);
    }
    for (uint32_t a = 0; a < abs->reads.len; a++)
        for (uint32_t b = a + 1; b < abs->reads.len; b++) {
            if (!array_abs_candidate_pair(abs, a, b)) continue;
            const AbsRead *ra = &abs->reads.data[a], *rb = &abs->reads.data[b];
            if (expr_eval(ra->index, s) == expr_eval(rb->index, s) && expr_eval(ra->var, s) != expr_eval(rb->var, s))
                cegar_add(x, axioms, array_abs_axiom_pair(abs, a, b), true);
        }
    return axioms->len - before;
}

/* Every candidate axiom at once (when lazy refinement is slow to settle);
 * false if there are too many to be worth it. */
static bool cegar_eager(CegarSolver *x, ArrayAbs *abs, ExprVec *axioms) {
    if (array_abs_candidates(abs, true) > CEGAR_EAGER_MAX) return false;
    uint32_t nreads = (uint32_t)abs->reads.len;
    for (uint32_t r = 0; r < nreads; r++)
        if (!abs->reads.data[r].expanded) cegar_expand(x, abs, r, axioms);
    for (uint32_t a = 0; a < nreads; a++)
        for (uint32_t b = a + 1; b < nreads; b++)
            if (array_abs_candidate_pair(abs, a, b)) cegar_add(x, axioms, array_abs_axiom_pair(abs, a, b), true);
    return true;
}

static void cegar_emit(const Query *q, const Assignment *s, SolverStats *st) {
    if (!q->sink) return;
    Assignment ps;
    assignment_init(&ps);
    cegar_restrict(q, s, q->base, &ps);
    st->partial_solutions++;
    q->sink->emit(q->sink->ctx, &ps);
    assignment_free(&ps);
}

/* The loop of Algorithm 2. SOLVER_UNKNOWN with *fallback: leave the query to
 * the array theory. */
static SolverResult cegar_loop(CegarSolver *x, const Query *q, ArrayAbs *abs, Assignment *model, bool *fallback) {
    SolverStats *st = x->base.stats;
    ExprVec all = {0};
    for (size_t i = 0; i < abs->cs.len; i++) VEC_PUSH(all, expr_ref(abs->cs.data[i]));
    SolverResult r = SOLVER_UNKNOWN;
    Assignment s;
    assignment_init(&s);
    *fallback = true;
    for (unsigned round = 0; round < CEGAR_MAX; round++) {
        st->cegar_iterations++;
        Query aq = {all.data, all.len, NULL, NULL, NULL, false};
        assignment_clear(&s);
        r = solver_check(x->base.next, &aq, &s);
        if (r != SOLVER_SAT) {
            *fallback = false;
            break;
        }
        if (cegar_refine(x, abs, &s, &all) == 0) {
            Assignment m;
            assignment_init(&m);
            cegar_restrict(q, &s, NULL, &m);
            *fallback = !cegar_satisfies(q, &m);
            if (!*fallback && model) assignment_merge(model, &m);
            assignment_free(&m);
            break;
        }
        cegar_emit(q, &s, st);
        if (round + 1 == CEGAR_LAZY) cegar_eager(x, abs, &all);
        r = SOLVER_UNKNOWN;
    }
    assignment_free(&s);
    for (size_t i = 0; i < all.len; i++) expr_unref(all.data[i]);
    VEC_FREE(all);
    return r;
}

static SolverResult cegar_check(Solver *base, const Query *q, Assignment *model) {
    CegarSolver *x = (CegarSolver *)base;
    if (!array_abs_needed(q, x->min_bytes)) return solver_check(base->next, q, model);
    SolverEntry entry = solver_enter(base);
    SolverStats *st = base->stats;
    st->array_queries++;
    ArrayAbs abs;
    array_abs_build(&abs, &x->pool, q, x->prune);
    SolverResult r = SOLVER_UNKNOWN;
    bool fallback = false;
    double t0 = timer_now();
    IlpStats ist = {0};
    bool unsat = x->precheck && array_precheck(&abs, x->prune, &ist) == ILP_INFEASIBLE;
    st->precheck_time_s += timer_now() - t0;
    st->precheck_unconfirmed += ist.unconfirmed;
    st->precheck_glpk_errors += ist.glpk_errors;
    if (unsat) {
        st->precheck_unsat++;
        r = SOLVER_UNSAT;
    } else {
        st->axiom_candidates += array_abs_candidates(&abs, true);
        st->axiom_candidates_full += array_abs_candidates(&abs, false);
        r = cegar_loop(x, q, &abs, model, &fallback);
    }
    array_abs_free(&abs);
    if (fallback) {
        st->cegar_fallbacks++;
        r = solver_check(base->next, q, model);
    }
    solver_leave(base, entry);
    return r;
}

static void cegar_destroy(Solver *base) {
    CegarSolver *x = (CegarSolver *)base;
    array_abs_pool_free(&x->pool);
    free(x);
}

static const SolverOps cegar_ops = {cegar_check, cegar_destroy};

Solver *solver_cegar_new(Solver *next, bool precheck, bool prune) {
    CegarSolver *x = util_calloc(1, sizeof *x);
    x->base.ops = &cegar_ops;
    x->base.next = next;
    x->base.stats = next->stats;
    x->precheck = precheck;
    x->prune = prune;
    return &x->base;
}

Solver *solver_cegar_large_new(Solver *next, bool precheck, bool prune) {
    CegarSolver *x = (CegarSolver *)solver_cegar_new(next, precheck, prune);
    x->min_bytes = SOLVER_AUTO_SYMBOLIC_BYTES;
    return &x->base;
}
