/* engine_swap: states the memory cap sets aside instead of losing them.
 *
 * Under --max-memory the engine ends randomly chosen states when memory runs
 * short (engine_memory.c). An ended state's subtree is lost for good: on a
 * breadth-first run of coreutils' pr, 774,266 states were ended and the run
 * stopped at 371 s of 600 with none left. So a state that can be rebuilt is
 * kept as what rebuilds it: its input (the model of its whole path, one
 * Seed object per make_symbolic call, in order) and the number of decisions
 * on its path (State.decisions), a few hundred bytes where the state held
 * tens of kilobytes. When memory allows, or no state is left, it is rebuilt:
 * the input runs from the initial state concolically (the model decides
 * every fork point: no query, no fork) up to that decision, where the state
 * goes on symbolically with the same path condition and memory. The
 * instructions between that decision and where the state was set aside run
 * again; they decide nothing.
 *
 * A state is set aside as the cap ends states, or as the cap's watcher cuts
 * its query (it is then inside a fork not yet counted, and its rebuild
 * makes that fork again); its test, if the policy wants one, is written
 * then, so nothing is lost if it never comes back; it is not counted as an
 * early end. A state without a model of its whole
 * path (speculation's unchecked segments, a model too large to keep,
 * --no-state-model) is ended as before. */
#ifndef SYMPLEX_ENGINE_SWAP_H
#define SYMPLEX_ENGINE_SWAP_H
#include "engine.h"

typedef struct EngineSwap EngineSwap;

void engine_swap_new(Engine *e);
void engine_swap_free(Engine *e);
/* Keeps what rebuilds s, when it can; true if kept. Called for every state
 * ending with reason max-memory (engine_on_terminate): the cap chose it, or
 * the cap's watcher cut its query. */
bool engine_swap_keep(Engine *e, State *s);
/* Rebuilds up to n states set aside (n = 0: as many as memory allows);
 * returns how many. */
size_t engine_swap_in(Engine *e, size_t n);
/* Forgets every state set aside (a pruner's run ended: they were its). */
void engine_swap_clear(Engine *e);
size_t engine_swap_waiting(const Engine *e);
/* Calls fn on every record waiting (a checkpoint saves them); returns how many. */
struct StateRecord;
size_t engine_swap_each(const Engine *e, void (*fn)(void *ctx, const struct StateRecord *r), void *ctx);
/* summary.json lines */
void engine_swap_summary(const Engine *e, FILE *f);

#endif
