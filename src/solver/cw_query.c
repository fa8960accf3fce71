/* A query as a concolic-walk problem (cw_query.h): its variables (input
 * integers), its conjuncts as comparisons of l - r with 0, and d's
 * evaluation on the bit-vectors. */
#include "cw_query.h"
#include "linear.h"
#include "../expr/expr_fp.h"
#include "solver_layer.h"
#include "../util/ptrmap.h"
#include "../util/util.h"
#include <float.h>
#include <math.h>
#include <string.h>

typedef struct CwRun { Array *a; uint32_t off, n; } CwRun;
typedef VEC(CwRun) RunVec;
typedef VEC(Expr *) ExprVec;

/* ---- variables ---- */

/* The leaves of a concat chain, high to low; false past 8 of them. */
static bool cwq_leaves(Expr *e, Expr **out, uint32_t *n) {
    if (e->kind != EXPR_CONCAT) {
        if (*n >= 8) return false;
        out[(*n)++] = e;
        return true;
    }
    return cwq_leaves(e->kids[0], out, n) && cwq_leaves(e->kids[1], out, n);
}

static bool cwq_input_byte(const Expr *e) {
    return e->kind == EXPR_READ && !e->u.read.array->init && !e->u.read.updates && expr_is_const(e->kids[0]) &&
           e->kids[0]->u.value < e->u.read.array->size;
}

/* A concat of reads at consecutive constant indices of one input array, low byte last. */
static bool cwq_le_run(Expr *e, CwRun *run) {
    Expr *leaf[8];
    uint32_t n = 0;
    if (!cwq_leaves(e, leaf, &n) || n < 2) return false;
    for (uint32_t k = 0; k < n; k++) {
        Expr *l = leaf[n - 1 - k]; /* k-th byte from the low end */
        if (!cwq_input_byte(l) || l->u.read.array != leaf[0]->u.read.array ||
            (uint32_t)l->kids[0]->u.value != (uint32_t)leaf[n - 1]->kids[0]->u.value + k)
            return false;
    }
    *run = (CwRun){leaf[0]->u.read.array, (uint32_t)leaf[n - 1]->kids[0]->u.value, n};
    return true;
}

static void cwq_walk(Expr *e, PtrMap *seen, RunVec *runs);

static void cwq_walk_read(Expr *e, PtrMap *seen, RunVec *runs) {
    Array *a = e->u.read.array;
    if (cwq_input_byte(e)) {
        VEC_PUSH(*runs, ((CwRun){a, (uint32_t)e->kids[0]->u.value, 1}));
        return;
    }
    if (!a->init && a->size <= CWQ_MAX_ARRAY)
        for (uint32_t i = 0; i < a->size; i++) VEC_PUSH(*runs, ((CwRun){a, i, 1}));
    cwq_walk(e->kids[0], seen, runs);
    for (UpdateNode *u = e->u.read.updates; u; u = u->next) {
        cwq_walk(u->index, seen, runs);
        cwq_walk(u->value, seen, runs);
    }
}

static void cwq_walk(Expr *e, PtrMap *seen, RunVec *runs) {
    if (ptrmap_get(seen, e)) return;
    ptrmap_put(seen, e, 1);
    CwRun run;
    if (e->kind == EXPR_CONCAT && cwq_le_run(e, &run)) {
        VEC_PUSH(*runs, run);
        return;
    }
    if (e->kind == EXPR_READ) {
        cwq_walk_read(e, seen, runs);
        return;
    }
    for (unsigned k = 0; k < e->nkids; k++) cwq_walk(e->kids[k], seen, runs);
}

static int cwq_run_cmp(const void *pa, const void *pb) {
    const CwRun *a = pa, *b = pb;
    if (a->a != b->a) return a->a->id < b->a->id ? -1 : 1;
    return a->off < b->off ? -1 : a->off > b->off;
}

/* Runs sorted, those sharing a byte merged, then cut into pieces of at most 8 bytes. */
static void cwq_make_vars(CwQuery *w, RunVec *all) {
    if (all->len) qsort(all->data, all->len, sizeof *all->data, cwq_run_cmp);
    VEC(CwVar) vars = {0};
    for (size_t i = 0; i < all->len;) {
        CwRun m = all->data[i++];
        while (i < all->len && all->data[i].a == m.a && all->data[i].off < m.off + m.n) {
            uint32_t end = all->data[i].off + all->data[i].n;
            if (end > m.off + m.n) m.n = end - m.off;
            i++;
        }
        for (uint32_t o = 0; o < m.n; o += 8)
            VEC_PUSH(vars, ((CwVar){m.a, m.off + o, m.n - o < 8 ? m.n - o : 8}));
    }
    w->vars = vars.data;
    w->nvars = (uint32_t)vars.len;
    w->lo = util_calloc(w->nvars + 1, sizeof *w->lo);
    w->hi = util_calloc(w->nvars + 1, sizeof *w->hi);
    for (uint32_t v = 0; v < w->nvars; v++) {
        w->hi[v] = ((i128)1 << (8 * w->vars[v].nbytes - 1)) - 1;
        w->lo[v] = -w->hi[v] - 1;
    }
}

/* The variables a conjunct's runs touch, each once. */
static void cwq_constraint_vars(CwQuery *w, CwConstraint *c, const RunVec *runs) {
    uint32_t *vs = util_malloc((w->nvars + 1) * sizeof *vs), n = 0;
    for (uint32_t v = 0; v < w->nvars; v++) {
        const CwVar *x = &w->vars[v];
        for (size_t k = 0; k < runs->len; k++) {
            const CwRun *r = &runs->data[k];
            if (r->a == x->array && r->off < x->off + x->nbytes && x->off < r->off + r->n) {
                vs[n++] = v;
                break;
            }
        }
    }
    c->vars = vs;
    c->nvars = n;
}

/* ---- float variables ---- */
static void cwq_mark_float(const CwQuery *w, Expr *kid, unsigned *fbits) {
    CwRun r;
    if (kid->kind != EXPR_CONCAT || !cwq_le_run(kid, &r) || (r.n != 4 && r.n != 8)) return;
    for (uint32_t v = 0; v < w->nvars; v++)
        if (w->vars[v].array == r.a && w->vars[v].off == r.off && w->vars[v].nbytes == r.n) fbits[v] = 8 * r.n;
}

static void cwq_float_walk(const CwQuery *w, Expr *e, PtrMap *seen, unsigned *fbits) {
    if (ptrmap_get(seen, e)) return;
    ptrmap_put(seen, e, 1);
    /* every FP kind reads floats except the integer-to-float conversions */
    bool float_kids = expr_kind_is_fp(e->kind) && e->kind != EXPR_SITOF && e->kind != EXPR_UITOF;
    for (unsigned k = 0; k < e->nkids; k++) {
        if (float_kids) cwq_mark_float(w, e->kids[k], fbits);
        cwq_float_walk(w, e->kids[k], seen, fbits);
    }
}

void cwq_float_vars(const CwQuery *w, unsigned *fbits) {
    memset(fbits, 0, w->nvars * sizeof *fbits);
    PtrMap seen;
    ptrmap_init(&seen);
    for (uint32_t c = 0; c < w->ncons; c++) cwq_float_walk(w, w->conj[c], &seen, fbits);
    ptrmap_free(&seen);
}

/* ---- conjuncts ---- */
static void cwq_split(Expr *e, ExprVec *out) {
    if (e->kind == EXPR_AND && e->width == 1) {
        cwq_split(e->kids[0], out);
        cwq_split(e->kids[1], out);
    } else if (!expr_is_true(e)) {
        VEC_PUSH(*out, e);
    }
}

/* e as (cmp, l, r): negations flip the comparison. */
static void cwq_atom(Expr *e, CwConstraint *c, CwAtom *a) {
    bool neg = false;
    while (e->kind == EXPR_NOT && e->width == 1) {
        neg = !neg;
        e = e->kids[0];
    }
    static const CwCmp pos[] = {CW_LT, CW_LE}, negd[] = {CW_GE, CW_GT};
    switch (e->kind) {
    case EXPR_EQ:
        c->cmp = neg ? CW_NE : CW_EQ;
        a->is_signed = true;
        break;
    case EXPR_ULT: case EXPR_ULE: case EXPR_SLT: case EXPR_SLE: {
        int le = e->kind == EXPR_ULE || e->kind == EXPR_SLE;
        c->cmp = neg ? negd[le] : pos[le];
        a->is_signed = e->kind == EXPR_SLT || e->kind == EXPR_SLE;
        break;
    }
    case EXPR_FOEQ: case EXPR_FOLT: case EXPR_FOLE: { /* the negation is kept: a NaN satisfies it */
        static const CwCmp fpos[] = {CW_EQ, CW_LT, CW_LE}, fneg[] = {CW_NE, CW_GE, CW_GT};
        unsigned i = e->kind == EXPR_FOEQ ? 0 : e->kind == EXPR_FOLT ? 1 : 2;
        c->cmp = neg ? fneg[i] : fpos[i];
        a->is_float = true;
        a->negate = neg;
        a->kind = (uint8_t)e->kind;
        break;
    }
    default: /* a boolean: d = (holds ? 0 : 1) = 0; the negation goes into which value holds */
        c->cmp = CW_EQ;
        a->l = expr_ref(e);
        a->r = NULL;
        a->negate = neg;
        return;
    }
    a->l = expr_ref(e->kids[0]);
    a->r = expr_ref(e->kids[1]);
}

/* ---- evaluation ---- */
static void cwq_store(uint8_t *dst, i128 v, uint32_t n) {
    for (uint32_t k = 0; k < n; k++) dst[k] = (uint8_t)((u128)v >> (8 * k));
}

const Assignment *cwq_point(CwQuery *w, const i128 *values) {
    for (uint32_t v = 0; v < w->nvars; v++) {
        uint8_t *b = assignment_bytes_mut(&w->point, w->vars[v].array);
        cwq_store(b + w->vars[v].off, values[v], w->vars[v].nbytes);
    }
    return &w->point;
}

void cwq_values(const CwQuery *w, const Assignment *a, i128 *values) {
    for (uint32_t v = 0; v < w->nvars; v++) {
        const uint8_t *b = assignment_get(a, w->vars[v].array);
        u128 x = 0;
        for (uint32_t k = 0; k < w->vars[v].nbytes && b; k++) x |= (u128)b[w->vars[v].off + k] << (8 * k);
        values[v] = expr_signed(x, 8 * w->vars[v].nbytes);
    }
}

/* d of a float comparison: l - r when it tells the truth of the conjunct
 * (NaN-aware, as the FP kind decides), else a stand-in of the right sign. */
static double cwq_float_diff(const CwAtom *a, CwCmp cmp, u128 lv, u128 rv) {
    unsigned wd = a->l->width;
    u128 k[3] = {lv, rv, 0};
    bool holds = (expr_fp_fold(a->kind, 0, 1, wd, k) != 0) != a->negate;
    double d = expr_fp_to_double(lv, wd) - expr_fp_to_double(rv, wd), err = isnan(d) ? 1 : cw_error(cmp, d);
    if (holds && err == 0) return d;
    if (!holds && err != 0 && isfinite(d)) return d;
    static const double sat[] = {[CW_EQ] = 0, [CW_NE] = 1, [CW_LT] = -1, [CW_LE] = 0, [CW_GT] = 1, [CW_GE] = 0};
    const double big = DBL_MAX / 8;
    static const double unsat[] = {[CW_EQ] = 1, [CW_NE] = 0, [CW_LT] = 1, [CW_LE] = 1, [CW_GT] = -1, [CW_GE] = -1};
    return holds ? sat[cmp] : unsat[cmp] * big;
}

static double cwq_diff(void *ctx, uint32_t c, const i128 *values) {
    CwQuery *w = ctx;
    const CwAtom *a = &w->atoms[c];
    const Assignment *pt = cwq_point(w, values);
    u128 lv = expr_eval(a->l, pt);
    if (!a->r) return (lv != 0) != a->negate ? 0 : 1;
    u128 rv = expr_eval(a->r, pt);
    if (a->is_float) return cwq_float_diff(a, w->cons[c].cmp, lv, rv);
    unsigned wd = a->l->width;
    if (lv == rv) return 0;
    if (wd <= 64) {
        i128 x = a->is_signed ? expr_signed(lv, wd) : (i128)lv, y = a->is_signed ? expr_signed(rv, wd) : (i128)rv;
        return (double)(x - y); /* exact below 2^53, never 0 for x != y */
    }
    bool less = a->is_signed ? expr_signed(lv, wd) < expr_signed(rv, wd) : lv < rv;
    double d = a->is_signed ? (double)expr_signed(lv, wd) - (double)expr_signed(rv, wd) : (double)lv - (double)rv;
    return d != 0 ? d : less ? -1 : 1;
}

static bool cwq_sat(CwQuery *w, const i128 *values, bool linear_only) {
    for (uint32_t c = 0; c < w->ncons; c++)
        if ((w->cons[c].linear || !linear_only) && cw_error(w->cons[c].cmp, cwq_diff(w, c, values)) != 0)
            return false;
    return true;
}

bool cwq_sat_linear(CwQuery *w, const i128 *values) { return cwq_sat(w, values, true); }
bool cwq_sat_all(CwQuery *w, const i128 *values) { return cwq_sat(w, values, false); }

void cwq_build(CwQuery *w, Expr *const *cs, size_t n, Expr *goal, const Assignment *start) {
    memset(w, 0, sizeof *w);
    ExprVec conj = {0};
    for (size_t i = 0; i < n; i++) cwq_split(cs[i], &conj);
    if (goal) cwq_split(goal, &conj);
    RunVec all = {0};
    RunVec *runs = util_calloc(conj.len + 1, sizeof *runs);
    for (size_t i = 0; i < conj.len; i++) {
        PtrMap seen;
        ptrmap_init(&seen);
        cwq_walk(conj.data[i], &seen, &runs[i]);
        ptrmap_free(&seen);
        for (size_t k = 0; k < runs[i].len; k++) VEC_PUSH(all, runs[i].data[k]);
    }
    cwq_make_vars(w, &all);
    w->ncons = (uint32_t)conj.len;
    w->cons = util_calloc(conj.len + 1, sizeof *w->cons);
    w->atoms = util_calloc(conj.len + 1, sizeof *w->atoms);
    for (size_t i = 0; i < conj.len; i++) {
        cwq_atom(conj.data[i], &w->cons[i], &w->atoms[i]);
        cwq_constraint_vars(w, &w->cons[i], &runs[i]);
        w->cons[i].linear = linear_keeps(conj.data[i]);
        w->nlinear += w->cons[i].linear;
        VEC_FREE(runs[i]);
    }
    free(runs);
    VEC_FREE(all);
    Query q = {cs, n, goal, NULL, NULL, false};
    ArraySet arrays = {0};
    solver_query_arrays(&q, &arrays);
    assignment_init(&w->point);
    if (start) solver_copy_query_arrays(&q, start, &w->point);
    solver_fill_missing(&w->point, &arrays);
    expr_array_set_free(&arrays);
    w->conj = conj.data;
    w->problem = (CwProblem){w->nvars, w->lo, w->hi, w->ncons, w->cons, cwq_diff, w, NULL, NULL, NULL};
    unsigned *fb = util_calloc(w->nvars + 1, sizeof *fb);
    cwq_float_vars(w, fb);
    w->fbits = util_calloc(w->nvars + 1, 1);
    for (uint32_t v = 0; v < w->nvars; v++) w->fbits[v] = (uint8_t)fb[v];
    free(fb);
    w->problem.fbits = w->fbits;
}

void cwq_free(CwQuery *w) {
    for (uint32_t c = 0; c < w->ncons; c++) {
        expr_unref(w->atoms[c].l);
        expr_unref(w->atoms[c].r);
        free((void *)w->cons[c].vars);
    }
    free(w->cons);
    free(w->atoms);
    free(w->conj);
    free(w->vars);
    free(w->lo);
    free(w->hi);
    free(w->fbits);
    assignment_free(&w->point);
}
