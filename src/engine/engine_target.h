/* --target in the engine (engine_target.c): Phase I runs in engine_new, its
 * plan's corridor becomes the pruner, and the first state that reaches the
 * target line ends with a test and halts the run. */
#ifndef SYMPLEX_ENGINE_TARGET_H
#define SYMPLEX_ENGINE_TARGET_H
#include "engine.h"

/* Resolves e->opt.target in m, runs Phase I, sets xo's target lines and
 * e->pruner. false + *err on a bad target. */
bool engine_target_new(Engine *e, IrModule *m, ExecOptions *xo, char **err);
/* Phase I proved that no path reaches the target: nothing to explore. */
bool engine_target_unreachable(const Engine *e);
/* Is t the end of a state at the target line? Counts it. */
bool engine_target_reached(Engine *e, const Termination *t);
/* Its test was written as number `test`: the run halts. */
void engine_target_tested(Engine *e, uint32_t test);
/* The verdict on stderr (unless --quiet). */
void engine_target_report(const Engine *e);
/* summary.json lines: targets_reached always, the rest with --target. */
void engine_target_summary(const Engine *e, FILE *f);
void engine_target_free(Engine *e);

#endif
