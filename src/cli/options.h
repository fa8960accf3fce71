#ifndef SYMPLEX_OPTIONS_H
#define SYMPLEX_OPTIONS_H
#include "../engine/engine.h"
#include <stdio.h>

typedef struct CliOptions {
    EngineOptions engine;
    ExecOptions exec;
    SolverOptions solver;
    const char *output_dir;
    const char *clang;
    const char *testcomp_spec;
    const char **cflags;      /* --cflags words, -I and -D options, in order (owned array) */
    size_t ncflags;
    char **cflags_bufs;       /* copies of the --cflags values the words point into (owned) */
    size_t ncflags_bufs;
    bool write_smt2, optimize, help, version;
    bool solver_given;        /* --solver was on the command line */
    bool target_mode_given;   /* --target-mode was */
    bool absurdity_given;     /* --absurdity or --no-absurdity was */
    bool cw_compare;          /* --cw-compare: cw-compare.csv in the output directory */
    bool posix;               /* --posix: musl and the environment model are linked in */
    bool search_given;        /* --search was: a second one takes turns with it */
    bool check_shift_given;   /* --check-shift or --no-check-shift was (--optimize turns the check off otherwise) */
    bool fp_search_given;     /* --fp-search was: the default does not choose it */
    bool plain;               /* --plain: no layer chosen by what the program contains (auto_config.c) */
    const char *run_in_dir;   /* --run-in-dir: the program's working directory */
    const char *entry;        /* --entry-point: the function the run starts in (NULL: main) */
    int entry_params;         /* ... its parameters (0-3, main's), and whether it returns a value: */
    bool entry_returns;       /* known once the program is loaded, for symplex-replay's driver */
    char **env;               /* --environ: the program's environment, NULL-terminated (owned), or NULL */
    char **prog_argv;         /* the program's argv: its name, the --sym-* options given
                                 before it (for the environment model), then its own (owned) */
} CliOptions;

/* false + *err (one line, caller frees) on a bad command line. */
bool cli_parse(int argc, char **argv, CliOptions *o, char **err);
void cli_usage(FILE *f);
void cli_options_free(CliOptions *o);

#endif
