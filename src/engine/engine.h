/* engine: owns the state pool, runs the search loop, enforces limits, and
 * turns terminations into tests, error reports and statistics. */
#ifndef SYMPLEX_ENGINE_H
#define SYMPLEX_ENGINE_H
#include "../exec/executor.h"
#include "../out/out.h"
#include "searcher.h"

typedef struct EngineOptions {
    SearchKind search;
    uint64_t seed;
    double max_time;           /* seconds; 0 = none */
    uint64_t max_instructions; /* 0 = none */
    uint64_t max_memory_mb;    /* 0 = none */
    bool only_new_coverage_tests;
    bool emit_all_errors;
    bool quiet;
    bool testcomp;             /* also write Test-Comp XML tests */
    const char *program;       /* path as given */
    int argc;                  /* program arguments (argv[0] = program name) */
    char **argv;
} EngineOptions;

typedef struct ErrorRecord {
    char *kind, *message, *file;
    uint32_t line, test;
} ErrorRecord;

typedef struct ReasonCount { char *reason; uint64_t n; } ReasonCount;

typedef struct Engine {
    EngineOptions opt;
    Executor *ex;
    Solver *solver;
    SolverStats *sstats;
    OutDir *out;
    Searcher *searcher;
    Rng rng;
    VEC(State *) pool;
    uint64_t paths_completed, paths_early, tests;
    VEC(ReasonCount) early;
    VEC(ErrorRecord) errors;
    double start, last_progress, last_stats, last_memory_check;
    bool halted;
    bool skip_tests;
    bool progress_tty;         /* stderr is a terminal: redraw one line; else a line every few seconds */           /* past the post-halt budget: terminate without writing tests */
    const char *halt_reason;
} Engine;

Engine *engine_new(const EngineOptions *opt, IrModule *m, Solver *solver, SolverStats *sstats,
                   const ExecOptions *eopt, OutDir *out);
/* Explores until no state is left or a limit stops it. */
void engine_run(Engine *e);
void engine_write_summary(Engine *e);
void engine_free(Engine *e);

#endif
