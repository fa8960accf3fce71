/* searcher: which state runs next. Searchers see states being added and
 * removed and pick one; they never execute instructions. */
#ifndef SYMPLEX_SEARCHER_H
#define SYMPLEX_SEARCHER_H
#include "../exec/executor.h"
#include "../util/ptrmap.h"
#include "../util/util.h"

typedef struct Searcher Searcher;
struct Searcher {
    /* Called when `child` forks off `parent`, before add(child); may be NULL. */
    void (*fork)(Searcher *, State *parent, State *child);
    void (*add)(Searcher *, State *);
    void (*remove)(Searcher *, State *);
    State *(*select)(Searcher *);
    void (*destroy)(Searcher *);
    /* Its lines of summary.json (each "  \"key\": value,\n"); may be NULL. */
    void (*summary)(const Searcher *, FILE *);
};

typedef enum SearchKind { SEARCH_DEFAULT, SEARCH_DFS, SEARCH_BFS, SEARCH_RANDOM_STATE, SEARCH_RANDOM_PATH, SEARCH_COVNEW,
                         SEARCH_TARGET, SEARCH_PORTFOLIO } SearchKind;

/* Parses a --search name; false if unknown. */
bool searcher_parse(const char *name, SearchKind *out);
Searcher *searcher_new(SearchKind kind, Rng *rng, Executor *ex);

Searcher *searcher_dfs_new(void);
Searcher *searcher_bfs_new(void);
Searcher *searcher_random_state_new(Rng *rng);
Searcher *searcher_random_path_new(Rng *rng);
Searcher *searcher_covnew_new(Rng *rng, Executor *ex);
/* covnew's weighting toward --target's line instead of uncovered code (ex's
 * target_locs; without them it is covnew). */
Searcher *searcher_target_new(Rng *rng, Executor *ex);
/* A preference for covnew and target searchers (only those): the weight of
 * a state `prefer` holds for is multiplied by `factor`. The others are never
 * dropped, and keep at least 1/factor of the selections they would get. */
typedef bool (*CovPrefer)(const void *ctx, State *s);
void searcher_covnew_prefer(Searcher *sr, CovPrefer prefer, const void *ctx, double factor);
/* Two searches over disjoint trees: a state of group 0 (State.group) is
 * a's, one of group 1 b's; selections alternate between them (takes
 * ownership; search_split.c). */
Searcher *searcher_split_new(Searcher *a, Searcher *b);
/* Alternates between a and b on every selection (takes ownership). */
Searcher *searcher_interleaved_new(Searcher *a, Searcher *b);
/* What a composite search passes on to each of its n searchers. */
void searchers_fork(Searcher **v, uint32_t n, State *p, State *c);
void searchers_add(Searcher **v, uint32_t n, State *st);
void searchers_remove(Searcher **v, uint32_t n, State *st);
void searchers_summary(Searcher *const *v, uint32_t n, FILE *f); /* each one's summary.json lines */
/* n (>= 1) searchers taking turns; takes ownership of them, not of v. */
Searcher *searcher_interleaved_newv(Searcher **v, uint32_t n);
/* The lines and branches covered so far (any measure that only grows). */
typedef uint64_t (*PortfolioCoverage)(const void *ctx);
/* n (1..8) searchers as a bandit's arms: each selection goes to an arm drawn
 * by the coverage it has found lately, with a floor for every arm
 * (search_portfolio.c; takes ownership of the arms, not of the array; the
 * names, kept by reference, label the arms' selections in summary.json). */
Searcher *searcher_portfolio_new(Searcher **arms, const char *const *names, uint32_t n, Rng *rng,
                                 PortfolioCoverage coverage, const void *ctx);
/* A list of states with each one's position in `at` (searchers that choose
 * by position: covnew, random-state): adding appends, removing moves the last
 * state into the removed one's place, both in O(1). */
void searcher_slot_add(PtrMap *at, State *s, size_t pos);
/* Removes s (false if absent), sets *pos to the place it had; the caller
 * shortens its list by one, as the state that was last is now at *pos. */
bool searcher_slot_remove(State **v, size_t len, PtrMap *at, State *s, size_t *pos);
/* The selections arm `arm` has made. */
uint64_t searcher_portfolio_picks(const Searcher *s, uint32_t arm);

#endif
