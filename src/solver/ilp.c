/* Exact propagation and GLPK behind the ILP interface (see ilp.h). */
#include "ilp_internal.h"
#include "../util/util.h"
#include <glpk.h>
#include <math.h>
#include <setjmp.h>
#include <stdlib.h>

#define ILP_EXACT ((i128)1 << 53) /* doubles hold every integer up to here */
#define ILP_I128_MIN ((i128)((unsigned __int128)1 << 127))

static bool ilp_exact_double(i128 v) { return v <= ILP_EXACT && v >= -ILP_EXACT; }

/* GLPK's bound type and values for [lo, hi] (a side absent, or not exact in a
 * double, is left open: the problem only grows). */
static int ilp_bound_type(bool has_lo, i128 lo, bool has_hi, i128 hi, double *dlo, double *dhi) {
    has_lo = has_lo && ilp_exact_double(lo);
    has_hi = has_hi && ilp_exact_double(hi);
    *dlo = has_lo ? (double)lo : 0.0;
    *dhi = has_hi ? (double)hi : 0.0;
    return has_lo && has_hi ? (lo == hi ? GLP_FX : GLP_DB) : has_lo ? GLP_LO : has_hi ? GLP_UP : GLP_FR;
}

/* ---- exact bound propagation ----
 * Each row lo <= sum c_k x_k <= hi bounds every x_k by the others' bounds,
 * rounded inward to the integers: exact, so an empty domain is a proof of
 * infeasibility. It also fixes the wrap-around variables (the multiples of
 * 2^w) of sums that cannot overflow, whose huge coefficients would otherwise
 * reach GLPK, where an integrality tolerance of 1e-5 times 2^32 is room for
 * any value. */

static i128 ilp_floor_div(i128 a, i128 d) { /* d != 0, a != ILP_I128_MIN */
    i128 q = a / d;
    return (a % d != 0 && ((a < 0) != (d < 0))) ? q - 1 : q;
}
static i128 ilp_ceil_div(i128 a, i128 d) { return -ilp_floor_div(-a, d); }

/* [min, max] of sum c_k x_k over the row's terms other than `skip`; false on overflow. */
static bool ilp_row_range(const LinRow *r, const IlpBounds *b, uint32_t skip, i128 *mn, i128 *mx) {
    *mn = *mx = 0;
    for (uint32_t k = 0; k < r->n; k++) {
        if (k == skip) continue;
        i128 c = r->coefs[k], a, z;
        uint32_t v = r->vars[k];
        if (__builtin_mul_overflow(c, c > 0 ? b->lo[v] : b->hi[v], &a) ||
            __builtin_mul_overflow(c, c > 0 ? b->hi[v] : b->lo[v], &z))
            return false;
        if (__builtin_add_overflow(*mn, a, mn) || __builtin_add_overflow(*mx, z, mx)) return false;
    }
    return true;
}

/* Tightens the bounds of the row's variables; false if a domain empties. */
static bool ilp_propagate_row(const LinRow *r, IlpBounds *b, bool *changed) {
    for (uint32_t k = 0; k < r->n; k++) {
        i128 c = r->coefs[k], mn, mx;
        if (c == 0 || !ilp_row_range(r, b, k, &mn, &mx)) continue;
        uint32_t v = r->vars[k];
        /* lo - mx <= c x <= hi - mn (a side that overflows, or would overflow
         * when negated in the rounding, says nothing) */
        i128 lo = b->lo[v], hi = b->hi[v], a = 0, z = 0;
        bool has_a = r->has_lo && !__builtin_sub_overflow(r->lo, mx, &a) && a != ILP_I128_MIN;
        bool has_z = r->has_hi && !__builtin_sub_overflow(r->hi, mn, &z) && z != ILP_I128_MIN;
        if (c > 0) {
            if (has_a && ilp_ceil_div(a, c) > lo) lo = ilp_ceil_div(a, c);
            if (has_z && ilp_floor_div(z, c) < hi) hi = ilp_floor_div(z, c);
        } else {
            if (has_z && ilp_ceil_div(z, c) > lo) lo = ilp_ceil_div(z, c);
            if (has_a && ilp_floor_div(a, c) < hi) hi = ilp_floor_div(a, c);
        }
        if (lo > hi) return false;
        if (lo != b->lo[v] || hi != b->hi[v]) *changed = true;
        b->lo[v] = lo;
        b->hi[v] = hi;
    }
    return true;
}

bool ilp_propagate(const LinSystem *s, size_t nrows, const LinRow *extra, IlpBounds *b) {
    b->n = linear_system_nvars(s);
    b->lo = util_malloc((b->n + 1) * sizeof(i128));
    b->hi = util_malloc((b->n + 1) * sizeof(i128));
    for (uint32_t v = 0; v < b->n; v++) {
        linear_system_bounds(s, v, &b->lo[v], &b->hi[v]);
        if (b->lo[v] > b->hi[v]) return false;
    }
    if (linear_system_contradiction(s)) return false;
    const LinRow *rows = linear_system_rows(s);
    bool changed = true;
    for (int pass = 0; changed && pass < 32; pass++) {
        changed = false;
        for (size_t i = 0; i < nrows; i++)
            if (!ilp_propagate_row(&rows[i], b, &changed)) return false;
        if (extra && !ilp_propagate_row(extra, b, &changed)) return false;
    }
    return true;
}

void ilp_bounds_free(IlpBounds *b) {
    free(b->lo);
    free(b->hi);
}

bool ilp_fold(const LinRow *r, const IlpBounds *b, bool limited, IlpRow *out) {
    i128 shift = 0;
    out->n = 0;
    if (r->n > LIN_MAX_TERMS) return false;
    for (uint32_t k = 0; k < r->n; k++) {
        uint32_t v = r->vars[k];
        i128 c = r->coefs[k], t;
        if (b->lo[v] == b->hi[v]) {
            if (__builtin_mul_overflow(c, b->lo[v], &t) || __builtin_add_overflow(shift, t, &shift)) return false;
            continue;
        }
        if (limited && (c > ILP_COEF_MAX || c < -ILP_COEF_MAX)) return false;
        uint32_t j = 0;
        while (j < out->n && out->vars[j] != v) j++;
        if (j == out->n) {
            out->vars[out->n] = v;
            out->coefs[out->n++] = 0;
        }
        if (__builtin_add_overflow(out->coefs[j], c, &out->coefs[j])) return false;
    }
    out->has_lo = r->has_lo;
    out->has_hi = r->has_hi;
    if ((r->has_lo && __builtin_sub_overflow(r->lo, shift, &out->lo)) ||
        (r->has_hi && __builtin_sub_overflow(r->hi, shift, &out->hi)))
        return false;
    return out->n > 0;
}

/* ---- GLPK ----
 * GLPK reports an internal error (a failed assertion; seen on problems with
 * bounds near 2^53) through the error hook and then aborts the process. The
 * hook jumps back out instead, and the GLPK environment is freed, which is
 * what glpk.h asks before GLPK is used again; every problem of the session
 * goes with it, so one session builds, solves and reads out a problem. */

static void ilp_glpk_error(void *env) { longjmp(*(jmp_buf *)env, 1); }
/* GLPK prints its error messages even with terminal output off: not here */
static int ilp_glpk_silent(void *info, const char *s) {
    (void)info;
    (void)s;
    return 1;
}

static void ilp_glpk_row(glp_prob *g, const IlpRow *r, int *idx, double *val) {
    for (uint32_t k = 0; k < r->n; k++) {
        idx[k + 1] = (int)r->vars[k] + 1;
        val[k + 1] = (double)r->coefs[k]; /* at most 2^20: exact */
    }
    int row = glp_add_rows(g, 1);
    glp_set_mat_row(g, row, (int)r->n, idx, val);
    double dlo, dhi;
    int type = ilp_bound_type(r->has_lo, r->lo, r->has_hi, r->hi, &dlo, &dhi);
    glp_set_row_bnds(g, row, type, dlo, dhi);
}

/* The rows ilp_fold keeps (limited) over b as a GLPK problem, every column integer. */
static glp_prob *ilp_problem(const IlpBounds *b, const LinRow *rows, size_t nrows, int *idx, double *val) {
    glp_prob *g = glp_create_prob();
    glp_add_cols(g, (int)b->n);
    for (uint32_t v = 0; v < b->n; v++) {
        glp_set_col_kind(g, (int)v + 1, GLP_IV);
        double dlo, dhi;
        int type = ilp_bound_type(true, b->lo[v], true, b->hi[v], &dlo, &dhi);
        glp_set_col_bnds(g, (int)v + 1, type, dlo, dhi);
    }
    IlpRow r;
    for (size_t i = 0; i < nrows; i++)
        if (ilp_fold(&rows[i], b, true, &r)) ilp_glpk_row(g, &r, idx, val);
    return g;
}

/* Solves g; ILP_FEASIBLE with an optimum (or any point without objective). */
static IlpResult ilp_solve(glp_prob *g, int time_ms) {
    glp_iocp parm;
    glp_init_iocp(&parm);
    parm.presolve = GLP_ON;
    parm.msg_lev = GLP_MSG_OFF;
    parm.tm_lim = time_ms > 0 ? time_ms : 100;
    int rc = glp_intopt(g, &parm);
    if (rc == GLP_ENOPFS) return ILP_INFEASIBLE; /* the LP relaxation itself has no point */
    if (rc != 0) return ILP_UNKNOWN;
    int st = glp_mip_status(g);
    if (st == GLP_OPT) return ILP_FEASIBLE;
    if (st == GLP_NOFEAS) return ILP_INFEASIBLE;
    return ILP_UNKNOWN;
}

/* The optimum of a term with integer coefficients over integers is an
 * integer; GLPK's double is within its tolerances of it, so the bound is the
 * double moved outward by a margin, then rounded to the integer inside (a
 * guess all the same: ilp_confirm_range is the proof). */
static i128 ilp_outward(double v, bool lower) {
    double margin = 1e-6 * (fabs(v) > 1.0 ? fabs(v) : 1.0);
    return lower ? (i128)ceil(v - margin) : (i128)floor(v + margin);
}

static IlpResult ilp_optimum(glp_prob *g, const LinTerm *t, bool lower, int time_ms, i128 *out) {
    for (int c = 1; c <= glp_get_num_cols(g); c++) glp_set_obj_coef(g, c, 0.0);
    for (uint32_t k = 0; k < t->n; k++) {
        int c = (int)t->vars[k] + 1;
        glp_set_obj_coef(g, c, glp_get_obj_coef(g, c) + (double)t->coefs[k]);
    }
    glp_set_obj_dir(g, lower ? GLP_MIN : GLP_MAX);
    IlpResult r = ilp_solve(g, time_ms);
    if (r == ILP_FEASIBLE) *out = ilp_outward(glp_mip_obj_val(g), lower) + t->c;
    return r;
}

/* One GLPK session over b and the rows: feasibility (t NULL) or t's minimum
 * *mn and maximum *mx. A GLPK error is ILP_UNKNOWN. */
static IlpResult ilp_glpk(const IlpBounds *b, const LinRow *rows, size_t nrows, const LinTerm *t, int time_ms,
                          i128 *mn, i128 *mx, IlpStats *st) {
    int *idx = util_malloc((LIN_MAX_TERMS + 2) * sizeof(int));
    double *val = util_malloc((LIN_MAX_TERMS + 2) * sizeof(double));
    jmp_buf env;
    IlpResult r = ILP_UNKNOWN;
    if (setjmp(env)) { /* nothing set after setjmp is read here */
        glp_free_env();
        if (st) st->glpk_errors++;
        free(idx);
        free(val);
        return ILP_UNKNOWN;
    }
    glp_term_hook(ilp_glpk_silent, NULL);
    glp_error_hook(ilp_glpk_error, &env);
    glp_prob *g = ilp_problem(b, rows, nrows, idx, val);
    if (!t) {
        r = ilp_solve(g, time_ms);
    } else {
        r = ilp_optimum(g, t, true, time_ms, mn);
        /* once a point exists, a failed maximisation is noise, not a proof */
        if (r == ILP_FEASIBLE && (ilp_optimum(g, t, false, time_ms, mx) != ILP_FEASIBLE || *mn > *mx)) r = ILP_UNKNOWN;
    }
    glp_delete_prob(g);
    glp_error_hook(NULL, NULL);
    free(idx);
    free(val);
    return r;
}

/* GLPK's ILP_INFEASIBLE over b and the rows, checked exactly. */
static IlpResult ilp_confirm(IlpResult r, const IlpBounds *b, const LinRow *rows, size_t nrows, IlpStats *st) {
    if (r != ILP_INFEASIBLE) return r;
    if (ilp_exact(b, rows, nrows, NULL) == ILP_INFEASIBLE) return r;
    if (st) st->unconfirmed++;
    return ILP_UNKNOWN;
}

IlpResult ilp_feasible(LinSystem *s, int time_ms, IlpStats *st) {
    linear_system_close(s);
    const LinRow *rows = linear_system_rows(s);
    size_t nr = linear_system_nrows(s);
    IlpBounds b;
    IlpResult r = ILP_INFEASIBLE;
    if (ilp_propagate(s, nr, NULL, &b))
        r = b.n == 0 ? ILP_FEASIBLE /* no variables, no contradiction */
                     : ilp_confirm(ilp_glpk(&b, rows, nr, NULL, time_ms, NULL, NULL, st), &b, rows, nr, st);
    ilp_bounds_free(&b);
    return r;
}

/* t as a row over the same variables, lo <= t <= hi (either side optional). */
static bool ilp_term_row(const LinTerm *t, bool has_lo, i128 lo, bool has_hi, i128 hi, LinRow *out) {
    *out = (LinRow){t->n, (uint32_t *)t->vars, (i128 *)t->coefs, 0, 0, has_lo, has_hi};
    return !(has_lo && __builtin_sub_overflow(lo, t->c, &out->lo)) && !(has_hi && __builtin_sub_overflow(hi, t->c, &out->hi));
}

IlpResult ilp_range(LinSystem *s, const LinTerm *t, int time_ms, IlpRange *out, IlpStats *st) {
    out->lo = out->exact_lo = t->lo;
    out->hi = out->exact_hi = t->hi;
    linear_system_close(s);
    const LinRow *rows = linear_system_rows(s);
    size_t nr = linear_system_nrows(s);
    IlpBounds bd;
    if (!ilp_propagate(s, nr, NULL, &bd)) {
        ilp_bounds_free(&bd);
        return ILP_INFEASIBLE;
    }
    /* the term's range over the propagated bounds: exact, GLPK may only narrow it */
    LinRow tr;
    ilp_term_row(t, false, 0, false, 0, &tr);
    i128 mn, mx;
    if (ilp_row_range(&tr, &bd, UINT32_MAX, &mn, &mx) && !__builtin_add_overflow(mn, t->c, &mn) &&
        !__builtin_add_overflow(mx, t->c, &mx)) {
        if (mn > out->lo) out->lo = out->exact_lo = mn;
        if (mx < out->hi) out->hi = out->exact_hi = mx;
    }
    bool big = bd.n == 0;
    for (uint32_t k = 0; k < t->n; k++) big = big || t->coefs[k] > ILP_COEF_MAX || t->coefs[k] < -ILP_COEF_MAX;
    i128 a = 0, b = 0;
    IlpResult r = big ? ILP_UNKNOWN : ilp_glpk(&bd, rows, nr, t, time_ms, &a, &b, st);
    r = ilp_confirm(r, &bd, rows, nr, st);
    ilp_bounds_free(&bd);
    if (r != ILP_FEASIBLE) return r;
    /* never wider than what propagation proved */
    if (a > out->lo) out->lo = a;
    if (b < out->hi) out->hi = b;
    return ILP_FEASIBLE;
}

/* No integer point of rows[0..nrows) has t within [lo, hi]: exactly. */
static bool ilp_excluded(const LinSystem *s, size_t nrows, const LinTerm *t, bool has_lo, i128 lo, bool has_hi,
                         i128 hi) {
    LinRow extra;
    if (!ilp_term_row(t, has_lo, lo, has_hi, hi, &extra)) return false;
    IlpBounds b;
    const LinRow *rows = linear_system_rows(s);
    bool none = !ilp_propagate(s, nrows, &extra, &b) || ilp_exact(&b, rows, nrows, &extra) == ILP_INFEASIBLE;
    ilp_bounds_free(&b);
    return none;
}

bool ilp_confirm_range(LinSystem *s, size_t nrows, const LinTerm *t, const IlpRange *r) {
    if (r->lo > r->exact_lo && !ilp_excluded(s, nrows, t, false, 0, true, r->lo - 1)) return false;
    return r->hi >= r->exact_hi || ilp_excluded(s, nrows, t, true, r->hi + 1, false, 0);
}
