/* The feasibility policy and speculative symbolic execution (Zhang, Chen and
 * Wang, ISSRE 2012).
 *
 * Eagerly, each side of a branch is checked where it is taken. Speculatively
 * (--speculate=K) a two-way branch forks both sides unchecked; a state's
 * unchecked segment (the newest path-condition nodes not known SAT) is checked
 * once it holds K nodes, when the path ends, or before anything that must not
 * come from an infeasible path. Without state models (the paper's setting) the
 * check is one query, and when it is UNSAT a binary search over the segment's
 * prefixes finds the first infeasible node. With them (the default) it is the
 * eager engine's queries, node by node and only where the model does not
 * already decide (feas_walk): a side the model satisfies costs no query, so a
 * segment query could save none and would only be harder to answer from the
 * caches. Every state through an infeasible node is infeasible and ends
 * without a test, and the states beside it run on. What a check learns is
 * stored in the shared path-condition nodes (PathCond.status), so states that
 * share a prefix share its checks. Proposition 1 (absurdity): the path
 * before an infeasible side of a two-way branch is feasible, so the other
 * side is feasible with no query.
 *
 * The searcher sees unchecked states like any other: any searcher may pick
 * them, they are checked when picked with K unchecked nodes, and the coverage
 * they meet is credited (and can steer a searcher) only once they are shown
 * feasible. */
#include "executor.h"
#include "../util/util.h"
#include <stdlib.h>

typedef enum FeasResult { FEAS_SAT, FEAS_UNSAT, FEAS_GAVE_UP } FeasResult;

/* An unchecked state that meets this much new coverage is checked at once:
 * its pending list would otherwise grow with every new line it runs. */
#define FEAS_PENDING_MAX 4096u

/* ---- policies ---- */

static bool feas_eager_defer(const FeasibilityPolicy *p, const State *s) {
    (void)p; (void)s;
    return false;
}

static bool feas_eager_due(const FeasibilityPolicy *p, const State *s, uint32_t unchecked) {
    (void)p; (void)s;
    return unchecked > 0;
}

/* klee_set_forking(0) takes one side of a branch, which needs its answer now */
static bool feas_spec_defer(const FeasibilityPolicy *p, const State *s) {
    (void)p;
    return !s->fork_disabled;
}

static bool feas_spec_due(const FeasibilityPolicy *p, const State *s, uint32_t unchecked) {
    (void)s;
    return unchecked >= p->k;
}

FeasibilityPolicy exec_feasibility_policy(const ExecOptions *opt) {
    if (opt->speculate <= 1) return (FeasibilityPolicy){"eager", feas_eager_defer, feas_eager_due, 1};
    return (FeasibilityPolicy){"speculative", feas_spec_defer, feas_spec_due, opt->speculate};
}

/* ---- the segment ---- */

/* The unchecked segment of s into ex->seg_buf, newest first (node j, counted
 * from the oldest as 1, is seg[m - j]); *base is the newest SAT node below it
 * (NULL: the empty path). *known says whether a node of it is already known
 * infeasible (which wins) or given up on. */
static uint32_t feas_segment(Executor *ex, const State *s, PathCond **base, FeasResult *known) {
    uint32_t m = 0;
    *known = FEAS_SAT;
    PathCond *p = s->pc;
    for (; p && p->status != PC_SAT; p = p->next) {
        if (p->status == PC_UNSAT) *known = FEAS_UNSAT;
        else if (p->status == PC_GAVE_UP && *known == FEAS_SAT) *known = FEAS_GAVE_UP;
        if (m == ex->seg_cap) {
            ex->seg_cap = ex->seg_cap ? 2 * ex->seg_cap : 16;
            ex->seg_buf = util_realloc(ex->seg_buf, ex->seg_cap * sizeof *ex->seg_buf);
        }
        ex->seg_buf[m++] = p;
    }
    *base = p;
    return m;
}

static inline PathCond *feas_node(Executor *ex, uint32_t m, uint32_t j) { return ex->seg_buf[m - j]; }

/* Is the path through its oldest `upto` nodes feasible, the oldest len0 being
 * known feasible? Those are the query's constraints and the newer ones its
 * goal, so the solver chain slices the query down to what the goal touches.
 * (The paper's check, without state models.) */
static SolverResult feas_query(Executor *ex, State *s, uint32_t len0, uint32_t upto) {
    pc_flatten(s->pc, &ex->cs_buf, &ex->cs_cap);
    Expr *const *cs = ex->cs_buf;
    Expr *goal = expr_ref(cs[len0]);
    for (uint32_t i = len0 + 1; i < upto; i++) {
        Expr *g = expr_bool_and(goal, cs[i]);
        expr_unref(goal);
        goal = g;
    }
    Query q = {cs, len0, goal, ex->sink, NULL, false};
    ex->stats.queries_feasibility++;
    ex->querying = s;
    SolverResult r = solver_check(ex->solver, &q, NULL);
    ex->querying = NULL;
    expr_unref(goal);
    return r;
}

static void feas_mark_sat(Executor *ex, uint32_t m, uint32_t upto) {
    for (uint32_t j = 1; j <= upto; j++) feas_node(ex, m, j)->status = PC_SAT;
}

/* Node `first` is the segment's first infeasible one (the path before it is
 * feasible): it and the newer nodes are UNSAT, and Proposition 1 makes its
 * twin feasible. */
static FeasResult feas_found_unsat(Executor *ex, uint32_t m, uint32_t first) {
    for (uint32_t j = first; j <= m; j++) feas_node(ex, m, j)->status = PC_UNSAT;
    PathCond *twin = feas_node(ex, m, first)->twin;
    if (ex->opt.absurdity && twin && twin->status == PC_UNCHECKED) {
        twin->status = PC_SAT;
        ex->stats.absurdity_saved++;
    }
    return FEAS_UNSAT;
}

/* Node by node from lo + 1 to hi: the fallback when a query gave up. With
 * hi_unsat, the path through node hi is known infeasible. */
static FeasResult feas_scan(Executor *ex, State *s, uint32_t len0, uint32_t m, uint32_t lo, uint32_t hi, bool hi_unsat) {
    for (uint32_t j = lo + 1; j <= hi; j++) {
        if (j == hi && hi_unsat) return feas_found_unsat(ex, m, j);
        SolverResult r = feas_query(ex, s, len0, len0 + j);
        if (r == SOLVER_UNSAT) return feas_found_unsat(ex, m, j);
        if (r == SOLVER_UNKNOWN) {
            feas_node(ex, m, j)->status = PC_GAVE_UP;
            return FEAS_GAVE_UP;
        }
        feas_node(ex, m, j)->status = PC_SAT;
    }
    return FEAS_SAT;
}

/* The whole segment (m nodes above len0 known ones) is infeasible: a binary
 * search over its prefixes for the first infeasible node. The paths through
 * node lo are feasible, through node hi infeasible. */
static FeasResult feas_bisect(Executor *ex, State *s, uint32_t len0, uint32_t m) {
    uint32_t lo = 0, hi = m;
    while (hi - lo > 1) {
        uint32_t mid = (lo + hi) / 2;
        SolverResult r = feas_query(ex, s, len0, len0 + mid);
        ex->stats.queries_bisect++;
        if (r == SOLVER_SAT) {
            feas_mark_sat(ex, m, mid);
            lo = mid;
        } else if (r == SOLVER_UNSAT) {
            hi = mid;
        } else {
            return feas_scan(ex, s, len0, m, lo, hi, true);
        }
    }
    return feas_found_unsat(ex, m, hi);
}

static Assignment *feas_model_copy(const Assignment *m) {
    Assignment *c = util_malloc(sizeof *c);
    assignment_init(c);
    assignment_copy(c, m);
    return c;
}

/* A model of the path through the segment's base node, or NULL: the one a
 * check that passed that node kept, else the state's prefix model if it still
 * fits (another state's check may have shown nodes above it SAT). */
static Assignment *feas_base_model(const State *s, const PathCond *base) {
    if (base && base->model) return feas_model_copy(base->model);
    if (!s->prefix_model || s->prefix_len > pc_len(base)) return NULL;
    Assignment *cur = feas_model_copy(s->prefix_model);
    for (const PathCond *p = base; p && p->len > s->prefix_len; p = p->next) {
        if (expr_eval(p->e, cur)) continue;
        exec_drop_model(cur);
        return NULL;
    }
    return cur;
}

/* Is node j (above `below`) feasible? The eager engine's query at its branch:
 * the constraints below it as the state's view keeps them (what
 * exec_constraints gives), the node as the goal, the current model as the
 * base. SAT replaces *cur with the answer's model. */
static SolverResult feas_node_query(Executor *ex, State *s, const PathCond *below, const PathCond *node,
                                    Assignment **cur) {
    size_t n = pc_flat_view(below, &ex->view_flat);
    Assignment *next = util_malloc(sizeof *next);
    assignment_init(next);
    Query q = {ex->view_flat.buf, n, node->e, ex->sink, *cur, false};
    ex->stats.queries_feasibility++;
    ex->stats.queries_speculative++;
    ex->querying = s;
    SolverResult r = solver_check(ex->solver, &q, next);
    ex->querying = NULL;
    exec_drop_model(*cur);
    *cur = NULL;
    if (r == SOLVER_SAT) *cur = next;
    else exec_drop_model(next);
    return r;
}

/* The segment node by node, oldest first, as the eager engine checks the
 * branches that made it: a node the current model satisfies is SAT with no
 * query; otherwise one query, the nodes below as its constraints, the node as
 * its goal and the model as its base, whose answer is the next model. Each
 * query is the one the eager engine would have made at that branch (the
 * counterexample cache, the slicing and the solver's reuse see the same
 * query), so a check never costs more than eager execution; what speculation
 * keeps is that a state never checked before the run ends costs nothing. The
 * first UNSAT node is the segment's first infeasible one: no bisection.
 * *model is the last model found (or NULL), a model of the whole segment when
 * the result is FEAS_SAT. */
static FeasResult feas_walk(Executor *ex, State *s, PathCond *base, uint32_t m, Assignment **model) {
    Assignment *cur = feas_base_model(s, base);
    *model = NULL;
    PathCond *below = base;
    for (uint32_t j = 1; j <= m; below = feas_node(ex, m, j), j++) {
        PathCond *node = feas_node(ex, m, j);
        if (cur && expr_eval(node->e, cur)) {
            ex->stats.model_decided++;
        } else {
            SolverResult r = feas_node_query(ex, s, below, node, &cur);
            if (r == SOLVER_UNSAT) return feas_found_unsat(ex, m, j);
            if (r != SOLVER_SAT) {
                node->status = PC_GAVE_UP;
                return FEAS_GAVE_UP;
            }
        }
        node->status = PC_SAT;
        /* another path goes on from here: its check starts from this model */
        if (node->refs > 1 && !node->model) node->model = feas_model_copy(cur);
    }
    *model = cur;
    return FEAS_SAT;
}

/* Credits the coverage s met while unchecked; s is known feasible now. */
static void feas_flush(Executor *ex, State *s) {
    uint32_t n = s->npending;
    s->npending = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t e = s->pending_cov[i];
        if (e & EXEC_PENDING_BRANCH) exec_cover_branch(ex, s, e & ~EXEC_PENDING_BRANCH);
        else if (!ex->line_covered[e]) exec_cover_loc(ex, s, e);
    }
}

/* Checks s's segment (one query; on UNSAT the bisection). On SAT the query's
 * model becomes the state's model. With when_due, a segment the policy does
 * not find due yet stays unchecked (FEAS_SAT: s may run on). Never ends s. */
static FeasResult feas_settle(Executor *ex, State *s, bool when_due) {
    if (!state_unchecked(s)) {
        if (s->npending) feas_flush(ex, s);
        return FEAS_SAT;
    }
    PathCond *base;
    FeasResult known;
    uint32_t m = feas_segment(ex, s, &base, &known);
    if (known != FEAS_SAT) return known;
    if (when_due && !ex->feas.due(&ex->feas, s, m) && s->npending < FEAS_PENDING_MAX) return FEAS_SAT;
    uint32_t len0 = pc_len(base);
    Assignment *model = NULL;
    FeasResult out;
    if (!ex->opt.no_state_model) {
        out = feas_walk(ex, s, base, m, &model);
    } else { /* the paper's check: one query for the segment, bisected when UNSAT */
        ex->stats.queries_speculative++;
        SolverResult r = feas_query(ex, s, len0, len0 + m);
        if (r == SOLVER_SAT) {
            feas_mark_sat(ex, m, m);
            out = FEAS_SAT;
        } else if (r == SOLVER_UNSAT) {
            out = feas_bisect(ex, s, len0, m);
        } else {
            out = feas_scan(ex, s, len0, m, 0, m, false);
        }
    }
    if (out == FEAS_SAT && model) state_set_model(s, model);
    else exec_drop_model(model);
    if (out == FEAS_SAT) {
        state_set_prefix_model(s, NULL, 0);
        feas_flush(ex, s);
    }
    return out;
}

/* Ends s after its segment was found infeasible (no test: the state never
 * existed) or the solver gave up on it (as the eager engine ends a state at a
 * branch it cannot decide: early, with a test of the feasible prefix; with
 * keep_model_side, silently, as the eager engine drops such a side). */
static void feas_end(Executor *ex, State *s, FeasResult r) {
    free(ex->pending_file);
    ex->pending_file = NULL;
    ex->pending_line = 0;
    ex->pending_error_call = false;
    if (r == FEAS_UNSAT) {
        Termination t = {.kind = TERM_SILENT};
        ex->stats.speculation_cut++;
        ex->hooks.on_terminate(ex->hooks.ctx, s, &t);
        return;
    }
    if (exec_may_drop_undecided(ex)) {
        /* as exec_fork drops a side it cannot decide: the state that took it
         * ends unseen, and its sibling went on along the other side */
        Termination t = {.kind = TERM_SILENT};
        ex->stats.undecided_sides_dropped++;
        ex->hooks.on_terminate(ex->hooks.ctx, s, &t);
        return;
    }
    /* the test is of the prefix that is known feasible: its recorded
     * decisions end where the first unchecked constraint was added */
    PathCond *keep = s->pc, *first = NULL;
    while (keep && keep->status != PC_SAT) {
        first = keep;
        keep = keep->next;
    }
    if (first) path_log_truncate(&s->path, first->path_at);
    state_truncate_pc(s, keep);
    s->npending = 0;
    exec_solver_gave_up(ex, s);
}

static bool feas_settle_or_end(Executor *ex, State *s, bool when_due) {
    FeasResult r = feas_settle(ex, s, when_due);
    if (r == FEAS_SAT) return true;
    feas_end(ex, s, r);
    return false;
}

bool exec_settled(Executor *ex, State *s) { return feas_settle_or_end(ex, s, false); }

bool exec_ready(Executor *ex, State *s) { return feas_settle_or_end(ex, s, true); }

bool exec_settled_quietly(Executor *ex, State *s) {
    if (feas_settle(ex, s, false) == FEAS_SAT) return true;
    s->doomed = true;
    return false;
}

bool exec_after_quantum(Executor *ex, State *s) {
    return !state_unchecked(s) || exec_settled(ex, s);
}

/* A state with a model asks about the side the model does not satisfy as the
 * eager engine would, but cheaply (Query.cheap): when the slicing, the bounds
 * or the counterexample cache answer, the fork is the eager one with that
 * answer (-2: they did not, nothing was done). Deferring a side they answer
 * would save nothing and cost a state that runs before it is known
 * infeasible: on bench/suite's http_req, 72% of the sides deferred were. */
static int feas_fork_cheaply(Executor *ex, State *s, Expr *cond, int known, State **child) {
    Expr *other = known ? expr_not(cond) : expr_ref(cond);
    size_t n;
    Expr *const *cs = exec_constraints(ex, s, &n);
    ForkAnswer a = {SOLVER_UNKNOWN, NULL};
    a.r = exec_check_extend_as(ex, s, cs, n, other, true, &a.model);
    expr_unref(other);
    if (a.r == SOLVER_UNKNOWN) return -2;
    ex->stats.sides_answered_cheaply++;
    return exec_fork_answered(ex, s, cond, &a, child);
}

int exec_fork_unchecked(Executor *ex, State *s, Expr *cond, State **child) {
    if (exec_refork(s, cond)) {
        *child = NULL;
        return 0;
    }
    exec_trim_model(s);
    int known = s->model ? (expr_eval(cond, s->model) != 0) : -1;
    if (known >= 0) {
        int r = feas_fork_cheaply(ex, s, cond, known, child);
        if (r != -2) return r;
    }
    Expr *ncond = expr_not(cond);
    State *c = state_fork(s, ++ex->next_state_id);
    c->covered_new = false; /* as in exec_fork */
    if (known >= 0) ex->stats.model_decided++;
    if (known >= 0) {
        /* the side the model satisfies is feasible and keeps the model; the
         * other starts a segment whose check takes the model as its base */
        State *sat = known ? s : c, *unchecked = known ? c : s;
        if (!known) state_pass_model(s, c, NULL);
        state_set_prefix_model(unchecked, feas_model_copy(sat->model), pc_len(s->pc));
        state_add_branch(sat, known ? cond : ncond, ex->br_side[!known]);
        state_add_unchecked_branch(unchecked, known ? ncond : cond, ex->br_side[known]);
    } else {
        state_add_unchecked_branch(s, cond, ex->br_side[0]);
        state_add_unchecked_branch(c, ncond, ex->br_side[1]);
    }
    s->pc->twin = c->pc;
    c->pc->twin = s->pc;
    expr_unref(ncond);
    s->depth++;
    c->depth++;
    ex->stats.forks++;
    exec_decision(s, 1);
    exec_decision(c, 0);
    ex->hooks.on_fork(ex->hooks.ctx, s, c);
    *child = c;
    return 1;
}
