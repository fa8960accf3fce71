/* KLEE's option names on symplex's command line: a KLEE user's command line
 * runs unchanged. Each name either stands for one of symplex's own options
 * (with the value given, or a fixed one) or is accepted with one line saying
 * it has no effect here and why. docs/klee-options.md is this table in prose;
 * tests/test_cli.py runs KLEE's coreutils command line through it. */
#include "klee_options.h"
#include <string.h>

/* Stands for symplex's option s, with the value given / with value v / a
 * flag: set, s=v; given false, s=vf. */
#define KLEE_SAME(k, s) {.name = k, .symplex = s}
#define KLEE_FIXED(k, s, v) {.name = k, .symplex = s, .value = v}
#define KLEE_FLAG(k, s, v, vf) {.name = k, .symplex = s, .value = v, .value_false = vf}
/* Accepted with one line saying why it has no effect (takes: KLEE's option takes a value). */
#define KLEE_NO_EFFECT(k, takes, w) {.name = k, .takes_value = takes, .why = w}
/* Refused with one error line, unless given the value that asks for nothing. */
#define KLEE_REFUSED(k, takes, w, in) {.name = k, .takes_value = takes, .why = w, .refused = true, .inert = in}

static const KleeOption klee_options[] = {
    /* the same feature under KLEE's name */
    KLEE_SAME("posix-runtime", "posix"),
    KLEE_SAME("max-solver-time", "solver-timeout"),
    KLEE_SAME("write-smt2s", "write-smt2"),
    KLEE_SAME("only-output-states-covering-new", "only-new-coverage-tests"),
    KLEE_SAME("rng-initial-seed", "seed"),
    KLEE_SAME("check-overshift", "check-shift"),
    KLEE_SAME("env-file", "environ"),
    KLEE_SAME("write-xml-tests", "testcomp"),
    KLEE_SAME("write-paths", "record-path"),
    /* accepted, with no effect here */
    KLEE_NO_EFFECT("simplify-sym-indices", false, "symbolic indices are simplified by the solver chain's own layers"),
    KLEE_NO_EFFECT("write-cvcs", false, "symplex writes SMT-LIB 2 queries (--write-smt2), not CVC's language"),
    KLEE_NO_EFFECT("write-kqueries", false, "symplex writes SMT-LIB 2 queries (--write-smt2), not KQuery"),
    KLEE_NO_EFFECT("write-cov", false, "coverage is always in summary.json and symplex-cov reads the tests"),
    KLEE_NO_EFFECT("write-test-info", false, "each test's outcome is in tests.csv"),
    KLEE_NO_EFFECT("write-sym-paths", false, "--record-path writes each test's branch decisions"),
    KLEE_NO_EFFECT("output-module", false, "symplex-cov and symplex-replay rebuild the module from the program"),
    KLEE_NO_EFFECT("output-stats", false, "stats.csv and summary.json are always written"),
    KLEE_NO_EFFECT("output-istats", false, "coverage per line comes from symplex-cov"),
    KLEE_NO_EFFECT("disable-inlining", false, "the program's bitcode is not inlined unless --optimize"),
    KLEE_NO_EFFECT("use-forked-solver", false, "Z3 runs in-process under a deadline per query"),
    KLEE_NO_EFFECT("use-cex-cache", false, "the counterexample cache is on unless --no-cex-cache"),
    KLEE_NO_EFFECT("use-independent-solver", false, "independence slicing is on unless --no-independence"),
    KLEE_NO_EFFECT("use-query-log", true, "--write-smt2 writes every query"),
    KLEE_NO_EFFECT("max-sym-array-size", true, "large symbolic arrays go to the array layer (--array-solver=auto)"),
    KLEE_NO_EFFECT("watchdog", false, "--max-time bounds a solver query in flight too"),
    KLEE_NO_EFFECT("max-static-fork-pct", true, "symplex does not cap forks per instruction"),
    KLEE_NO_EFFECT("max-static-solve-pct", true, "symplex does not cap solver time per instruction"),
    KLEE_NO_EFFECT("max-static-cpfork-pct", true, "symplex does not cap forks per call path"),
    KLEE_NO_EFFECT("switch-type", true, "a switch forks one state per feasible case"),
    KLEE_NO_EFFECT("use-batching-search", false, "the searchers select a state per scheduling quantum"),
    KLEE_NO_EFFECT("batch-instructions", true, "the scheduling quantum is fixed (10,000 instructions)"),
    KLEE_NO_EFFECT("batch-time", true, "the scheduling quantum is fixed (10,000 instructions)"),
    KLEE_NO_EFFECT("check-div-zero", false, "division by zero is always checked"),
    KLEE_NO_EFFECT("warnings-only-to-file", false, "warnings go to stderr (--quiet silences them)"),
    KLEE_NO_EFFECT("suppress-external-warnings", false, "external calls are reported once per function"),
    KLEE_NO_EFFECT("allow-external-sym-calls", false, "symbolic arguments of external calls are concretized with a constraint"),
    KLEE_FLAG("dump-states-on-halt", "halt-tests", "18446744073709551615", "0"),
    KLEE_NO_EFFECT("emit-all-errors-in-same-path", false, "--emit-all-errors reports every error"),
    /* seeding: what symplex always does with a seed */
    KLEE_NO_EFFECT("allow-seed-extension", false, "a seed object shorter than its input is always extended with zeros"),
    KLEE_NO_EFFECT("zero-seed-extension", false, "a seed object shorter than its input is always extended with zeros"),
    KLEE_NO_EFFECT("allow-seed-truncation", false, "a seed object longer than its input is always cut to its size"),
    KLEE_NO_EFFECT("named-seed-matching", false, "seed objects go to the program's inputs in creation order, not by name"),
    KLEE_NO_EFFECT("always-output-seeds", false, "a seed's path gets a test as any path does"),
    /* KLEE's solver stack: symplex's chain has its own layers (simplification, ranges, independence, a cache, Z3) */
    KLEE_NO_EFFECT("solver-backend", true, "symplex's solver is Z3, behind its own layers"),
    KLEE_NO_EFFECT("stp-sat-solver", true, "symplex's solver is Z3, behind its own layers"),
    KLEE_NO_EFFECT("metasmt-backend", true, "symplex's solver is Z3, behind its own layers"),
    KLEE_NO_EFFECT("ignore-stp-failures", false, "symplex's solver is Z3, behind its own layers"),
    KLEE_NO_EFFECT("cex-cache-superset", false, "symplex's counterexample cache has its own lookup"),
    KLEE_NO_EFFECT("cex-cache-try-all", false, "symplex's counterexample cache has its own lookup"),
    KLEE_NO_EFFECT("use-branch-cache", false, "symplex's solver chain has its own caches"),
    KLEE_NO_EFFECT("use-fast-cex-solver", false, "symplex's range layer answers what it can before Z3"),
    KLEE_NO_EFFECT("rewrite-equalities", false, "symplex's simplifier rewrites with the path's equalities its own way"),
    KLEE_NO_EFFECT("equality-substitution", false, "symplex's simplifier rewrites with the path's equalities its own way"),
    KLEE_NO_EFFECT("use-constant-arrays", false, "small constant tables go to Z3 as a multiplexer (--array-solver)"),
    KLEE_NO_EFFECT("const-array-opt", false, "small constant tables go to Z3 as a multiplexer (--array-solver)"),
    KLEE_NO_EFFECT("optimize-array", true, "small constant tables go to Z3 as a multiplexer (--array-solver)"),
    KLEE_NO_EFFECT("single-object-resolution", false, "a symbolic pointer resolves to every object it may point to"),
    KLEE_NO_EFFECT("solver-optimize-divides", false, "divisions go to Z3 as bit-vector divisions"),
    KLEE_NO_EFFECT("use-visitor-hash", false, "symplex's expressions are hash-consed"),
    KLEE_NO_EFFECT("use-construct-hash-z3", false, "symplex's translation to Z3 is cached per expression"),
    KLEE_NO_EFFECT("use-construct-hash-stp", false, "symplex's solver is Z3, behind its own layers"),
    KLEE_NO_EFFECT("use-construct-hash-metasmt", false, "symplex's solver is Z3, behind its own layers"),
    KLEE_NO_EFFECT("debug-crosscheck-core-solver", true, "a debugging aid of KLEE's solver stack"),
    KLEE_NO_EFFECT("debug-validate-solver", false, "a debugging aid of KLEE's solver stack"),
    KLEE_NO_EFFECT("debug-assignment-validating-solver", false, "a debugging aid of KLEE's solver stack"),
    KLEE_NO_EFFECT("debug-cex-cache-check-binding", false, "a debugging aid of KLEE's solver stack"),
    KLEE_NO_EFFECT("debug-check-for-implied-values", false, "a debugging aid of KLEE's solver stack"),
    KLEE_NO_EFFECT("debug-dump-stp-queries", false, "a debugging aid of KLEE's solver stack"),
    KLEE_NO_EFFECT("debug-z3-dump-queries", true, "--write-smt2 writes every query"),
    KLEE_NO_EFFECT("debug-z3-log-api-interaction", true, "a debugging aid of KLEE's solver stack"),
    KLEE_NO_EFFECT("debug-z3-validate-models", false, "a debugging aid of KLEE's solver stack"),
    KLEE_NO_EFFECT("debug-z3-verbosity", true, "a debugging aid of KLEE's solver stack"),
    /* logs and statistics */
    KLEE_NO_EFFECT("compress-query-log", false, "--write-smt2 writes every query, uncompressed"),
    KLEE_NO_EFFECT("log-partial-queries-early", false, "--write-smt2 writes every query"),
    KLEE_NO_EFFECT("log-timed-out-queries", false, "--write-smt2 writes every query"),
    KLEE_NO_EFFECT("min-query-time-to-log", true, "--write-smt2 writes every query"),
    KLEE_NO_EFFECT("write-exec-tree", false, "symplex writes no execution-tree database"),
    KLEE_NO_EFFECT("compress-exec-tree", false, "symplex writes no execution-tree database"),
    KLEE_NO_EFFECT("exec-tree-batch-size", true, "symplex writes no execution-tree database"),
    KLEE_NO_EFFECT("stats-write-interval", true, "stats.csv gets a row a second"),
    KLEE_NO_EFFECT("stats-write-after-instructions", true, "stats.csv gets a row a second"),
    KLEE_NO_EFFECT("stats-commit-after", true, "stats.csv gets a row a second"),
    KLEE_NO_EFFECT("istats-write-interval", true, "coverage per line comes from symplex-cov"),
    KLEE_NO_EFFECT("istats-write-after-instructions", true, "coverage per line comes from symplex-cov"),
    KLEE_NO_EFFECT("uncovered-update-interval", true, "coverage is updated as it is reached"),
    KLEE_NO_EFFECT("timer-interval", true, "limits are checked between scheduling quanta"),
    KLEE_NO_EFFECT("track-instruction-time", false, "symplex keeps no time per instruction"),
    KLEE_NO_EFFECT("use-call-paths", false, "symplex keeps no statistics per call path"),
    KLEE_NO_EFFECT("debug-print-instructions", true, "a debugging aid of KLEE's interpreter (SYMPLEX_DUMP_IR prints the module symplex runs)"),
    KLEE_NO_EFFECT("debug-print-escaping-functions", false, "a debugging aid of KLEE's interpreter"),
    KLEE_NO_EFFECT("debug-compress-instructions", false, "a debugging aid of KLEE's interpreter"),
    KLEE_NO_EFFECT("debug-log-merge", false, "symplex does not merge states"),
    KLEE_NO_EFFECT("debug-log-incomplete-merge", false, "symplex does not merge states"),
    KLEE_NO_EFFECT("debug-log-state-merge", false, "symplex does not merge states"),
    KLEE_NO_EFFECT("pc-all-const-widths", false, "symplex writes SMT-LIB 2 queries (--write-smt2), not KQuery"),
    KLEE_NO_EFFECT("pc-all-widths", false, "symplex writes SMT-LIB 2 queries (--write-smt2), not KQuery"),
    KLEE_NO_EFFECT("pc-multibyte-reads", false, "symplex writes SMT-LIB 2 queries (--write-smt2), not KQuery"),
    KLEE_NO_EFFECT("pc-prefix-width", false, "symplex writes SMT-LIB 2 queries (--write-smt2), not KQuery"),
    KLEE_NO_EFFECT("pc-width-as-arg", false, "symplex writes SMT-LIB 2 queries (--write-smt2), not KQuery"),
    KLEE_NO_EFFECT("smtlib-abbreviation-mode", true, "symplex's SMT-LIB 2 queries have one form"),
    KLEE_NO_EFFECT("smtlib-display-constants", true, "symplex's SMT-LIB 2 queries have one form"),
    KLEE_NO_EFFECT("smtlib-human-readable", false, "symplex's SMT-LIB 2 queries have one form"),
    /* the module and its environment */
    KLEE_NO_EFFECT("disable-internalize", false, "symplex keeps the program's functions as they are"),
    KLEE_NO_EFFECT("disable-verify", false, "the module is verified once, as it is loaded"),
    KLEE_NO_EFFECT("verify-each", false, "the module is verified once, as it is loaded"),
    KLEE_NO_EFFECT("strip-all", false, "error locations come from the program's debug information"),
    KLEE_NO_EFFECT("strip-debug", false, "error locations come from the program's debug information"),
    KLEE_NO_EFFECT("runtime-build", true, "symplex's runtime is the one installed beside it"),
    KLEE_NO_EFFECT("output-source", false, "symplex-cov and symplex-replay rebuild the module from the program"),
    KLEE_NO_EFFECT("klee-call-optimisation", false, "symplex optimizes the program only with --optimize"),
    KLEE_NO_EFFECT("warn-all-external-symbols", false, "each function run natively is named once"),
    KLEE_NO_EFFECT("external-call-warnings", true, "external calls are reported once per function"),
    KLEE_NO_EFFECT("libcxx", false, "symplex explores C programs; no C++ library is linked"),
    KLEE_NO_EFFECT("ubsan-runtime", false, "symplex's own checks report undefined behaviour (docs/output.md)"),
    KLEE_NO_EFFECT("readable-posix-inputs", false, "tests are the solver's models, printable or not"),
    KLEE_NO_EFFECT("kdalloc", false, "symplex lays out memory itself"),
    KLEE_NO_EFFECT("kdalloc-quarantine", true, "symplex lays out memory itself"),
    KLEE_NO_EFFECT("kdalloc-mark-as-unneeded", false, "symplex lays out memory itself"),
    KLEE_NO_EFFECT("kdalloc-external-page-threshold", true, "symplex lays out memory itself"),
    KLEE_NO_EFFECT("kdalloc-globals-size", true, "symplex lays out memory itself"),
    KLEE_NO_EFFECT("kdalloc-globals-start-address", true, "symplex lays out memory itself"),
    KLEE_NO_EFFECT("kdalloc-constants-size", true, "symplex lays out memory itself"),
    KLEE_NO_EFFECT("kdalloc-constants-start-address", true, "symplex lays out memory itself"),
    KLEE_NO_EFFECT("kdalloc-heap-size", true, "symplex lays out memory itself"),
    KLEE_NO_EFFECT("kdalloc-heap-start-address", true, "symplex lays out memory itself"),
    KLEE_NO_EFFECT("kdalloc-stack-size", true, "symplex lays out memory itself"),
    KLEE_NO_EFFECT("kdalloc-stack-start-address", true, "symplex lays out memory itself"),
    /* the search */
    KLEE_NO_EFFECT("use-merge", false, "symplex does not merge states"),
    KLEE_NO_EFFECT("use-incomplete-merge", false, "symplex does not merge states"),
    KLEE_NO_EFFECT("use-iterative-deepening-time-search", false, "symplex's searchers have no time-based deepening"),
    KLEE_NO_EFFECT("max-static-cpsolve-pct", true, "symplex does not cap solver time per call path"),
    KLEE_NO_EFFECT("max-static-pct-check-delay", true, "symplex does not cap forks or solver time per instruction"),
    KLEE_NO_EFFECT("array-value-ratio", true, "symplex does not make concrete memory symbolic"),
    KLEE_NO_EFFECT("array-value-symb-ratio", true, "symplex does not make concrete memory symbolic"),
    /* tests */
    KLEE_NO_EFFECT("write-ktests", false, "tests are always written as .ktest files"),
    KLEE_NO_EFFECT("write-no-tests", false, "tests are always written: a test is how a claim is checked natively"),
    KLEE_NO_EFFECT("xml-metadata-programfile", true, "Test-Comp metadata names the program file symplex loaded"),
    KLEE_NO_EFFECT("xml-metadata-programhash", true, "Test-Comp metadata holds the SHA-256 of the program file symplex loaded"),
    /* refused: symplex cannot do what they ask, and going on without it would answer another question */
    KLEE_REFUSED("function-alias", true, "symplex does not rename calls (rename them in the source)", NULL),
    KLEE_REFUSED("link-llvm-lib", true, "link the library into the program first (llvm-link-16 prog.bc LIB -o all.bc)", NULL),
    KLEE_REFUSED("replay-ktest-file", true, "tests replay natively: symplex-replay PROGRAM TEST.ktest", NULL),
    KLEE_REFUSED("replay-ktest-dir", true, "tests replay natively: symplex-replay PROGRAM TEST.ktest", NULL),
    KLEE_REFUSED("replay-path", true, "a path replays natively: symplex-replay --check-path PROGRAM TEST.ktest", NULL),
    KLEE_REFUSED("return-null-on-zero-malloc", false, "malloc(0) returns a unique pointer, as glibc's does, so that tests replay natively", NULL),
    KLEE_REFUSED("make-concrete-symbolic", true, "symplex does not make concrete memory symbolic", "0"),
};

const KleeOption *klee_option(const char *name, size_t len) {
    for (size_t i = 0; i < sizeof klee_options / sizeof klee_options[0]; i++)
        if (strlen(klee_options[i].name) == len && strncmp(klee_options[i].name, name, len) == 0)
            return &klee_options[i];
    return NULL;
}
