/* homi_learn: Alg. 2 of Homi (FSE'20) over plain ids. See homi_learn.h for
 * the vocabulary; this file only computes, it never touches the engine. */
#include "homi_learn.h"
#include <math.h>
#include <string.h>

#define HOMI_TWO_PI 6.283185307179586476925286766559

HomiConfig homi_config_default(void) {
    return (HomiConfig){
        .ratio_steps = 3,
        .ratio_max = 0.6,
        .time_steps = 4,
        .time_max = 800,
        .explore_iterations = 10,
        .reverse_candidates = 100,
    };
}

double homi_ratio(const HomiConfig *cfg, const HomiParams *p) {
    return (p->ratio + 1.0) * cfg->ratio_max / cfg->ratio_steps;
}

double homi_time(const HomiConfig *cfg, const HomiParams *p) {
    return (p->time + 1.0) * cfg->time_max / cfg->time_steps;
}

/* ---- scoring and pruning ---- */

double homi_score(const uint32_t *feats, size_t n, const HomiParams *p) {
    double s = 0;
    size_t i = 0, j = 0;
    /* both lists are sorted: one merge walk finds the common ids */
    while (i < n && j < p->nfeatures) {
        if (feats[i] < p->features[j]) i++;
        else if (feats[i] > p->features[j]) j++;
        else s += p->theta[j], i++, j++;
    }
    return s;
}

size_t homi_prune_count(size_t n, double r) {
    if (!(r > 0)) return 0; /* also NaN */
    double x = (double)n * r;
    /* n * r is rarely exact in binary (10 * 0.4 may land just under 4): a
     * small slack, relative for large n, keeps exact products exact */
    double k = floor(x + 1e-9 + x * 1e-12);
    return k >= (double)n ? n : (size_t)k;
}

typedef struct HomiRanked {
    double score;
    uint64_t key; /* random tiebreak */
    size_t idx;
} HomiRanked;

/* NaN scores sort after every number so they are never preferred (and the
 * order stays a total order, which qsort needs). */
static int homi_ranked_cmp(const void *pa, const void *pb) {
    const HomiRanked *a = pa, *b = pb;
    int an = isnan(a->score), bn = isnan(b->score);
    if (an != bn) return an - bn;
    if (!an && a->score != b->score) return a->score < b->score ? -1 : 1;
    if (a->key != b->key) return a->key < b->key ? -1 : 1;
    return (a->idx > b->idx) - (a->idx < b->idx);
}

void homi_lowest(const double *scores, size_t n, size_t k, Rng *rng, size_t *out) {
    if (k > n) k = n;
    if (k == 0) return;
    HomiRanked *r = util_malloc(n * sizeof *r);
    for (size_t i = 0; i < n; i++) r[i] = (HomiRanked){scores[i], rng_next(rng), i};
    qsort(r, n, sizeof *r, homi_ranked_cmp);
    for (size_t i = 0; i < k; i++) out[i] = r[i].idx;
    free(r);
}

/* ---- Extract: lazy greedy set cover ---- */

/* A heap entry: an upper bound on the test's gain (gains only fall as the
 * cover grows, so a stale entry never understates). */
typedef struct HomiGain {
    uint32_t gain;
    size_t idx;
} HomiGain;

/* the heap's order: more gain first, then the earlier test */
static bool homi_gain_before(HomiGain a, HomiGain b) {
    return a.gain > b.gain || (a.gain == b.gain && a.idx < b.idx);
}

static void homi_heap_down(HomiGain *h, size_t n, size_t i) {
    for (;;) {
        size_t best = i, l = 2 * i + 1, r = l + 1;
        if (l < n && homi_gain_before(h[l], h[best])) best = l;
        if (r < n && homi_gain_before(h[r], h[best])) best = r;
        if (best == i) return;
        HomiGain t = h[i];
        h[i] = h[best];
        h[best] = t;
        i = best;
    }
}

static void homi_heap_push(HomiGain *h, size_t *n, HomiGain g) {
    size_t i = (*n)++;
    while (i > 0 && homi_gain_before(g, h[(i - 1) / 2])) {
        h[i] = h[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h[i] = g;
}

static HomiGain homi_heap_pop(HomiGain *h, size_t *n) {
    HomiGain top = h[0];
    h[0] = h[--*n];
    homi_heap_down(h, *n, 0);
    return top;
}

static bool homi_bit(const uint64_t *bits, uint32_t b) { return (bits[b >> 6] >> (b & 63)) & 1; }

/* Branches of t not yet covered (a repeated id counts once, should a caller
 * break the sorted-distinct contract). */
static uint32_t homi_new_branches(const HomiTest *t, const uint64_t *covered) {
    uint32_t g = 0;
    for (uint32_t k = 0; k < t->nbranches; k++) {
        uint32_t b = t->branches[k];
        if ((k == 0 || b != t->branches[k - 1]) && !homi_bit(covered, b)) g++;
    }
    return g;
}

static void homi_cover_test(const HomiTest *t, uint64_t *covered) {
    for (uint32_t k = 0; k < t->nbranches; k++) covered[t->branches[k] >> 6] |= 1ull << (t->branches[k] & 63);
}

static uint64_t *homi_branch_bitset(const HomiTest *tests, size_t n) {
    uint32_t max = 0;
    for (size_t i = 0; i < n; i++)
        for (uint32_t k = 0; k < tests[i].nbranches; k++)
            if (tests[i].branches[k] > max) max = tests[i].branches[k];
    return util_calloc((size_t)(max >> 6) + 1, sizeof(uint64_t));
}

size_t homi_set_cover(const HomiTest *tests, size_t n, size_t *out) {
    uint64_t *covered = homi_branch_bitset(tests, n);
    HomiGain *heap = util_malloc((n ? n : 1) * sizeof *heap);
    size_t hn = 0, taken = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t g = homi_new_branches(&tests[i], covered);
        if (g) heap[hn++] = (HomiGain){g, i};
    }
    for (size_t i = hn / 2; i-- > 0;) homi_heap_down(heap, hn, i);
    while (hn) {
        HomiGain top = homi_heap_pop(heap, &hn);
        top.gain = homi_new_branches(&tests[top.idx], covered);
        if (!top.gain) continue;
        /* every other entry bounds its test's true gain: if the refreshed
         * entry still comes first, no other test can beat it (nor tie it
         * with an earlier index) */
        if (hn && !homi_gain_before(top, heap[0])) {
            homi_heap_push(heap, &hn, top);
            continue;
        }
        homi_cover_test(&tests[top.idx], covered);
        out[taken++] = top.idx;
    }
    free(heap);
    free(covered);
    return taken;
}

/* ---- the distributions (Eq. 1-3) and reverse exploitation ---- */

void homi_tn_params(const double *w, size_t n, double *mu, double *sigma) {
    if (n == 0) { /* outside the contract: the widest sensible guess */
        *mu = 0;
        *sigma = 1;
        return;
    }
    double sum = 0, sq = 0;
    for (size_t i = 0; i < n; i++) sum += w[i];
    *mu = sum / (double)n;
    for (size_t i = 0; i < n; i++) sq += (w[i] - *mu) * (w[i] - *mu);
    *sigma = sqrt(sq / (double)n);
    /* equal weights can leave rounding noise instead of an exact 0 */
    if (!(*sigma > 1e-12)) *sigma = 1;
}

static double homi_clamp1(double x) { return x > 1 ? 1 : x >= -1 ? x : -1; }

/* A standard normal by Box-Muller. */
static double homi_normal(Rng *rng) {
    /* rng_double is in [0,1): 1 - u is in (0,1], so the log stays finite */
    double u1 = 1.0 - rng_double(rng), u2 = rng_double(rng);
    return sqrt(-2.0 * log(u1)) * cos(HOMI_TWO_PI * u2);
}

double homi_tn_sample(Rng *rng, double mu, double sigma) {
    if (sigma > 0 && isfinite(sigma) && isfinite(mu)) {
        for (int i = 0; i < 1000; i++) {
            double x = mu + sigma * homi_normal(rng);
            if (x >= -1.0 && x <= 1.0) return x;
        }
    }
    /* only a mean far outside [-1,1] gets here */
    return homi_clamp1(mu);
}

void homi_empirical(const uint32_t *vals, size_t n, uint32_t nspace, double *p) {
    for (uint32_t j = 0; j < nspace; j++) p[j] = n ? 0 : 1.0 / nspace;
    if (!n) return;
    for (size_t i = 0; i < n; i++)
        if (vals[i] < nspace) p[vals[i]] += 1;
    for (uint32_t j = 0; j < nspace; j++) p[j] /= (double)n;
}

uint32_t homi_sample_index(Rng *rng, const double *p, uint32_t n) {
    double u = rng_double(rng), cum = 0;
    uint32_t last = 0;
    for (uint32_t j = 0; j < n; j++) {
        if (!(p[j] > 0)) continue; /* an impossible value is never drawn */
        cum += p[j];
        last = j;
        if (u < cum) return j;
    }
    /* the sum fell short of 1 by rounding */
    return last;
}

double homi_reverse(Rng *rng, double theta, uint32_t candidates) {
    double best = 0, far = -1;
    if (candidates == 0) candidates = 1; /* the result is still a draw */
    for (uint32_t c = 0; c < candidates; c++) {
        double u = 2.0 * rng_double(rng) - 1.0, d = fabs(u - theta);
        if (d > far) best = u, far = d;
    }
    return best;
}

/* ---- the learner ---- */

void homi_learner_init(HomiLearner *l, const HomiConfig *cfg) {
    memset(l, 0, sizeof *l);
    l->cfg = cfg ? *cfg : homi_config_default();
    /* an empty sample space would make every draw divide by zero */
    if (!l->cfg.ratio_steps) l->cfg.ratio_steps = 1;
    if (!l->cfg.time_steps) l->cfg.time_steps = 1;
}

void homi_learner_free(HomiLearner *l) {
    for (size_t i = 0; i < l->tests.len; i++) {
        free(l->tests.data[i].branches);
        free(l->tests.data[i].features);
    }
    for (size_t i = 0; i < l->runs.len; i++) {
        free(l->runs.data[i].features);
        free(l->runs.data[i].theta);
    }
    VEC_FREE(l->tests);
    VEC_FREE(l->runs);
    free(l->seen);
    l->seen = NULL;
    l->seen_cap = 0;
}

uint32_t homi_learner_first(HomiLearner *l) {
    HomiParams p = {.time = l->cfg.time_steps - 1, .mode = HOMI_FIRST};
    VEC_PUSH(l->runs, p);
    return (uint32_t)(l->runs.len - 1);
}

static uint64_t homi_branch_hash(const uint32_t *b, uint32_t n) {
    uint64_t h = util_hash_bytes(b, (size_t)n * sizeof *b);
    return h ? h : 1; /* 0 marks an empty slot */
}

static size_t homi_seen_slot(const uint64_t *set, size_t cap, uint64_t h) {
    size_t i = (size_t)util_hash_mix(0, h) & (cap - 1);
    while (set[i] && set[i] != h) i = (i + 1) & (cap - 1);
    return i;
}

static void homi_seen_grow(HomiLearner *l) {
    size_t cap = l->seen_cap ? l->seen_cap * 2 : 64;
    uint64_t *set = util_calloc(cap, sizeof *set);
    for (size_t i = 0; i < l->seen_cap; i++)
        if (l->seen[i]) set[homi_seen_slot(set, cap, l->seen[i])] = l->seen[i];
    free(l->seen);
    l->seen = set;
    l->seen_cap = cap;
}

static void *homi_dup(const void *p, size_t n, size_t size) {
    void *q = util_malloc((n ? n : 1) * size);
    if (n) memcpy(q, p, n * size);
    return q;
}

void homi_learner_add_test(HomiLearner *l, const uint32_t *branches, uint32_t nbranches, const uint32_t *features,
                           uint32_t nfeatures, int32_t run) {
    uint64_t h = homi_branch_hash(branches, nbranches);
    /* every test in D has its hash in the set: keep the load under 1/2 */
    if ((l->tests.len + 1) * 2 > l->seen_cap) homi_seen_grow(l);
    size_t slot = homi_seen_slot(l->seen, l->seen_cap, h);
    if (l->seen[slot]) return;
    l->seen[slot] = h;
    HomiTest t = {
        .branches = homi_dup(branches, nbranches, sizeof *branches),
        .nbranches = nbranches,
        .features = homi_dup(features, nfeatures, sizeof *features),
        .nfeatures = nfeatures,
        .run = run,
        .hash = h,
    };
    VEC_PUSH(l->tests, t);
}

static int homi_u32_cmp(const void *pa, const void *pb) {
    uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
    return (a > b) - (a < b);
}

/* FGenerator: every feature of the good tests, sorted and distinct. */
static uint32_t *homi_union_features(const HomiLearner *l, const size_t *good, size_t n, uint32_t *nout) {
    size_t total = 0, k = 0;
    for (size_t i = 0; i < n; i++) total += l->tests.data[good[i]].nfeatures;
    uint32_t *f = util_malloc((total ? total : 1) * sizeof *f);
    for (size_t i = 0; i < n; i++) {
        const HomiTest *t = &l->tests.data[good[i]];
        if (t->nfeatures) memcpy(f + k, t->features, t->nfeatures * sizeof *f);
        k += t->nfeatures;
    }
    qsort(f, total, sizeof *f, homi_u32_cmp);
    k = 0;
    for (size_t i = 0; i < total; i++)
        if (k == 0 || f[i] != f[k - 1]) f[k++] = f[i];
    *nout = (uint32_t)k;
    return util_realloc(f, (k ? k : 1) * sizeof *f);
}

/* The params of test t's run, or NULL if it has none that carry weights. */
static const HomiParams *homi_weighted_run(const HomiLearner *l, const HomiTest *t) {
    if (t->run < 0 || (size_t)t->run >= l->runs.len) return NULL;
    const HomiParams *p = &l->runs.data[t->run];
    return p->nfeatures ? p : NULL;
}

/* GoodT: keeps, in place, the good tests whose run had features. */
static size_t homi_keep_weighted(const HomiLearner *l, size_t *good, size_t n) {
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (homi_weighted_run(l, &l->tests.data[good[i]])) good[k++] = good[i];
    return k;
}

/* Position of id in the sorted f[0..n), or n. */
static uint32_t homi_find(const uint32_t *f, uint32_t n, uint32_t id) {
    uint32_t lo = 0, hi = n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (f[mid] < id) lo = mid + 1;
        else hi = mid;
    }
    return lo < n && f[lo] == id ? lo : n;
}

/* Calls visit(pos, theta, mult) for every weight a feature of f had in the
 * runs of the tests good[0..n); mult is how many of those tests ran it. */
typedef void (*HomiVisit)(void *ctx, uint32_t pos, double theta, uint32_t mult);

static void homi_each_weight(const HomiLearner *l, const size_t *good, size_t n, const uint32_t *f, uint32_t nf,
                             HomiVisit visit, void *ctx) {
    /* many good tests share a run: walk each run once, weighted */
    uint32_t *mult = util_calloc(l->runs.len, sizeof *mult);
    for (size_t i = 0; i < n; i++) mult[l->tests.data[good[i]].run]++;
    for (size_t r = 0; r < l->runs.len; r++) {
        const HomiParams *p = &l->runs.data[r];
        for (uint32_t j = 0; mult[r] && j < p->nfeatures; j++) {
            uint32_t pos = homi_find(f, nf, p->features[j]);
            if (pos < nf) visit(ctx, pos, p->theta[j], mult[r]);
        }
    }
    free(mult);
}

/* The flat W arrays: W_i is w[start[i] .. start[i+1]). */
typedef struct HomiWeights {
    size_t *start;
    size_t *fill;
    double *w;
} HomiWeights;

static void homi_count_weight(void *ctx, uint32_t pos, double theta, uint32_t mult) {
    ((HomiWeights *)ctx)->start[pos + 1] += mult;
}

static void homi_store_weight(void *ctx, uint32_t pos, double theta, uint32_t mult) {
    HomiWeights *w = ctx;
    for (uint32_t m = 0; m < mult; m++) w->w[w->fill[pos]++] = theta;
}

/* Eq. 1 for every feature of p: mu[i], sigma[i], or sigma[i] = 0 when the
 * feature has no weights yet (homi_tn_params never yields 0). */
static void homi_feature_dists(const HomiLearner *l, const size_t *good, size_t n, const HomiParams *p, double *mu,
                               double *sigma) {
    uint32_t nf = p->nfeatures;
    HomiWeights w = {util_calloc((size_t)nf + 1, sizeof(size_t)), NULL, NULL};
    homi_each_weight(l, good, n, p->features, nf, homi_count_weight, &w);
    for (uint32_t i = 0; i < nf; i++) w.start[i + 1] += w.start[i];
    w.fill = homi_dup(w.start, nf, sizeof(size_t));
    w.w = util_malloc((w.start[nf] ? w.start[nf] : 1) * sizeof(double));
    homi_each_weight(l, good, n, p->features, nf, homi_store_weight, &w);
    for (uint32_t i = 0; i < nf; i++) {
        size_t cnt = w.start[i + 1] - w.start[i];
        mu[i] = sigma[i] = 0;
        if (cnt) homi_tn_params(w.w + w.start[i], cnt, &mu[i], &sigma[i]);
    }
    free(w.start);
    free(w.fill);
    free(w.w);
}

static double homi_uniform(Rng *rng) { return 2.0 * rng_double(rng) - 1.0; }

/* Eq. 2 / Eq. 3: an index drawn from the good tests' runs' ratio (or time)
 * indices; uniform when there are none. */
static uint32_t homi_draw_space(const HomiLearner *l, Rng *rng, const size_t *good, size_t n, bool ratio) {
    uint32_t nspace = ratio ? l->cfg.ratio_steps : l->cfg.time_steps;
    uint32_t *vals = util_malloc((n ? n : 1) * sizeof *vals);
    double *p = util_malloc(nspace * sizeof *p);
    for (size_t i = 0; i < n; i++) {
        const HomiParams *rp = &l->runs.data[l->tests.data[good[i]].run];
        vals[i] = ratio ? rp->ratio : rp->time;
    }
    homi_empirical(vals, n, nspace, p);
    uint32_t k = homi_sample_index(rng, p, nspace);
    free(vals);
    free(p);
    return k;
}

static void homi_explore(const HomiLearner *l, Rng *rng, HomiParams *p) {
    for (uint32_t i = 0; i < p->nfeatures; i++) p->theta[i] = homi_uniform(rng);
    p->ratio = (uint32_t)rng_below(rng, l->cfg.ratio_steps);
    p->time = (uint32_t)rng_below(rng, l->cfg.time_steps);
}

/* Exploitation, or reverse exploitation when p->mode says so. */
static void homi_exploit(const HomiLearner *l, Rng *rng, const size_t *good, size_t n, HomiParams *p) {
    double *mu = util_malloc((p->nfeatures ? p->nfeatures : 1) * sizeof *mu);
    double *sigma = util_malloc((p->nfeatures ? p->nfeatures : 1) * sizeof *sigma);
    homi_feature_dists(l, good, n, p, mu, sigma);
    for (uint32_t i = 0; i < p->nfeatures; i++) {
        double th = sigma[i] > 0 ? homi_tn_sample(rng, mu[i], sigma[i]) : homi_uniform(rng);
        p->theta[i] = p->mode == HOMI_REVERSE ? homi_reverse(rng, th, l->cfg.reverse_candidates) : th;
    }
    p->ratio = homi_draw_space(l, rng, good, n, true);
    p->time = homi_draw_space(l, rng, good, n, false);
    free(mu);
    free(sigma);
}

static HomiMode homi_pick_mode(const HomiLearner *l, Rng *rng) {
    static const HomiMode modes[3] = {HOMI_EXPLORE, HOMI_EXPLOIT, HOMI_REVERSE};
    if (l->iterations < l->cfg.explore_iterations) return HOMI_EXPLORE;
    return modes[rng_below(rng, 3)];
}

uint32_t homi_learner_next(HomiLearner *l, Rng *rng) {
    size_t n = l->tests.len;
    size_t *good = util_malloc((n ? n : 1) * sizeof *good);
    size_t ngood = homi_set_cover(l->tests.data, n, good);
    HomiParams p = {.mode = (uint8_t)homi_pick_mode(l, rng)};
    p.features = homi_union_features(l, good, ngood, &p.nfeatures);
    p.theta = util_malloc((p.nfeatures ? p.nfeatures : 1) * sizeof *p.theta);
    size_t nweighted = homi_keep_weighted(l, good, ngood);
    if (p.mode == HOMI_EXPLORE) homi_explore(l, rng, &p);
    else homi_exploit(l, rng, good, nweighted, &p);
    free(good);
    l->good_tests = (uint32_t)ngood;
    l->good_with_params = (uint32_t)nweighted;
    l->iterations++;
    VEC_PUSH(l->runs, p);
    return (uint32_t)(l->runs.len - 1);
}
