/* What the options mean together (options_check.h). */
#include "options_check.h"
#include "../util/util.h"
#include <string.h>

/* A checkpoint holds one tree's frontier: runs that restart (--prune), run
 * concolically (--engine=dse) or hold Phase I's traces (--target) have
 * more state than that, and are refused rather than resumed wrongly. */
static const char *cli_check_checkpoint(const CliOptions *o) {
    if (o->engine.checkpoint_s <= 0 && !o->engine.resume) return NULL;
    if (o->engine.engine == ENGINE_DSE) return "--checkpoint and --resume need the forking engine, not --engine=dse";
    if (o->engine.prune != PRUNER_NONE) return "--checkpoint and --resume cannot be used with --prune: its runs restart";
    if (o->engine.target) return "--checkpoint and --resume cannot be used with --target";
    if (o->engine.partial_solutions) return "--checkpoint and --resume cannot be used with --partial-solutions";
    if (o->engine.resume && o->output_dir && strcmp(o->engine.resume, o->output_dir) != 0)
        return "--resume=DIR writes into DIR: --output-dir names another directory";
    return NULL;
}

/* KLEE's seeding needs the forking engine's one tree of states, each with a
 * model; --engine=dse takes one seed file, its first input. */
static const char *cli_check_seeds(const CliOptions *o) {
    const SeedOptions *so = &o->engine.seeds;
    bool seeded = so->nfiles || so->ndirs, tuned = so->only_seed || so->only_replay || so->time_s > 0;
    if (tuned && !seeded) return "--only-seed, --only-replay-seeds and --seed-time need --seed-file or --seed-dir";
    if (o->engine.engine == ENGINE_DSE)
        return so->nfiles > 1 || so->ndirs || tuned
                   ? "--engine=dse takes one --seed-file, its first input; KLEE's seeding (--seed-dir, --only-seed, ...) needs the forking engine"
                   : NULL;
    if (!seeded) return NULL;
    if (o->engine.prune != PRUNER_NONE || o->engine.target || o->engine.partial_solutions)
        return "--seed-file and --seed-dir cannot be used with --prune, --target or --partial-solutions";
    if (o->engine.checkpoint_s > 0 || o->engine.resume) return "--seed-file and --seed-dir cannot be used with --checkpoint or --resume";
    if (o->exec.speculate > 1 || o->exec.no_state_model)
        return "--seed-file and --seed-dir need each state's model: not with --speculate above 1 or --no-state-model";
    return NULL;
}

/* Options whose effect needs another one: refused, not silently ignored. */
static bool cli_check_combinations(const CliOptions *o, char **err) {
    bool dse = o->engine.engine == ENGINE_DSE;
    const char *why = NULL;
    if (dse && o->exec.speculate > 1)
        why = "--speculate needs the forking engine: --engine=dse runs one concrete path at a time, with nothing to speculate on";
    else if (dse && o->absurdity_given)
        why = "--absurdity and --no-absurdity need the forking engine: --engine=dse asks one query per open branch";
    else if (o->engine.partial_solutions && !o->solver.simplex && o->solver.array_solver != ARRAY_SOLVER_CEGAR && !o->solver.cw &&
             o->solver.fp_search == FP_SEARCH_OFF)
        why = "--partial-solutions needs a solver layer that visits assignments: --simplex, --array-solver=cegar, "
              "--solver=cw or --fp-search";
    else if (o->entry && o->posix)
        why = "--entry-point with --posix: the environment model starts the program in main (write a main that calls it)";
    else
        why = cli_check_checkpoint(o);
    if (!why) why = cli_check_seeds(o);
    if (why) *err = util_strdup(why);
    return !why;
}

bool cli_options_resolve(CliOptions *o, char **err) {
    if (o->engine.prune == PRUNER_HOMI && o->engine.engine == ENGINE_DSE) {
        *err = util_strdup("--prune=homi prunes the states of the forking engine; --engine=dse has one state at a time");
        return false;
    }
    if (o->engine.target && (o->engine.prune == PRUNER_HOMI || o->engine.engine == ENGINE_DSE)) {
        *err = util_strdup("--target runs the forking engine with its own guidance; it cannot be combined with --prune=homi or --engine=dse");
        return false;
    }
    if (!o->engine.target && (o->engine.target_opt.unroll || o->engine.target_opt.max_traces || o->target_mode_given)) {
        *err = util_strdup("the --target-* options need --target");
        return false;
    }
    if (o->engine.search == SEARCH_TARGET && !o->engine.target) {
        *err = util_strdup("--search=target needs --target");
        return false;
    }
    if (o->engine.target && o->engine.search == SEARCH_DEFAULT) o->engine.search = SEARCH_TARGET;
    /* Phase II solves what Phase I deferred with the concolic walk */
    if (o->engine.target && !o->solver_given) o->solver.cw = true;
    o->exec.fp_opaque = o->solver.fp_search != FP_SEARCH_OFF || o->solver.cw;
    /* LLVM's optimizer may compute a shift before the test that guards it in C (an oversized shift is poison,
     * not undefined, in LLVM): on optimized code a shift report need not hold natively, so none is made unless
     * asked for (as `a < 32 && (m & 1u << a)` in musl's printf, under KLEE's tutorial line) */
    if (o->optimize && !o->check_shift_given) o->exec.check_shift = false;
    if (o->optimize && o->check_shift_given && o->exec.check_shift)
        util_warn("--check-shift with --optimize: a shift the optimizer moved ahead of its guard may be reported");
    if (!cli_check_combinations(o, err)) return false;
    if (o->cw_compare && !o->solver.cw) {
        *err = util_strdup("--cw-compare needs --solver=cw");
        return false;
    }
    const HomiOptions *h = &o->engine.homi;
    if (o->engine.prune != PRUNER_HOMI && (h->interval || h->run_max || h->min_states_given || h->reverse)) {
        *err = util_strdup("the --homi-* options need --prune=homi");
        return false;
    }
    return true;
}
