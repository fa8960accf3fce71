/* GLPK behind the ILP interface (see ilp.h). */
#include "ilp.h"
#include "../util/util.h"
#include <glpk.h>
#include <math.h>
#include <stdlib.h>

#define ILP_EXACT ((i128)1 << 53) /* doubles hold every integer up to here */

static bool ilp_exact(i128 v) { return v <= ILP_EXACT && v >= -ILP_EXACT; }

/* GLPK's bound type and values for [lo, hi] (a side absent, or not exact in a
 * double, is left open: the problem only grows). */
static int ilp_bound_type(bool has_lo, i128 lo, bool has_hi, i128 hi, double *dlo, double *dhi) {
    has_lo = has_lo && ilp_exact(lo);
    has_hi = has_hi && ilp_exact(hi);
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
typedef struct IlpBounds { i128 *lo, *hi; uint32_t n; } IlpBounds;

static i128 ilp_floor_div(i128 a, i128 d) { /* d != 0 */
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
        /* lo - mx <= c x <= hi - mn */
        i128 lo = b->lo[v], hi = b->hi[v], a = 0, z = 0;
        bool has_a = r->has_lo && !__builtin_sub_overflow(r->lo, mx, &a);
        bool has_z = r->has_hi && !__builtin_sub_overflow(r->hi, mn, &z);
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

static bool ilp_propagate(LinSystem *s, IlpBounds *b) {
    linear_system_close(s);
    b->n = linear_system_nvars(s);
    b->lo = util_malloc((b->n + 1) * sizeof(i128));
    b->hi = util_malloc((b->n + 1) * sizeof(i128));
    for (uint32_t v = 0; v < b->n; v++) {
        linear_system_bounds(s, v, &b->lo[v], &b->hi[v]);
        if (b->lo[v] > b->hi[v]) return false;
    }
    if (linear_system_contradiction(s)) return false;
    const LinRow *rows = linear_system_rows(s);
    size_t nr = linear_system_nrows(s);
    bool changed = true;
    for (int pass = 0; changed && pass < 32; pass++) {
        changed = false;
        for (size_t i = 0; i < nr; i++)
            if (!ilp_propagate_row(&rows[i], b, &changed)) return false;
    }
    return true;
}

static void ilp_bounds_free(IlpBounds *b) {
    free(b->lo);
    free(b->hi);
}

/* ---- GLPK ---- */
#define ILP_COEF_MAX ((i128)1 << 20) /* larger coefficients on free variables: the row is left out */

/* One GLPK row: fixed variables moved into the bounds, repeated ones summed;
 * left out (the problem only grows) if a coefficient is too large for
 * GLPK's tolerances. */
static void ilp_add_row(glp_prob *g, const LinRow *r, const IlpBounds *b, int *idx, double *val) {
    int n = 0;
    i128 shift = 0, lo = r->lo, hi = r->hi;
    for (uint32_t k = 0; k < r->n; k++) {
        uint32_t v = r->vars[k];
        i128 c = r->coefs[k];
        if (b->lo[v] == b->hi[v]) {
            i128 t;
            if (__builtin_mul_overflow(c, b->lo[v], &t) || __builtin_add_overflow(shift, t, &shift)) return;
            continue;
        }
        if (c > ILP_COEF_MAX || c < -ILP_COEF_MAX) return;
        int col = (int)v + 1, j = 1;
        while (j <= n && idx[j] != col) j++;
        if (j > n) {
            idx[++n] = col;
            val[n] = 0;
        }
        val[j] += (double)c;
    }
    if (n == 0) return; /* all fixed: propagation checked it */
    if ((r->has_lo && __builtin_sub_overflow(lo, shift, &lo)) || (r->has_hi && __builtin_sub_overflow(hi, shift, &hi)))
        return;
    int row = glp_add_rows(g, 1);
    glp_set_mat_row(g, row, n, idx, val);
    double dlo, dhi;
    int type = ilp_bound_type(r->has_lo, lo, r->has_hi, hi, &dlo, &dhi);
    glp_set_row_bnds(g, row, type, dlo, dhi);
}

/* The system as a GLPK problem over the propagated bounds, every column
 * integer; NULL if there is nothing to solve. */
static glp_prob *ilp_problem(LinSystem *s, const IlpBounds *b) {
    if (b->n == 0) return NULL;
    glp_prob *g = glp_create_prob();
    glp_add_cols(g, (int)b->n);
    for (uint32_t v = 0; v < b->n; v++) {
        glp_set_col_kind(g, (int)v + 1, GLP_IV);
        double dlo, dhi;
        int type = ilp_bound_type(true, b->lo[v], true, b->hi[v], &dlo, &dhi);
        glp_set_col_bnds(g, (int)v + 1, type, dlo, dhi);
    }
    const LinRow *rows = linear_system_rows(s);
    size_t nr = linear_system_nrows(s);
    int *idx = util_malloc((LIN_MAX_TERMS + 2) * sizeof(int));
    double *val = util_malloc((LIN_MAX_TERMS + 2) * sizeof(double));
    for (size_t i = 0; i < nr; i++)
        if (rows[i].n <= LIN_MAX_TERMS) ilp_add_row(g, &rows[i], b, idx, val);
    free(idx);
    free(val);
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

static void ilp_quiet(void) {
    static bool done;
    if (!done) glp_term_out(GLP_OFF);
    done = true;
}

IlpResult ilp_feasible(LinSystem *s, int time_ms) {
    ilp_quiet();
    IlpBounds b;
    if (!ilp_propagate(s, &b)) {
        ilp_bounds_free(&b);
        return ILP_INFEASIBLE;
    }
    glp_prob *g = ilp_problem(s, &b);
    ilp_bounds_free(&b);
    if (!g) return ILP_FEASIBLE; /* no variables, no contradiction */
    IlpResult r = ilp_solve(g, time_ms);
    glp_delete_prob(g);
    return r;
}

/* The optimum of a term with integer coefficients over integers is an
 * integer; GLPK's double is within its tolerances of it, so the bound is the
 * double moved outward by a margin, then rounded to the integer inside. */
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

IlpResult ilp_range(LinSystem *s, const LinTerm *t, int time_ms, i128 *lo, i128 *hi) {
    ilp_quiet();
    *lo = t->lo;
    *hi = t->hi;
    IlpBounds bd;
    if (!ilp_propagate(s, &bd)) {
        ilp_bounds_free(&bd);
        return ILP_INFEASIBLE;
    }
    /* the term's range over the propagated bounds: exact, GLPK may only narrow it */
    LinRow tr = {t->n, (uint32_t *)t->vars, (i128 *)t->coefs, 0, 0, false, false};
    i128 mn, mx;
    if (ilp_row_range(&tr, &bd, UINT32_MAX, &mn, &mx) && !__builtin_add_overflow(mn, t->c, &mn) &&
        !__builtin_add_overflow(mx, t->c, &mx)) {
        if (mn > *lo) *lo = mn;
        if (mx < *hi) *hi = mx;
    }
    bool big = false;
    for (uint32_t k = 0; k < t->n; k++) big = big || t->coefs[k] > ILP_COEF_MAX || t->coefs[k] < -ILP_COEF_MAX;
    glp_prob *g = big ? NULL : ilp_problem(s, &bd);
    ilp_bounds_free(&bd);
    if (!g) return ILP_UNKNOWN;
    i128 a = 0, b = 0;
    IlpResult r = ilp_optimum(g, t, true, time_ms, &a);
    /* once a point exists, a failed maximisation is noise, not a proof */
    if (r == ILP_FEASIBLE && (ilp_optimum(g, t, false, time_ms, &b) != ILP_FEASIBLE || a > b)) r = ILP_UNKNOWN;
    glp_delete_prob(g);
    if (r != ILP_FEASIBLE) return r == ILP_INFEASIBLE ? r : ILP_UNKNOWN;
    /* never wider than what propagation proved */
    if (a > *lo) *lo = a;
    if (b < *hi) *hi = b;
    return ILP_FEASIBLE;
}
