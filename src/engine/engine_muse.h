/* engine_muse: multiplex symbolic execution (Zhang, Chen et al., ASE 2020).
 *
 * Two engines share it. --engine=dse is the paper's Algorithm 1, a concolic
 * loop: run an input (the state's model decides every branch, each side not
 * taken is an open branch), pick an open branch (dfs, bfs or covnew), solve
 * the path to it, queue the solution and, with --partial-solutions, every
 * partial solution the solver met. In the forking engine --partial-solutions
 * feeds the partial solutions of its feasibility queries to the same queue;
 * each one is run concolically (no query, no fork) between the forking
 * engine's own steps and kept as a test only when it covered something new,
 * and its assignment is offered to the counterexample cache.
 *
 * Inputs are Seeds (the bytes of the make_symbolic calls in order), kept
 * once each by hash; a run whose branch decisions repeat an earlier run's
 * path gives no test and no open branches. */
#ifndef SYMPLEX_ENGINE_MUSE_H
#define SYMPLEX_ENGINE_MUSE_H
#include "engine.h"

typedef struct EngineMuse EngineMuse;

/* Sets up the queue and the executor's sink and hooks; NULL when neither
 * --engine=dse nor --partial-solutions is given. false + message on a bad
 * --seed-file. */
bool engine_muse_new(Engine *e, char **err);
void engine_muse_free(Engine *e);
/* --engine=dse: the whole exploration. */
void engine_muse_dse(Engine *e);
/* The forking engine: runs one queued partial solution, if any (called
 * between states). */
void engine_muse_step(Engine *e);
/* Called for every terminating state: false when its test is not wanted
 * (a concolic run of a path already seen, or of a partial solution that
 * covered nothing new). Also counts. */
bool engine_muse_want_test(Engine *e, State *s);
/* summary.json lines */
void engine_muse_summary(Engine *e, FILE *f);

#endif
