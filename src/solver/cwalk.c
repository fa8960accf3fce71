/* The concolic walk's algorithm (cwalk.h): Alg 5.1 in cw_walk, 5.2 in
 * cw_error, 5.3 in cw_neighbor, 5.4 in cw_random_step. */
#include "cwalk.h"
#include "../expr/expr_fp.h"
#include "../util/util.h"
#include <math.h>
#include <string.h>

CwParams cw_default_params(void) {
    return (CwParams){.steps_per_constraint = 150, .rounds = 10, .tabu = -1, .rejections = 8, .step_sd = 8.0};
}

/* ---- randomness ---- */
static double cw_rng_uniform(void *ctx) { return rng_double(ctx); }
static uint64_t cw_rng_below(void *ctx, uint64_t n) { return rng_below(ctx, n); }
static double cw_rng_normal(void *ctx) {
    /* Box-Muller; 1 - u keeps the logarithm's argument in (0, 1] */
    double u = 1.0 - rng_double(ctx), v = rng_double(ctx);
    return sqrt(-2.0 * log(u)) * cos(6.283185307179586 * v);
}

CwRandom cw_random(struct Rng *rng) {
    return (CwRandom){cw_rng_normal, cw_rng_uniform, cw_rng_below, rng};
}

/* ---- errors ---- */
double cw_error(CwCmp cmp, double d) {
    bool ok;
    switch (cmp) {
    case CW_EQ: return fabs(d);
    case CW_NE: return d != 0 ? 0 : 1;
    case CW_LT: ok = d < 0; break;
    case CW_LE: ok = d <= 0; break;
    case CW_GT: ok = d > 0; break;
    default: ok = d >= 0; break;
    }
    return ok ? 0 : fabs(d) + 1;
}

/* The walk's working state: the problem, its parameters and scratch points. */
typedef struct Walk {
    const CwProblem *p;
    const CwParams *par;
    const CwRandom *rnd;
    CwStats *st;
    uint32_t *eqs, neqs;      /* the linear equalities (ADJUSTTOSATISFY's E) */
    uint32_t *nonlin, nnon;   /* N */
    uint32_t *used, nused;    /* VARS(P) */
    bool *moved;              /* variables the current random step moved */
    uint32_t *cand;           /* scratch: violated constraints of a variable */
} Walk;

static double walk_diff(Walk *w, uint32_t c, const i128 *v) {
    w->st->evals++;
    return w->p->diff(w->p->ctx, c, v);
}

static double walk_err(Walk *w, uint32_t c, const i128 *v) { return cw_error(w->p->cons[c].cmp, walk_diff(w, c, v)); }

/* E(N, v), the error summed over the non-linear constraints */
static double walk_err_n(Walk *w, const i128 *v) {
    double e = 0;
    for (uint32_t k = 0; k < w->nnon; k++) e += walk_err(w, w->nonlin[k], v);
    return e;
}

static bool walk_sat_l(Walk *w, const i128 *v) {
    for (uint32_t c = 0; c < w->p->ncons; c++)
        if (w->p->cons[c].linear && walk_err(w, c, v) != 0) return false;
    return true;
}

/* A variable's coordinate: the integer, or the float its bits encode. */
static double cw_coord(const CwProblem *p, uint32_t y, i128 v) {
    unsigned fb = p->fbits ? p->fbits[y] : 0;
    return fb ? expr_fp_to_double((u128)v, fb) : (double)v;
}

/* The float variable y at coordinate c (the nearest float), or old for a NaN. */
static i128 cw_float_at(const CwProblem *p, uint32_t y, double c, i128 old) {
    if (isnan(c)) return old;
    return expr_signed(expr_fp_from_double(c, p->fbits[y]), p->fbits[y]);
}

static bool cw_is_float(const CwProblem *p, uint32_t y) { return p->fbits && p->fbits[y]; }

/* x + delta rounded (ties away from zero) and clamped into the range of
 * variable y; a float variable moves to the float nearest its value + delta */
static i128 walk_move(Walk *w, uint32_t y, i128 x, double delta) {
    if (cw_is_float(w->p, y)) return cw_float_at(w->p, y, cw_coord(w->p, y, x) + delta, x);
    double lo = (double)(w->p->lo[y] - x), hi = (double)(w->p->hi[y] - x);
    if (!(delta > lo)) return w->p->lo[y]; /* also NaN: the low end */
    if (delta >= hi) return w->p->hi[y];
    i128 r = x + (i128)round(delta);
    return r < w->p->lo[y] ? w->p->lo[y] : r > w->p->hi[y] ? w->p->hi[y] : r;
}

static bool walk_reads(const CwConstraint *c, uint32_t y) {
    for (uint32_t k = 0; k < c->nvars; k++)
        if (c->vars[k] == y) return true;
    return false;
}

/* ADJUSTTOSATISFY: a secant step on an unmoved variable of each broken equality. */
static void walk_adjust(Walk *w, i128 *nu) {
    for (int pass = 0; pass < 2; pass++)
        for (uint32_t k = 0; k < w->neqs; k++) {
            const CwConstraint *c = &w->p->cons[w->eqs[k]];
            double d0 = walk_diff(w, w->eqs[k], nu);
            if (d0 == 0) continue;
            uint32_t free_vars = 0;
            for (uint32_t j = 0; j < c->nvars; j++) free_vars += !w->moved[c->vars[j]];
            if (!free_vars) continue;
            uint32_t pick = (uint32_t)w->rnd->below(w->rnd->ctx, free_vars), z = 0;
            for (uint32_t j = 0; j < c->nvars; j++)
                if (!w->moved[c->vars[j]] && pick-- == 0) z = c->vars[j];
            i128 z0 = nu[z];
            nu[z] = walk_move(w, z, z0, 1.0);
            if (nu[z] == z0) nu[z] = walk_move(w, z, z0, -1.0); /* z at the top of its range */
            double h = cw_coord(w->p, z, nu[z]) - cw_coord(w->p, z, z0), d1 = h != 0 ? walk_diff(w, w->eqs[k], nu) : d0;
            nu[z] = z0;
            if (d1 != d0) nu[z] = walk_move(w, z, z0, -d0 * h / (d1 - d0));
        }
}

/* RANDOMSTEP (Alg 5.4): a normal step on the variables ys that stays inside L,
 * written to nu; nu = chi when M tries all left L. */
static void cw_random_step(Walk *w, const i128 *chi, const uint32_t *ys, uint32_t ny, i128 *nu) {
    uint32_t n = w->p->nvars;
    for (uint32_t t = 0; t < w->par->rejections; t++) {
        memcpy(nu, chi, n * sizeof *nu);
        for (uint32_t k = 0; k < ny; k++) {
            nu[ys[k]] = walk_move(w, ys[k], chi[ys[k]], w->par->step_sd * w->rnd->normal(w->rnd->ctx));
            w->moved[ys[k]] = true;
        }
        walk_adjust(w, nu);
        for (uint32_t k = 0; k < ny; k++) w->moved[ys[k]] = false;
        if (walk_sat_l(w, nu)) return;
    }
    memcpy(nu, chi, n * sizeof *nu);
}

bool cw_secant(const CwProblem *p, const i128 *alpha, const i128 *beta, double va, double vb, i128 *gamma) {
    if (va == vb) return false;
    double t = -va / (vb - va);
    for (uint32_t y = 0; y < p->nvars; y++) {
        if (cw_is_float(p, y)) {
            double a = cw_coord(p, y, alpha[y]);
            gamma[y] = cw_float_at(p, y, a + t * (cw_coord(p, y, beta[y]) - a), alpha[y]);
            continue;
        }
        double step = t * (double)(beta[y] - alpha[y]);
        if (!isfinite(step)) step = step > 0 ? 1e300 : -1e300;
        double lo = (double)(p->lo[y] - alpha[y]), hi = (double)(p->hi[y] - alpha[y]);
        gamma[y] = step <= lo ? p->lo[y] : step >= hi ? p->hi[y] : alpha[y] + (i128)round(step);
        if (gamma[y] < p->lo[y]) gamma[y] = p->lo[y];
        if (gamma[y] > p->hi[y]) gamma[y] = p->hi[y];
    }
    return true;
}

/* BISECTIONSTEP for the violated constraint c between alpha and beta, into gamma. */
static void walk_secant(Walk *w, uint32_t c, uint32_t x, const i128 *alpha, const i128 *beta, i128 *gamma) {
    double va = walk_diff(w, c, alpha), vb = walk_diff(w, c, beta);
    if (cw_secant(w->p, alpha, beta, va, vb, gamma)) return;
    double slope = 2.0 * w->rnd->uniform(w->rnd->ctx) - 1.0;
    memcpy(gamma, alpha, w->p->nvars * sizeof *gamma);
    if (slope != 0) gamma[x] = walk_move(w, x, alpha[x], -va / slope);
}

/* FINDBESTNEIGHBOR (Alg 5.3): the best of R random and R secant neighbours of
 * alpha along x, into mu; returns its error (INFINITY if none). */
static double cw_neighbor(Walk *w, const i128 *alpha, uint32_t x, i128 *mu, bool *secant) {
    uint32_t n = w->p->nvars, ncand = 0;
    for (uint32_t k = 0; k < w->nnon; k++)
        if (walk_reads(&w->p->cons[w->nonlin[k]], x) && walk_err(w, w->nonlin[k], alpha) != 0)
            w->cand[ncand++] = w->nonlin[k];
    i128 *beta = util_malloc(2 * (size_t)n * sizeof *beta), *gamma = beta + n;
    double best = INFINITY;
    for (uint32_t r = 0; r < w->par->rounds; r++) {
        cw_random_step(w, alpha, &x, 1, beta);
        double eb = walk_err_n(w, beta);
        if (eb < best) {
            best = eb;
            *secant = false;
            memcpy(mu, beta, n * sizeof *mu);
        }
        if (!ncand || w->par->no_bisection) continue;
        uint32_t c = w->cand[w->rnd->below(w->rnd->ctx, ncand)];
        walk_secant(w, c, x, alpha, beta, gamma);
        if (!walk_sat_l(w, gamma)) continue;
        double eg = walk_err_n(w, gamma);
        if (eg < best) {
            best = eg;
            *secant = true;
            memcpy(mu, gamma, n * sizeof *mu);
        }
    }
    free(beta);
    return best;
}

/* x = argmax over VARS(P) of the error it carries, tabu variables excluded
 * (ties: the lowest-numbered). */
static uint32_t walk_pick(Walk *w, const i128 *alpha, const int32_t *tabu, double *eps) {
    memset(eps, 0, w->p->nvars * sizeof *eps);
    for (uint32_t k = 0; k < w->nnon; k++) {
        const CwConstraint *c = &w->p->cons[w->nonlin[k]];
        double e = walk_err(w, w->nonlin[k], alpha);
        for (uint32_t j = 0; j < c->nvars; j++) eps[c->vars[j]] += e;
    }
    uint32_t x = w->used[0];
    double best = -1;
    for (uint32_t k = 0; k < w->nused; k++) {
        uint32_t y = w->used[k];
        if (tabu[y] <= 0 && eps[y] > best) {
            best = eps[y];
            x = y;
        }
    }
    return x;
}

static void walk_init(Walk *w, const CwProblem *p) {
    w->eqs = util_malloc((p->ncons + 1) * sizeof *w->eqs);
    w->nonlin = util_malloc((p->ncons + 1) * sizeof *w->nonlin);
    w->cand = util_malloc((p->ncons + 1) * sizeof *w->cand);
    w->used = util_malloc((p->nvars + 1) * sizeof *w->used);
    w->moved = util_calloc(p->nvars + 1, sizeof *w->moved);
    bool *seen = util_calloc(p->nvars + 1, sizeof *seen);
    for (uint32_t c = 0; c < p->ncons; c++) {
        const CwConstraint *k = &p->cons[c];
        if (k->linear && k->cmp == CW_EQ) w->eqs[w->neqs++] = c;
        if (!k->linear) w->nonlin[w->nnon++] = c;
        for (uint32_t j = 0; j < k->nvars; j++) seen[k->vars[j]] = true;
    }
    for (uint32_t y = 0; y < p->nvars; y++)
        if (seen[y]) w->used[w->nused++] = y;
    free(seen);
}

static void walk_free(Walk *w) {
    free(w->eqs);
    free(w->nonlin);
    free(w->cand);
    free(w->used);
    free(w->moved);
}

/* T: the given tenure, or min(3, |VARS(N)| / 2) */
static int32_t walk_tenure(Walk *w) {
    if (w->par->tabu >= 0) return w->par->tabu;
    bool *in = util_calloc(w->p->nvars + 1, sizeof *in);
    int32_t nv = 0;
    for (uint32_t k = 0; k < w->nnon; k++) {
        const CwConstraint *c = &w->p->cons[w->nonlin[k]];
        for (uint32_t j = 0; j < c->nvars; j++)
            if (!in[c->vars[j]]) in[c->vars[j]] = true, nv++;
    }
    free(in);
    return nv / 2 < 3 ? nv / 2 : 3;
}

static bool walk_all_tabu(Walk *w, const int32_t *tabu) {
    for (uint32_t k = 0; k < w->nused; k++)
        if (tabu[w->used[k]] <= 0) return false;
    return true;
}

/* One iteration of Alg 5.1's loop from alpha with error e (which it updates). */
static void walk_step(Walk *w, i128 *alpha, double *e, int32_t *tabu, int32_t tenure, i128 *mu, double *eps) {
    uint32_t n = w->p->nvars;
    if (walk_all_tabu(w, tabu)) {
        cw_random_step(w, alpha, w->used, w->nused, mu);
        memcpy(alpha, mu, n * sizeof *alpha);
        memset(tabu, 0, n * sizeof *tabu);
        *e = walk_err_n(w, alpha);
        w->st->restarts++;
    }
    uint32_t x = walk_pick(w, alpha, tabu, eps);
    bool secant = false;
    double em = cw_neighbor(w, alpha, x, mu, &secant);
    if (em < *e) {
        memcpy(alpha, mu, n * sizeof *alpha);
        *e = em;
        for (uint32_t y = 0; y < n; y++)
            if (tabu[y] > 0) tabu[y]--;
        w->st->moves++;
        w->st->secant_moves += secant;
        if (w->p->visit) w->p->visit(w->p->visit_ctx, alpha);
    } else {
        tabu[x] = tenure;
    }
}

bool cw_walk(const CwProblem *p, const CwParams *params, const CwRandom *rnd, i128 *alpha, CwStats *stats) {
    CwStats local = {0};
    Walk w = {.p = p, .par = params, .rnd = rnd, .st = stats ? stats : &local};
    walk_init(&w, p);
    int32_t *tabu = util_calloc(p->nvars + 1, sizeof *tabu);
    i128 *mu = util_malloc((p->nvars + 1) * sizeof *mu);
    double *eps = util_malloc((p->nvars + 1) * sizeof *eps);
    int32_t tenure = walk_tenure(&w);
    uint64_t limit = (uint64_t)params->steps_per_constraint * w.nnon;
    double e = walk_err_n(&w, alpha);
    for (uint64_t i = 0; e > 0 && w.nused; i++) {
        if (i >= limit || (params->deadline > 0 && timer_now() > params->deadline)) break;
        w.st->steps++;
        walk_step(&w, alpha, &e, tabu, tenure, mu, eps);
    }
    bool ok = e == 0 && walk_sat_l(&w, alpha);
    free(tabu);
    free(mu);
    free(eps);
    walk_free(&w);
    return ok;
}
