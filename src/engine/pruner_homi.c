/* The Homi pruner (Cha and Oh, FSE'20): runs restarting from the initial
 * state, each with parameters learned from the tests of the runs before it
 * (homi_learn.c); within a run, every `interval` seconds the live states are
 * scored by the run's feature weights and the lowest-scoring fraction r is
 * pruned.
 *
 * Choices where the paper and its authors' artifact differ (see the README's
 * Homi section for the data): theta and r are sampled once per run, as the
 * paper's Alg. 2 says (the artifact samples them again at every prune, which
 * makes a test's parameters those of whatever prune came last); pruning
 * starts above `min_states` live states. */
#include "pruner.h"
#include "homi_features.h"
#include "homi_learn.h"
#include "../util/util.h"
#include <stdlib.h>
#include <string.h>

/* The paper's budget: 5 hours, for which its defaults were tuned. */
#define HOMI_PAPER_BUDGET 18000.0
#define HOMI_PAPER_INTERVAL 30.0
#define HOMI_PAPER_RUN_MAX 800.0
#define HOMI_DEFAULT_MIN_STATES 0

typedef struct HomiPruner {
    Pruner base;
    HomiOptions opt;
    HomiLearner learner;
    HomiFeatures feats;
    Rng rng;
    int32_t run;                 /* index of the current run's parameters */
    double next_prune;           /* seconds into the run */
    uint64_t runs, prunings, pruned, tests;
    uint64_t modes[4];           /* runs per HomiMode */
    uint32_t *ids; size_t idcap; /* scratch */
    uint32_t *brs; size_t brcap;
    double *scores; size_t *lowest; size_t scap;
    const PathCond **stack; size_t stackcap;
} HomiPruner;

static const HomiParams *homi_current(HomiPruner *h) { return &h->learner.runs.data[h->run]; }

static double homi_run_begin(Pruner *p, uint32_t run, double left) {
    HomiPruner *h = (HomiPruner *)p;
    h->run = (int32_t)(run == 0 ? homi_learner_first(&h->learner) : homi_learner_next(&h->learner, &h->rng));
    h->runs++;
    h->modes[homi_current(h)->mode]++;
    h->next_prune = h->opt.interval;
    return homi_time(&h->learner.cfg, homi_current(h));
}

static void homi_scratch(HomiPruner *h, size_t n) {
    if (n <= h->scap) return;
    h->scap = 2 * n;
    h->scores = util_realloc(h->scores, h->scap * sizeof *h->scores);
    h->lowest = util_realloc(h->lowest, h->scap * sizeof *h->lowest);
}

/* The weight theta gives the constraint e (0 if it is no feature of the run). */
static double homi_weight(HomiPruner *h, Expr *e, const HomiParams *params) {
    u128 *id = ptrmap_get(&h->feats.ids, e);
    if (!id) return 0;
    uint32_t one = (uint32_t)*id;
    return homi_score(&one, 1, params);
}

/* feat(s) . theta over the path condition pc. Path conditions share their
 * older nodes between forks, so a node's score (its constraint's weight plus
 * the score of the nodes below it) is computed once per prune, in `memo`: the
 * work is the size of the tree of live paths, not the sum of their lengths.
 * (A constraint twice on one path would count twice; the executor adds no
 * constraint its path already implies, so none repeats.) */
static double homi_path_score(HomiPruner *h, PtrMap *memo, const PathCond *pc, const HomiParams *params) {
    size_t depth = 0;
    double below = 0; /* the score of the node the walk stops at (0: the root) */
    for (const PathCond *q = pc; q; q = q->next) {
        u128 *known = ptrmap_get(memo, q);
        if (known) {
            memcpy(&below, known, sizeof below);
            break;
        }
        if (depth == h->stackcap) {
            h->stackcap = h->stackcap ? 2 * h->stackcap : 256;
            h->stack = util_realloc(h->stack, h->stackcap * sizeof *h->stack);
        }
        h->stack[depth++] = q;
    }
    for (size_t i = depth; i-- > 0;) { /* the new nodes, oldest first */
        below += homi_weight(h, h->stack[i]->e, params);
        u128 v = 0;
        memcpy(&v, &below, sizeof below);
        ptrmap_put(memo, h->stack[i], v);
    }
    return below;
}

static size_t homi_prune(Pruner *p, State *const *live, size_t n, double elapsed, State **out) {
    HomiPruner *h = (HomiPruner *)p;
    if (elapsed < h->next_prune) return 0;
    h->next_prune = elapsed + h->opt.interval;
    const HomiParams *params = homi_current(h);
    if (!params->nfeatures || n <= h->opt.min_states) return 0; /* F empty: plain symbolic execution */
    size_t k = homi_prune_count(n, homi_ratio(&h->learner.cfg, params));
    if (k >= n) k = n - 1;
    if (!k) return 0;
    homi_scratch(h, n);
    PtrMap memo;
    ptrmap_init(&memo);
    for (size_t i = 0; i < n; i++) h->scores[i] = homi_path_score(h, &memo, live[i]->pc, params);
    ptrmap_free(&memo);
    homi_lowest(h->scores, n, k, &h->rng, h->lowest);
    for (size_t i = 0; i < k; i++) out[i] = live[h->lowest[i]];
    h->prunings++;
    h->pruned += k;
    return k;
}

static void homi_on_test(Pruner *p, const State *s) {
    HomiPruner *h = (HomiPruner *)p;
    uint32_t nf = homi_features_of(&h->feats, s->pc, true, &h->ids, &h->idcap);
    if (s->branches.count > h->brcap) {
        h->brcap = 2 * (size_t)s->branches.count;
        h->brs = util_realloc(h->brs, h->brcap * sizeof *h->brs);
    }
    uint32_t nb = path_branches_list(&s->branches, h->brs);
    homi_learner_add_test(&h->learner, h->brs, nb, h->ids, nf, h->run);
    h->tests++;
}

static void homi_summary(Pruner *p, FILE *f) {
    HomiPruner *h = (HomiPruner *)p;
    const HomiLearner *l = &h->learner;
    fprintf(f, "  \"runs\": %llu,\n  \"prunings\": %llu,\n  \"states_pruned\": %llu,\n",
            (unsigned long long)h->runs, (unsigned long long)h->prunings, (unsigned long long)h->pruned);
    fprintf(f, "  \"features\": %u,\n  \"features_seen\": %u,\n  \"homi_tests\": %llu,\n  \"homi_distinct_tests\": %zu,\n",
            l->runs.len ? l->runs.data[l->runs.len - 1].nfeatures : 0, h->feats.n, (unsigned long long)h->tests,
            l->tests.len);
    fprintf(f, "  \"homi_good_tests\": %u,\n  \"homi_runs_by_mode\": {\"first\": %llu, \"explore\": %llu, "
               "\"exploit\": %llu, \"reverse\": %llu},\n",
            l->good_tests, (unsigned long long)h->modes[HOMI_FIRST], (unsigned long long)h->modes[HOMI_EXPLORE],
            (unsigned long long)h->modes[HOMI_EXPLOIT], (unsigned long long)h->modes[HOMI_REVERSE]);
    fprintf(f, "  \"homi_interval_s\": %.3f,\n  \"homi_run_max_s\": %.3f,\n  \"homi_min_states\": %u,\n",
            h->opt.interval, h->opt.run_max, h->opt.min_states);
}

static void homi_destroy(Pruner *p) {
    HomiPruner *h = (HomiPruner *)p;
    homi_learner_free(&h->learner);
    homi_features_free(&h->feats);
    free(h->ids);
    free(h->brs);
    free(h->scores);
    free(h->lowest);
    free(h->stack);
    free(h);
}

Pruner *pruner_homi_new(const HomiOptions *opt, double budget, uint64_t seed) {
    HomiPruner *h = util_calloc(1, sizeof *h);
    h->base = (Pruner){homi_run_begin, homi_prune, homi_on_test, homi_summary, homi_destroy, true, true};
    /* The paper's intervals were set for 5-hour runs; a shorter budget scales
     * them down in proportion, so it still makes as many runs and prunes to
     * learn from (a 60 s budget: runs of 0.7 to 2.7 s, a prune every 0.1 s). */
    double scale = budget > 0 && budget < HOMI_PAPER_BUDGET ? budget / HOMI_PAPER_BUDGET : 1.0;
    h->opt.interval = opt->interval > 0 ? opt->interval : HOMI_PAPER_INTERVAL * scale;
    h->opt.run_max = opt->run_max > 0 ? opt->run_max : HOMI_PAPER_RUN_MAX * scale;
    h->opt.min_states = opt->min_states_given ? opt->min_states : HOMI_DEFAULT_MIN_STATES;
    HomiConfig cfg = homi_config_default();
    cfg.time_max = h->opt.run_max;
    if (opt->reverse) cfg.reverse_candidates = opt->reverse;
    h->opt.reverse = cfg.reverse_candidates;
    homi_learner_init(&h->learner, &cfg);
    homi_features_init(&h->feats);
    rng_seed(&h->rng, seed ^ 0x486f6d69u); /* its own stream: the searcher's draws do not shift it */
    h->run = -1;
    return &h->base;
}
