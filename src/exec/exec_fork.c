/* Forking a state at a symbolic condition: which sides the path condition
 * allows (asked of the solver chain, with the state's model as the base so a
 * branch costs one query), the concolic and memory-short cases that take one
 * side, and the decision count a rebuild replays to. */
#include "executor.h"
#include "../util/util.h"
#include <assert.h>
#include <stdlib.h>

/* The path's view (PcView): its constraints less those a newer one implies. */
Expr *const *exec_constraints(Executor *ex, const State *s, size_t *n) {
    /* a query over an unchecked segment would let its answer come from an
     * infeasible path: every solver use settles the state first */
    assert(!state_unchecked(s) || s->doomed || s->pc->status != PC_UNCHECKED);
    *n = pc_flat_view(s->pc, &ex->view_flat);
    ex->stats.view_left_out += pc_len(s->pc) - *n;
    return ex->view_flat.buf;
}

/* Is the path condition and e satisfiable? With the state's model as the base,
 * a SAT answer comes with a model of the path and e (*out, owned) that differs
 * from the state's only in the bytes e's slice touches. */
#define EXEC_MODEL_MAX_BYTES (64u * 1024)

void exec_drop_model(Assignment *m) {
    if (!m) return;
    assignment_free(m);
    free(m);
}

/* A state's model shares all it can with its parent's, but the solved
 * branches rewrite whole arrays: with a huge symbolic input each would copy
 * more than the query it saves. Many small inputs cost only their paths. */
void exec_trim_model(State *s) {
    if (s->model && s->model->largest > EXEC_MODEL_MAX_BYTES) state_set_model(s, NULL);
}

static SolverResult exec_check_extend_on(Executor *ex, State *s, Expr *const *cs, size_t n, Expr *e, Assignment **out) {
    return exec_check_extend_as(ex, s, cs, n, e, false, out);
}

SolverResult exec_check_extend_as(Executor *ex, State *s, Expr *const *cs, size_t n, Expr *e, bool cheap,
                                  Assignment **out) {
    *out = NULL;
    exec_trim_model(s);
    Assignment *m = NULL;
    if (s->model) {
        m = util_malloc(sizeof *m);
        assignment_init(m);
    }
    Query q = {cs, n, e, ex->sink, s->model, cheap};
    ex->querying = s;
    SolverResult r = solver_check(ex->solver, &q, m);
    ex->querying = NULL;
    if (!cheap || r != SOLVER_UNKNOWN) ex->stats.queries_feasibility++;
    if (r == SOLVER_SAT) *out = m;
    else exec_drop_model(m);
    return r;
}

SolverResult exec_check_extend(Executor *ex, State *s, Expr *e, Assignment **out) {
    size_t n;
    Expr *const *cs = exec_constraints(ex, s, &n);
    return exec_check_extend_on(ex, s, cs, n, e, out);
}

/* Sides of a fork: the child's (false) side is asked first, as a depth-first
 * search explores it first; when it is infeasible and no model decided it,
 * the true side is feasible with no query (Proposition 1: the path condition
 * itself is satisfiable, and a two-way branch has a feasible side). */
static void exec_fork_sides(Executor *ex, State *s, int known, Expr *cond, Expr *ncond, const ForkAnswer *pre,
                            Assignment **mt, Assignment **mf, SolverResult *t, SolverResult *f) {
    if (known >= 0) ex->stats.model_decided++;
    if (pre) { /* the side the model does not satisfy, already asked */
        *(known ? f : t) = pre->r;
        *(known ? mf : mt) = pre->model;
        *(known ? t : f) = SOLVER_SAT;
        return;
    }
    size_t n;
    Expr *const *cs = exec_constraints(ex, s, &n); /* flattened once for both sides */
    *f = known == 0 ? SOLVER_SAT : exec_check_extend_on(ex, s, cs, n, ncond, mf);
    *t = SOLVER_UNKNOWN;
    if (*f == SOLVER_UNSAT && known == -1 && ex->opt.absurdity) {
        *t = SOLVER_SAT;
        ex->stats.absurdity_saved++;
    } else if (*f != SOLVER_UNKNOWN) {
        *t = known == 1 ? SOLVER_SAT : exec_check_extend_on(ex, s, cs, n, cond, mt);
    }
}

/* Concolic: the model (the run's input) decides, the other side is reported
 * to the engine as an open branch. No query, no fork. */
static int exec_fork_concolic(Executor *ex, State *s, Expr *cond) {
    int t = (int)(expr_eval(cond, s->model) & 1);
    Expr *other = t ? expr_not(cond) : expr_ref(cond);
    /* a path is its decisions at program points, the same in every run
     * (expressions are not: each run has its own input arrays) */
    const Frame *f = state_top(s);
    uint64_t at = util_hash_mix(util_hash_mix(s->path_hash, f->fn->index), f->pc);
    ex->open_side = ex->br_side[!t];
    ex->open_key = util_hash_mix(at, (uint64_t)!t);
    ex->taken_key = util_hash_mix(at, (uint64_t)t);
    if (ex->hooks.on_open) ex->hooks.on_open(ex->hooks.ctx, s, other);
    expr_unref(other);
    s->path_hash = ex->taken_key;
    if (t) {
        state_add_branch(s, cond, ex->br_side[0]);
    } else {
        Expr *n = expr_not(cond);
        state_add_branch(s, n, ex->br_side[1]);
        expr_unref(n);
    }
    s->depth++;
    return t;
}

bool exec_may_drop_undecided(const Executor *ex) {
    const SolverStats *st = ex->solver->stats;
    return ex->opt.keep_model_side && !st->deadline_hit && !st->interrupted && !st->memory_out;
}

bool exec_forks_stopped(const Executor *ex) {
    if (ex->forks_inhibited) return true;
    if (!ex->opt.limit_forks || ex->stats.forks < ex->opt.max_forks) return false;
    util_warn_once("max-forks", "--max-forks=%llu reached: from here each branch goes on along one side",
                   (unsigned long long)ex->opt.max_forks);
    return true;
}

/* Forks stopped (memory is short, --max-forks) and a model decides one side: the other
 * side is taken only when its branch side is not covered yet and a query
 * shows it feasible; else the model's side, with no query. One state goes
 * on either way. */
static int exec_fork_inhibited(Executor *ex, State *s, Expr *cond, int known) {
    uint32_t other_side = ex->br_side[!known];
    int r = known;
    Expr *modelled = known ? expr_ref(cond) : expr_not(cond), *other = expr_not(modelled);
    if (other_side != IR_NO_BRANCH && !ex->branch_covered[other_side]) {
        Assignment *m = NULL;
        if (exec_check_extend(ex, s, other, &m) == SOLVER_SAT) {
            r = !known;
            state_set_model(s, m);
        }
    }
    state_add_branch(s, r == known ? modelled : other, ex->br_side[!r]);
    expr_unref(modelled);
    expr_unref(other);
    ex->stats.forks_inhibited++;
    return r;
}

/* Counted once the fork point is passed (both sides, when it forked): a
 * state a query was cut in (the memory cap's watcher) has not passed it yet,
 * and a rebuild up to its count makes that fork again. */
void exec_decision(State *s, int side) {
    const Frame *f = state_top(s);
    s->decisions++;
    /* the side goes in too: the hash names the path (siblings differ), which
     * a checkpoint's resume and distributed runs use to know a path's test */
    s->decision_hash = util_hash_mix(util_hash_mix(util_hash_mix(s->decision_hash, f->fn->index), f->pc),
                                     (uint64_t)(side != 0));
}

/* A rebuilt state at the decision it was set aside after: symbolic from here. */
static void exec_rebuilt(Executor *ex, State *s) {
    s->concolic = false;
    seed_unref(s->seed);
    s->seed = NULL;
    s->replay_to = 0;
    ex->stats.rebuilds_done++;
    if (s->decision_hash != s->replay_hash) ex->stats.rebuilds_strayed++;
}

/* With a model of the path, the side of the branch it satisfies is feasible
 * without a query, and the query for the other side returns that side's model
 * (see exec_check_extend): one query per branch, and both sides keep a model. */
static int exec_fork_step(Executor *ex, State *s, Expr *cond, const ForkAnswer *pre, State **child) {
    *child = NULL;
    if (s->concolic && s->model) return exec_fork_concolic(ex, s, cond);
    if (!exec_settled(ex, s)) return -1;
    int known = s->model ? (expr_eval(cond, s->model) != 0) : -1;
    bool stopped = exec_forks_stopped(ex);
    if (stopped && known >= 0) return exec_fork_inhibited(ex, s, cond, known);
    Expr *ncond = expr_not(cond);
    Assignment *mt = NULL, *mf = NULL;
    SolverResult t, f;
    exec_fork_sides(ex, s, known, cond, ncond, pre, &mt, &mf, &t, &f);
    int r;
    if ((t == SOLVER_UNKNOWN || f == SOLVER_UNKNOWN) && known >= 0 && exec_may_drop_undecided(ex)) {
        r = known; /* the side the model satisfies; the other is dropped undecided */
        state_add_branch(s, r ? cond : ncond, ex->br_side[!r]);
        ex->stats.undecided_sides_dropped++;
    } else if (t == SOLVER_UNKNOWN || f == SOLVER_UNKNOWN) {
        r = -1;
    } else if (t == SOLVER_UNSAT || f == SOLVER_UNSAT) {
        r = t == SOLVER_SAT;
    } else if (s->fork_disabled || stopped) {
        /* one side, the one the state's model already fits (no model: the true side) */
        r = known != 0;
        if (r && known == -1) { state_set_model(s, mt); mt = NULL; }
        state_add_branch(s, r ? cond : ncond, ex->br_side[!r]);
    } else {
        State *c = state_fork(s, ++ex->next_state_id);
        /* as in KLEE: coverage already credited to the parent is not the child's news */
        c->covered_new = false;
        if (known == 0) { /* the old model fits the false side, which the child takes */
            state_pass_model(s, c, mt);
        } else {
            c->model = mf;
        }
        mt = mf = NULL;
        state_add_branch(s, cond, ex->br_side[0]);
        state_add_branch(c, ncond, ex->br_side[1]);
        s->depth++;
        c->depth++;
        ex->stats.forks++;
        ex->hooks.on_fork(ex->hooks.ctx, s, c);
        *child = c;
        r = 1;
    }
    exec_drop_model(mt);
    exec_drop_model(mf);
    expr_unref(ncond);
    if (r < 0) exec_solver_gave_up(ex, s);
    return r;
}

/* True when s is a check's child meeting its fork again (State.refork_cond). */
bool exec_refork(State *s, Expr *cond) {
    if (!s->refork_cond) return false;
    bool again = s->refork_cond == cond && s->refork_at == s->decisions;
    expr_unref(s->refork_cond);
    s->refork_cond = NULL;
    return again;
}

int exec_fork_answered(Executor *ex, State *s, Expr *cond, const ForkAnswer *pre, State **child) {
    if (exec_refork(s, cond)) {
        *child = NULL;
        if (pre) exec_drop_model(pre->model);
        return 0;
    }
    int r = exec_fork_step(ex, s, cond, pre, child);
    if (r < 0) return r; /* s has ended */
    exec_decision(s, r); /* a fork leaves s on the true side and the child on the false one */
    if (*child) {
        exec_decision(*child, 0);
        (*child)->refork_cond = expr_ref(cond);
        (*child)->refork_at = (*child)->decisions;
    }
    if (s->replay_to && s->decisions == s->replay_to) exec_rebuilt(ex, s);
    return r;
}

int exec_fork(Executor *ex, State *s, Expr *cond, State **child) {
    return exec_fork_answered(ex, s, cond, NULL, child);
}

bool exec_fork_value(Executor *ex, State *s, Expr *e, u128 *out) {
    u128 v;
    if (!exec_feasible_value(ex, s, e, &v)) return false;
    /* The value goes into the path's name: the side that takes it is
     * decision 1 whatever the value, so a concolic run (a partial solution,
     * a copy's run) that takes another value here would otherwise carry the
     * name of the tree's path that took the first, and be "met again" in
     * its place, leaving that path (the other function called, the other
     * block freed) without a test. */
    s->decision_hash = util_hash_mix(s->decision_hash, (uint64_t)v ^ (uint64_t)(v >> 64));
    Expr *c = expr_const(v, e->width), *eq = expr_eq(e, c);
    State *child;
    int r = exec_fork(ex, s, eq, &child); /* the child re-executes the instruction with e != v */
    expr_unref(c);
    expr_unref(eq);
    if (r <= 0) return false;
    if (child) { s->depth--; child->depth--; child->rebuild_unsafe = true; } /* not a branch of the program */
    *out = v;
    return true;
}
