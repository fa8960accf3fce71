/* z3_reuse: one Z3 solver kept across queries.
 *
 * A fresh solver per query builds Z3's SMT core again and translates,
 * asserts and internalizes every constraint again, though consecutive
 * queries mostly share their constraints (a path's queries differ by their
 * last branch; the searcher's next state often shares a prefix). Two ways to
 * carry that work over, both measured in bench/results/z3-reuse:
 *
 * stack (the default): a push level per constraint. A query pops the solver
 * down to the first level whose constraint it does not have, then pushes
 * each of its constraints that is not asserted yet, in its own order (a
 * path's order, so the next query on the path shares all of it). Nothing
 * stays asserted that the query does not have.
 *
 * assume: `p_c => c` asserted once per constraint c, with a fresh literal
 * p_c, and a query checked under its constraints' literals. Nothing is ever
 * popped, which suits any visiting order, but every inert implication stays
 * in the solver: Z3 still decides its literal, and checks grew slower with
 * their number (5x on bench/scaling's loop at 2000) until the solver starts
 * again.
 *
 * Either way, byte constants (a!j) and the array theory meet through
 * select(a, j) = a!j only where a query reads a through the theory, so a query
 * reading a byte by byte stays out of the array theory, as on a fresh solver.
 * Memo keys must stay alive as long as the memo: the solver holds a reference
 * on each constraint it translated, and starts again after `max_held`. */
#include "z3_core.h"
#include "../util/util.h"
#include <stdio.h>
#include <string.h>

void z3_reuse_init(Z3Reuse *r, SolverReuse mode, size_t limit) {
    memset(r, 0, sizeof *r);
    r->mode = mode;
    z3_terms_init(&r->terms);
    solver_map_init(&r->on_stack);
    solver_map_init(&r->lits);
    r->max_held = limit;
}

void z3_reuse_reset(Z3Solver *z) {
    Z3Reuse *r = &z->reuse;
    if (!r->s) return;
    Z3_solver_dec_ref(z->ctx, r->s);
    r->s = NULL;
    z3_terms_clear(z, &r->terms);
    for (size_t i = 0; i < r->held.len; i++) expr_unref(r->held.data[i]);
    r->held.len = 0;
    r->stack.len = r->level_arrays.len = r->level_narrays.len = 0;
    solver_map_clear(&r->on_stack);
    solver_map_clear(&r->lits);
    r->linked = 0;
}

void z3_reuse_free(Z3Solver *z) {
    Z3Reuse *r = &z->reuse;
    z3_reuse_reset(z);
    z3_terms_free(z, &r->terms);
    solver_map_free(&r->on_stack);
    solver_map_free(&r->lits);
    VEC_FREE(r->held);
    VEC_FREE(r->stack);
    VEC_FREE(r->level_arrays);
    VEC_FREE(r->level_narrays);
}

/* c's Boolean term, holding a reference on c the first time. */
static Z3_ast z3_reuse_term(Z3Solver *z, Expr *c) {
    void *hit;
    if (!solver_map_get(&z->reuse.terms.memo, c, NULL, &hit)) VEC_PUSH(z->reuse.held, expr_ref(c));
    return z3_bv_to_bool(z, z3_expr(z, c));
}

/* ---- stack ---- */

static uintptr_t z3_scope_count(Z3Solver *z, Array *a) {
    void *v;
    return solver_map_get(&z->reuse.terms.in_scope, a, NULL, &v) ? (uintptr_t)v : 0;
}

static void z3_stack_pop_to(Z3Solver *z, size_t level) {
    Z3Reuse *r = &z->reuse;
    if (r->stack.len <= level) return;
    Z3_solver_pop(z->ctx, r->s, (unsigned)(r->stack.len - level));
    while (r->stack.len > level) {
        solver_map_put(&r->on_stack, VEC_POP(r->stack), NULL, NULL);
        for (size_t k = VEC_POP(r->level_narrays); k; k--) {
            Array *a = VEC_POP(r->level_arrays);
            solver_map_put(&r->terms.in_scope, a, NULL, (void *)(z3_scope_count(z, a) - 1));
        }
    }
}

/* Pushes a level asserting c, with the links an open level may need: when
 * an array comes into scope (c is the first open level to read it through
 * the theory), those of all its byte constants; and those of c's own bytes
 * of every array in scope. A byte's link asserted at a level popped since is
 * asserted again, as the level it is needed at may be a new one. */
static void z3_stack_push(Z3Solver *z, Expr *c) {
    Z3Reuse *r = &z->reuse;
    Z3_solver_push(z->ctx, r->s);
    Z3_solver_assert(z->ctx, r->s, z3_reuse_term(z, c));
    VEC_PUSH(r->stack, c);
    solver_map_put(&r->on_stack, c, NULL, (void *)(uintptr_t)r->stack.len);
    Z3Reads reads = {0};
    z3_reads_of(c, &reads);
    for (size_t i = 0; i < reads.theory.len; i++) {
        Array *a = reads.theory.data[i];
        uintptr_t levels = z3_scope_count(z, a);
        if (!levels) z3_link_bytes(z, r->s, 0, r->terms.byte_reads.len, a);
        solver_map_put(&r->terms.in_scope, a, NULL, (void *)(levels + 1));
        VEC_PUSH(r->level_arrays, a);
    }
    VEC_PUSH(r->level_narrays, reads.theory.len);
    for (size_t i = 0; i < reads.bytes.len; i++)
        if (z3_scope_count(z, reads.bytes.data[i]->u.read.array)) z3_link_byte(z, r->s, reads.bytes.data[i]);
    z3_reads_free(&reads);
}

/* Pops to the longest bottom run of levels that q has all of, then pushes the
 * rest of q. */
static void z3_stack_prepare(Z3Solver *z, const Query *q) {
    Z3Reuse *r = &z->reuse;
    SolverMap want;
    solver_map_init(&want);
    size_t n = q->n + (q->expr != NULL);
    for (size_t i = 0; i < n; i++) solver_map_put(&want, i < q->n ? q->constraints[i] : q->expr, NULL, (void *)1);
    size_t keep = 0;
    void *hit;
    while (keep < r->stack.len && solver_map_get(&want, r->stack.data[keep], NULL, &hit)) keep++;
    z3_stack_pop_to(z, keep);
    solver_map_free(&want);
    for (size_t i = 0; i < n; i++) {
        Expr *c = i < q->n ? q->constraints[i] : q->expr;
        void *level;
        if (solver_map_get(&r->on_stack, c, NULL, &level) && level) {
            z->base.stats->reuse_kept++;
            continue;
        }
        z3_stack_push(z, c);
        z->base.stats->reuse_asserted++;
    }
}

/* ---- assume ---- */

static Z3_ast z3_assume_fresh_bool(Z3Solver *z, char tag) {
    char name[32];
    snprintf(name, sizeof name, "!%c%lu", tag, ++z->reuse.next_name);
    return z3_keep(z, Z3_mk_const(z->ctx, Z3_mk_string_symbol(z->ctx, name), Z3_mk_bool_sort(z->ctx)));
}

/* Array a's link literal, made on first use with the links of the byte
 * constants already there. */
static Z3_ast z3_assume_link(Z3Solver *z, Array *a) {
    Z3Reuse *r = &z->reuse;
    void *hit;
    if (solver_map_get(&r->terms.links, a, NULL, &hit)) return hit;
    Z3_ast l = z3_assume_fresh_bool(z, 'l');
    solver_map_put(&r->terms.links, a, NULL, l);
    z3_link_bytes(z, r->s, 0, r->linked, a);
    return l;
}

/* c's literal: on first sight, `p_c => c` is asserted, with `p_c => l_a` for
 * each array c reads through the theory. */
static Z3_ast z3_assume_lit(Z3Solver *z, Expr *c) {
    Z3Reuse *r = &z->reuse;
    void *hit;
    if (solver_map_get(&r->lits, c, NULL, &hit)) {
        z->base.stats->reuse_kept++;
        return hit;
    }
    Z3_ast p = z3_assume_fresh_bool(z, 'p');
    Z3_solver_assert(z->ctx, r->s, z3_keep(z, Z3_mk_implies(z->ctx, p, z3_reuse_term(z, c))));
    Z3Reads reads = {0};
    z3_reads_of(c, &reads);
    for (size_t i = 0; i < reads.theory.len; i++)
        Z3_solver_assert(z->ctx, r->s, z3_keep(z, Z3_mk_implies(z->ctx, p, z3_assume_link(z, reads.theory.data[i]))));
    z3_reads_free(&reads);
    /* the bytes this translation made, of arrays that have a link */
    z3_link_bytes(z, r->s, r->linked, r->terms.byte_reads.len, NULL);
    r->linked = r->terms.byte_reads.len;
    solver_map_put(&r->lits, c, NULL, p);
    z->base.stats->reuse_asserted++;
    return p;
}

Z3_solver z3_reuse_prepare(Z3Solver *z, const Query *q, unsigned timeout_ms, unsigned rlimit, Z3_ast **assume,
                           unsigned *n) {
    Z3Reuse *r = &z->reuse;
    if (r->s && r->held.len + q->n + 1 > r->max_held) {
        z3_reuse_reset(z);
        z->base.stats->reuse_resets++;
    }
    if (!r->s) {
        r->s = Z3_mk_simple_solver(z->ctx);
        Z3_solver_inc_ref(z->ctx, r->s);
    }
    z->t = &r->terms;
    z3_set_params(z, r->s, timeout_ms, rlimit);
    *n = 0;
    *assume = NULL;
    if (r->mode == SOLVER_REUSE_STACK) {
        z3_stack_prepare(z, q);
    } else {
        *assume = util_malloc((q->n + 1) * sizeof **assume);
        for (size_t i = 0; i < q->n; i++) (*assume)[(*n)++] = z3_assume_lit(z, q->constraints[i]);
        if (q->expr) (*assume)[(*n)++] = z3_assume_lit(z, q->expr);
    }
    z->base.stats->reuse_checks++;
    return r->s;
}
