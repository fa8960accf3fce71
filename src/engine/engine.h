/* engine: owns the state pool, runs the search loop, enforces limits, and
 * turns terminations into tests, error reports and statistics. */
#ifndef SYMPLEX_ENGINE_H
#define SYMPLEX_ENGINE_H
#include "../exec/executor.h"
#include "../out/out.h"
#include "pruner.h"
#include "searcher.h"
#include "../target/target.h"
#include "engine_dist.h"
#include "engine_exit.h"
#include "engine_seeding.h"
#include "../util/ptrmap.h"
#include "../util/util.h"
#include <pthread.h>
#include <stdatomic.h>

typedef enum EngineKind { ENGINE_FORKING, ENGINE_DSE } EngineKind;

typedef struct EngineOptions {
    EngineKind engine;         /* --engine: forking (default) or dse (MuSE's concolic loop) */
    bool partial_solutions;    /* --partial-solutions (engine_muse.c) */
    SeedOptions seeds;         /* KLEE's seeding (engine_seeding.h); with --engine=dse, one file: its first input */
    const char *array_solver;  /* "z3" or "cegar": reported in summary.json */
    const char *solver_layer;  /* "z3" or "cw" (--solver): reported in summary.json */
    const char *fp_search;     /* "off", "fallback" or "first" (--fp-search): reported in summary.json */
    const char *configuration; /* what the caller chose for this program and why, a JSON object for summary.json's
                                  "configuration" (src/cli/auto_config.c), or NULL */
    const char *solver_reuse;  /* "stack", "off" or "assume" (--solver-reuse): reported in summary.json */
    SearchKind search;
    /* More searches given (KLEE's --search repeated): all take turns with
     * `search`, one selection each. */
#define ENGINE_SEARCH_ALSO_MAX 3
    SearchKind search_also[ENGINE_SEARCH_ALSO_MAX];
    uint32_t nsearch_also;
    PrunerKind prune;          /* --prune */
    HomiOptions homi;
    const char *target;        /* --target=FILE:LINE, or NULL */
    TargetOptions target_opt;  /* its Phase I bounds; 0 fields take the defaults */
    uint64_t seed;
    double max_time;           /* seconds; 0 = none */
    uint64_t max_instructions; /* 0 = none */
    uint64_t max_tests;        /* --max-tests: halt once this many are written; 0 = none */
    uint64_t max_memory_mb;    /* 0 = none */
    bool memory_inhibit;       /* --max-memory-inhibit: forks stop near the cap */
    bool no_state_swap;        /* --no-state-swap: the cap ends states for good */
    uint64_t halt_tests;       /* --halt-tests: at most this many tests of states alive at a halt
                                * (UINT64_MAX, the command line's default: as many as time allows) */
    bool only_new_coverage_tests;
    bool emit_all_errors;
    EngineExitOn exit_on;      /* --exit-on-error, --exit-on-error-type (engine_exit.h) */
    bool quiet;
    bool testcomp;             /* also write Test-Comp XML tests */
    double checkpoint_s;       /* --checkpoint: save the frontier this often (0: never; engine_checkpoint.h) */
    const char *resume;        /* --resume: the output directory whose last checkpoint the run starts from */
    const char *program;       /* path as given */
    int argc;                  /* program arguments (argv[0] = program name) */
    char **argv;
} EngineOptions;

typedef struct ErrorRecord {
    char *kind, *message, *file, *stack;
    uint32_t line, test;
} ErrorRecord;

typedef struct ReasonCount { char *reason; uint64_t n; } ReasonCount;
typedef VEC(ReasonCount) ReasonCounts;
/* Adds n to reason's count in v (a new entry the first time). */
void reason_counts_add(ReasonCounts *v, const char *reason, uint64_t n);
void reason_counts_free(ReasonCounts *v);

/* The memory cap's bookkeeping (engine_memory.c). Sizes in bytes. */
typedef struct EngineMemory {
    size_t cap;               /* --max-memory; 0 = none */
    size_t start;             /* resident size when exploration began: the fixed cost */
    size_t soft;              /* at this resident size states are terminated ... */
    size_t target;            /* ... until the estimate says it is back to this */
    size_t hard;              /* at this one a solver query in flight is cut (0 = never) */
    size_t start_heap;        /* malloc's bytes in use at the start (0 under a sanitizer) */
    double last_check;
    uint64_t prunes;          /* times states were terminated for memory */
    size_t inhibit, resume;   /* forks stop at this much memory in use and go on below that (0: never stop) */
    size_t swap_in;           /* below this much memory in use states set aside are rebuilt */
    size_t in_use;            /* memory in use at the last look at malloc's count ... */
    double next_heap_look;    /* ... and when the next may be: a look walks malloc's arenas */
    uint64_t inhibits;        /* times forks were stopped */
    size_t code;              /* LLVM's code dropped before exploring: the teardown pages it back in */
} EngineMemory;

/* The end of a run (engine_halt.c): what tests cost, and the states alive
 * at the halt with the tests they got. */
typedef struct EngineHalt {
    double test_time;         /* seconds spent writing tests so far ... */
    uint64_t timed_tests;     /* ... over this many: the cost the end's reserve assumes */
    double free_time;         /* seconds spent freeing states so far ... */
    uint64_t timed_frees;     /* ... over this many */
    size_t live;              /* states alive at the halt */
    uint64_t first_test;      /* e->tests when the end began */
    uint64_t tests;           /* tests written for them */
    size_t wanted;            /* states the end would write tests for (under --only-new-coverage-tests, those
                                 that covered something new) ... */
    size_t out_of_budget;     /* ... of them left when its budget (time, --halt-tests, a signal) was spent */
    uint64_t late;            /* states ended past the deadline before the end (a memory prune), no test */
    double late_from;         /* when the first state was found past the deadline (0: none yet) */
    size_t to_test;           /* states alive that the end would write tests for ... */
    double to_test_at;        /* ... counted then (engine_halt_to_test) */
    bool ending;              /* the end has begun */
    double budget_s, time_s;  /* the time the end was given, and took */
    double cpu_s;             /* the CPU time it took (the machine may be shared) */
} EngineHalt;

/* The thread that cuts a solver query in flight when a signal arrives or the
 * memory cap's hard line is reached (engine_watch.c). */
typedef struct EngineWatch {
    pthread_t thread;
    atomic_bool stop;
    atomic_bool held_running; /* engine_run_held: the hard line spares the state's queries */
    bool running;
} EngineWatch;

typedef struct Engine {
    EngineOptions opt;
    Executor *ex;
    Solver *solver;
    SolverStats *sstats;
    OutDir *out;
    Searcher *searcher;
    char *searcher_summary;    /* its summary.json lines, kept when the halt drops it */
    Pruner *pruner;            /* --prune, or NULL */
    Rng rng;
    VEC(State *) pool;
    uint64_t paths_completed, paths_early, tests;
    PtrMap tested;            /* the paths that have a test (engine_test.h), as the writer knows them */
    uint64_t tests_repeated;  /* paths met again that had a test: none written (restarting runs, other ranks) */
    uint64_t tests_known;     /* resumed: paths whose test was written before the crash */
    ReasonCounts early;
    VEC(ErrorRecord) errors;
    double start, last_progress, last_stats;
    double run_start, run_deadline; /* the current run (a pruner's runs restart); deadline 0: none */
    uint32_t runs;             /* runs begun */
    size_t peak_states;        /* the most states alive at once */
    uint64_t run_pruned;       /* states the pruner dropped in the current run */
    VEC(State *) prune_buf;    /* scratch for the pruner's choice */
    EngineMemory mem;
    EngineWatch watch;
    EngineHalt halt;
    bool halted;
    bool skip_tests;           /* no test wanted for the states left (--target reached) */
    bool progress_tty;         /* stderr is a terminal: redraw one line; else a line every few seconds */
    bool debug_memory;         /* SYMPLEX_DEBUG_MEMORY: where the memory goes, once a second */
    const char *halt_reason;
    State *held;               /* engine_tick's held state while it runs, else NULL */
    size_t exit_error;         /* --exit-on-error ended the run: 1 + the index in errors of its error; else 0 */
    const char *program_file;  /* set by the caller before the summary: "unchanged", "changed" or "vanished"
                                  (the program file, against what was loaded), or NULL: not checked */
    struct EngineMuse *muse;   /* engine_muse.c, or NULL */
    struct EngineTarget *target; /* --target (engine_target.c), or NULL */
    struct EngineSwap *swap;   /* states the memory cap set aside (engine_swap.c), or NULL */
    struct EngineCheckpoint *checkpoint; /* --checkpoint, --resume (engine_checkpoint.c), or NULL */
    struct EngineSeeding *seeding; /* --seed-file, --seed-dir (engine_seeding.c), or NULL */
    EngineDist *dist;          /* this process is one rank of an MPI job (src/dist), or NULL */
} Engine;

/* NULL + *err on a bad option value (an unreadable --seed-file). */
Engine *engine_new(const EngineOptions *opt, IrModule *m, Solver *solver, SolverStats *sstats,
                   const ExecOptions *eopt, OutDir *out, char **err);
/* Explores until no state is left, a limit stops it or SIGINT/SIGTERM
 * arrives (halt reason "interrupted"; a second signal ends the process). */
void engine_run(Engine *e);
void engine_write_summary(Engine *e);
void engine_free(Engine *e);

/* ---- shared between engine_*.c ---- */
void engine_discard(Engine *e, State *s);
/* Removes s from the pool and the searcher, and leaves it to its owner. */
void engine_unpool(Engine *e, State *s);
/* The process's exit, not the engine, gives the run's memory back: a release
 * build (SYMPLEX_FREE_AT_EXIT, util.h) outside a distributed job, whose ranks
 * tear down in step. */
static inline bool engine_teardown_at_exit(const Engine *e) { return !SYMPLEX_FREE_AT_EXIT && !e->dist; }
/* Counts s's early end (reason) among the paths, unless it is not a path of
 * the tree (a partial solution run by the forking engine). */
void engine_count_early(Engine *e, const State *s, const char *reason);
/* The end of a run (engine_halt.c): when exploring must stop under
 * --max-time to leave the end its share; each test's cost, as measured;
 * ending the states alive at a halt, their tests within the share, the rest
 * counted; the "halt" group of summary.json. */
double engine_halt_explore_end(Engine *e, double now);
void engine_halt_timed_test(Engine *e, double seconds);
/* Is it too late for a state ended while exploring to get its test (past
 * --max-time's deadline)? Counts it if so. */
bool engine_halt_late(Engine *e, const State *s);
void engine_halt_finish(Engine *e);
void engine_halt_summary(const Engine *e, FILE *f);
/* Puts a new state in the pool and the searcher. */
void engine_adopt(Engine *e, State *s);
/* Runs states until none is left, a limit (or a signal) halts the run or
 * the current run's deadline passes. */
void engine_explore(Engine *e);
/* The pruner's side of the loop (engine_runs.c): runs restarting from the
 * initial state, and the states it drops between two runs of a state. */
void engine_run_restarting(Engine *e);
/* How a distributed run shares this run's work (dist.h): one tree, each
 * path explored once, whose states move between ranks; or copies, each rank
 * running its own, rank 0's end ending all: restarting runs walk the tree
 * again from the start, --target's searches are a race, and the
 * generational search's queue is not split (a split at the first run's open
 * branches lost paths: a solution may leave its prefix before the branch it
 * was solved for, and the path it finds is in another rank's part). */
typedef enum EngineShare { SHARE_TREE, SHARE_COPIES } EngineShare;
EngineShare engine_share(const Engine *e);
void engine_prune_check(Engine *e, double now);
/* The chores of the search loop between two quanta (the memory cap, the
 * pruner, the progress line, stats.csv, checkpoints); rate-limited. held: a
 * state the caller runs outside the search and holds across the call (a
 * seed's), which the memory cap does not end; NULL from the search loop. */
void engine_tick(Engine *e, double now, State *held);
/* Runs a held state (see engine_tick) up to n instructions, as exec_run. Its
 * queries are cut only when they alone outgrow their share of memory: at the
 * hard line the engine_tick after the quantum ends other states instead. A
 * cut would end the held state, and with it the seed its caller follows. */
bool engine_run_held(Engine *e, State *s, uint64_t n);
/* Has a limit or a signal halted the run (e->halt_reason says which)? */
bool engine_over_limits(Engine *e, double now);
/* The memory cap: engine_memory_start when exploration begins, then
 * engine_memory_check as often as the loop likes (it rate-limits itself). */
void engine_memory_start(Engine *e);
void engine_memory_check(Engine *e, double now);
/* When the states are gone: memory handed back if the teardown needs it. */
void engine_memory_end(Engine *e);
void engine_memory_debug(Engine *e);
/* --record-path (engine_path.c): the run's path-module.bc and path-sites.txt,
 * then each test's .path file. */
void engine_path_start(Engine *e, const IrModule *m);
/* --record-path: s's decisions as its path file will hold them (NULL
 * without the option), and that file written for test `test`. */
struct PathFile *engine_path_of(Engine *e, const State *s, const Termination *t);
void engine_path_write(Engine *e, uint32_t test, const struct PathFile *pf);
/* The watcher: started with exploration (after engine_memory_start), stopped
 * once the engine has seen an interrupt (or at the end), after which the
 * solver answers again. */
void engine_watch_start(Engine *e);
void engine_watch_stop(Engine *e);

#endif
