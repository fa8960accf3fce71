/* Homi's learning half (homi_learn.c), step by step with the paper's numbers
 * (Cha and Oh, FSE'20): the score of section 2's example, the pruning count
 * and the choice of the lowest states, greedy set cover (checked against a
 * plain quadratic greedy on random instances), Eq. 1's truncated normal,
 * Eq. 2's empirical distribution, reverse exploitation, and the learner's
 * loop: the first run, D's deduplication, the feature set of the good tests
 * only, the three sampling modes and what exploitation learns. */
#include "check.h"
#include "engine/homi_learn.h"
#include "util/util.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LEN(a) (sizeof(a) / sizeof *(a))

static bool near(double a, double b, double eps) { return fabs(a - b) <= eps; }

static HomiTest mk_test(uint32_t *b, uint32_t nb) { return (HomiTest){.branches = b, .nbranches = nb, .run = -1}; }

/* ---- score ---- */
static void test_score(void) {
    uint32_t f[] = {1, 2, 3};
    double th[] = {0.4, -0.82, -0.3};
    HomiParams p = {.features = f, .theta = th, .nfeatures = 3};
    uint32_t s1[] = {1}, s13[] = {1, 3}, other[] = {0, 3, 7};
    /* score(<1,0,0>, <0.4,-0.82,-0.3>) = 0.4 */
    CHECK(homi_score(s1, 1, &p) == 0.4);
    CHECK(near(homi_score(s13, 2, &p), 0.1, 1e-12));
    CHECK(homi_score(NULL, 0, &p) == 0);
    CHECK(homi_score(other, 3, &p) == -0.3); /* ids outside F weigh nothing */
    HomiParams none = {0};
    CHECK(homi_score(s13, 2, &none) == 0);
}

/* ---- pruning count and the lowest states ---- */
static int cmp_size(const void *a, const void *b) {
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

static void test_prune_count(void) {
    CHECK(homi_prune_count(10, 0.4) == 4);
    CHECK(homi_prune_count(5, 0.6) == 3);
    CHECK(homi_prune_count(10, 0.6) == 6);
    CHECK(homi_prune_count(3, 0.6) == 1);
    CHECK(homi_prune_count(0, 0.4) == 0);
    CHECK(homi_prune_count(10, 0) == 0);
    CHECK(homi_prune_count(10, 1.5) == 10);
    CHECK(homi_prune_count(10, NAN) == 0);
    /* the paper's ratios are fifths: exact integer arithmetic agrees */
    static const double r[3] = {0.2, 0.4, 0.6};
    int bad = 0;
    for (size_t n = 0; n <= 5000; n++)
        for (size_t k = 0; k < 3; k++)
            if (homi_prune_count(n, r[k]) != n * (k + 1) / 5) bad++;
    CHECK_MSG(bad == 0, "%d wrong counts", bad);
}

static void test_lowest(void) {
    double s[10] = {0.5, -0.1, 0.3, -0.9, 0.0, 0.7, -0.4, 0.2, 0.9, 0.1};
    size_t k = homi_prune_count(10, 0.4), out[10];
    Rng rng;
    rng_seed(&rng, 1);
    homi_lowest(s, 10, k, &rng, out);
    qsort(out, k, sizeof *out, cmp_size);
    CHECK(k == 4 && out[0] == 1 && out[1] == 3 && out[2] == 4 && out[3] == 6);

    /* a tie at the boundary: index 0 always, then one of 1..3, the same one
     * for the same seed */
    double t[5] = {0, 1, 1, 1, 2};
    size_t a[2], b[2];
    rng_seed(&rng, 7);
    homi_lowest(t, 5, 2, &rng, a);
    rng_seed(&rng, 7);
    homi_lowest(t, 5, 2, &rng, b);
    CHECK(a[0] == 0 && a[1] >= 1 && a[1] <= 3);
    CHECK(a[0] == b[0] && a[1] == b[1]);

    /* all equal: every seed gives 4 distinct indices, and seeds differ */
    double eq[10] = {0};
    size_t first[4], cur[4];
    bool differs = false, valid = true;
    for (uint64_t seed = 1; seed <= 50; seed++) {
        rng_seed(&rng, seed);
        homi_lowest(eq, 10, 4, &rng, cur);
        qsort(cur, 4, sizeof *cur, cmp_size);
        for (int i = 0; i < 4; i++) valid = valid && cur[i] < 10 && (i == 0 || cur[i] > cur[i - 1]);
        if (seed == 1) memcpy(first, cur, sizeof first);
        else if (memcmp(first, cur, sizeof first)) differs = true;
    }
    CHECK(valid);
    CHECK(differs);

    /* k larger than n is capped; NaN is never among the lowest */
    double nan3[3] = {NAN, 5, -5};
    size_t o3[3];
    homi_lowest(nan3, 3, 2, &rng, o3);
    qsort(o3, 2, sizeof *o3, cmp_size);
    CHECK(o3[0] == 1 && o3[1] == 2);
}

/* ---- Extract ---- */
static void test_set_cover_examples(void) {
    uint32_t b1[] = {1, 2, 3}, b2[] = {3, 4, 5}, b3[] = {4};
    HomiTest t[3] = {mk_test(b1, 3), mk_test(b2, 3), mk_test(b3, 1)};
    size_t out[8];
    CHECK(homi_set_cover(t, 3, out) == 2 && out[0] == 0 && out[1] == 1);

    /* the largest first: the test covering everything alone suffices */
    uint32_t c1[] = {1, 2}, c2[] = {3, 4}, c3[] = {1, 2, 3, 4, 5};
    HomiTest u[3] = {mk_test(c1, 2), mk_test(c2, 2), mk_test(c3, 5)};
    CHECK(homi_set_cover(u, 3, out) == 1 && out[0] == 2);

    /* gains are recomputed: after {1,2,3,6}, {3,4,5} still adds 2, {1,2} 0 */
    uint32_t d1[] = {1, 2}, d2[] = {3, 4, 5}, d3[] = {1, 2, 3, 6};
    HomiTest v[3] = {mk_test(d1, 2), mk_test(d2, 3), mk_test(d3, 4)};
    CHECK(homi_set_cover(v, 3, out) == 2 && out[0] == 2 && out[1] == 1);

    /* ties go to the earliest, also among refreshed gains */
    uint32_t e0[] = {1, 2, 3}, e1[] = {1, 4}, e2[] = {2, 5}, e3[] = {6, 7};
    HomiTest w[4] = {mk_test(e0, 3), mk_test(e1, 2), mk_test(e2, 2), mk_test(e3, 2)};
    CHECK(homi_set_cover(w, 4, out) == 4 && out[0] == 0 && out[1] == 3 && out[2] == 1 && out[3] == 2);

    /* empty input; tests without branches are never taken */
    CHECK(homi_set_cover(NULL, 0, out) == 0);
    HomiTest z[2] = {mk_test(NULL, 0), mk_test(b3, 1)};
    CHECK(homi_set_cover(z, 2, out) == 1 && out[0] == 1);
}

/* The plain greedy the lazy one must agree with, step for step. */
static size_t naive_cover(const HomiTest *t, size_t n, size_t *out, uint32_t maxb) {
    bool *cov = calloc(maxb + 1, 1);
    size_t taken = 0;
    for (;;) {
        size_t best = n;
        uint32_t bg = 0;
        for (size_t i = 0; i < n; i++) {
            uint32_t g = 0;
            for (uint32_t k = 0; k < t[i].nbranches; k++) g += !cov[t[i].branches[k]];
            if (g > bg) bg = g, best = i;
        }
        if (best == n) break;
        for (uint32_t k = 0; k < t[best].nbranches; k++) cov[t[best].branches[k]] = true;
        out[taken++] = best;
    }
    free(cov);
    return taken;
}

/* n random tests over branch ids [0, maxb), sorted and distinct. */
static HomiTest *random_tests(Rng *rng, size_t n, uint32_t maxb, uint32_t maxlen) {
    HomiTest *t = calloc(n, sizeof *t);
    for (size_t i = 0; i < n; i++) {
        t[i].branches = malloc((maxlen ? maxlen : 1) * sizeof(uint32_t));
        uint32_t len = (uint32_t)rng_below(rng, maxlen + 1);
        for (uint32_t b = 0; b < maxb && t[i].nbranches < len; b++)
            if (rng_below(rng, maxb) < len) t[i].branches[t[i].nbranches++] = b;
    }
    return t;
}

static void free_tests(HomiTest *t, size_t n) {
    for (size_t i = 0; i < n; i++) free(t[i].branches);
    free(t);
}

static void test_set_cover_random(void) {
    Rng rng;
    rng_seed(&rng, 42);
    int bad = 0;
    for (int round = 0; round < 300; round++) {
        size_t n = 1 + rng_below(&rng, 30);
        uint32_t maxb = 1 + (uint32_t)rng_below(&rng, 40);
        HomiTest *t = random_tests(&rng, n, maxb, 1 + (uint32_t)rng_below(&rng, maxb));
        size_t a[32], b[32];
        size_t na = homi_set_cover(t, n, a), nb = naive_cover(t, n, b, maxb);
        if (na != nb || memcmp(a, b, na * sizeof *a)) bad++;
        free_tests(t, n);
    }
    CHECK_MSG(bad == 0, "%d instances differ from the plain greedy", bad);

    /* a large D: the cover covers every branch D does */
    size_t n = 20000;
    uint32_t maxb = 3000;
    HomiTest *t = random_tests(&rng, n, maxb, 60);
    size_t *out = malloc(n * sizeof *out);
    size_t k = homi_set_cover(t, n, out);
    bool *all = calloc(maxb, 1), *got = calloc(maxb, 1);
    for (size_t i = 0; i < n; i++)
        for (uint32_t j = 0; j < t[i].nbranches; j++) all[t[i].branches[j]] = true;
    for (size_t i = 0; i < k; i++)
        for (uint32_t j = 0; j < t[out[i]].nbranches; j++) got[t[out[i]].branches[j]] = true;
    CHECK(k > 0 && k < n && memcmp(all, got, maxb) == 0);
    free(all);
    free(got);
    free(out);
    free_tests(t, n);
}

/* ---- Eq. 1 ---- */
static void test_tn(void) {
    double mu, sigma;
    double w[] = {0.2, 0.4};
    homi_tn_params(w, 2, &mu, &sigma);
    CHECK(near(mu, 0.3, 1e-12) && near(sigma, 0.1, 1e-12));
    double one[] = {0.5};
    homi_tn_params(one, 1, &mu, &sigma);
    CHECK(mu == 0.5 && sigma == 1);
    double same[] = {0.1, 0.1, 0.1};
    homi_tn_params(same, 3, &mu, &sigma);
    CHECK(near(mu, 0.1, 1e-12) && sigma == 1);

    Rng rng;
    rng_seed(&rng, 3);
    double sum = 0;
    bool in = true;
    for (int i = 0; i < 10000; i++) {
        double x = homi_tn_sample(&rng, 0.3, 0.1);
        in = in && x >= -1 && x <= 1;
        sum += x;
    }
    CHECK(in);
    CHECK_MSG(near(sum / 10000, 0.3, 0.01), "mean %g", sum / 10000);
    in = true;
    for (int i = 0; i < 10000; i++) {
        double x = homi_tn_sample(&rng, 0.9, 1);
        in = in && x >= -1 && x <= 1;
        x = homi_tn_sample(&rng, -1, 0.01);
        in = in && x >= -1 && x <= 1;
    }
    CHECK(in);
    CHECK(homi_tn_sample(&rng, 50, 0.01) == 1); /* outside the contract: clamped */
}

/* ---- Eq. 2 ---- */
static void test_empirical(void) {
    uint32_t v[] = {0, 0, 2};
    double p[3];
    homi_empirical(v, 3, 3, p);
    CHECK(near(p[0], 2.0 / 3, 1e-12) && p[1] == 0 && near(p[2], 1.0 / 3, 1e-12));
    double q[3];
    homi_empirical(NULL, 0, 3, q);
    CHECK(near(q[0], 1.0 / 3, 1e-12) && near(q[1], 1.0 / 3, 1e-12) && near(q[2], 1.0 / 3, 1e-12));

    Rng rng;
    rng_seed(&rng, 5);
    int cnt[3] = {0};
    for (int i = 0; i < 30000; i++) {
        uint32_t j = homi_sample_index(&rng, p, 3);
        if (j < 3) cnt[j]++;
    }
    CHECK(cnt[0] + cnt[1] + cnt[2] == 30000);
    CHECK(cnt[1] == 0);
    for (int j = 0; j < 3; j++) CHECK_MSG(near(cnt[j] / 30000.0, p[j], 0.02), "index %d: %d", j, cnt[j]);
    /* probabilities summing just short of 1 still give a possible index */
    double shortp[4] = {0.3, 0.3, 0.3999999, 0};
    bool ok = true;
    for (int i = 0; i < 1000; i++) ok = ok && homi_sample_index(&rng, shortp, 4) < 3;
    CHECK(ok);
}

/* ---- reverse exploitation ---- */
static void test_reverse(void) {
    int matched = 0, applicable = 0;
    bool in = true, farthest = true;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        Rng rng, copy;
        rng_seed(&rng, seed);
        copy = rng;
        double r = homi_reverse(&rng, 0.9, 100);
        double mn = 2;
        for (int i = 0; i < 100; i++) {
            double u = 2 * rng_double(&copy) - 1;
            if (u < mn) mn = u;
        }
        in = in && r >= -1 && r <= 1;
        if (mn <= 0.8) applicable++, matched += r == mn;
        /* and in general the farthest candidate, from the other side too */
        rng_seed(&rng, seed);
        copy = rng;
        r = homi_reverse(&rng, -0.2, 20);
        double best = 0, far = -1;
        for (int i = 0; i < 20; i++) {
            double u = 2 * rng_double(&copy) - 1;
            if (fabs(u + 0.2) > far) far = fabs(u + 0.2), best = u;
        }
        farthest = farthest && r == best && r >= -1 && r <= 1;
    }
    CHECK(in);
    CHECK(applicable == 200);
    CHECK_MSG(matched == applicable, "%d of %d", matched, applicable);
    CHECK(farthest);
}

/* ---- the learner ---- */
static bool sorted_eq(const uint32_t *a, uint32_t na, const uint32_t *b, uint32_t nb) {
    return na == nb && (na == 0 || memcmp(a, b, na * sizeof *a) == 0);
}

static void test_config(void) {
    HomiConfig c = homi_config_default();
    CHECK(c.ratio_steps == 3 && c.ratio_max == 0.6 && c.time_steps == 4 && c.time_max == 800);
    CHECK(c.explore_iterations == 10 && c.reverse_candidates == 100);
    HomiParams p = {.ratio = 0, .time = 0};
    CHECK(near(homi_ratio(&c, &p), 0.2, 1e-12) && near(homi_time(&c, &p), 200, 1e-9));
    p.ratio = 2;
    p.time = 3;
    CHECK(near(homi_ratio(&c, &p), 0.6, 1e-12) && homi_time(&c, &p) == 800);
}

/* D for the learner tests: tests 0 and 1 are the cover; test 2 is covered by
 * test 1 and carries feature 99; the empty test covers nothing and carries 55. */
static void add_first_run_tests(HomiLearner *l) {
    uint32_t b0[] = {1, 2, 3}, b1[] = {3, 4, 5}, b2[] = {4};
    uint32_t f0[] = {10, 20}, f1[] = {20, 30}, f2[] = {99}, fdup[] = {77}, f55[] = {55};
    homi_learner_add_test(l, b0, 3, f0, 2, 0);
    homi_learner_add_test(l, b1, 3, f1, 2, 0);
    homi_learner_add_test(l, b2, 1, f2, 1, 0);
    homi_learner_add_test(l, b0, 3, fdup, 1, 0); /* same branches: dropped */
    homi_learner_add_test(l, NULL, 0, f55, 1, 0);
    homi_learner_add_test(l, NULL, 0, fdup, 1, 0);
}

static void test_learner_first(void) {
    HomiConfig cfg = homi_config_default();
    HomiLearner l;
    homi_learner_init(&l, &cfg);
    CHECK(homi_learner_first(&l) == 0);
    const HomiParams *p0 = &l.runs.data[0];
    CHECK(l.runs.len == 1 && p0->nfeatures == 0 && p0->time == 3 && p0->mode == HOMI_FIRST);
    CHECK(homi_time(&l.cfg, p0) == 800);
    CHECK(l.iterations == 0);

    add_first_run_tests(&l);
    CHECK(l.tests.len == 4);
    CHECK(l.tests.data[0].run == 0 && l.tests.data[0].nfeatures == 2 && l.tests.data[0].features[1] == 20);
    CHECK(l.tests.data[3].nbranches == 0 && l.tests.data[3].features[0] == 55);
    bool nonzero = true;
    for (size_t i = 0; i < l.tests.len; i++) nonzero = nonzero && l.tests.data[i].hash != 0;
    CHECK(nonzero);

    Rng rng;
    rng_seed(&rng, 11);
    uint32_t want[] = {10, 20, 30};
    bool explore = true, same_f = true, ranges = true, goods = true;
    for (uint32_t it = 0; it < 10; it++) {
        uint32_t r = homi_learner_next(&l, &rng);
        const HomiParams *p = &l.runs.data[r];
        explore = explore && r == it + 1 && p->mode == HOMI_EXPLORE;
        same_f = same_f && sorted_eq(p->features, p->nfeatures, want, 3);
        for (uint32_t i = 0; i < p->nfeatures; i++) ranges = ranges && p->theta[i] >= -1 && p->theta[i] <= 1;
        ranges = ranges && p->ratio < 3 && p->time < 4;
        goods = goods && l.good_tests == 2 && l.good_with_params == 0;
    }
    CHECK(explore);
    CHECK(same_f);
    CHECK(ranges);
    CHECK(goods);
    CHECK(l.iterations == 10);

    /* then the three modes, about a third each */
    int modes[4] = {0};
    for (int i = 0; i < 300; i++) {
        uint32_t r = homi_learner_next(&l, &rng); /* it may move l.runs.data */
        modes[l.runs.data[r].mode]++;
    }
    CHECK(modes[HOMI_FIRST] == 0);
    for (int m = HOMI_EXPLORE; m <= HOMI_REVERSE; m++) CHECK_MSG(modes[m] > 70 && modes[m] < 130, "mode %d: %d", m, modes[m]);
    CHECK(l.iterations == 310);
    homi_learner_free(&l);
}

/* Many distinct branch sets: the seen set grows and still drops repeats. */
static void test_learner_dedup(void) {
    HomiLearner l;
    homi_learner_init(&l, NULL);
    for (int pass = 0; pass < 2; pass++)
        for (uint32_t i = 0; i < 2000; i++) {
            uint32_t b[2] = {i, i + 5000};
            homi_learner_add_test(&l, b, 1 + (i & 1), NULL, 0, -1);
        }
    CHECK(l.tests.len == 2000);
    CHECK(l.seen_cap >= 4000);
    homi_learner_free(&l);
}

/* The next run's parameters (read l->runs only after the call grew it). */
static const HomiParams *run_next(HomiLearner *l, Rng *rng) {
    uint32_t r = homi_learner_next(l, rng);
    return &l->runs.data[r];
}

static HomiParams mk_params(const uint32_t *f, const double *th, uint32_t n, uint32_t ratio, uint32_t time) {
    HomiParams p = {.nfeatures = n, .ratio = ratio, .time = time, .mode = HOMI_EXPLORE};
    p.features = malloc((n ? n : 1) * sizeof *p.features);
    p.theta = malloc((n ? n : 1) * sizeof *p.theta);
    memcpy(p.features, f, n * sizeof *f);
    memcpy(p.theta, th, n * sizeof *th);
    return p;
}

/* Feature 7 weighed 0.2 in run A and 0.4 in run B: exploitation samples
 * TN(0.3, 0.1); run A pruned at ratio index 0, run B at 2. */
static void test_learner_exploit(void) {
    HomiConfig cfg = homi_config_default();
    cfg.explore_iterations = 0;
    HomiLearner l;
    homi_learner_init(&l, &cfg);
    homi_learner_first(&l);
    uint32_t fa[] = {7}, fb[] = {7, 8};
    double ta[] = {0.2}, tb[] = {0.4, -0.5};
    VEC_PUSH(l.runs, mk_params(fa, ta, 1, 0, 1)); /* run 1 */
    VEC_PUSH(l.runs, mk_params(fb, tb, 2, 2, 3)); /* run 2 */
    uint32_t b1[] = {1}, b2[] = {2}, b3[] = {3}, b4[] = {4};
    uint32_t f7[] = {7}, f78[] = {7, 8}, f5[] = {5};
    homi_learner_add_test(&l, b1, 1, f7, 1, 1);
    homi_learner_add_test(&l, b2, 1, f78, 2, 2);
    homi_learner_add_test(&l, b3, 1, f5, 1, 0);  /* the first run: no weights */
    homi_learner_add_test(&l, b4, 1, NULL, 0, -1); /* no run at all */

    Rng rng;
    rng_seed(&rng, 2024);
    uint32_t want[] = {5, 7, 8};
    int n[4] = {0}, ratio[4][3] = {{0}}, time[4][4] = {{0}};
    double sum7[4] = {0}, sum8[4] = {0}, sum5[4] = {0};
    bool ok = true;
    for (int i = 0; i < 3000; i++) {
        const HomiParams *p = run_next(&l, &rng);
        ok = ok && sorted_eq(p->features, p->nfeatures, want, 3) && l.good_tests == 4 && l.good_with_params == 2;
        for (uint32_t j = 0; j < p->nfeatures; j++) ok = ok && p->theta[j] >= -1 && p->theta[j] <= 1;
        n[p->mode]++;
        ratio[p->mode][p->ratio]++;
        time[p->mode][p->time]++;
        sum5[p->mode] += p->theta[0];
        sum7[p->mode] += p->theta[1];
        sum8[p->mode] += p->theta[2];
    }
    CHECK(ok);
    CHECK(n[HOMI_EXPLOIT] > 800 && n[HOMI_REVERSE] > 800 && n[HOMI_EXPLORE] > 800);
    double ex = n[HOMI_EXPLOIT];
    CHECK_MSG(near(sum7[HOMI_EXPLOIT] / ex, 0.3, 0.01), "theta_7 mean %g", sum7[HOMI_EXPLOIT] / ex);
    /* one weight, -0.5: sigma 1, truncated, so the mean moves toward 0 (about -0.14) */
    CHECK_MSG(sum8[HOMI_EXPLOIT] / ex < -0.05 && sum8[HOMI_EXPLOIT] / ex > -0.5, "theta_8 mean %g", sum8[HOMI_EXPLOIT] / ex);
    CHECK_MSG(near(sum5[HOMI_EXPLOIT] / ex, 0, 0.1), "theta_5 mean %g", sum5[HOMI_EXPLOIT] / ex);
    /* reverse of samples near 0.3: the farthest of 100 draws, near -1 */
    CHECK_MSG(sum7[HOMI_REVERSE] / n[HOMI_REVERSE] < -0.9, "reverse theta_7 mean %g", sum7[HOMI_REVERSE] / n[HOMI_REVERSE]);
    /* Eq. 2 and 3 over the good tests' runs: ratio {0, 2}, time {1, 3} */
    for (int m = HOMI_EXPLOIT; m <= HOMI_REVERSE; m++) {
        CHECK(ratio[m][1] == 0 && time[m][0] == 0 && time[m][2] == 0);
        CHECK_MSG(near(ratio[m][0] / (double)n[m], 0.5, 0.05), "mode %d ratio 0: %d of %d", m, ratio[m][0], n[m]);
        CHECK_MSG(near(time[m][1] / (double)n[m], 0.5, 0.05), "mode %d time 1: %d of %d", m, time[m][1], n[m]);
    }
    CHECK(ratio[HOMI_EXPLORE][1] > 0 && time[HOMI_EXPLORE][0] > 0 && time[HOMI_EXPLORE][2] > 0);
    homi_learner_free(&l);
}

/* The same seed and the same D give the same runs. */
static void test_learner_deterministic(void) {
    HomiLearner a, b;
    HomiConfig cfg = homi_config_default();
    cfg.explore_iterations = 2;
    homi_learner_init(&a, &cfg);
    homi_learner_init(&b, &cfg);
    HomiLearner *ls[2] = {&a, &b};
    for (int k = 0; k < 2; k++) {
        homi_learner_first(ls[k]);
        add_first_run_tests(ls[k]);
    }
    Rng ra, rb;
    rng_seed(&ra, 99);
    rng_seed(&rb, 99);
    bool same = true;
    for (int i = 0; i < 50; i++) {
        const HomiParams *p = run_next(&a, &ra);
        const HomiParams *q = run_next(&b, &rb);
        same = same && p->mode == q->mode && p->ratio == q->ratio && p->time == q->time &&
               p->nfeatures == q->nfeatures && memcmp(p->theta, q->theta, p->nfeatures * sizeof *p->theta) == 0;
        /* later tests come from the learned runs, so GoodT fills up */
        uint32_t br[] = {100 + (uint32_t)i}, fe[] = {10, 30};
        homi_learner_add_test(&a, br, 1, fe, 2, (int32_t)(a.runs.len - 1));
        homi_learner_add_test(&b, br, 1, fe, 2, (int32_t)(b.runs.len - 1));
    }
    CHECK(same);
    CHECK(a.good_with_params == 49 && a.good_tests == 51);
    homi_learner_free(&a);
    homi_learner_free(&b);
}

/* No tests at all: still a run, with no features. */
static void test_learner_empty(void) {
    HomiLearner l;
    homi_learner_init(&l, NULL);
    homi_learner_first(&l);
    Rng rng;
    rng_seed(&rng, 1);
    const HomiParams *p = run_next(&l, &rng);
    CHECK(p->nfeatures == 0 && p->mode == HOMI_EXPLORE && p->ratio < 3 && p->time < 4);
    CHECK(l.good_tests == 0 && l.good_with_params == 0 && l.iterations == 1);
    homi_learner_free(&l);
}

int main(void) {
    test_score();
    test_prune_count();
    test_lowest();
    test_set_cover_examples();
    test_set_cover_random();
    test_tn();
    test_empirical();
    test_reverse();
    test_config();
    test_learner_first();
    test_learner_dedup();
    test_learner_exploit();
    test_learner_deterministic();
    test_learner_empty();
    return check_report();
}
