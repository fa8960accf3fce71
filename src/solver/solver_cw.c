/* The concolic-walk layer (--solver=cw): sits right above Z3 and answers
 * what Z3 could not (its own timeout), with a model that evaluation checks,
 * never with UNSAT.
 *
 * Alg 5.1's SOLVELINEAR(L) starts the walk: the query's base assignment when
 * it satisfies L already (it satisfies every older constraint, so it is the
 * nearest point the engine knows), else symplex's Simplex on L's relaxation
 * (checked by evaluation), else Z3 on L alone, which is linear and quick.
 * Every point the walk moves to goes to the query's PartialSink.
 *
 * With --solver=cw-first, each query with a non-linear conjunct is first
 * walked on a short budget (a tenth of the thesis's steps, at most
 * CW_FIRST_SECONDS), and goes to Z3 only if that walk finds no model: in
 * bench/results/cw the walk solved 1029 of the 1190 satisfiable non-linear
 * queries in a median 0.4 ms where Z3 took 5.9 ms, while most non-linear
 * queries were UNSAT (2341), which costs that short budget in vain: on
 * gcd_modexp, failed walks took 36-38 s of 60 (bench/results/ablation-cw).
 * So the first walks run while they pay for themselves: their total time may
 * exceed the Z3 time they saved (each walk that answered saves the mean time
 * Z3 took on the non-linear queries it answered SAT) by CW_FIRST_CREDIT_S at
 * most; past that a query goes to Z3 unwalked (cw_first_skipped), until the
 * savings catch up.
 *
 * With a compare file (--cw-compare), every query with a non-linear conjunct
 * that Z3 answered is also given to the walk, and both answers and times are
 * written as one CSV row: the measurement of bench/cw. */
#include "solver_layer.h"
#include "cw_query.h"
#include "linear.h"
#include "../util/util.h"
#include <stdlib.h>
#include <string.h>

/* first mode's budget: picks, not tuned */
enum { CW_FIRST_STEPS_PER_CONSTRAINT = 15 };
#define CW_FIRST_SECONDS 0.02
#define CW_FIRST_CREDIT_S 1.0

typedef struct CwSolver {
    Solver base;
    bool first;          /* --solver=cw-first */
    double first_credit; /* CW_FIRST_CREDIT_S unless the options say */
    double first_spent;  /* seconds in first walks */
    double first_saved;  /* Z3 seconds they saved, estimated */
    double z3_sat_s;     /* Z3's seconds on the non-linear queries it answered SAT, and their number */
    uint64_t z3_sat_n;
    CwParams params;
    double time_limit;   /* per walk, seconds */
    Rng rng;
    FILE *compare;
} CwSolver;

typedef struct CwVisit {
    CwQuery *w;
    const Query *q;
    SolverStats *stats;
} CwVisit;

static void cw_emit(void *ctx, const i128 *values) {
    CwVisit *v = ctx;
    v->stats->partial_solutions++;
    v->q->sink->emit(v->q->sink->ctx, cwq_point(v->w, values));
}

/* The linear conjuncts, borrowed. */
static Expr **cw_linear_part(const CwQuery *w) {
    Expr **l = util_malloc((w->ncons + 1) * sizeof *l);
    uint32_t n = 0;
    for (uint32_t c = 0; c < w->ncons; c++)
        if (w->cons[c].linear) l[n++] = w->conj[c];
    return l;
}

/* Simplex on L's relaxation; true with w->point (and alpha) moved to its solution if that satisfies L. */
static bool cw_start_simplex(CwQuery *w, const Query *q, Expr **l, i128 *alpha) {
    LinProblem p;
    bool ok = false;
    if (linear_build(l, w->nlinear, NULL, &p) && !p.contradiction) {
        i128 *values = util_calloc(p.nvars + 1, sizeof *values);
        SimplexLimits limits = {0, 0};
        SimplexStats sst = {0};
        if (simplex_solve(p.sx, &limits, NULL, NULL, values, &sst) == SIMPLEX_SAT) {
            Assignment cand;
            assignment_init(&cand);
            linear_assignment(&p, values, &w->point, &cand);
            solver_copy_query_arrays(q, &cand, &w->point);
            assignment_free(&cand);
            cwq_values(w, &w->point, alpha);
            ok = cwq_sat_linear(w, alpha);
        }
        free(values);
    }
    linear_free(&p);
    return ok;
}

/* SOLVELINEAR(L): a point satisfying the linear conjuncts, in alpha and w->point. */
static bool cw_start(CwSolver *x, CwQuery *w, const Query *q, i128 *alpha) {
    cwq_values(w, &w->point, alpha);
    if (cwq_sat_linear(w, alpha)) return true;
    Expr **l = cw_linear_part(w);
    bool ok = cw_start_simplex(w, q, l, alpha);
    if (!ok) {
        Query lq = {l, w->nlinear, NULL, NULL, NULL, false};
        Assignment m;
        assignment_init(&m);
        if (solver_check(x->base.next, &lq, &m) == SOLVER_SAT) {
            solver_copy_query_arrays(q, &m, &w->point);
            cwq_values(w, &w->point, alpha);
            ok = cwq_sat_linear(w, alpha);
        }
        assignment_free(&m);
    }
    free(l);
    return ok;
}

/* The walk on q with parameters par, for at most time_limit seconds: SAT
 * with the model, or UNKNOWN. *steps gets its step count. */
static SolverResult cw_solve(CwSolver *x, CwQuery *w, const Query *q, Assignment *model, CwParams par,
                             double time_limit, uint64_t *steps) {
    SolverStats *st = x->base.stats;
    i128 *alpha = util_calloc(w->nvars + 1, sizeof *alpha);
    SolverResult r = SOLVER_UNKNOWN;
    CwVisit visit = {w, q, st};
    par.deadline = timer_now() + time_limit;
    if (st->deadline > 0 && st->deadline < par.deadline) par.deadline = st->deadline;
    CwStats cst = {0};
    if (cw_start(x, w, q, alpha)) {
        w->problem.visit = q->sink ? cw_emit : NULL;
        w->problem.visit_ctx = &visit;
        CwRandom rnd = cw_random(&x->rng);
        if (cw_walk(&w->problem, &par, &rnd, alpha, &cst) && cwq_sat_all(w, alpha)) {
            r = SOLVER_SAT;
            if (model) solver_copy_query_arrays(q, cwq_point(w, alpha), model);
        }
    }
    *steps = cst.steps;
    free(alpha);
    return r;
}

static bool cw_nonlinear(const CwQuery *w) { return w->nlinear < w->ncons; }

static const char *cw_result_name(SolverResult r) {
    return r == SOLVER_SAT ? "sat" : r == SOLVER_UNSAT ? "unsat" : "unknown";
}

static void cw_log(CwSolver *x, const CwQuery *w, SolverResult z3, double z3_s, SolverResult r, double cw_s,
                   uint64_t steps) {
    fprintf(x->compare, "%u,%u,%u,%s,%.6f,%s,%.6f,%llu\n", w->ncons, w->ncons - w->nlinear, w->nvars,
            cw_result_name(z3), z3_s, cw_result_name(r), cw_s, (unsigned long long)steps);
    fflush(x->compare);
}

/* --cw-compare: the walk on a query Z3 answered in z3_s seconds, one CSV row. */
static void cw_compare(CwSolver *x, const Query *q, SolverResult z3, double z3_s) {
    CwQuery w;
    cwq_build(&w, q->constraints, q->n, q->expr, q->base);
    if (cw_nonlinear(&w)) {
        Query quiet = *q;
        quiet.sink = NULL;
        uint64_t steps = 0;
        double t0 = timer_now();
        SolverResult r = cw_solve(x, &w, &quiet, NULL, x->params, x->time_limit, &steps);
        cw_log(x, &w, z3, z3_s, r, timer_now() - t0, steps);
    }
    cwq_free(&w);
}

/* First mode: a short walk before Z3, on a query with a non-linear conjunct. */
static SolverResult cw_first(CwSolver *x, CwQuery *w, const Query *q, Assignment *model) {
    SolverStats *st = x->base.stats;
    double t0 = timer_now();
    CwParams par = x->params;
    par.steps_per_constraint = CW_FIRST_STEPS_PER_CONSTRAINT;
    uint64_t steps = 0;
    st->cw_first_queries++;
    SolverResult r = cw_solve(x, w, q, model, par, CW_FIRST_SECONDS, &steps);
    st->cw_first_solved += r == SOLVER_SAT;
    st->cw_steps += steps;
    st->cw_time_s += timer_now() - t0;
    x->first_spent += timer_now() - t0;
    if (r == SOLVER_SAT && x->z3_sat_n) x->first_saved += x->z3_sat_s / (double)x->z3_sat_n;
    return r;
}

static bool cw_first_pays(const CwSolver *x) { return x->first_spent <= x->first_saved + x->first_credit; }

/* After Z3 gave up: the walk with the query's time limit. */
static SolverResult cw_fallback(CwSolver *x, CwQuery *w, const Query *q, Assignment *model, double z3_s) {
    SolverStats *st = x->base.stats;
    double t1 = timer_now();
    uint64_t steps = 0;
    st->cw_queries++;
    SolverResult r = cw_solve(x, w, q, model, x->params, x->time_limit, &steps);
    st->cw_solved += r == SOLVER_SAT;
    st->cw_steps += steps;
    st->cw_time_s += timer_now() - t1;
    if (x->compare && cw_nonlinear(w)) cw_log(x, w, SOLVER_UNKNOWN, z3_s, r, timer_now() - t1, steps);
    return r;
}

static SolverResult cw_check(Solver *base, const Query *q, Assignment *model) {
    CwSolver *x = (CwSolver *)base;
    SolverStats *st = base->stats;
    SolverEntry entry = solver_enter(base);
    CwQuery w;
    bool built = x->first, nonlinear = false;
    SolverResult r = SOLVER_UNKNOWN;
    if (built) {
        cwq_build(&w, q->constraints, q->n, q->expr, q->base);
        nonlinear = cw_nonlinear(&w);
        if (nonlinear && cw_first_pays(x)) r = cw_first(x, &w, q, model);
        else if (nonlinear) st->cw_first_skipped++;
    }
    if (r == SOLVER_UNKNOWN) {
        double t0 = timer_now();
        r = solver_check(base->next, q, model);
        if (nonlinear && r == SOLVER_SAT) {
            x->z3_sat_s += timer_now() - t0;
            x->z3_sat_n++;
        }
        if (r != SOLVER_UNKNOWN) {
            if (x->compare) cw_compare(x, q, r, timer_now() - t0);
        } else if (!st->interrupted && !st->deadline_hit && !st->memory_out) {
            if (!built) cwq_build(&w, q->constraints, q->n, q->expr, q->base);
            built = true;
            r = cw_fallback(x, &w, q, model, timer_now() - t0);
        }
    }
    if (built) cwq_free(&w);
    solver_leave(base, entry);
    return r;
}

static void cw_destroy(Solver *base) {
    CwSolver *x = (CwSolver *)base;
    if (x->compare) fclose(x->compare);
    free(x);
}

static const SolverOps cw_ops = {cw_check, cw_destroy};

Solver *solver_cw_new(Solver *next, const SolverOptions *opt) {
    CwSolver *x = util_calloc(1, sizeof *x);
    x->base.ops = &cw_ops;
    x->base.next = next;
    x->base.stats = next->stats;
    x->params = cw_default_params();
    x->first = opt->cw_first;
    x->first_credit = opt->cw_first_credit_s > 0 ? opt->cw_first_credit_s : CW_FIRST_CREDIT_S;
    x->time_limit = opt->timeout_s > 0 ? opt->timeout_s : 10;
    rng_seed(&x->rng, opt->search_seed);
    if (opt->cw_compare) {
        x->compare = fopen(opt->cw_compare, "w");
        if (!x->compare) util_fatal("cannot write %s", opt->cw_compare);
        fprintf(x->compare, "constraints,nonlinear,variables,z3,z3_s,cw,cw_s,cw_steps\n");
    }
    return &x->base;
}
