/* The Z3 core: translates a Query into QF_ABV and asks Z3.
 *
 * One reference-counted Z3 context lives as long as the solver (contexts are
 * expensive to create); each query gets a fresh Z3_solver, so no assertion
 * leaks between queries. Every AST the translation creates is inc_ref'ed into
 * a per-query list and released when the query ends, which keeps the rc
 * discipline in one place. Booleans are 1-bit vectors, as in Expr. */
#include "solver_layer.h"
#include "z3_fp.h"
#include "../expr/expr_fp.h"
#include "../util/util.h"
#include <z3.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct Z3Solver {
    Solver base;
    Z3_context ctx;
    Z3_sort bv[129];      /* bit-vector sorts by width, made on demand */
    Z3_sort array_sort;   /* BV32 -> BV8 */
    Z3_ast one1, zero1;   /* #b1, #b0 */
    unsigned timeout_ms;  /* 0 = none */
    char *smt2_dir;
    unsigned long smt2_count;
    /* per query */
    SolverMap memo;          /* Expr* / Array* / (UpdateNode*, Array*) / (Array*, byte + 1) -> Z3_ast */
    SolverMap floats;        /* FP Expr* -> its float term (z3_fp.h) */
    bool opaque;             /* the query has an opaque math function: a model must pass evaluation */
    bool refuted;            /* evaluation refuted a model of this query (no second attempt) */
    VEC(Z3_ast) owned;
    VEC(Expr *) byte_reads;  /* input bytes read at a constant index, made bit-vector constants */
    /* Shared with a thread calling solver_interrupt(), under run_mu: the Z3
     * solver checking now (NULL between checks), whether checks are being cut,
     * and whether the current query met the cut. */
    pthread_mutex_t run_mu;
    Z3_solver running;
    bool cut, was_cut;
    bool mem_cut;            /* solver_cut_memory() cut the current query */
    size_t fresh_bytes;      /* what the context held when it was new */
} Z3Solver;

/* Z3 reports API misuse through this handler; its default handler exits the
 * process. We record the error and turn the query into UNKNOWN instead. The
 * engine is single-threaded, so a flag is enough. */
static bool z3_error_seen, z3_memout_seen;

/* Z3 out of memory (malloc failed): the state ends with reason max-memory,
 * as for a query cut by solver_cut_memory(). */
static bool z3_is_memout(const char *why) {
    return why && strstr(why, "memory") != NULL;
}

static void z3_on_error(Z3_context ctx, Z3_error_code code) {
    z3_error_seen = true;
    const char *msg = Z3_get_error_msg(ctx, code);
    if (code == Z3_MEMOUT_FAIL || z3_is_memout(msg)) z3_memout_seen = true;
    else util_warn("z3: %s", msg);
}

/* Takes a reference that lasts until the end of the current query. */
static Z3_ast z3_keep(Z3Solver *z, Z3_ast a) {
    Z3_inc_ref(z->ctx, a);
    VEC_PUSH(z->owned, a);
    return a;
}

static Z3_sort z3_bv_sort(Z3Solver *z, unsigned w) {
    if (!z->bv[w]) {
        z->bv[w] = Z3_mk_bv_sort(z->ctx, w);
        Z3_inc_ref(z->ctx, Z3_sort_to_ast(z->ctx, z->bv[w]));
    }
    return z->bv[w];
}

static Z3_ast z3_const(Z3Solver *z, u128 v, unsigned w) {
    if (w <= 64) return z3_keep(z, Z3_mk_unsigned_int64(z->ctx, (uint64_t)v, z3_bv_sort(z, w)));
    Z3_ast hi = z3_const(z, v >> 64, w - 64);
    Z3_ast lo = z3_const(z, (uint64_t)v, 64);
    return z3_keep(z, Z3_mk_concat(z->ctx, hi, lo));
}

static Z3_ast z3_bool_to_bv(Z3Solver *z, Z3_ast b) {
    return z3_keep(z, Z3_mk_ite(z->ctx, b, z->one1, z->zero1));
}

static Z3_ast z3_bv_to_bool(Z3Solver *z, Z3_ast x) {
    return z3_keep(z, Z3_mk_eq(z->ctx, x, z->one1));
}

/* The Z3 array for an Array without updates: a named constant for inputs, a
 * constant array plus stores of the nonzero bytes for constant arrays. */
static Z3_ast z3_array_root(Z3Solver *z, Array *a) {
    void *hit;
    if (solver_map_get(&z->memo, a, NULL, &hit)) return hit;
    Z3_ast r;
    if (!a->init) {
        Z3_symbol sym = Z3_mk_string_symbol(z->ctx, a->name);
        r = z3_keep(z, Z3_mk_const(z->ctx, sym, z->array_sort));
    } else {
        r = z3_keep(z, Z3_mk_const_array(z->ctx, z3_bv_sort(z, 32), z3_const(z, 0, 8)));
        for (uint32_t i = 0; i < a->size; i++)
            if (a->init[i])
                r = z3_keep(z, Z3_mk_store(z->ctx, r, z3_const(z, i, 32), z3_const(z, a->init[i], 8)));
    }
    solver_map_put(&z->memo, a, NULL, r);
    return r;
}

static Z3_ast z3_expr(Z3Solver *z, Expr *e);

/* Store chain for an update list over `a`, memoized per (node, array): lists
 * share tails, so each write is translated once per query. Iterative, because
 * update lists can be thousands of writes long. */
static Z3_ast z3_updates(Z3Solver *z, Array *a, UpdateNode *u) {
    VEC(UpdateNode *) todo = {0};
    Z3_ast base = NULL;
    for (; u; u = u->next) {
        void *hit;
        if (solver_map_get(&z->memo, u, a, &hit)) { base = hit; break; }
        VEC_PUSH(todo, u);
    }
    if (!base) base = z3_array_root(z, a);
    while (todo.len) {
        UpdateNode *n = VEC_POP(todo);
        base = z3_keep(z, Z3_mk_store(z->ctx, base, z3_expr(z, n->index), z3_expr(z, n->value)));
        solver_map_put(&z->memo, n, a, base);
    }
    VEC_FREE(todo);
    return base;
}

/* An input byte at a constant index is a bit-vector constant of its own, so a
 * query that reads no array at a symbolic index is pure bit-vector logic
 * (Z3 then never starts its array theory; the CEGAR array solver's
 * abstractions are such queries). Where the same array is also read through
 * the array theory, z3_link_bytes ties the two. */
static Z3_ast z3_input_byte(Z3Solver *z, Expr *e) {
    Array *a = e->u.read.array;
    uint64_t j = (uint64_t)e->kids[0]->u.value;
    char *name = util_format("%s!%llu", a->name, (unsigned long long)j);
    Z3_ast c = z3_keep(z, Z3_mk_const(z->ctx, Z3_mk_string_symbol(z->ctx, name), z3_bv_sort(z, 8)));
    free(name);
    solver_map_put(&z->memo, a, (void *)(uintptr_t)(j + 1), c);
    VEC_PUSH(z->byte_reads, e);
    return c;
}

/* select(a, j) = a!j for every byte constant whose array the query also reads
 * through the array theory. */
static void z3_link_bytes(Z3Solver *z, Z3_solver s) {
    for (size_t i = 0; i < z->byte_reads.len; i++) {
        Expr *e = z->byte_reads.data[i];
        void *root, *c;
        if (!solver_map_get(&z->memo, e->u.read.array, NULL, &root)) continue;
        solver_map_get(&z->memo, e, NULL, &c);
        Z3_ast sel = z3_keep(z, Z3_mk_select(z->ctx, root, z3_const(z, e->kids[0]->u.value, 32)));
        Z3_solver_assert(z->ctx, s, z3_keep(z, Z3_mk_eq(z->ctx, sel, c)));
    }
}

/* Reads of a constant array at a symbolic index. Z3's array theory handles a
 * store chain of hundreds of constant bytes slowly (seconds for one 8-bit
 * lookup into a ctype table), while a multiplexer over the index bits
 * bit-blasts at once. Used when the array is constant, small, and every
 * update has a constant index; others go through the array theory. */
#define Z3_MUX_MAX_BYTES 4096u

static bool z3_mux_applicable(const Array *a, const UpdateNode *u) {
    if (!a->init || a->size > Z3_MUX_MAX_BYTES) return false;
    for (; u; u = u->next)
        if (u->index->kind != EXPR_CONST || u->index->u.value >= a->size) return false;
    return true;
}

/* Selects leaf[idx] for idx in [base, base + 2^bit); indices >= n read 0. */
static Z3_ast z3_mux(Z3Solver *z, Z3_ast idx, Z3_ast *leaf, uint32_t n, uint32_t base, unsigned bit) {
    if (base >= n) return leaf[n];
    if (bit == 0) return leaf[base];
    uint32_t half = 1u << (bit - 1);
    Z3_ast lo = z3_mux(z, idx, leaf, n, base, bit - 1);
    Z3_ast hi = z3_mux(z, idx, leaf, n, base + half, bit - 1);
    if (lo == hi) return lo; /* Z3 hash-conses: equal constant halves are the same node */
    Z3_ast b = z3_keep(z, Z3_mk_extract(z->ctx, bit - 1, bit - 1, idx));
    return z3_keep(z, Z3_mk_ite(z->ctx, z3_bv_to_bool(z, b), hi, lo));
}

static Z3_ast z3_const_read(Z3Solver *z, Array *a, UpdateNode *u, Z3_ast idx) {
    uint32_t n = a->size;
    Z3_ast *leaf = util_malloc((n + 1) * sizeof(Z3_ast));
    for (uint32_t i = 0; i < n; i++) leaf[i] = z3_const(z, a->init[i], 8);
    leaf[n] = z3_const(z, 0, 8);
    VEC(UpdateNode *) order = {0};
    for (; u; u = u->next) VEC_PUSH(order, u);
    while (order.len) { /* oldest write first, so newer ones win */
        UpdateNode *w = VEC_POP(order);
        leaf[(uint32_t)w->index->u.value] = z3_expr(z, w->value);
    }
    VEC_FREE(order);
    unsigned bits = 0;
    while (bits < 32 && (1ull << bits) < n) bits++;
    Z3_ast r = z3_mux(z, idx, leaf, n, 0, bits);
    if (bits < 32) { /* an index past 2^bits reads 0, as the array theory's default would */
        Z3_ast high = z3_keep(z, Z3_mk_extract(z->ctx, 31, bits, idx));
        Z3_ast inrange = z3_keep(z, Z3_mk_eq(z->ctx, high, z3_const(z, 0, 32 - bits)));
        r = z3_keep(z, Z3_mk_ite(z->ctx, inrange, r, leaf[n]));
    }
    free(leaf);
    return r;
}

typedef Z3_ast (*Z3Binary)(Z3_context, Z3_ast, Z3_ast);

static Z3Binary z3_binary_op(ExprKind k) {
    switch (k) {
    case EXPR_ADD: return Z3_mk_bvadd;
    case EXPR_SUB: return Z3_mk_bvsub;
    case EXPR_MUL: return Z3_mk_bvmul;
    case EXPR_UDIV: return Z3_mk_bvudiv;
    case EXPR_SDIV: return Z3_mk_bvsdiv;
    case EXPR_UREM: return Z3_mk_bvurem;
    case EXPR_SREM: return Z3_mk_bvsrem;
    case EXPR_AND: return Z3_mk_bvand;
    case EXPR_OR: return Z3_mk_bvor;
    case EXPR_XOR: return Z3_mk_bvxor;
    case EXPR_SHL: return Z3_mk_bvshl;
    case EXPR_LSHR: return Z3_mk_bvlshr;
    case EXPR_ASHR: return Z3_mk_bvashr;
    case EXPR_EQ: return Z3_mk_eq;
    case EXPR_ULT: return Z3_mk_bvult;
    case EXPR_ULE: return Z3_mk_bvule;
    case EXPR_SLT: return Z3_mk_bvslt;
    case EXPR_SLE: return Z3_mk_bvsle;
    default: return NULL;
    }
}

static bool z3_is_comparison(ExprKind k) { return k >= EXPR_EQ && k <= EXPR_SLE; }

static Z3_ast z3_keep_for_fp(void *z, Z3_ast a) { return z3_keep(z, a); }
static Z3_ast z3_bits_for_fp(void *z, Expr *e) { return z3_expr(z, e); }

/* Translation of e whose kids are already translated (k[i]). */
static Z3_ast z3_node(Z3Solver *z, Expr *e, Z3_ast *k) {
    Z3_context c = z->ctx;
    switch ((ExprKind)e->kind) {
    case EXPR_CONST: return z3_const(z, e->u.value, e->width);
    case EXPR_READ:
        if (!e->u.read.array->init && !e->u.read.updates && e->kids[0]->kind == EXPR_CONST)
            return z3_input_byte(z, e);
        if (z3_mux_applicable(e->u.read.array, e->u.read.updates))
            return z3_const_read(z, e->u.read.array, e->u.read.updates, k[0]);
        return z3_keep(z, Z3_mk_select(c, z3_updates(z, e->u.read.array, e->u.read.updates), k[0]));
    case EXPR_CONCAT: return z3_keep(z, Z3_mk_concat(c, k[0], k[1]));
    case EXPR_EXTRACT: return z3_keep(z, Z3_mk_extract(c, e->u.off + e->width - 1, e->u.off, k[0]));
    case EXPR_ZEXT: return z3_keep(z, Z3_mk_zero_ext(c, e->width - e->kids[0]->width, k[0]));
    case EXPR_SEXT: return z3_keep(z, Z3_mk_sign_ext(c, e->width - e->kids[0]->width, k[0]));
    case EXPR_ITE: return z3_keep(z, Z3_mk_ite(c, z3_bv_to_bool(z, k[0]), k[1], k[2]));
    case EXPR_NOT: return z3_keep(z, Z3_mk_bvnot(c, k[0]));
    default: break;
    }
    if (expr_kind_is_fp(e->kind)) {
        Z3Fp fp = {c, z3_keep_for_fp, z3_bits_for_fp, z, &z->floats, &z->opaque};
        return z3_fp_node(&fp, e, k);
    }
    Z3Binary op = z3_binary_op((ExprKind)e->kind);
    if (!op) util_fatal("solver: expression kind %d has no Z3 translation", e->kind);
    Z3_ast r = z3_keep(z, op(c, k[0], k[1]));
    return z3_is_comparison((ExprKind)e->kind) ? z3_bool_to_bv(z, r) : r;
}

/* Memoized per query, so a DAG node shared by many constraints is translated
 * once. */
static Z3_ast z3_expr(Z3Solver *z, Expr *e) {
    void *hit;
    if (solver_map_get(&z->memo, e, NULL, &hit)) return hit;
    Z3_ast k[3] = {0};
    for (unsigned i = 0; i < e->nkids; i++) k[i] = z3_expr(z, e->kids[i]);
    Z3_ast r = z3_node(z, e, k);
    solver_map_put(&z->memo, e, NULL, r);
    return r;
}

static void z3_end_query(Z3Solver *z) {
    for (size_t i = 0; i < z->owned.len; i++) Z3_dec_ref(z->ctx, z->owned.data[i]);
    z->owned.len = 0;
    z->byte_reads.len = 0;
    solver_map_clear(&z->memo);
    solver_map_clear(&z->floats);
    z->opaque = z->refuted = false;
}

/* Reads every byte of each input array the query reads out of the model;
 * model completion gives bytes Z3 left unconstrained a definite value. */
static void z3_extract_model(Z3Solver *z, Z3_model m, const Query *q, Assignment *out) {
    ArraySet arrays = {0};
    solver_query_arrays(q, &arrays);
    for (size_t i = 0; i < arrays.len; i++) {
        Array *a = arrays.data[i];
        void *hit;
        /* an array read only at constant indices is its byte constants */
        Z3_ast root = solver_map_get(&z->memo, a, NULL, &hit) ? hit : NULL;
        uint8_t *bytes = util_calloc(a->size ? a->size : 1, 1);
        for (uint32_t j = 0; j < a->size; j++) {
            Z3_ast sel = NULL;
            if (root) sel = z3_keep(z, Z3_mk_select(z->ctx, root, z3_const(z, j, 32)));
            else if (solver_map_get(&z->memo, a, (void *)(uintptr_t)(j + 1), &hit)) sel = hit;
            if (!sel) continue; /* a byte no constraint mentions: any value, 0 */
            Z3_ast v = NULL;
            uint64_t val = 0;
            if (Z3_model_eval(z->ctx, m, sel, true, &v) && v) {
                Z3_inc_ref(z->ctx, v);
                if (!Z3_get_numeral_uint64(z->ctx, v, &val)) val = 0;
                Z3_dec_ref(z->ctx, v);
            }
            bytes[j] = (uint8_t)val;
        }
        assignment_set(out, a, bytes);
        free(bytes);
    }
    expr_array_set_free(&arrays);
}

/* Does the assignment satisfy the query by evaluation (the opaque functions
 * computed by the host's libm)? */
static bool z3_model_holds(const Query *q, const Assignment *a) {
    for (size_t i = 0; i < q->n; i++)
        if (!(expr_eval(q->constraints[i], a) & 1)) return false;
    return !q->expr || (expr_eval(q->expr, a) & 1);
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
 * fraction of that. So the core gets a short budget first. */
enum { Z3_FAST_BUDGET_MS = 100 };

static Z3_solver z3_make_solver(Z3Solver *z, bool strong, unsigned timeout_ms) {
    Z3_solver s = strong ? Z3_mk_solver(z->ctx) : Z3_mk_simple_solver(z->ctx);
    Z3_solver_inc_ref(z->ctx, s);
    Z3_params p = Z3_mk_params(z->ctx);
    Z3_params_inc_ref(z->ctx, p);
    if (timeout_ms) Z3_params_set_uint(z->ctx, p, Z3_mk_string_symbol(z->ctx, "timeout"), timeout_ms);
    /* By default a check replaces the SIGINT handler with Z3's own for its
     * duration, which would swallow the user's Ctrl-C; symplex handles the
     * signal itself and cuts the check through solver_interrupt(). */
    Z3_params_set_bool(z->ctx, p, Z3_mk_string_symbol(z->ctx, "ctrl_c"), false);
    Z3_solver_set_params(z->ctx, s, p);
    Z3_params_dec_ref(z->ctx, p);
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

static SolverResult z3_run(Z3Solver *z, const Query *q, Assignment *model, bool strong, unsigned timeout_ms) {
    Z3_solver s = z3_make_solver(z, strong, timeout_ms);
    for (size_t i = 0; i < q->n; i++)
        Z3_solver_assert(z->ctx, s, z3_bv_to_bool(z, z3_expr(z, q->constraints[i])));
    if (q->expr) Z3_solver_assert(z->ctx, s, z3_bv_to_bool(z, z3_expr(z, q->expr)));
    z3_link_bytes(z, s);
    SolverResult r = SOLVER_UNKNOWN;
    if (!z3_error_seen && z3_begin_check(z, s)) {
        Z3_lbool l = Z3_solver_check(z->ctx, s);
        z3_end_check(z);
        r = l == Z3_L_TRUE ? SOLVER_SAT : l == Z3_L_FALSE ? SOLVER_UNSAT : SOLVER_UNKNOWN;
        const char *why = r == SOLVER_UNKNOWN ? Z3_solver_get_reason_unknown(z->ctx, s) : NULL;
        if (z3_is_memout(why)) z3_memout_seen = true;
        if (why && getenv("SYMPLEX_DEBUG_SOLVER"))
            fprintf(stderr, "z3 (%s): unknown: %s\n", strong ? "default" : "core", why);
    }
    if (r == SOLVER_SAT && (model || z->opaque)) {
        Assignment own;
        assignment_init(&own);
        Assignment *out = model ? model : &own;
        Z3_model m = Z3_solver_get_model(z->ctx, s);
        Z3_model_inc_ref(z->ctx, m);
        z3_extract_model(z, m, q, out);
        Z3_model_dec_ref(z->ctx, m);
        if (z->opaque && !z3_model_holds(q, out)) {
            r = SOLVER_UNKNOWN; /* the uninterpreted function's values were not the real ones */
            z->refuted = true;
            z->base.stats->opaque_rejected++;
        }
        assignment_free(&own);
    }
    Z3_solver_dec_ref(z->ctx, s);
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

static SolverResult z3_solve(Z3Solver *z, const Query *q, Assignment *model, unsigned budget_ms) {
    bool limited = budget_ms && budget_ms <= Z3_FAST_BUDGET_MS;
    SolverResult r = z3_run(z, q, model, false, limited ? budget_ms : Z3_FAST_BUDGET_MS);
    if (r != SOLVER_UNKNOWN || limited || z->refuted || z3_error_seen || z3_memout_seen || z3_cut_seen(z)) return r;
    return z3_run(z, q, model, true, budget_ms ? budget_ms - Z3_FAST_BUDGET_MS : 0);
}

static SolverResult z3_check(Solver *base, const Query *q, Assignment *model) {
    Z3Solver *z = (Z3Solver *)base;
    SolverEntry entry = solver_enter(base);
    if (z->smt2_dir) z3_write_smt2(z, q);
    double t0 = timer_now();
    z3_error_seen = z3_memout_seen = false;
    pthread_mutex_lock(&z->run_mu);
    z->was_cut = z->mem_cut = false;
    pthread_mutex_unlock(&z->run_mu);
    SolverStats *st = base->stats;
    bool capped;
    SolverResult r = z3_solve(z, q, model, z3_budget_ms(z, st, &capped));
    bool refuted = z->refuted; /* an answer, not a time-out */
    z3_end_query(z);
    pthread_mutex_lock(&z->run_mu);
    st->interrupted = r == SOLVER_UNKNOWN && z->was_cut;
    st->memory_out = r == SOLVER_UNKNOWN && (z3_memout_seen || z->mem_cut) && !st->interrupted;
    pthread_mutex_unlock(&z->run_mu);
    st->deadline_hit = r == SOLVER_UNKNOWN && capped && !z3_error_seen && !st->interrupted && !refuted;
    st->core_queries++;
    st->core_time_s += timer_now() - t0;
    if (r == SOLVER_SAT) st->sat++;
    else if (r == SOLVER_UNSAT) st->unsat++;
    else st->unknown++;
    solver_leave(base, entry);
    return r;
}

/* The context and the terms every query uses. */
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
    z3_close_context(z);
    pthread_mutex_destroy(&z->run_mu);
    solver_map_free(&z->memo);
    solver_map_free(&z->floats);
    VEC_FREE(z->owned);
    VEC_FREE(z->byte_reads);
    free(z->smt2_dir);
    free(z);
}

static const SolverOps z3_ops = {z3_check, z3_destroy};

Solver *solver_z3_new(const SolverOptions *opt, SolverStats *stats) {
    Z3Solver *z = util_calloc(1, sizeof *z);
    z->base.ops = &z3_ops;
    z->base.stats = stats;
    z3_open_context(z);
    if (opt->timeout_s > 0) {
        double ms = ceil(opt->timeout_s * 1000.0);
        z->timeout_ms = ms >= 4e9 ? 4000000000u : (unsigned)ms;
    }
    if (opt->smt2_dir) z->smt2_dir = util_strdup(opt->smt2_dir);
    solver_map_init(&z->memo);
    solver_map_init(&z->floats);
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

/* Z3 keeps what a hard query made it allocate (term tables, caches) for the
 * life of the context; a new context starts again from its fresh size. */
#define Z3_RELEASE_SLACK ((size_t)8 << 20)

bool solver_z3_release(Solver *s) {
    if (s->ops != &z3_ops) return false;
    Z3Solver *z = (Z3Solver *)s;
    if (solver_memory_bytes() < z->fresh_bytes + Z3_RELEASE_SLACK) return true;
    pthread_mutex_lock(&z->run_mu); /* no check runs here: only for the watcher's sake */
    z3_close_context(z);
    z3_open_context(z);
    pthread_mutex_unlock(&z->run_mu);
    return true;
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
 * signal: this cuts the check running now and no other. */
void solver_cut_memory(Solver *s) {
    while (s->next) s = s->next;
    if (s->ops != &z3_ops) return;
    Z3Solver *z = (Z3Solver *)s;
    pthread_mutex_lock(&z->run_mu);
    if (z->running) {
        Z3_solver_interrupt(z->ctx, z->running);
        z->mem_cut = true;
    }
    pthread_mutex_unlock(&z->run_mu);
}
