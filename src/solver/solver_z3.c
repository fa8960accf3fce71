/* The Z3 core: translates a Query into QF_ABV and asks Z3.
 *
 * One reference-counted Z3 context lives as long as the solver (contexts are
 * expensive to create). A query is asked first of the solver kept across
 * queries (z3_reuse.c, unless --solver-reuse=off), or of a fresh Z3_solver, and
 * when that gives up, of a fresh solver with Z3's preprocessing. Every AST a
 * translation creates is inc_ref'ed into the terms it belongs to (z3_core.h)
 * and released with them, which keeps the rc discipline in one place. */
#include "z3_core.h"
#include "../util/util.h"
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Z3 reports API misuse through this handler; its default handler exits the
 * process. We record the error and turn the query into UNKNOWN instead. The
 * engine is single-threaded, so a flag is enough. */
static bool z3_error_seen, z3_memout_seen;

/* Z3 out of memory (malloc failed): the state ends with reason max-memory,
 * as for a query cut by solver_watch_memory(). */
static bool z3_is_memout(const char *why) {
    return why && strstr(why, "memory") != NULL;
}

static void z3_on_error(Z3_context ctx, Z3_error_code code) {
    z3_error_seen = true;
    const char *msg = Z3_get_error_msg(ctx, code);
    if (code == Z3_MEMOUT_FAIL || z3_is_memout(msg)) z3_memout_seen = true;
    else util_warn("z3: %s", msg);
}


static void z3_write_smt2(Z3Solver *z, const Query *q) {
    char *path = util_format("%s/query%06lu.smt2", z->smt2_dir, ++z->smt2_count);
    FILE *f = fopen(path, "w");
    if (!f) {
        util_warn_once("smt2-dir", "cannot write %s: %s", path, strerror(errno));
    } else {
        expr_print_smt2(f, q->constraints, q->n, q->expr);
        fclose(f);
    }
    free(path);
}

/* Two solvers, tried in turn. Most queries are easy: the plain SMT core answers
 * them in well under a millisecond, where a tactic-based solver spends several
 * on setup. Hard bit-vector arithmetic is the reverse: the core alone can take
 * seconds on what bit-vector preprocessing (the default solver) settles in a
 * fraction of that. So the core gets a short budget first: Z3's resource
 * units, about 100-250 ms of an idle core here, not wall-clock time, so that
 * which solver answers does not depend on the machine's load (with 100 ms of
 * wall-clock time, a loaded machine sometimes sent a query the core answers in
 * 30 ms to the default solver, which took 13 s on it: the same run, seed and
 * query, 0.5 s or 10 s of solving). The wall-clock bound stays as a net. */
enum { Z3_FAST_RLIMIT = 400000, Z3_FAST_NET_MS = 2000 };
/* A budget this short (a deadline near) is all the core's, in wall-clock time. */
enum { Z3_SHORT_BUDGET_MS = 100 };

void z3_set_params(Z3Solver *z, Z3_solver s, unsigned timeout_ms, unsigned rlimit) {
    Z3_params p = Z3_mk_params(z->ctx);
    Z3_params_inc_ref(z->ctx, p);
    /* set every time: the reused solver keeps the last query's */
    Z3_params_set_uint(z->ctx, p, Z3_mk_string_symbol(z->ctx, "timeout"), timeout_ms ? timeout_ms : UINT_MAX);
    Z3_params_set_uint(z->ctx, p, Z3_mk_string_symbol(z->ctx, "rlimit"), rlimit);
    /* By default a check replaces the SIGINT handler with Z3's own for its
     * duration, which would swallow the user's Ctrl-C; symplex handles the
     * signal itself and cuts the check through solver_interrupt(). */
    Z3_params_set_bool(z->ctx, p, Z3_mk_string_symbol(z->ctx, "ctrl_c"), false);
    /* Z3's own bound on a query (its allocation, in MB): its rewriters and SAT
     * solver stop at the bound with "max. memory exceeded", where a watcher's
     * interrupt once went unseen while the RSS grew from 630 MB to 1.7 GB */
    if (z->query_memory) {
        size_t mb = (solver_memory_bytes() + z->query_memory) >> 20;
        unsigned bound = mb >= UINT_MAX ? UINT_MAX : (unsigned)mb;
        Z3_params_set_uint(z->ctx, p, Z3_mk_string_symbol(z->ctx, "max_memory"), bound);
    }
    Z3_solver_set_params(z->ctx, s, p);
    Z3_params_dec_ref(z->ctx, p);
}

/* A fresh solver with q asserted, its terms in z->fresh. */
static Z3_solver z3_fresh_prepare(Z3Solver *z, const Query *q, bool strong, unsigned timeout_ms, unsigned rlimit) {
    Z3_solver s = strong ? Z3_mk_solver(z->ctx) : Z3_mk_simple_solver(z->ctx);
    Z3_solver_inc_ref(z->ctx, s);
    z3_set_params(z, s, timeout_ms, rlimit);
    z->t = &z->fresh;
    for (size_t i = 0; i < q->n; i++) Z3_solver_assert(z->ctx, s, z3_bv_to_bool(z, z3_expr(z, q->constraints[i])));
    if (q->expr) Z3_solver_assert(z->ctx, s, z3_bv_to_bool(z, z3_expr(z, q->expr)));
    z3_link_bytes(z, s, 0, z->fresh.byte_reads.len, NULL);
    return s;
}

/* Registers s as the check in flight, unless checks are being cut. */
static bool z3_begin_check(Z3Solver *z, Z3_solver s) {
    pthread_mutex_lock(&z->run_mu);
    bool go = !z->cut;
    if (go) z->running = s;
    else z->was_cut = true;
    pthread_mutex_unlock(&z->run_mu);
    return go;
}

/* The current query met a cut (signal or memory): no second attempt. */
static bool z3_cut_seen(Z3Solver *z) {
    pthread_mutex_lock(&z->run_mu);
    bool cut = z->was_cut || z->mem_cut;
    pthread_mutex_unlock(&z->run_mu);
    return cut;
}

/* After the check: s is no longer reachable by solver_interrupt(), so it may
 * be released. */
static void z3_end_check(Z3Solver *z) {
    pthread_mutex_lock(&z->run_mu);
    z->running = NULL;
    if (z->cut) z->was_cut = true;
    pthread_mutex_unlock(&z->run_mu);
}

/* One attempt: the fast one on the reused solver when it is on, otherwise on
 * a fresh solver (the plain SMT core, or with `strong` Z3's default
 * preprocessing). */
static SolverResult z3_run(Z3Solver *z, const Query *q, Assignment *model, bool strong, unsigned timeout_ms,
                           unsigned rlimit) {
    bool reuse = z->reuse.mode != SOLVER_REUSE_OFF && !strong;
    Z3_ast *assume = NULL;
    unsigned nassume = 0;
    Z3_solver s = reuse ? z3_reuse_prepare(z, q, timeout_ms, rlimit, &assume, &nassume)
                        : z3_fresh_prepare(z, q, strong, timeout_ms, rlimit);
    SolverResult r = SOLVER_UNKNOWN;
    if (!z3_error_seen && z3_begin_check(z, s)) {
        Z3_lbool l = Z3_solver_check_assumptions(z->ctx, s, nassume, assume);
        z3_end_check(z);
        r = l == Z3_L_TRUE ? SOLVER_SAT : l == Z3_L_FALSE ? SOLVER_UNSAT : SOLVER_UNKNOWN;
        const char *why = r == SOLVER_UNKNOWN ? Z3_solver_get_reason_unknown(z->ctx, s) : NULL;
        if (z3_is_memout(why)) {
            z3_memout_seen = true;
            pthread_mutex_lock(&z->run_mu);
            if (z->query_memory && !z->mem_cut) z->mem_alone = z->mem_cut = true; /* its bound: the query alone */
            pthread_mutex_unlock(&z->run_mu);
        }
        if (why && getenv("SYMPLEX_DEBUG_SOLVER"))
            fprintf(stderr, "z3 (%s): unknown: %s\n", reuse ? "reused" : strong ? "default" : "core", why);
    }
    free(assume);
    if (r == SOLVER_SAT && (model || z->t->opaque)) {
        Assignment own;
        assignment_init(&own);
        Assignment *out = model ? model : &own;
        Z3_model m = Z3_solver_get_model(z->ctx, s);
        Z3_model_inc_ref(z->ctx, m);
        z3_extract_model(z, m, q, out);
        Z3_model_dec_ref(z->ctx, m);
        if (z->t->opaque && !z3_model_holds(q, out)) {
            r = SOLVER_UNKNOWN; /* the uninterpreted function's values were not the real ones */
            z->refuted = true;
            z->base.stats->opaque_rejected++;
        }
        assignment_free(&own);
    }
    if (reuse) {
        /* a solver an error, a memory cut or an interrupt left behind is not trusted again */
        if (z3_error_seen || z3_memout_seen || z3_cut_seen(z)) {
            z3_reuse_reset(z);
            z->base.stats->reuse_resets++;
        }
    } else {
        Z3_solver_dec_ref(z->ctx, s);
        z3_terms_clear(z, &z->fresh);
    }
    if (z3_error_seen) r = SOLVER_UNKNOWN;
    return r;
}

/* This query's budget: the per-query timeout, cut to the time left before the
 * chain's deadline (at least 1 ms, as 0 would mean none); *capped says the
 * deadline decided it. */
static unsigned z3_budget_ms(const Z3Solver *z, const SolverStats *st, bool *capped) {
    *capped = false;
    if (st->deadline <= 0) return z->timeout_ms;
    double left = (st->deadline - timer_now()) * 1000.0;
    unsigned ms = left < 1 ? 1u : left >= 4e9 ? 4000000000u : (unsigned)left;
    if (z->timeout_ms && z->timeout_ms <= ms) return z->timeout_ms;
    *capped = true;
    return ms;
}

/* The core gets its resource units and the default solver what is left of
 * the budget, unless the budget is short. */
static SolverResult z3_solve(Z3Solver *z, const Query *q, Assignment *model, unsigned budget_ms) {
    bool limited = budget_ms && budget_ms <= Z3_SHORT_BUDGET_MS;
    unsigned net = budget_ms && budget_ms < Z3_FAST_NET_MS ? budget_ms : Z3_FAST_NET_MS;
    double start = timer_now();
    SolverResult r = z3_run(z, q, model, false, limited ? budget_ms : net, limited ? 0 : Z3_FAST_RLIMIT);
    if (r != SOLVER_UNKNOWN || limited || z->refuted || z3_error_seen || z3_memout_seen || z3_cut_seen(z)) return r;
    if (!budget_ms) return z3_run(z, q, model, true, 0, 0);
    double spent = (timer_now() - start) * 1000.0;
    if (spent >= budget_ms) return r;
    unsigned left = budget_ms - (unsigned)spent;
    return z3_run(z, q, model, true, left ? left : 1, 0);
}

/* Z3 keeps what a hard query made it allocate (term tables, caches) for the
 * life of the context; a new context starts again from its fresh size. */
#define Z3_RELEASE_SLACK ((size_t)8 << 20)

static void z3_open_context(Z3Solver *z);
static void z3_renew_context(Z3Solver *z);

/* A query cut for memory leaves what it made in the context: Z3 keeps its
 * terms' memory for the context's life (a cut query of eight Newton steps
 * left 300 MB; the next one 600 MB, above the cap, so that every later query
 * was cut at once and its state set aside and rebuilt without end). A new
 * context gives it back now, before the next query meets the line. */
static void z3_after_memory_cut(Z3Solver *z, SolverStats *st) {
    st->memory_cuts++;
    if (st->memory_alone) st->memory_alone_cuts++;
    if (z->ctx && solver_memory_bytes() >= z->fresh_bytes + Z3_RELEASE_SLACK) {
        z3_renew_context(z);
        st->context_renewals++;
    }
}

static SolverResult z3_check(Solver *base, const Query *q, Assignment *model) {
    Z3Solver *z = (Z3Solver *)base;
    SolverEntry entry = solver_enter(base);
    if (!z->ctx) z3_open_context(z);
    if (z->smt2_dir) z3_write_smt2(z, q);
    double t0 = timer_now();
    z3_error_seen = z3_memout_seen = false;
    pthread_mutex_lock(&z->run_mu);
    z->was_cut = z->mem_cut = z->mem_alone = false;
    z->checks++;
    pthread_mutex_unlock(&z->run_mu);
    SolverStats *st = base->stats;
    bool capped;
    SolverResult r = z3_solve(z, q, model, z3_budget_ms(z, st, &capped));
    bool refuted = z->refuted; /* an answer, not a time-out */
    z->refuted = false;
    pthread_mutex_lock(&z->run_mu);
    st->interrupted = r == SOLVER_UNKNOWN && z->was_cut;
    bool memory = r == SOLVER_UNKNOWN && (z3_memout_seen || z->mem_cut) && !st->interrupted;
    st->memory_alone = memory && z->mem_alone;
    st->memory_out = memory && !z->mem_alone;
    pthread_mutex_unlock(&z->run_mu);
    if (memory) z3_after_memory_cut(z, st);
    st->deadline_hit = r == SOLVER_UNKNOWN && capped && !z3_error_seen && !st->interrupted && !refuted;
    st->core_queries++;
    st->core_time_s += timer_now() - t0;
    if (r == SOLVER_SAT) st->sat++;
    else if (r == SOLVER_UNSAT) st->unsat++;
    else st->unknown++;
    solver_leave(base, entry);
    return r;
}

/* The context and the terms every query uses. Opened by the first query, not
 * before: a context costs 17 MB of resident memory as it is made (Z3 4.8
 * fills two tables of 8 MB), more than the rest of a run that never needs
 * Z3 (a concrete program, or one whose every query the layers above answer). */
static void z3_open_context(Z3Solver *z) {
    size_t before = solver_memory_bytes();
    Z3_config cfg = Z3_mk_config();
    z->ctx = Z3_mk_context_rc(cfg);
    Z3_del_config(cfg);
    Z3_set_error_handler(z->ctx, z3_on_error);
    z->array_sort = Z3_mk_array_sort(z->ctx, z3_bv_sort(z, 32), z3_bv_sort(z, 8));
    Z3_inc_ref(z->ctx, Z3_sort_to_ast(z->ctx, z->array_sort));
    z->one1 = Z3_mk_unsigned_int64(z->ctx, 1, z3_bv_sort(z, 1));
    Z3_inc_ref(z->ctx, z->one1);
    z->zero1 = Z3_mk_unsigned_int64(z->ctx, 0, z3_bv_sort(z, 1));
    Z3_inc_ref(z->ctx, z->zero1);
    size_t after = solver_memory_bytes();
    z->fresh_bytes = after > before ? after - before : 0;
}

static void z3_close_context(Z3Solver *z) {
    for (unsigned w = 0; w <= 128; w++)
        if (z->bv[w]) Z3_dec_ref(z->ctx, Z3_sort_to_ast(z->ctx, z->bv[w]));
    memset(z->bv, 0, sizeof z->bv);
    Z3_dec_ref(z->ctx, Z3_sort_to_ast(z->ctx, z->array_sort));
    Z3_dec_ref(z->ctx, z->one1);
    Z3_dec_ref(z->ctx, z->zero1);
    Z3_del_context(z->ctx);
    z->ctx = NULL;
}

static void z3_destroy(Solver *base) {
    Z3Solver *z = (Z3Solver *)base;
    z3_reuse_free(z);
    z3_terms_free(z, &z->fresh);
    if (z->ctx) z3_close_context(z);
    pthread_mutex_destroy(&z->run_mu);
    free(z->smt2_dir);
    free(z);
}

static const SolverOps z3_ops = {z3_check, z3_destroy};

Solver *solver_z3_new(const SolverOptions *opt, SolverStats *stats) {
    Z3Solver *z = util_calloc(1, sizeof *z);
    z->base.ops = &z3_ops;
    z->base.stats = stats;
    if (opt->timeout_s > 0) {
        double ms = ceil(opt->timeout_s * 1000.0);
        z->timeout_ms = ms >= 4e9 ? 4000000000u : (unsigned)ms;
    }
    if (opt->smt2_dir) z->smt2_dir = util_strdup(opt->smt2_dir);
    z3_terms_init(&z->fresh);
    z->t = &z->fresh;
    z3_reuse_init(&z->reuse, opt->solver_reuse, opt->solver_reuse_limit ? opt->solver_reuse_limit : Z3_REUSE_LIMIT);
    pthread_mutex_init(&z->run_mu, NULL);
    return &z->base;
}

/* ---- cutting a check from another thread ----
 * Z3_solver_interrupt reaches only a check that has already installed its
 * cancel handler inside Z3_solver_check; one that is about to (registered by
 * z3_begin_check a moment before) misses it. The caller repeats the call
 * until the engine has seen the interrupt (see engine_watch.c), and `cut`
 * refuses every check that has not begun, so no check outlives the request by
 * more than one repetition. run_mu keeps `running` alive while it is used. */
void solver_interrupt(Solver *s, bool on) {
    while (s->next) s = s->next;
    if (s->ops != &z3_ops) return;
    Z3Solver *z = (Z3Solver *)s;
    pthread_mutex_lock(&z->run_mu);
    z->cut = on;
    if (on && z->running) Z3_solver_interrupt(z->ctx, z->running);
    pthread_mutex_unlock(&z->run_mu);
}

static void z3_renew_context(Z3Solver *z) {
    z3_reuse_reset(z); /* its terms belong to the context */
    pthread_mutex_lock(&z->run_mu); /* no check runs here: only for the watcher's sake */
    z3_close_context(z);
    z3_open_context(z);
    pthread_mutex_unlock(&z->run_mu);
}

bool solver_z3_release(Solver *s) {
    if (s->ops != &z3_ops) return false;
    Z3Solver *z = (Z3Solver *)s;
    if (!z->ctx || solver_memory_bytes() < z->fresh_bytes + Z3_RELEASE_SLACK) return true;
    z3_renew_context(z);
    s->stats->context_renewals++;
    return true;
}

void solver_limit_query_memory(Solver *s, size_t bytes) {
    while (s->next) s = s->next;
    if (s->ops == &z3_ops) ((Z3Solver *)s)->query_memory = bytes;
}

size_t solver_memory_bytes(void) {
    return (size_t)Z3_get_estimated_alloc_size();
}

/* Z3's own limits do not bound what a query adds to the RSS: memory_max_size
 * throws from whichever allocation crosses it, on any thread (its timer's
 * too), and Z3 4.8 does not survive that everywhere (symplex aborted or
 * crashed in about one run in two with it); the soft limits of its SAT
 * solver and rewriter count only the bytes Z3 asks for, and a hard query
 * added twice that to the RSS (+7 MB counted, +16 MB resident). So the RSS
 * itself is watched during the check, by the same thread that cuts it for a
 * signal: this cuts the check running now and no other. What the query
 * alone added is measured in the same unit, from the first look that saw
 * it: Z3's own count would say less than the RSS the line is drawn in.
 * Those soft limits still serve as a second net for the query alone
 * (solver_limit_query_memory): some of Z3's phases miss an interrupt. */
void solver_watch_memory(Solver *s, size_t rss, size_t hard, bool alone_only) {
    while (s->next) s = s->next;
    if (s->ops != &z3_ops) return;
    Z3Solver *z = (Z3Solver *)s;
    pthread_mutex_lock(&z->run_mu);
    if (z->running) {
        if (z->seen != z->checks) {
            z->seen = z->checks;
            z->first_rss = rss;
        }
        size_t alone = z->query_memory;
        bool grew = alone && rss >= z->first_rss && rss - z->first_rss >= alone;
        if (rss >= hard && (grew || !alone_only)) {
            Z3_solver_interrupt(z->ctx, z->running);
            if (!z->mem_cut) z->mem_alone = grew;
            z->mem_cut = true;
        }
    }
    pthread_mutex_unlock(&z->run_mu);
}
