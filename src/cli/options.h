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
    bool write_smt2, optimize, help, version;
} CliOptions;

/* false + *err (one line, caller frees) on a bad command line. */
bool cli_parse(int argc, char **argv, CliOptions *o, char **err);
void cli_usage(FILE *f);

#endif
