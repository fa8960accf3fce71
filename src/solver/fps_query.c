/* A query as a floating-point search problem: variables, float typing and
 * MuSE's distances (fps_query.h). */
#include "fps_query.h"
#include "../expr/expr_fp.h"
#include "../util/ptrmap.h"
#include "../util/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define FPQ_NAN_DIST 0x1p66 /* beyond any count of floats between two values */

/* ---- detection ---- */
static bool fpq_walk_fp(Expr *e, PtrMap *seen) {
    if (expr_kind_is_fp(e->kind)) return true;
    if (ptrmap_get(seen, e)) return false;
    ptrmap_put(seen, e, 1);
    for (unsigned k = 0; k < e->nkids; k++)
        if (fpq_walk_fp(e->kids[k], seen)) return true;
    if (e->kind == EXPR_READ)
        for (UpdateNode *u = e->u.read.updates; u; u = u->next)
            if (fpq_walk_fp(u->index, seen) || fpq_walk_fp(u->value, seen)) return true;
    return false;
}

bool fpq_has_fp(const Query *q) {
    PtrMap seen;
    ptrmap_init(&seen);
    bool fp = q->expr && fpq_walk_fp(q->expr, &seen);
    for (size_t i = 0; i < q->n && !fp; i++) fp = fpq_walk_fp(q->constraints[i], &seen);
    ptrmap_free(&seen);
    return fp;
}

/* ---- distances ---- */
static bool fpq_isnan(unsigned w, u128 v) {
    FpsKind k = w == 32 ? FPS_F32 : FPS_F64;
    return llabs(fps_ord(k, (uint64_t)v)) > fps_ord_max(k);
}

static double fpq_fcmp(Expr *e, bool neg, const Assignment *pt) {
    unsigned w = e->kids[0]->width;
    FpsKind fk = w == 32 ? FPS_F32 : FPS_F64;
    u128 a = expr_eval(e->kids[0], pt), b = expr_eval(e->kids[1], pt);
    bool nan = fpq_isnan(w, a) || fpq_isnan(w, b);
    int64_t oa = fps_ord(fk, (uint64_t)a), ob = fps_ord(fk, (uint64_t)b);
    bool holds = e->kind == EXPR_FUNO ? nan
                 : nan               ? false
                 : e->kind == EXPR_FOEQ ? oa == ob
                 : e->kind == EXPR_FOLT ? oa < ob
                                        : oa <= ob;
    if (holds != neg) return 0;
    if (e->kind == EXPR_FUNO) return 1;
    double theta = fabs((double)((i128)oa - (i128)ob));
    if (!neg) /* the ordered relation must hold and does not */
        return nan ? FPQ_NAN_DIST : e->kind == EXPR_FOLT ? theta + 1 : theta;
    /* its negation must hold: the relation holds now, so nothing is a NaN */
    return e->kind == EXPR_FOEQ ? 1 : e->kind == EXPR_FOLT ? theta : theta + 1;
}

static double fpq_icmp(Expr *e, bool neg, const Assignment *pt) {
    unsigned w = e->kids[0]->width;
    u128 l = expr_eval(e->kids[0], pt), r = expr_eval(e->kids[1], pt);
    bool is_signed = e->kind == EXPR_SLT || e->kind == EXPR_SLE || e->kind == EXPR_EQ;
    i128 x = is_signed ? expr_signed(l, w) : (i128)l, y = is_signed ? expr_signed(r, w) : (i128)r;
    bool holds = e->kind == EXPR_EQ ? x == y : (e->kind == EXPR_ULT || e->kind == EXPR_SLT) ? x < y : x <= y;
    if (holds != neg) return 0;
    double d = fabs((double)x - (double)y);
    if (e->kind == EXPR_EQ) return neg ? 1 : d < 1 ? 1 : d;
    bool strict = e->kind == EXPR_ULT || e->kind == EXPR_SLT;
    /* !neg: x < y (or <=) fails; neg: x >= y (or >) fails */
    return (strict != neg ? d + 1 : d < 1 ? 1 : d);
}

double fpq_dist(Expr *e, bool neg, const Assignment *pt) {
    if (e->width == 1) switch (e->kind) {
        case EXPR_NOT: return fpq_dist(e->kids[0], !neg, pt);
        case EXPR_AND:
        case EXPR_OR: {
            double a = fpq_dist(e->kids[0], neg, pt), b = fpq_dist(e->kids[1], neg, pt);
            return (e->kind == EXPR_AND) != neg ? a + b : a * b;
        }
        default: break;
        }
    switch (e->kind) {
    case EXPR_FOEQ: case EXPR_FOLT: case EXPR_FOLE: case EXPR_FUNO:
        return fpq_fcmp(e, neg, pt);
    case EXPR_EQ:
        if (e->kids[0]->width == 1 && expr_is_const(e->kids[0])) /* b == true, b == false */
            return fpq_dist(e->kids[1], neg == (e->kids[0]->u.value != 0), pt);
        /* fall through */
    case EXPR_ULT: case EXPR_ULE: case EXPR_SLT: case EXPR_SLE:
        if (e->kids[0]->width > 1 && e->kids[0]->width <= 64) return fpq_icmp(e, neg, pt);
        break;
    default: break;
    }
    return (expr_eval(e, pt) != 0) != neg ? 0 : 1;
}

/* ---- the problem ---- */
const Assignment *fpq_point(FpsQuery *f, const uint64_t *bits) {
    uint32_t n = f->w.nvars;
    if (f->last_valid && memcmp(f->last, bits, n * sizeof *bits) == 0) return &f->w.point;
    for (uint32_t v = 0; v < n; v++) f->values[v] = (i128)bits[v];
    memcpy(f->last, bits, n * sizeof *bits);
    f->last_valid = true;
    return cwq_point(&f->w, f->values);
}

void fpq_bits(const FpsQuery *f, const Assignment *a, uint64_t *bits) {
    cwq_values(&f->w, a, f->values);
    for (uint32_t v = 0; v < f->w.nvars; v++) {
        unsigned w = 8 * f->w.vars[v].nbytes;
        bits[v] = (uint64_t)f->values[v] & (w >= 64 ? ~0ull : (1ull << w) - 1);
    }
}

bool fpq_sat(FpsQuery *f, const uint64_t *bits) {
    const Assignment *pt = fpq_point(f, bits);
    for (uint32_t c = 0; c < f->w.ncons; c++)
        if (!expr_eval(f->w.conj[c], pt)) return false;
    return true;
}

static double fpq_problem_dist(void *ctx, uint32_t c, const uint64_t *bits) {
    FpsQuery *f = ctx;
    return fpq_dist(f->w.conj[c], false, fpq_point(f, bits));
}

void fpq_build(FpsQuery *f, const Query *q) {
    memset(f, 0, sizeof *f);
    cwq_build(&f->w, q->constraints, q->n, q->expr, q->base);
    uint32_t nv = f->w.nvars, nc = f->w.ncons;
    unsigned *fbits = util_calloc(nv + 1, sizeof *fbits);
    cwq_float_vars(&f->w, fbits);
    f->vars = util_calloc(nv + 1, sizeof *f->vars);
    for (uint32_t v = 0; v < nv; v++) {
        f->vars[v] = fbits[v] == 32   ? (FpsVar){FPS_F32, 32}
                     : fbits[v] == 64 ? (FpsVar){FPS_F64, 64}
                                      : (FpsVar){FPS_INT, 8 * f->w.vars[v].nbytes};
        f->nfloat += fbits[v] != 0;
    }
    free(fbits);
    f->cons = util_calloc(nc + 1, sizeof *f->cons);
    for (uint32_t c = 0; c < nc; c++) f->cons[c] = (FpsConstraint){f->w.cons[c].nvars, f->w.cons[c].vars};
    f->values = util_calloc(nv + 1, sizeof *f->values);
    f->last = util_calloc(nv + 1, sizeof *f->last);
    f->problem = (FpsProblem){nv, f->vars, nc, f->cons, fpq_problem_dist, f, NULL, NULL};
}

void fpq_free(FpsQuery *f) {
    cwq_free(&f->w);
    free(f->vars);
    free(f->cons);
    free(f->values);
    free(f->last);
}
