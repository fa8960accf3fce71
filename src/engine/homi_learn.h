/* homi_learn: the learning half of Homi (Cha and Oh, "Learning Aggressive
 * State Pruning", FSE'20, Alg. 2): from the tests of the runs so far to the
 * parameters of the next run. Pure computation over feature and branch ids:
 * no engine, no expressions (the pruner in pruner_homi.c supplies the ids),
 * so every step is testable with the paper's numbers.
 *
 * Vocabulary:
 *   - a feature is an atom of the paper's language L found in some path
 *     condition; it is named by a stable id (homi_features.c interns them);
 *   - a test is a terminated state: the branch sides its path took and the
 *     features in its path condition, plus the run whose parameters it ran
 *     under;
 *   - a run's parameters: the features F and their weights theta in [-1,1]
 *     (a state's score is the sum of the weights of the features it has), the
 *     pruning ratio r and the run's time budget N', the last two as indices
 *     into the sample spaces {1..steps} * max / steps. */
#ifndef SYMPLEX_HOMI_LEARN_H
#define SYMPLEX_HOMI_LEARN_H
#include "../util/util.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct HomiTest {
    uint32_t *branches;  /* sorted, distinct: the branch sides its path took */
    uint32_t nbranches;
    uint32_t *features;  /* sorted, distinct: ids of the features in its path condition */
    uint32_t nfeatures;
    int32_t run;         /* index of its run in HomiLearner.runs, or -1 */
    uint64_t hash;       /* of the branch set (duplicates are kept once) */
} HomiTest;

typedef struct HomiParams {
    uint32_t *features;  /* F: sorted, distinct feature ids */
    double *theta;       /* theta[i] weighs features[i]; in [-1,1] */
    uint32_t nfeatures;
    uint32_t ratio;      /* r = (ratio + 1) * ratio_max / ratio_steps */
    uint32_t time;       /* N' = (time + 1) * time_max / time_steps */
    uint8_t mode;        /* HomiMode the parameters were sampled in */
} HomiParams;

typedef enum HomiMode { HOMI_FIRST, HOMI_EXPLORE, HOMI_EXPLOIT, HOMI_REVERSE } HomiMode;

typedef struct HomiConfig {
    uint32_t ratio_steps;        /* eta_itv: 3 */
    double ratio_max;            /* eta_max: 0.6, so r in {0.2, 0.4, 0.6} */
    uint32_t time_steps;         /* tau_itv: 4 */
    double time_max;             /* tau_max in seconds: 800 in the paper (scaled for short budgets by the caller) */
    uint32_t explore_iterations; /* m: the first m learning iterations only explore (10) */
    uint32_t reverse_candidates; /* |U| in reverse exploitation (100 in the paper, 20 in its artifact) */
} HomiConfig;

/* The paper's defaults (time_max 800 s). */
HomiConfig homi_config_default(void);

/* ---- the steps, each testable on its own ---- */

/* feat(s) . theta: the sum of p's weights of the features in `feats`
 * (sorted, distinct). */
double homi_score(const uint32_t *feats, size_t n, const HomiParams *p);

/* How many of n states a prune removes at ratio r: floor(n * r). */
size_t homi_prune_count(size_t n, double r);

/* Indices of the k lowest of scores[0..n) into out (k <= n), ties broken
 * by rng (so the same seed picks the same states). */
void homi_lowest(const double *scores, size_t n, size_t k, Rng *rng, size_t *out);

/* Extract (section 3.2.1): greedy set cover. Repeatedly takes the test that
 * covers the most branches not yet covered (the earliest on ties) until no
 * test adds any; writes the indices taken, in order, into out (room for n)
 * and returns how many. */
size_t homi_set_cover(const HomiTest *tests, size_t n, size_t *out);

/* Eq. 1's parameters from the weights w[0..n) (n >= 1) a feature had in the
 * good tests' runs: the mean and the population standard deviation, a
 * deviation of 0 (one weight, or all equal) taken as 1, as the authors'
 * artifact does, so the feature is still searched around the mean. */
void homi_tn_params(const double *w, size_t n, double *mu, double *sigma);
/* A sample of the normal distribution (mu, sigma) truncated to [-1,1]. */
double homi_tn_sample(Rng *rng, double mu, double sigma);

/* Eq. 2 / Eq. 3: p[j] = |{i : vals[i] == j}| / n for j < nspace; uniform
 * when n == 0. */
void homi_empirical(const uint32_t *vals, size_t n, uint32_t nspace, double *p);
/* An index drawn with probabilities p[0..n) (summing to 1). */
uint32_t homi_sample_index(Rng *rng, const double *p, uint32_t n);

/* Reverse exploitation: of `candidates` uniform draws u in [-1,1], the one
 * farthest from theta. */
double homi_reverse(Rng *rng, double theta, uint32_t candidates);

/* ---- the learner: Alg. 2's loop state ---- */

typedef struct HomiLearner {
    HomiConfig cfg;
    VEC(HomiTest) tests;         /* D, one test per distinct branch set */
    VEC(HomiParams) runs;        /* the parameters of every run so far */
    uint32_t iterations;         /* learning iterations done (calls of homi_learner_next) */
    uint32_t good_tests;         /* |GoodD| at the last iteration */
    uint32_t good_with_params;   /* |GoodT|: those of them from a run that pruned */
    /* hash set of the branch-set hashes in `tests` (open addressing, 0 = empty) */
    uint64_t *seen;
    size_t seen_cap;
} HomiLearner;

void homi_learner_init(HomiLearner *l, const HomiConfig *cfg);
void homi_learner_free(HomiLearner *l);

/* The first run's parameters: no features (plain symbolic execution), the
 * largest time budget. Returns the run's index. */
uint32_t homi_learner_first(HomiLearner *l);

/* Adds a test of run `run` to D (copies the arrays, which must be sorted and
 * distinct). A test whose branch set equals one already in D is dropped: set
 * cover would never need both. */
void homi_learner_add_test(HomiLearner *l, const uint32_t *branches, uint32_t nbranches, const uint32_t *features,
                           uint32_t nfeatures, int32_t run);

/* One iteration of Alg. 2 after a run: GoodD by set cover, the new feature
 * set (every feature of the good tests), then the next run's parameters by
 * exploration (the first cfg.explore_iterations iterations, then with
 * probability 1/3), exploitation (Eq. 1-3) or reverse exploitation. Appends
 * them to l->runs and returns their index. */
uint32_t homi_learner_next(HomiLearner *l, Rng *rng);

/* The parameters' r and N' in their units. */
double homi_ratio(const HomiConfig *cfg, const HomiParams *p);
double homi_time(const HomiConfig *cfg, const HomiParams *p);

#endif
