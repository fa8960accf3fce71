/* searcher_portfolio_new (search_portfolio.c): selections move toward the arm
 * whose states find coverage, every arm keeps its floor, and with no
 * coverage at all the arms share evenly. */
#define _GNU_SOURCE
#include "check.h"
#include "engine/searcher.h"
#include "exec/state.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An arm that always offers its own state. */
typedef struct FakeArm {
    Searcher base;
    State *mine;
} FakeArm;

static void fake_add(Searcher *s, State *st) { (void)s, (void)st; }
static void fake_remove(Searcher *s, State *st) { (void)s, (void)st; }
static State *fake_select(Searcher *s) { return ((FakeArm *)s)->mine; }
static void fake_destroy(Searcher *s) { free(s); }

static Searcher *fake_new(State *mine) {
    FakeArm *a = calloc(1, sizeof *a);
    a->base = (Searcher){NULL, fake_add, fake_remove, fake_select, fake_destroy, NULL};
    a->mine = mine;
    return &a->base;
}

static uint64_t covered;
static uint64_t fake_coverage(const void *ctx) {
    (void)ctx;
    return covered;
}

/* n selections; a state in `finds` covers one more line each time it runs */
static void run(Searcher *pf, int n, State *finds, uint64_t *by_a, State *a) {
    *by_a = 0;
    for (int i = 0; i < n; i++) {
        State *s = pf->select(pf);
        *by_a += s == a;
        if (s == finds) covered++;
    }
}

int main(void) {
    State *a = state_new(), *b = state_new();
    Rng rng;
    rng_seed(&rng, 1);
    Searcher *arms[2] = {fake_new(a), fake_new(b)};
    static const char *const names[] = {"a", "b"};
    Searcher *pf = searcher_portfolio_new(arms, names, 2, &rng, fake_coverage, NULL);
    uint64_t by_a;
    /* nothing found: an even share */
    run(pf, 4000, NULL, &by_a, a);
    CHECK_MSG(by_a > 1700 && by_a < 2300, "no coverage: a got %llu of 4000", (unsigned long long)by_a);
    /* a's states find coverage: time moves to a, b keeps its floor (10% of 2 arms' 20%) */
    run(pf, 4000, a, &by_a, a);
    CHECK_MSG(by_a > 3000, "a finds coverage: a got %llu of 4000", (unsigned long long)by_a);
    CHECK_MSG(by_a < 3800, "b keeps its floor: a got %llu of 4000", (unsigned long long)by_a);
    /* then b's do: the discounted values follow */
    run(pf, 4000, b, &by_a, a);
    run(pf, 4000, b, &by_a, a);
    CHECK_MSG(by_a < 1000, "b finds coverage now: a got %llu of 4000", (unsigned long long)by_a);
    CHECK(searcher_portfolio_picks(pf, 0) + searcher_portfolio_picks(pf, 1) == 16000);
    /* summary.json's line names each arm with its selections */
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    pf->summary(pf, f);
    fclose(f);
    char want[128];
    snprintf(want, sizeof want, "  \"portfolio_picks\": {\"a\": %llu, \"b\": %llu},\n",
             (unsigned long long)searcher_portfolio_picks(pf, 0), (unsigned long long)searcher_portfolio_picks(pf, 1));
    CHECK_MSG(strcmp(text, want) == 0, "portfolio summary: %s", text);
    free(text);
    /* inside a composite search (two --search options, --target's split) the lines are passed on */
    Searcher *pair[2] = {fake_new(a), pf};
    Searcher *both = searcher_split_new(searcher_interleaved_newv(pair, 2), fake_new(b));
    text = NULL;
    f = open_memstream(&text, &len);
    both->summary(both, f);
    fclose(f);
    CHECK_MSG(strcmp(text, want) == 0, "composite summary: %s", text);
    free(text);
    both->destroy(both);
    state_free(a), state_free(b);
    return check_report();
}
