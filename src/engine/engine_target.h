/* --target in the engine (engine_target.c): Phase I runs in engine_new; in
 * Phase II its traces' inputs run first, then the directed search beside a
 * search that prefers the traces' corridor (engine_target_guide.c); the
 * first state that reaches the target line ends with a test and halts the
 * run. */
#ifndef SYMPLEX_ENGINE_TARGET_H
#define SYMPLEX_ENGINE_TARGET_H
#include "engine.h"

/* Resolves e->opt.target in m, runs Phase I and sets xo's target lines.
 * false + *err on a bad target. */
bool engine_target_new(Engine *e, IrModule *m, ExecOptions *xo, char **err);
/* Once e->ex exists: with traces, and a covnew or target searcher, the
 * searcher of Phase II (the directed search beside the same search
 * preferring the corridor); else NULL (searcher_new's, as it is). */
Searcher *engine_target_searcher(Engine *e);
/* Phase II: each input Phase I's traces stand for runs as a concolic state,
 * then the search, until the line is reached or a limit halts it. */
void engine_target_explore(Engine *e);
/* Phase I proved that no path reaches the target: nothing to explore. */
bool engine_target_unreachable(const Engine *e);
/* Is t the end of state s at the target line? Counts it. */
bool engine_target_reached(Engine *e, const State *s, const Termination *t);
/* Its test was written as number `test`: the run halts. */
void engine_target_tested(Engine *e, uint32_t test);
/* A distributed run's writer: another rank's test `test` reached the line. */
void engine_target_reached_elsewhere(Engine *e, uint32_t test);
/* The verdict on stderr (unless --quiet). */
void engine_target_report(const Engine *e);
/* summary.json lines: targets_reached always, the rest with --target. */
void engine_target_summary(const Engine *e, FILE *f);
void engine_target_free(Engine *e);

#endif
