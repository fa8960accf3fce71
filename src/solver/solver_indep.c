/* Independence slicing, after KLEE's IndependentSolver.
 *
 * Constraints that share no symbolic byte cannot influence each other, so the
 * query splits into groups connected through shared bytes. A read of input
 * array A at constant index i touches the byte (A, i); a read at a symbolic
 * index may touch any byte, so it touches all of A. Only the group connected to
 * the goal decides a query with a goal (the path condition is taken to be
 * satisfiable, as in KLEE); without a goal every group must be satisfiable.
 * When a model is wanted every group is solved on its own and the models are
 * merged byte-wise: groups own disjoint bytes, and an array read at a symbolic
 * index belongs to a single group. */
#include "indep_part.h"
#include "solver_layer.h"
#include "../util/util.h"
#include <stdlib.h>
#include <string.h>

typedef struct Group {
    VEC(Expr *) cs;
    bool has_goal;
} Group;

typedef struct Slicing {
    const Query *q;
    size_t m;           /* elements: constraints, then the goal if any */
    TouchVec touches;
    size_t *parent;     /* union-find over elements */
    Group *groups;
    size_t ngroups;
    size_t *group_of;   /* element -> group */
} Slicing;

/* The bytes one constraint touches (a Footprint, indep_part.h), kept across
 * queries: a path condition is asked about again at every branch, and walking
 * each constraint's DAG every time made slicing cost O(path length x
 * expression size) per query. */
typedef struct IndepSolver {
    Solver base;
    SolverMap fp;          /* Expr* -> Footprint* */
    VEC(Expr *) fp_keys;   /* references that keep the keys alive */
    IndepPart *part;       /* the last path's partition; its footprints are fp's */
    SolverMap seen;        /* scratch of a footprint walk */
    TouchVec scratch;
    IndepPositions members;
    VEC(Expr *) sub;       /* the goal's group */
} IndepSolver;

static Expr *indep_elem(const Query *q, size_t i) { return i < q->n ? q->constraints[i] : q->expr; }

enum { INDEP_FOOTPRINTS_MAX = 1 << 16 };

/* ---- footprints ---- */
static void indep_walk(Expr *e, size_t elem, SolverMap *seen, TouchVec *out);

static void indep_walk_updates(UpdateNode *u, size_t elem, SolverMap *seen, TouchVec *out) {
    for (; u && !solver_map_get(seen, u, NULL, NULL); u = u->next) {
        solver_map_put(seen, u, NULL, NULL);
        indep_walk(u->index, elem, seen, out);
        indep_walk(u->value, elem, seen, out);
    }
}

static void indep_walk(Expr *e, size_t elem, SolverMap *seen, TouchVec *out) {
    if (solver_map_get(seen, e, NULL, NULL)) return;
    solver_map_put(seen, e, NULL, NULL);
    if (e->kind == EXPR_READ) {
        Array *a = e->u.read.array;
        Expr *idx = e->kids[0];
        if (!a->init) {
            int64_t i = expr_is_const(idx) ? (int64_t)(uint32_t)idx->u.value : -1;
            VEC_PUSH(*out, ((Touch){elem, a, i}));
        }
        indep_walk_updates(e->u.read.updates, elem, seen, out);
    }
    for (unsigned i = 0; i < e->nkids; i++) indep_walk(e->kids[i], elem, seen, out);
}

/* ---- union-find ---- */
static size_t uf_find(size_t *parent, size_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
}

static void uf_union(size_t *parent, size_t x, size_t y) {
    x = uf_find(parent, x);
    y = uf_find(parent, y);
    if (x != y) parent[x > y ? x : y] = x < y ? x : y; /* smaller index is the root */
}

/* Connects elements through the bytes they touch. Byte keys are (A, i + 1);
 * whole-array keys are (A, NULL). A whole-array touch joins everything that
 * touches any byte of A, hence the second pass. */
static void indep_connect(Slicing *s) {
    SolverMap owner;
    solver_map_init(&owner);
    for (size_t k = 0; k < s->touches.len; k++) {
        Touch *t = &s->touches.data[k];
        void *key2 = t->idx < 0 ? NULL : (void *)(uintptr_t)(t->idx + 1);
        void *o;
        if (solver_map_get(&owner, t->a, key2, &o)) uf_union(s->parent, t->elem, (size_t)(uintptr_t)o);
        else solver_map_put(&owner, t->a, key2, (void *)(uintptr_t)t->elem);
    }
    for (size_t k = 0; k < s->touches.len; k++) {
        Touch *t = &s->touches.data[k];
        void *o;
        if (solver_map_get(&owner, t->a, NULL, &o)) uf_union(s->parent, t->elem, (size_t)(uintptr_t)o);
    }
    solver_map_free(&owner);
}

/* Groups in order of their first element, constraints in query order. */
static void indep_group(Slicing *s) {
    s->groups = util_calloc(s->m ? s->m : 1, sizeof *s->groups);
    s->group_of = util_malloc((s->m ? s->m : 1) * sizeof *s->group_of);
    for (size_t i = 0; i < s->m; i++) {
        size_t r = uf_find(s->parent, i);
        size_t g = r == i ? s->ngroups++ : s->group_of[r]; /* the root is its group's first element */
        s->group_of[i] = g;
        if (i < s->q->n) VEC_PUSH(s->groups[g].cs, s->q->constraints[i]);
        else s->groups[g].has_goal = true;
    }
}

static void indep_forget_footprints(IndepSolver *is) {
    indep_part_reset(is->part); /* it points at the footprints */
    for (size_t i = 0; i < is->fp_keys.len; i++) {
        void *fp;
        if (solver_map_get(&is->fp, is->fp_keys.data[i], NULL, &fp)) free(fp);
        expr_unref(is->fp_keys.data[i]);
    }
    is->fp_keys.len = 0;
    solver_map_clear(&is->fp);
}

static const Footprint *indep_footprint(IndepSolver *is, Expr *e, SolverMap *seen, TouchVec *scratch) {
    void *hit;
    if (solver_map_get(&is->fp, e, NULL, &hit)) return hit;
    if (is->fp_keys.len >= INDEP_FOOTPRINTS_MAX) indep_forget_footprints(is);
    solver_map_clear(seen);
    scratch->len = 0;
    indep_walk(e, 0, seen, scratch);
    Footprint *fp = util_malloc(sizeof *fp + scratch->len * sizeof(Touch));
    fp->n = scratch->len;
    if (fp->n) memcpy(fp->t, scratch->data, fp->n * sizeof(Touch));
    solver_map_put(&is->fp, e, NULL, fp);
    VEC_PUSH(is->fp_keys, expr_ref(e));
    return fp;
}

static const Footprint *indep_footprint_of(void *ctx, Expr *e) {
    IndepSolver *is = ctx;
    return indep_footprint(is, e, &is->seen, &is->scratch);
}

static void indep_slice(IndepSolver *is, Slicing *s, const Query *q) {
    memset(s, 0, sizeof *s);
    s->q = q;
    s->m = q->n + (q->expr ? 1 : 0);
    s->parent = util_malloc((s->m ? s->m : 1) * sizeof *s->parent);
    SolverMap seen;
    solver_map_init(&seen);
    TouchVec scratch = {0};
    for (size_t i = 0; i < s->m; i++) {
        s->parent[i] = i;
        const Footprint *fp = indep_footprint(is, indep_elem(q, i), &seen, &scratch);
        for (size_t k = 0; k < fp->n; k++) VEC_PUSH(s->touches, ((Touch){i, fp->t[k].a, fp->t[k].idx}));
    }
    VEC_FREE(scratch);
    solver_map_free(&seen);
    indep_connect(s);
    indep_group(s);
}

static void indep_free(Slicing *s) {
    for (size_t g = 0; g < s->ngroups; g++) VEC_FREE(s->groups[g].cs);
    free(s->groups);
    free(s->group_of);
    free(s->parent);
    VEC_FREE(s->touches);
}

/* ---- solving ---- */
static SolverResult indep_solve_group(Solver *next, const Slicing *s, size_t g, Assignment *model) {
    Query sub = {s->groups[g].cs.data, s->groups[g].cs.len,
                 s->groups[g].has_goal ? s->q->expr : NULL, s->q->sink, NULL, s->q->cheap};
    return solver_check(next, &sub, model);
}

/* Copies into `bufs` (Array* -> byte buffer, starting from `from`'s bytes or
 * zeros) the bytes of the touch t that the group's model gm gives. */
static void indep_patch(SolverMap *bufs, const Assignment *from, const Touch *t, const Assignment *gm) {
    const uint8_t *src = assignment_get(gm, t->a);
    if (!src) return;
    void *buf;
    if (!solver_map_get(bufs, t->a, NULL, &buf)) {
        buf = util_calloc(t->a->size ? t->a->size : 1, 1);
        const uint8_t *old = from ? assignment_get(from, t->a) : NULL;
        if (old) memcpy(buf, old, t->a->size);
        solver_map_put(bufs, t->a, NULL, buf);
    }
    if (t->idx < 0) memcpy(buf, src, t->a->size);
    else if (t->idx < (int64_t)t->a->size) ((uint8_t *)buf)[t->idx] = src[t->idx];
}

/* The bytes group g owns (over `from`'s, or zeros). */
static void indep_merge(const Slicing *s, size_t g, const Assignment *from, const Assignment *gm, SolverMap *bufs) {
    for (size_t k = 0; k < s->touches.len; k++)
        if (s->group_of[s->touches.data[k].elem] == g) indep_patch(bufs, from, &s->touches.data[k], gm);
}

static void indep_emit_model(SolverMap *bufs, Assignment *model) {
    for (size_t i = 0; i < bufs->cap; i++) {
        SolverMapSlot *sl = &bufs->slots[i];
        if (!sl->k1) continue;
        assignment_set(model, (Array *)sl->k1, sl->val);
        free(sl->val);
    }
}

/* Solves every group (the goal's with the goal) and merges their models.
 * With model == NULL only the satisfiability of each group is needed. */
static SolverResult indep_solve_all(Solver *next, const Slicing *s, Assignment *model) {
    SolverMap bufs;
    solver_map_init(&bufs);
    SolverResult res = SOLVER_SAT;
    for (size_t g = 0; g < s->ngroups && res != SOLVER_UNSAT; g++) {
        Assignment gm;
        assignment_init(&gm);
        SolverResult r = indep_solve_group(next, s, g, model ? &gm : NULL);
        if (r == SOLVER_SAT && model) indep_merge(s, g, NULL, &gm, &bufs);
        if (r != SOLVER_SAT) res = r; /* UNSAT ends the loop; UNKNOWN may still meet an UNSAT */
        assignment_free(&gm);
    }
    if (res == SOLVER_SAT && model) indep_emit_model(&bufs, model);
    else
        for (size_t i = 0; i < bufs.cap; i++) free(bufs.slots[i].k1 ? bufs.slots[i].val : NULL);
    solver_map_free(&bufs);
    return res;
}

/* A query with a goal, asked with the caller's model of the path (or with no
 * model wanted): only the goal's group is solved, through the partition kept
 * across queries, and its bytes overlay a copy of the caller's model. */
static SolverResult indep_check_goal(IndepSolver *is, const Query *q, Assignment *model) {
    /* footprints are made for the constraints past the shared prefix and the
     * goal; none may be forgotten while the partition points at them */
    size_t keep = indep_part_shared(is->part, q->constraints, q->n);
    if (is->fp_keys.len + (q->n - keep) + 1 > INDEP_FOOTPRINTS_MAX) {
        indep_forget_footprints(is); /* the partition goes with them */
        keep = 0;
    }
    size_t added = indep_part_sync(is->part, q->constraints, q->n, keep, indep_footprint_of, is);
    is->base.stats->indep_added += added;
    is->base.stats->indep_kept += q->n - added;
    const Footprint *goal = indep_footprint(is, q->expr, &is->seen, &is->scratch);
    if (is->seen.cap > 4096) solver_map_free(&is->seen); /* a large walk's table is not cleared at every footprint */
    indep_part_connected(is->part, goal, &is->members);
    if (is->members.len == q->n) return solver_check(is->base.next, q, model); /* nothing to split */
    is->sub.len = 0;
    for (size_t k = 0; k < is->members.len; k++) VEC_PUSH(is->sub, q->constraints[is->members.data[k]]);
    Query sub = {is->sub.data, is->sub.len, q->expr, q->sink, NULL, q->cheap};
    if (!model) return solver_check(is->base.next, &sub, NULL);
    Assignment gm;
    assignment_init(&gm);
    SolverResult r = solver_check(is->base.next, &sub, &gm);
    if (r == SOLVER_SAT) {
        assignment_copy(model, q->base);
        SolverMap bufs;
        solver_map_init(&bufs);
        for (size_t k = 0; k < is->members.len; k++) {
            const Footprint *fp = indep_part_footprint(is->part, is->members.data[k]);
            for (size_t i = 0; i < fp->n; i++) indep_patch(&bufs, model, &fp->t[i], &gm);
        }
        for (size_t i = 0; i < goal->n; i++) indep_patch(&bufs, model, &goal->t[i], &gm);
        indep_emit_model(&bufs, model);
        solver_map_free(&bufs);
    }
    assignment_free(&gm);
    return r;
}

/* The goal's group alone, its bytes merged over a copy of the caller's model:
 * the path when the query is too long for the kept partition. */
static SolverResult indep_solve_goal_on_base(Solver *next, const Slicing *s, const Assignment *base, Assignment *model) {
    size_t g = s->group_of[s->q->n];
    Assignment gm;
    assignment_init(&gm);
    SolverResult r = indep_solve_group(next, s, g, &gm);
    if (r == SOLVER_SAT) {
        assignment_copy(model, base);
        SolverMap bufs;
        solver_map_init(&bufs);
        indep_merge(s, g, model, &gm, &bufs);
        indep_emit_model(&bufs, model);
        solver_map_free(&bufs);
    }
    assignment_free(&gm);
    return r;
}

static SolverResult indep_check(Solver *base, const Query *q, Assignment *model) {
    IndepSolver *is = (IndepSolver *)base;
    SolverEntry entry = solver_enter(base);
    SolverResult r;
    if (q->expr && (!model || q->base) && q->n < INDEP_FOOTPRINTS_MAX) {
        r = indep_check_goal(is, q, model);
    } else {
        Slicing s;
        indep_slice(is, &s, q);
        if (s.ngroups <= 1)
            r = solver_check(base->next, q, model); /* nothing to split */
        else if (q->expr && !model)
            r = indep_solve_group(base->next, &s, s.group_of[q->n], NULL);
        else if (q->expr && q->base)
            r = indep_solve_goal_on_base(base->next, &s, q->base, model);
        else
            r = indep_solve_all(base->next, &s, model);
        indep_free(&s);
    }
    solver_leave(base, entry);
    return r;
}

static void indep_destroy(Solver *base) {
    IndepSolver *is = (IndepSolver *)base;
    indep_forget_footprints(is);
    indep_part_free(is->part);
    solver_map_free(&is->fp);
    VEC_FREE(is->fp_keys);
    solver_map_free(&is->seen);
    VEC_FREE(is->scratch);
    VEC_FREE(is->members);
    VEC_FREE(is->sub);
    free(is);
}

static const SolverOps indep_ops = {indep_check, indep_destroy};

Solver *solver_independence_new(Solver *next) {
    IndepSolver *is = util_calloc(1, sizeof *is);
    is->base.ops = &indep_ops;
    is->base.next = next;
    is->base.stats = next->stats;
    solver_map_init(&is->fp);
    solver_map_init(&is->seen);
    is->part = indep_part_new();
    return &is->base;
}
