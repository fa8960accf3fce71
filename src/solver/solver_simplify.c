/* Constraint-set simplification by substituting known values.
 *
 * A constraint `e == c` (c constant) fixes e, and a width-1 constraint `e`
 * fixes e to 1 (`not e` fixes e to 0). Those values are substituted into the
 * other constraints and the goal; the builders then fold what became constant.
 * A constraint that folds to false answers UNSAT at once, one that folds to
 * true is dropped. Folding can expose new equalities (x == 5 turns `x + y == 7`
 * into `y == 2`), so a few rounds run. The defining equalities stay in the
 * forwarded set: they carry the values the model must contain. */
#include "solver_layer.h"
#include "../util/util.h"
#include <stdlib.h>

enum { SIMPLIFY_ROUNDS = 4 };

typedef VEC(Expr *) ExprVec;

typedef struct Subst {
    SolverMap value;   /* Expr* -> constant Expr* it equals (borrowed from the set, or t/f) */
    SolverMap memo;    /* Expr* -> substituted Expr* (owned reference) */
    Expr *t, *f;    /* width-1 true and false (owned) */
} Subst;

/* What a constraint contributed to the facts decides how it is itself
 * rewritten: never with its own facts, which would fold it to true and lose
 * the value it carries. A definition (`e == c`, `not e`) keeps its root and e
 * and has e's subexpressions rewritten; any other new constraint is rewritten
 * below its root (its own fact is about the root); a constraint that adds
 * nothing (a duplicate, or a consequence of earlier facts) is rewritten
 * entirely and so may fold to true or false. Own facts are never about proper
 * subexpressions, and two constraints cannot each sit inside the other, so no
 * pair of constraints can justify each other away. */
typedef enum SimpKind { SIMP_DEFINES, SIMP_NEW, SIMP_KNOWN } SimpKind;

static bool simp_learn(Subst *s, Expr *e, Expr *value) {
    if (solver_map_get(&s->value, e, NULL, NULL)) return false;
    solver_map_put(&s->value, e, NULL, value);
    return true;
}

static SimpKind simp_define(Subst *s, Expr *c) {
    bool defines = false;
    if (c->kind == EXPR_EQ) {
        Expr *a = c->kids[0], *b = c->kids[1];
        Expr *e = expr_is_const(a) ? b : a, *k = expr_is_const(a) ? a : b;
        if (expr_is_const(k) && !expr_is_const(e)) defines = simp_learn(s, e, k);
    }
    if (c->kind == EXPR_NOT && c->width == 1) defines |= simp_learn(s, c->kids[0], s->f);
    bool fresh = simp_learn(s, c, s->t);
    return defines ? SIMP_DEFINES : fresh ? SIMP_NEW : SIMP_KNOWN;
}

/* e with every known subexpression replaced by its value; a new reference.
 * Memoized, so shared subexpressions are rebuilt once. */
static Expr *simp_subst(Subst *s, Expr *e);

/* e rebuilt from its substituted kids (e itself is not looked up). */
static Expr *simp_subst_kids(Subst *s, Expr *e) {
    if (e->nkids == 0) return expr_ref(e);
    Expr *kids[3] = {0};
    bool changed = false;
    for (unsigned i = 0; i < e->nkids; i++) {
        kids[i] = simp_subst(s, e->kids[i]);
        changed |= kids[i] != e->kids[i];
    }
    Expr *r = changed ? expr_rebuild(e, kids) : expr_ref(e);
    for (unsigned i = 0; i < e->nkids; i++) expr_unref(kids[i]);
    return r;
}

static Expr *simp_subst(Subst *s, Expr *e) {
    void *v;
    if (solver_map_get(&s->value, e, NULL, &v)) return expr_ref(v);
    if (solver_map_get(&s->memo, e, NULL, &v)) return expr_ref(v);
    Expr *r = simp_subst_kids(s, e);
    solver_map_put(&s->memo, e, NULL, expr_ref(r));
    return r;
}

/* A definition `e == c` or `not e` with e's kids rewritten. */
static Expr *simp_subst_def(Subst *s, Expr *c) {
    if (c->kind == EXPR_NOT) {
        Expr *e = simp_subst_kids(s, c->kids[0]);
        Expr *r = expr_not(e);
        expr_unref(e);
        return r;
    }
    Expr *kids[3] = {0};
    for (unsigned i = 0; i < 2; i++)
        kids[i] = expr_is_const(c->kids[i]) ? expr_ref(c->kids[i]) : simp_subst_kids(s, c->kids[i]);
    Expr *r = expr_rebuild(c, kids);
    expr_unref(kids[0]);
    expr_unref(kids[1]);
    return r;
}

static Expr *simp_rewrite(Subst *s, Expr *c, SimpKind kind) {
    switch (kind) {
    case SIMP_DEFINES: return simp_subst_def(s, c);
    case SIMP_NEW: return simp_subst_kids(s, c);
    default: return simp_subst(s, c);
    }
}

static void simp_reset(Subst *s) {
    for (size_t i = 0; i < s->memo.cap; i++)
        if (s->memo.slots[i].k1) expr_unref(s->memo.slots[i].val);
    solver_map_clear(&s->memo);
    solver_map_clear(&s->value);
}

/* One round over *set (owned references). Returns false on a constraint that
 * became false; sets *changed if anything was rewritten or dropped. */
static bool simp_round(Subst *s, ExprVec *set, bool *changed) {
    SimpKind *kind = util_calloc(set->len ? set->len : 1, sizeof *kind);
    for (size_t i = 0; i < set->len; i++) kind[i] = simp_define(s, set->data[i]);
    bool ok = true;
    size_t k = 0;
    for (size_t i = 0; i < set->len; i++) {
        Expr *c = set->data[i];
        Expr *n = simp_rewrite(s, c, kind[i]);
        expr_unref(c);
        *changed |= n != c;
        if (expr_is_false(n)) ok = false;
        if (expr_is_true(n)) { *changed = true; expr_unref(n); continue; }
        set->data[k++] = n;
    }
    set->len = k;
    free(kind);
    return ok;
}

/* Simplifies the query's constraints into *set and its goal into *goal (new
 * references; *goal NULL for "true"). Returns false if the query is UNSAT. */
static bool simp_query(const Query *q, ExprVec *set, Expr **goal) {
    Subst s = {0};
    s.t = expr_bool(true);
    s.f = expr_bool(false);
    for (size_t i = 0; i < q->n; i++) VEC_PUSH(*set, expr_ref(q->constraints[i]));
    bool ok = true, changed = true;
    for (int r = 0; r < SIMPLIFY_ROUNDS && ok && changed; r++) {
        changed = false;
        simp_reset(&s);
        ok = simp_round(&s, set, &changed);
    }
    /* The goal uses the facts of the last round, which match the final set. */
    *goal = NULL;
    if (ok && q->expr) {
        Expr *g = simp_subst(&s, q->expr);
        if (expr_is_false(g)) ok = false;
        if (expr_is_true(g)) expr_unref(g);
        else *goal = g;
    }
    simp_reset(&s);
    solver_map_free(&s.memo);
    solver_map_free(&s.value);
    expr_unref(s.t);
    expr_unref(s.f);
    return ok;
}

static SolverResult simp_check(Solver *base, const Query *q, Assignment *model) {
    SolverEntry entry = solver_enter(base);
    ExprVec set = {0};
    Expr *goal = NULL;
    SolverResult r = SOLVER_UNSAT;
    if (simp_query(q, &set, &goal)) {
        Query sub = {set.data, set.len, goal, q->sink, NULL, q->cheap};
        r = solver_check(base->next, &sub, model);
        if (r == SOLVER_SAT && model) {
            /* Arrays read only by dropped constraints hold for any bytes. */
            ArraySet arrays = {0};
            solver_query_arrays(q, &arrays);
            solver_fill_missing(model, &arrays);
            expr_array_set_free(&arrays);
        }
    }
    for (size_t i = 0; i < set.len; i++) expr_unref(set.data[i]);
    VEC_FREE(set);
    expr_unref(goal);
    solver_leave(base, entry);
    return r;
}

static void simp_destroy(Solver *base) { free(base); }

static const SolverOps simp_ops = {simp_check, simp_destroy};

Solver *solver_simplify_new(Solver *next) {
    Solver *s = util_calloc(1, sizeof *s);
    s->ops = &simp_ops;
    s->next = next;
    s->stats = next->stats;
    return s;
}
