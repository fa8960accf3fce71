/* Concolic walk tests: the error function (Alg 5.2), the secant step, the
 * thesis's worked example (Figure 5.3: from (4,-1) to (3,1) in three steps)
 * with scripted randomness, and seeded walks on the thesis's small non-linear
 * examples (example1, dart) and on one with no integer solution. */
#include "check.h"
#include "solver/cwalk.h"
#include "util/util.h"
#include <math.h>
#include <string.h>

/* ---- problems: d = l - r of each constraint, in plain integer arithmetic ---- */
typedef struct TestProb {
    int which;
    i128 seen[16][2];   /* points the walk moved to */
    int nseen;
    bool all_in_l;      /* every visited point satisfied the linear constraints */
} TestProb;

enum { FIG53, DART, EXAMPLE1, NOSOL };

static double tp_diff(void *ctx, uint32_t c, const i128 *v) {
    TestProb *t = ctx;
    i128 x = v[0], y = v[1];
    switch (t->which) {
    case FIG53: /* x == x*y (N), x >= 2, x + y >= 2 (L) */
    case EXAMPLE1: /* x == x*y (N), x > 2 (L) */
        if (c == 0) return (double)(x - x * y);
        if (t->which == EXAMPLE1) return (double)(x - 2);
        return c == 1 ? (double)(x - 2) : (double)(x + y - 2);
    case DART: /* x*x*x == y + 3 (N) */
        return (double)(x * x * x - (y + 3));
    default: /* x*x == 2 (N), x >= 0 (L) */
        return c == 0 ? (double)(x * x - 2) : (double)x;
    }
}

static void tp_visit(void *ctx, const i128 *v) {
    TestProb *t = ctx;
    if (t->nseen < 16) {
        t->seen[t->nseen][0] = v[0];
        t->seen[t->nseen][1] = v[1];
    }
    t->nseen++;
    if (t->which == FIG53 && !(v[0] >= 2 && v[0] + v[1] >= 2)) t->all_in_l = false;
    if (t->which == EXAMPLE1 && !(v[0] > 2)) t->all_in_l = false;
}

static const uint32_t XY[2] = {0, 1}, X[1] = {0};

/* ---- scripted randomness ---- */
typedef struct Script {
    const double *normals;
    int nn, in;
    const double *uniforms;
    int nu, iu;
    bool overrun;
} Script;

static double sc_normal(void *ctx) {
    Script *s = ctx;
    if (s->in >= s->nn) return s->overrun = true, 0;
    return s->normals[s->in++];
}
static double sc_uniform(void *ctx) {
    Script *s = ctx;
    if (s->iu >= s->nu) return s->overrun = true, 0.5;
    return s->uniforms[s->iu++];
}
static uint64_t sc_below(void *ctx, uint64_t n) {
    (void)ctx, (void)n;
    return 0;
}

static void test_error(void) {
    CHECK(cw_error(CW_EQ, 5) == 5 && cw_error(CW_EQ, -5) == 5 && cw_error(CW_EQ, 0) == 0);
    CHECK(cw_error(CW_NE, 0) == 1 && cw_error(CW_NE, 3) == 0);
    CHECK(cw_error(CW_LT, -1) == 0 && cw_error(CW_LT, 0) == 1 && cw_error(CW_LT, 2) == 3);
    CHECK(cw_error(CW_LE, 0) == 0 && cw_error(CW_LE, 2) == 3);
    CHECK(cw_error(CW_GT, 0) == 1 && cw_error(CW_GT, 1) == 0 && cw_error(CW_GT, -4) == 5);
    CHECK(cw_error(CW_GE, 0) == 0 && cw_error(CW_GE, -2) == 3);
}

static CwProblem fig53_problem(TestProb *t, CwConstraint *cs, const i128 *lo, const i128 *hi) {
    cs[0] = (CwConstraint){CW_EQ, false, 2, XY};
    cs[1] = (CwConstraint){CW_GE, true, 1, X};
    cs[2] = (CwConstraint){CW_GE, true, 2, XY};
    return (CwProblem){2, lo, hi, 3, cs, tp_diff, t, tp_visit, t, NULL};
}

/* The thesis's secant between (3,-1) and (3,2): v = 6 and -3, t = 2/3, (3,1). */
static void test_secant(void) {
    TestProb t = {.which = FIG53, .all_in_l = true};
    CwConstraint cs[3];
    i128 lo[2] = {-1000, -1000}, hi[2] = {1000, 1000};
    CwProblem p = fig53_problem(&t, cs, lo, hi);
    i128 a[2] = {3, -1}, b[2] = {3, 2}, g[2] = {0, 0};
    double va = 6, vb = -3; /* the thesis's values of x - x*y at the two ends */
    CHECK(cw_secant(&p, a, b, va, vb, g) && g[0] == 3 && g[1] == 1);
    CHECK(!cw_secant(&p, a, a, va, va, g));
    /* a secant past the range is clamped to it */
    i128 c[2] = {3, 999};
    CHECK(cw_secant(&p, a, c, 1, 0.5, g) && g[1] == 1000);
}

/* Figure 5.3, step by step. R = M = S = 1 and scripted normals make the walk's
 * choices the thesis's: x moves 4 -> 3; moving x again only leaves the
 * polytope, so x becomes tabu (T = min(3, 2/2) = 1); the secant on y between
 * (3,-1) and (3,2) lands on (3,1). */
static void test_figure_5_3(void) {
    TestProb t = {.which = FIG53, .all_in_l = true};
    CwConstraint cs[3];
    i128 lo[2] = {-1000, -1000}, hi[2] = {1000, 1000};
    CwProblem p = fig53_problem(&t, cs, lo, hi);
    /* step 1: x -1 (to (3,-1)); step 2: x -1 (to (2,-1), outside L, rejected);
     * step 3: y +3 (to (3,2)), whose secant point is (3,1) */
    const double normals[] = {-1, -1, 3};
    const double uniforms[] = {0.75}; /* step 2's random slope (both ends equal) */
    Script s = {normals, 3, 0, uniforms, 1, 0, false};
    CwRandom rnd = {sc_normal, sc_uniform, sc_below, &s};
    CwParams par = cw_default_params();
    par.rounds = 1;
    par.rejections = 1;
    par.step_sd = 1;
    i128 alpha[2] = {4, -1};
    CwStats st = {0};
    bool ok = cw_walk(&p, &par, &rnd, alpha, &st);
    CHECK(ok);
    CHECK_MSG(alpha[0] == 3 && alpha[1] == 1, "ended at (%d,%d)", (int)alpha[0], (int)alpha[1]);
    CHECK_MSG(st.steps == 3, "%llu steps", (unsigned long long)st.steps);
    CHECK(st.moves == 2 && st.secant_moves == 1 && st.restarts == 0);
    CHECK(t.nseen == 2 && t.seen[0][0] == 3 && t.seen[0][1] == -1 && t.seen[1][0] == 3 && t.seen[1][1] == 1);
    CHECK(t.all_in_l);
    CHECK(!s.overrun && s.in == 3 && s.iu == 1);
}

static bool walk_seeded(TestProb *t, CwConstraint *cs, uint32_t ncons, const i128 *lo, const i128 *hi, i128 *alpha,
                        uint64_t seed, CwStats *st) {
    Rng rng;
    rng_seed(&rng, seed);
    CwRandom rnd = cw_random(&rng);
    CwProblem p = {2, lo, hi, ncons, cs, tp_diff, t, tp_visit, t, NULL};
    CwParams par = cw_default_params();
    return cw_walk(&p, &par, &rnd, alpha, st);
}

/* example1 (Figure 5.1): z = x*y; x == z && x > 2 (e.g. x = 3, y = 1), from
 * x = 10, y = 7, on ten seeds. */
static void test_example1(void) {
    int solved = 0;
    bool in_l = true;
    for (uint64_t seed = 1; seed <= 10; seed++) {
        TestProb t = {.which = EXAMPLE1, .all_in_l = true};
        CwConstraint cs[2] = {{CW_EQ, false, 2, XY}, {CW_GT, true, 1, X}};
        i128 lo[2] = {-100000, -100000}, hi[2] = {100000, 100000}, a[2] = {10, 7};
        CwStats st = {0};
        if (walk_seeded(&t, cs, 2, lo, hi, a, seed, &st) && a[0] == a[0] * a[1] && a[0] > 2) solved++;
        in_l = in_l && t.all_in_l;
    }
    CHECK_MSG(solved == 10, "%d of 10 seeds", solved);
    CHECK(in_l);
}

/* dart (Figure 4.3): x*x*x == y + 3, e.g. x = 2, y = 5, from (7, -40). */
static void test_dart(void) {
    int solved = 0;
    for (uint64_t seed = 1; seed <= 10; seed++) {
        TestProb t = {.which = DART, .all_in_l = true};
        CwConstraint cs[1] = {{CW_EQ, false, 2, XY}};
        i128 lo[2] = {-1000, -((i128)1 << 31)}, hi[2] = {1000, ((i128)1 << 31) - 1}, a[2] = {7, -40};
        CwStats st = {0};
        if (walk_seeded(&t, cs, 1, lo, hi, a, seed, &st) && a[0] * a[0] * a[0] == a[1] + 3) solved++;
    }
    CHECK_MSG(solved == 10, "%d of 10 seeds", solved);
}

/* x*x == 2 has no integer solution: the walk gives up within I * |N| steps. */
static void test_no_solution(void) {
    TestProb t = {.which = NOSOL, .all_in_l = true};
    CwConstraint cs[2] = {{CW_EQ, false, 1, X}, {CW_GE, true, 1, X}};
    i128 lo[2] = {-1000, 0}, hi[2] = {1000, 0}, a[2] = {5, 0};
    CwStats st = {0};
    CHECK(!walk_seeded(&t, cs, 2, lo, hi, a, 3, &st));
    CHECK(st.steps == 150);
    CHECK(a[0] >= 0);
}

int main(void) {
    test_error();
    test_secant();
    test_figure_5_3();
    test_example1();
    test_dart();
    test_no_solution();
    return check_report();
}
