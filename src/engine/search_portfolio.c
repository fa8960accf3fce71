/* search_portfolio.c: searchers as the arms of a bandit (issue 31: a budget
 * is better spent by a schedule than by one fixed searcher). Every arm sees
 * every state; each selection goes to one arm, drawn with probability
 * proportional to its value, and the coverage gained until the next selection
 * is that arm's reward. An arm's value is a discounted average of its rewards
 * per selection, so time moves toward what has been finding new code lately;
 * a floor keeps every arm some turns, since a searcher that finds nothing now
 * may be the one that will later. */
#include "searcher.h"
#include <stdlib.h>
#include <string.h>

enum { PORTFOLIO_MAX_ARMS = 8 };
/* The weight of one new reward in an arm's value, and the share of the
 * selections spread evenly whatever the values say. */
static const double PORTFOLIO_DISCOUNT = 0.02, PORTFOLIO_FLOOR = 0.2;

typedef struct Portfolio {
    Searcher base;
    Searcher *arms[PORTFOLIO_MAX_ARMS];
    const char *const *names;
    double value[PORTFOLIO_MAX_ARMS];
    uint64_t picks[PORTFOLIO_MAX_ARMS];
    uint32_t n;
    int32_t last;               /* the arm of the previous selection, -1 before the first */
    uint64_t covered;           /* coverage at the previous selection */
    Rng *rng;
    PortfolioCoverage coverage;
    const void *ctx;
} Portfolio;

static void pf_fork(Searcher *s, State *p, State *c) {
    Portfolio *pf = (Portfolio *)s;
    searchers_fork(pf->arms, pf->n, p, c);
}

static void pf_add(Searcher *s, State *st) {
    Portfolio *pf = (Portfolio *)s;
    searchers_add(pf->arms, pf->n, st);
}

static void pf_remove(Searcher *s, State *st) {
    Portfolio *pf = (Portfolio *)s;
    searchers_remove(pf->arms, pf->n, st);
}

/* The previous arm's reward: what the state it chose covered since. */
static void pf_reward(Portfolio *pf) {
    uint64_t now = pf->coverage(pf->ctx);
    if (pf->last >= 0) {
        double gain = now > pf->covered ? (double)(now - pf->covered) : 0.0;
        pf->value[pf->last] += PORTFOLIO_DISCOUNT * (gain - pf->value[pf->last]);
    }
    pf->covered = now;
}

static uint32_t pf_draw(Portfolio *pf) {
    double total = 0;
    for (uint32_t k = 0; k < pf->n; k++) total += pf->value[k];
    double u = rng_double(pf->rng), acc = 0;
    for (uint32_t k = 0; k + 1 < pf->n; k++) {
        double share = total > 0 ? pf->value[k] / total : 1.0 / pf->n;
        acc += PORTFOLIO_FLOOR / pf->n + (1 - PORTFOLIO_FLOOR) * share;
        if (u < acc) return k;
    }
    return pf->n - 1;
}

static State *pf_select(Searcher *s) {
    Portfolio *pf = (Portfolio *)s;
    pf_reward(pf);
    uint32_t k = pf_draw(pf);
    pf->last = (int32_t)k;
    pf->picks[k]++;
    return pf->arms[k]->select(pf->arms[k]);
}

static void pf_destroy(Searcher *s) {
    Portfolio *pf = (Portfolio *)s;
    for (uint32_t k = 0; k < pf->n; k++) pf->arms[k]->destroy(pf->arms[k]);
    free(pf);
}

/* Where the selections went: what the bandit made of the run. */
static void pf_summary(const Searcher *s, FILE *f) {
    const Portfolio *pf = (const Portfolio *)s;
    fputs("  \"portfolio_picks\": {", f);
    for (uint32_t k = 0; k < pf->n; k++)
        fprintf(f, "%s\"%s\": %llu", k ? ", " : "", pf->names[k], (unsigned long long)pf->picks[k]);
    fputs("},\n", f);
}

Searcher *searcher_portfolio_new(Searcher **arms, const char *const *names, uint32_t n, Rng *rng,
                                 PortfolioCoverage coverage, const void *ctx) {
    Portfolio *pf = util_calloc(1, sizeof *pf);
    pf->base = (Searcher){pf_fork, pf_add, pf_remove, pf_select, pf_destroy, pf_summary};
    pf->n = n < PORTFOLIO_MAX_ARMS ? n : PORTFOLIO_MAX_ARMS;
    memcpy(pf->arms, arms, pf->n * sizeof *arms);
    for (uint32_t k = pf->n; k < n; k++) arms[k]->destroy(arms[k]);
    pf->names = names;
    pf->last = -1;
    pf->rng = rng;
    pf->coverage = coverage;
    pf->ctx = ctx;
    return &pf->base;
}

uint64_t searcher_portfolio_picks(const Searcher *s, uint32_t arm) {
    const Portfolio *pf = (const Portfolio *)s;
    return arm < pf->n ? pf->picks[arm] : 0;
}
