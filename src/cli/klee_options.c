/* KLEE's option names on symplex's command line: a KLEE user's command line
 * runs unchanged. Each name either stands for one of symplex's own options
 * (with the value given, or a fixed one) or is accepted with one line saying
 * it has no effect here and why. docs/klee-options.md is this table in prose;
 * tests/test_cli.py runs KLEE's coreutils command line through it. */
#include "klee_options.h"
#include <string.h>

static const KleeOption klee_options[] = {
    /* the same feature under KLEE's name */
    {"posix-runtime", "posix", NULL, false, NULL},
    {"max-solver-time", "solver-timeout", NULL, true, NULL},
    {"write-smt2s", "write-smt2", NULL, false, NULL},
    {"only-output-states-covering-new", "only-new-coverage-tests", NULL, false, NULL},
    {"rng-initial-seed", "seed", NULL, true, NULL},
    {"check-overshift", "check-shift", NULL, false, NULL},
    {"write-paths", "record-path", NULL, false, NULL},
    /* accepted, with no effect here */
    {"simplify-sym-indices", NULL, NULL, false, "symbolic indices are simplified by the solver chain's own layers"},
    {"write-cvcs", NULL, NULL, false, "symplex writes SMT-LIB 2 queries (--write-smt2), not CVC's language"},
    {"write-kqueries", NULL, NULL, false, "symplex writes SMT-LIB 2 queries (--write-smt2), not KQuery"},
    {"write-cov", NULL, NULL, false, "coverage is always in summary.json and symplex-cov reads the tests"},
    {"write-test-info", NULL, NULL, false, "each test's outcome is in tests.csv"},
    {"write-sym-paths", NULL, NULL, false, "--record-path writes each test's branch decisions"},
    {"output-module", NULL, NULL, false, "symplex-cov and symplex-replay rebuild the module from the program"},
    {"output-stats", NULL, NULL, false, "stats.csv and summary.json are always written"},
    {"output-istats", NULL, NULL, false, "coverage per line comes from symplex-cov"},
    {"disable-inlining", NULL, NULL, false, "the program's bitcode is not inlined unless --optimize"},
    {"use-forked-solver", NULL, NULL, false, "Z3 runs in-process under a deadline per query"},
    {"use-cex-cache", NULL, NULL, false, "the counterexample cache is on unless --no-cex-cache"},
    {"use-independent-solver", NULL, NULL, false, "independence slicing is on unless --no-independence"},
    {"use-query-log", NULL, NULL, true, "--write-smt2 writes every query"},
    {"max-sym-array-size", NULL, NULL, true, "large symbolic arrays go to the array layer (--array-solver=auto)"},
    {"watchdog", NULL, NULL, false, "--max-time bounds a solver query in flight too"},
    {"max-static-fork-pct", NULL, NULL, true, "symplex does not cap forks per instruction"},
    {"max-static-solve-pct", NULL, NULL, true, "symplex does not cap solver time per instruction"},
    {"max-static-cpfork-pct", NULL, NULL, true, "symplex does not cap forks per call path"},
    {"switch-type", NULL, NULL, true, "a switch forks one state per feasible case"},
    {"use-batching-search", NULL, NULL, false, "the searchers select a state per scheduling quantum"},
    {"batch-instructions", NULL, NULL, true, "the scheduling quantum is fixed (10,000 instructions)"},
    {"batch-time", NULL, NULL, true, "the scheduling quantum is fixed (10,000 instructions)"},
    {"check-div-zero", NULL, NULL, false, "division by zero is always checked"},
    {"warnings-only-to-file", NULL, NULL, false, "warnings go to stderr (--quiet silences them)"},
    {"suppress-external-warnings", NULL, NULL, false, "external calls are reported once per function"},
    {"allow-external-sym-calls", NULL, NULL, false, "symbolic arguments of external calls are concretized with a constraint"},
    {"dump-states-on-halt", NULL, NULL, false, "states alive at the halt get tests unless --halt-tests=0"},
    {"emit-all-errors-in-same-path", NULL, NULL, false, "--emit-all-errors reports every error"},
};

const KleeOption *klee_option(const char *name, size_t len) {
    for (size_t i = 0; i < sizeof klee_options / sizeof klee_options[0]; i++)
        if (strlen(klee_options[i].name) == len && strncmp(klee_options[i].name, name, len) == 0)
            return &klee_options[i];
    return NULL;
}
