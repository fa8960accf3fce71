/* pruner: which live states to drop. Beside the searcher, which decides the
 * order states run in, a pruner decides which of them are not worth running
 * at all; the engine terminates those (each still gets a test, with reason
 * "pruned"). A pruner may also split the time budget into runs, each
 * restarting from the initial state, and learn from the tests of one run
 * what to prune in the next (Homi, pruner_homi.c).
 *
 * The memory cap's random pruning is not a pruner: it answers a limit, not a
 * judgement of states, and runs whatever pruner is chosen. */
#ifndef SYMPLEX_PRUNER_H
#define SYMPLEX_PRUNER_H
#include "../exec/executor.h"
#include <stdio.h>

typedef struct Pruner Pruner;
struct Pruner {
    /* Run number `run` begins (every state of the run before has ended),
     * with `left` seconds of the budget left (infinity without --max-time).
     * Returns the run's budget in seconds; infinity: one run for the whole
     * budget; 0: no more runs. */
    double (*run_begin)(Pruner *, uint32_t run, double left);
    /* Every time the engine is between two runs of a state: the states to
     * drop now (up to all n: dropping the last one ends the run), written
     * into out (room for n); returns how many. `elapsed` is seconds since the
     * run began. */
    size_t (*prune)(Pruner *, State *const *live, size_t n, double elapsed, State **out);
    /* A state of the run ends with a test (before the engine frees it). */
    void (*on_test)(Pruner *, const State *);
    /* Its lines of summary.json (each "  \"key\": value,\n"). */
    void (*summary)(Pruner *, FILE *);
    void (*destroy)(Pruner *);
    /* What the executor must keep for it. */
    bool needs_path_branches;  /* State.branches */
    bool needs_shared_inputs;  /* the same arrays in every run */
};

typedef enum PrunerKind { PRUNER_NONE, PRUNER_HOMI } PrunerKind;

/* Homi's knobs (pruner_homi.c); 0 fields take the defaults. */
typedef struct HomiOptions {
    double interval;        /* eta_t: seconds between two prunes */
    double run_max;         /* tau_max: the largest run budget */
    uint32_t min_states;    /* prune only above this many live states ... */
    bool min_states_given;  /* ... when given (else the default) */
    uint32_t reverse;       /* candidates of reverse exploitation */
} HomiOptions;

/* The Homi pruner for a run of `budget` seconds (0: none). */
Pruner *pruner_homi_new(const HomiOptions *opt, double budget, uint64_t seed);

#endif
