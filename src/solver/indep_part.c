/* The independence partition kept across queries (indep_part.h). */
#include "indep_part.h"
#include <stdlib.h>

/* What the constraints so far do with one input array. Byte touches join the
 * constraints that share the byte (`owners`); a touch of the whole array
 * joins every constraint touching any of its bytes, once, after which the
 * array's touchers are one set and `rep` stands for it. */
typedef struct PartArray {
    bool whole;
    size_t rep;
    VEC(size_t) touchers; /* constraints with a byte touch, made while not whole */
} PartArray;

typedef struct PartElem {
    Expr *c;               /* owned reference */
    const Footprint *fp;
    size_t parent, size;   /* union-find by size, no path compression */
    size_t next;           /* the set's members as a cycle: a union splices two */
    size_t undo_at;        /* the undo log's length before this constraint */
    uint64_t mark;
} PartElem;

typedef enum { UNDO_UNION, UNDO_OWNER, UNDO_ARRAY, UNDO_TOUCHER, UNDO_WHOLE } PartUndoKind;

typedef struct PartUndo {
    PartUndoKind kind;
    size_t x, y;           /* UNDO_UNION: the root kept and the root attached under it */
    const void *k1, *k2;   /* the map key */
} PartUndo;

struct IndepPart {
    VEC(PartElem) elems;
    VEC(PartUndo) undo;
    SolverMap owners;      /* (array, index + 1) -> position + 1, or NULL once undone */
    SolverMap arrays;      /* (array, NULL) -> PartArray*, or NULL once undone */
    size_t live_keys;      /* entries of both maps not undone */
    uint64_t stamp;
};

/* Undone keys stay in the maps (SolverMap has no removal); past this many
 * dead ones the maps are rebuilt from nothing. */
enum { PART_DEAD_KEYS_MAX = 1 << 16 };

IndepPart *indep_part_new(void) {
    IndepPart *p = util_calloc(1, sizeof *p);
    solver_map_init(&p->owners);
    solver_map_init(&p->arrays);
    return p;
}

static size_t part_find(const IndepPart *p, size_t x) {
    while (p->elems.data[x].parent != x) x = p->elems.data[x].parent;
    return x;
}

static void part_swap_next(IndepPart *p, size_t a, size_t b) {
    size_t t = p->elems.data[a].next;
    p->elems.data[a].next = p->elems.data[b].next;
    p->elems.data[b].next = t;
}

static void part_union(IndepPart *p, size_t x, size_t y) {
    x = part_find(p, x);
    y = part_find(p, y);
    if (x == y) return;
    PartElem *e = p->elems.data;
    if (e[x].size < e[y].size) {
        size_t t = x;
        x = y;
        y = t;
    }
    e[y].parent = x;
    e[x].size += e[y].size;
    part_swap_next(p, x, y);
    VEC_PUSH(p->undo, ((PartUndo){UNDO_UNION, x, y, NULL, NULL}));
}

static PartArray *part_array(const IndepPart *p, const Array *a) {
    void *v = NULL;
    return solver_map_get(&p->arrays, a, NULL, &v) ? v : NULL;
}

static void part_undo_one(IndepPart *p) {
    PartUndo u = VEC_POP(p->undo);
    PartElem *e = p->elems.data;
    switch (u.kind) {
    case UNDO_UNION:
        e[u.y].parent = u.y;
        e[u.x].size -= e[u.y].size;
        part_swap_next(p, u.x, u.y); /* the same swap splits the cycle it joined */
        break;
    case UNDO_OWNER:
        solver_map_put(&p->owners, u.k1, u.k2, NULL);
        p->live_keys--;
        break;
    case UNDO_ARRAY: {
        PartArray *pa = part_array(p, u.k1);
        VEC_FREE(pa->touchers);
        free(pa);
        solver_map_put(&p->arrays, u.k1, NULL, NULL);
        p->live_keys--;
        break;
    }
    case UNDO_TOUCHER: part_array(p, u.k1)->touchers.len--; break;
    case UNDO_WHOLE: part_array(p, u.k1)->whole = false; break;
    }
}

static void part_truncate(IndepPart *p, size_t len) {
    while (p->elems.len > len) {
        PartElem *last = &p->elems.data[p->elems.len - 1];
        while (p->undo.len > last->undo_at) part_undo_one(p);
        expr_unref(last->c);
        p->elems.len--;
    }
}

void indep_part_reset(IndepPart *p) {
    part_truncate(p, 0);
    solver_map_clear(&p->owners);
    solver_map_clear(&p->arrays);
    p->live_keys = 0;
}

void indep_part_free(IndepPart *p) {
    indep_part_reset(p);
    solver_map_free(&p->owners);
    solver_map_free(&p->arrays);
    VEC_FREE(p->elems);
    VEC_FREE(p->undo);
    free(p);
}

static PartArray *part_array_get(IndepPart *p, Array *a) {
    PartArray *pa = part_array(p, a);
    if (pa) return pa;
    pa = util_calloc(1, sizeof *pa);
    solver_map_put(&p->arrays, a, NULL, pa);
    p->live_keys++;
    VEC_PUSH(p->undo, ((PartUndo){UNDO_ARRAY, 0, 0, a, NULL}));
    return pa;
}

static void part_touch(IndepPart *p, size_t i, const Touch *t) {
    PartArray *pa = part_array_get(p, t->a);
    if (pa->whole) {
        part_union(p, i, pa->rep);
        return;
    }
    if (t->idx < 0) {
        for (size_t k = 0; k < pa->touchers.len; k++) part_union(p, i, pa->touchers.data[k]);
        pa->whole = true;
        pa->rep = i;
        VEC_PUSH(p->undo, ((PartUndo){UNDO_WHOLE, 0, 0, t->a, NULL}));
        return;
    }
    const void *key = (const void *)(uintptr_t)(t->idx + 1);
    void *owner = NULL;
    if (solver_map_get(&p->owners, t->a, key, &owner) && owner) {
        part_union(p, i, (size_t)(uintptr_t)owner - 1);
    } else {
        solver_map_put(&p->owners, t->a, key, (void *)(uintptr_t)(i + 1));
        p->live_keys++;
        VEC_PUSH(p->undo, ((PartUndo){UNDO_OWNER, 0, 0, t->a, key}));
    }
    if (!pa->touchers.len || pa->touchers.data[pa->touchers.len - 1] != i) {
        VEC_PUSH(pa->touchers, i);
        VEC_PUSH(p->undo, ((PartUndo){UNDO_TOUCHER, 0, 0, t->a, NULL}));
    }
}

static void part_add(IndepPart *p, Expr *c, const Footprint *fp) {
    size_t i = p->elems.len;
    VEC_PUSH(p->elems, ((PartElem){expr_ref(c), fp, i, 1, i, p->undo.len, 0}));
    for (size_t k = 0; k < fp->n; k++) part_touch(p, i, &fp->t[k]);
}

size_t indep_part_shared(const IndepPart *p, Expr *const *cs, size_t n) {
    size_t keep = 0;
    while (keep < n && keep < p->elems.len && p->elems.data[keep].c == cs[keep]) keep++;
    return keep;
}

size_t indep_part_sync(IndepPart *p, Expr *const *cs, size_t n, size_t keep, IndepFootprintFn fp, void *ctx) {
    if (p->owners.len + p->arrays.len > p->live_keys + PART_DEAD_KEYS_MAX) {
        indep_part_reset(p);
        keep = 0;
    }
    part_truncate(p, keep);
    for (size_t i = keep; i < n; i++) part_add(p, cs[i], fp(ctx, cs[i]));
    return n - keep;
}

static int part_cmp_pos(const void *a, const void *b) {
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

/* Appends the members of x's set, unless the set was met already. */
static void part_take_set(IndepPart *p, size_t x, IndepPositions *out) {
    size_t r = part_find(p, x);
    if (p->elems.data[r].mark == p->stamp) return;
    p->elems.data[r].mark = p->stamp;
    size_t m = r;
    do {
        VEC_PUSH(*out, m);
        m = p->elems.data[m].next;
    } while (m != r);
}

void indep_part_connected(IndepPart *p, const Footprint *g, IndepPositions *out) {
    out->len = 0;
    p->stamp++;
    for (size_t k = 0; k < g->n; k++) {
        const Touch *t = &g->t[k];
        PartArray *pa = part_array(p, t->a);
        if (!pa) continue; /* no constraint touches the array */
        if (pa->whole) {
            part_take_set(p, pa->rep, out);
        } else if (t->idx < 0) {
            for (size_t i = 0; i < pa->touchers.len; i++) part_take_set(p, pa->touchers.data[i], out);
        } else {
            void *owner = NULL;
            if (solver_map_get(&p->owners, t->a, (const void *)(uintptr_t)(t->idx + 1), &owner) && owner)
                part_take_set(p, (size_t)(uintptr_t)owner - 1, out);
        }
    }
    if (out->len > 1) qsort(out->data, out->len, sizeof *out->data, part_cmp_pos);
}

const Footprint *indep_part_footprint(const IndepPart *p, size_t i) { return p->elems.data[i].fp; }
