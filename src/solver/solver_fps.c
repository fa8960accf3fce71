/* The floating-point search layer (--fp-search): MuSE's distance
 * minimisation (fpsearch.h) on queries with floating-point expressions.
 *
 * In fallback mode it sits above Z3 (and the concolic walk) and searches the
 * FP queries they give up on, with the query's time limit. In first mode it
 * also searches each FP query before forwarding it, with a short budget:
 * Z3's FP theory bit-blasts every operation (seconds for a binary64
 * multiplication), and most feasibility queries of float code are satisfiable
 * by a point near the state's current model. Either way an answer is SAT with
 * a model every conjunct evaluates true on, or UNKNOWN; never UNSAT. */
#include "solver_layer.h"
#include "fps_query.h"
#include "../util/util.h"
#include <stdlib.h>

/* first mode's budget per query: picks, not tuned (about 20 ms of evaluations on small queries) */
enum { FPS_FIRST_EVALS = 20000, FPS_FIRST_HOPS = 40 };
#define FPS_FIRST_SECONDS 0.25

typedef struct FpsSolver {
    Solver base;
    FpSearchMode mode;
    double time_limit;   /* per fallback search, seconds */
    Rng rng;
} FpsSolver;

typedef struct FpsVisit {
    FpsQuery *f;
    const Query *q;
    SolverStats *stats;
} FpsVisit;

static void fps_emit(void *ctx, const uint64_t *bits) {
    FpsVisit *v = ctx;
    v->stats->partial_solutions++;
    v->q->sink->emit(v->q->sink->ctx, fpq_point(v->f, bits));
}

/* One search on q within params; SAT with the model or UNKNOWN. */
static SolverResult fps_solve(FpsSolver *x, const Query *q, FpsParams params, Assignment *model) {
    SolverStats *st = x->base.stats;
    double t0 = timer_now();
    if (st->deadline > 0 && (params.deadline == 0 || st->deadline < params.deadline)) params.deadline = st->deadline;
    FpsQuery f;
    fpq_build(&f, q);
    FpsVisit visit = {&f, q, st};
    f.problem.visit = q->sink ? fps_emit : NULL;
    f.problem.visit_ctx = &visit;
    uint64_t *bits = util_calloc(f.w.nvars + 1, sizeof *bits);
    fpq_bits(&f, &f.w.point, bits);
    FpsStats fst = {0};
    SolverResult r = SOLVER_UNKNOWN;
    if (fps_search(&f.problem, &params, &x->rng, bits, &fst) && fpq_sat(&f, bits)) {
        r = SOLVER_SAT;
        if (model) solver_copy_query_arrays(q, fpq_point(&f, bits), model);
    }
    st->fps_queries++;
    st->fps_solved += r == SOLVER_SAT;
    st->fps_evals += fst.evals;
    st->fps_time_s += timer_now() - t0;
    free(bits);
    fpq_free(&f);
    return r;
}

static SolverResult fps_check(Solver *base, const Query *q, Assignment *model) {
    FpsSolver *x = (FpsSolver *)base;
    SolverStats *st = base->stats;
    SolverEntry entry = solver_enter(base);
    bool fp = fpq_has_fp(q);
    SolverResult r = SOLVER_UNKNOWN;
    if (fp && x->mode == FP_SEARCH_FIRST) {
        FpsParams p = fps_default_params();
        p.max_evals = FPS_FIRST_EVALS;
        p.max_hops = FPS_FIRST_HOPS;
        p.deadline = timer_now() + FPS_FIRST_SECONDS;
        r = fps_solve(x, q, p, model);
        st->fps_first_solved += r == SOLVER_SAT;
    }
    if (r == SOLVER_UNKNOWN) r = solver_check(base->next, q, model);
    if (r == SOLVER_UNKNOWN && fp && !st->interrupted && !st->deadline_hit && !st->memory_out) {
        FpsParams p = fps_default_params();
        p.deadline = timer_now() + x->time_limit;
        r = fps_solve(x, q, p, model);
    }
    solver_leave(base, entry);
    return r;
}

static void fps_destroy(Solver *base) { free(base); }

static const SolverOps fps_ops = {fps_check, fps_destroy};

Solver *solver_fps_new(Solver *next, const SolverOptions *opt) {
    FpsSolver *x = util_calloc(1, sizeof *x);
    x->base.ops = &fps_ops;
    x->base.next = next;
    x->base.stats = next->stats;
    x->mode = opt->fp_search;
    x->time_limit = opt->timeout_s > 0 ? opt->timeout_s : 10;
    rng_seed(&x->rng, opt->search_seed ^ 0x66707365617263ull); /* its own stream, from the run's --seed */
    return &x->base;
}
