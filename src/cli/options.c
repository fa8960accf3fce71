/* Command-line options. Every option is listed once, in cli_opts, with its
 * help text; the README's option list is the same table. */
#include "options.h"
#include "klee_options.h"
#include "options_check.h"
#include "../util/util.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef enum OptId {
    O_MAX_TIME, O_MAX_INSTR, O_MAX_MEMORY, O_MAX_DEPTH, O_SEARCH, O_SEED, O_SOLVER_TIMEOUT, O_WRITE_SMT2,
    O_OUTPUT_DIR, O_ONLY_NEW, O_EMIT_ALL, O_CHECK_OVERFLOW, O_CHECK_SHIFT, O_EXTERNAL, O_QUIET, O_OPTIMIZE,
    O_CLANG, O_TESTCOMP, O_TESTCOMP_SPEC, O_NO_CACHE, O_NO_INDEP, O_HELP, O_VERSION, O_NO_CHECK_SHIFT,
    O_SILENT_ASSUME, O_CFLAGS, O_POSIX, O_SPECULATE, O_ABSURDITY, O_NO_ABSURDITY, O_BRANCH_ORDER, O_NO_STATE_MODEL, O_SIMPLEX, O_ARRAY_SOLVER, O_NO_ARRAY_PRECHECK, O_NO_ARRAY_PRUNE, O_SOLVER, O_FP_SEARCH, O_CW_COMPARE, O_LINEAR_ONLY, O_ENGINE, O_PARTIAL, O_SEED_FILE,
    O_PRUNE, O_HOMI_INTERVAL, O_HOMI_RUN_MAX, O_HOMI_MIN_STATES, O_HOMI_REVERSE, O_TARGET, O_TARGET_UNROLL,
    O_TARGET_TRACES, O_TARGET_MODE, O_NO_IMPLIED_BOUNDS, O_SOLVER_REUSE, O_SOLVER_REUSE_LIMIT, O_DROP_UNDECIDED, O_RECORD_PATH, O_HALT_TESTS, O_MEMORY_INHIBIT, O_NO_STATE_SWAP,
    O_LIBC, O_ENVIRON, O_RUN_IN_DIR, O_PLAIN, O_CHECKPOINT, O_RESUME, O_MAX_FORKS, O_MAX_FRAMES, O_EXIT_ON_ERROR,
    O_EXIT_ON_TYPE, O_SEED_DIR, O_ONLY_SEED, O_ONLY_REPLAY_SEEDS, O_SEED_TIME, O_MAX_TESTS, O_ENTRY_POINT
} OptId;

static const struct { const char *name; OptId id; bool has_arg; const char *help; } cli_opts[] = {
    {"max-time", O_MAX_TIME, true, "stop exploring after S seconds, or a duration with units (10s, 5min, 1h30min); states left get tests"},
    {"max-instructions", O_MAX_INSTR, true, "stop after N executed instructions"},
    {"max-memory", O_MAX_MEMORY, true, "memory cap in MiB; states are terminated above it (default 2000)"},
    {"max-memory-inhibit", O_MEMORY_INHIBIT, false, "stop forking as memory nears --max-memory (KLEE's default; off here until measured)"},
    {"no-state-swap", O_NO_STATE_SWAP, false, "states --max-memory ends are lost (by default those with a model are kept as inputs and rebuilt when memory allows)"},
    {"halt-tests", O_HALT_TESTS, true, "at most N tests of the states alive when a limit or a signal halts the run (default: as many as the end's share of the time allows)"},
    {"max-depth", O_MAX_DEPTH, true, "terminate states after N symbolic branches"},
    {"max-tests", O_MAX_TESTS, true, "halt once N tests are written; the states alive then get tests too (KLEE's; 0, the default: no limit)"},
    {"max-forks", O_MAX_FORKS, true, "fork at most N times; past that each branch goes on along one side, the uncovered one when it is feasible (KLEE's; -1, the default: no limit)"},
    {"max-stack-frames", O_MAX_FRAMES, true, "a call past N nested frames ends its path early (default 8192, as KLEE's; 0: no limit)"},
    {"exit-on-error", O_EXIT_ON_ERROR, false, "stop at the first error: its test is written, the states alive get none, and symplex exits with status 1 (KLEE's)"},
    {"exit-on-error-type", O_EXIT_ON_TYPE, true, "T: halt when a path ends with an error of KLEE's type T (Assert, Ptr, Free, Abort, ReportError, ...) or of symplex's kind T (oob-read, ...); the states alive get tests; repeatable (KLEE's)"},
    {"search", O_SEARCH, true, "dfs, bfs, random-state, random-path, covnew, target (with --target: covnew's weighting toward the target line, its default), portfolio (random-path, covnew, dfs and random-state, each selection drawn by the coverage each found lately; the default), default (random-path interleaved with covnew: --plain's and KLEE's); given more than once (as KLEE's), the searches take turns"},
    {"prune", O_PRUNE, true, "none (default) or homi: learned state pruning (Homi) in runs restarting from the start, on top of --search"},
    {"homi-interval", O_HOMI_INTERVAL, true, "with --prune=homi: seconds between two prunes (default 30, scaled by max-time/5h below 5 h)"},
    {"homi-run-max", O_HOMI_RUN_MAX, true, "with --prune=homi: the largest run budget in seconds, runs take 1/4..4/4 of it (default 800, scaled like the interval)"},
    {"homi-min-states", O_HOMI_MIN_STATES, true, "with --prune=homi: prune only above N live states (default 0)"},
    {"homi-reverse", O_HOMI_REVERSE, true, "with --prune=homi: uniform candidates of reverse exploitation (default 100)"},
    {"target", O_TARGET, true, "FILE:LINE: find an input that reaches that line, or prove none does (symcretic execution: a backward search, then forward execution along its traces; implies --solver=cw unless --solver is given)"},
    {"target-unroll", O_TARGET_UNROLL, true, "with --target: traversals of a CFG edge per backward path before its loop is summarised (L, default 2)"},
    {"target-traces", O_TARGET_TRACES, true, "with --target: backward traces collected before forward execution (default 16)"},
    {"target-mode", O_TARGET_MODE, true, "with --target: symcretic (default) or forward: no backward search, --search alone until the line is reached (the baseline bench/target compares with)"},
    {"seed", O_SEED, true, "random seed (default 1): same seed, same run"},
    {"solver-timeout", O_SOLVER_TIMEOUT, true, "per-query solver timeout in seconds or with units (default 10; KLEE's --max-solver-time)"},
    {"write-smt2", O_WRITE_SMT2, false, "write every solver query as queryNNNNNN.smt2 to the output directory"},
    {"output-dir", O_OUTPUT_DIR, true, "output directory (default: next free symplex-out-N)"},
    {"checkpoint", O_CHECKPOINT, true, "every S seconds (or a duration with units) save the open frontier, each live state as the input that rebuilds it, into OUT/checkpoint/"},
    {"resume", O_RESUME, true, "DIR: go on from the last checkpoint in output directory DIR (give the run's own command line), writing no test twice"},
    {"only-new-coverage-tests", O_ONLY_NEW, false, "write tests only for paths that covered new code"},
    {"emit-all-errors", O_EMIT_ALL, false, "report every error, not one per kind and location"},
    {"check-overflow", O_CHECK_OVERFLOW, false, "report signed integer overflow"},
    {"check-shift", O_CHECK_SHIFT, false, "report shifts by the bit width or more (the default)"},
    {"no-check-shift", O_NO_CHECK_SHIFT, false, "do not report shifts by the bit width or more"},
    {"silent-klee-assume", O_SILENT_ASSUME, false, "a provably false klee_assume ends the path silently (default: an error)"},
    {"external-calls", O_EXTERNAL, true, "safe (default): only allow-listed harmless functions run natively; all: any; none: forbid"},
    {"posix", O_POSIX, false, "link musl and the POSIX environment model: argv, stdin, files (see --sym-*)"},
    {"quiet", O_QUIET, false, "no progress line or warnings"},
    {"plain", O_PLAIN, false, "the plain engine: no layer switched on by the default (which runs the portfolio search, and gives floating-point code --fp-search=first; summary.json's configuration says what was chosen and why)"},
    {"optimize", O_OPTIMIZE, false, "optimize the program's bitcode before exploring (oversized shifts are then reported only with --check-shift: the optimizer may move a shift ahead of its guard)"},
    {"cflags", O_CFLAGS, true, "extra clang flags for .c/.i input, split at spaces (also -IDIR, -DNAME[=V])"},
    {"clang", O_CLANG, true, "clang-16 binary used for .c input (default /usr/lib/llvm-16/bin/clang)"},
    {"record-path", O_RECORD_PATH, false, "write each test's branch decisions (testNNNNNN.path) and the native module they refer to (path-module.bc), for symplex-replay --check-path"},
    {"testcomp", O_TESTCOMP, false, "also write Test-Comp XML tests (test-suite/) for __VERIFIER_nondet_* inputs"},
    {"testcomp-spec", O_TESTCOMP_SPEC, true, "property for Test-Comp metadata: text or .prp file (default: branch coverage)"},
    {"speculate", O_SPECULATE, true, "K: take branches unchecked, one query per K unchecked sides (1 = check each; default 1)"},
    {"absurdity", O_ABSURDITY, false, "a two-way branch whose first side is infeasible has a feasible other side, no query (default)"},
    {"no-absurdity", O_NO_ABSURDITY, false, "query both sides of a branch even when the first is infeasible"},
    {"branch-order", O_BRANCH_ORDER, true, "false-first (default) or true-first: the side a branch explores and asks first"},
    {"no-state-model", O_NO_STATE_MODEL, false, "debugging: states keep no model, so every branch side is a query"},
    {"engine", O_ENGINE, true, "forking (default) or dse: the concolic loop of multiplex symbolic execution (--search picks its open branches: dfs, bfs, covnew)"},
    {"partial-solutions", O_PARTIAL, false, "every assignment a solver layer visits becomes an input to run (MuSE); needs a layer that visits assignments: --simplex, --array-solver=cegar, --solver=cw or --fp-search"},
    {"seed-file", O_SEED_FILE, true, "FILE.ktest: a seed, whose path is followed first while the branches off it fork as usual (KLEE's seeding; repeatable); with --engine=dse: its first input (default: all zero bytes)"},
    {"seed-dir", O_SEED_DIR, true, "DIR: every .ktest in DIR is a seed, in name order (KLEE's; repeatable)"},
    {"only-seed", O_ONLY_SEED, false, "halt when the seeds are done: the states alive get tests (KLEE's)"},
    {"only-replay-seeds", O_ONLY_REPLAY_SEEDS, false, "run the seeds' own paths only, forking nothing off them (KLEE's)"},
    {"seed-time", O_SEED_TIME, true, "at most S (or a duration with units) for the seeds, then the usual search (KLEE's; default: until they are done)"},
    {"simplex", O_SIMPLEX, false, "decide linear queries with symplex's own Simplex before Z3"},
    {"array-solver", O_ARRAY_SOLVER, true, "auto (default): reads at symbolic indices of arrays over 4096 bytes go to cegar, the rest to z3; z3: Z3 (a multiplexer for small constant tables, else its array theory); cegar: abstraction and refinement with an ILP pre-check, for every such read"},
    {"no-array-precheck", O_NO_ARRAY_PRECHECK, false, "with --array-solver=cegar or auto: skip the ILP pre-check (index intervals, UNSAT without Z3)"},
    {"no-array-prune", O_NO_ARRAY_PRUNE, false, "with --array-solver=cegar or auto: every axiom is a candidate (no access-type or interval pruning)"},
    {"solver", O_SOLVER, true, "z3 (default), cw: the concolic walk answers the queries Z3 gives up on (non-linear; a model checked by evaluation), or cw-first: that, and a short walk on each non-linear query before Z3"},
    {"fp-search", O_FP_SEARCH, true, "off (default), fallback or first: MuSE's floating-point search (distance minimisation) on the FP queries Z3 gives up on; first also tries each FP query with a short search before Z3"},
    {"no-implied-bounds", O_NO_IMPLIED_BOUNDS, false, "the bounds layer off: no range reasoning, every constant bound of a term to Z3 (measurements)"},
    {"solver-reuse", O_SOLVER_REUSE, true, "stack (default): one Z3 solver kept across queries, a push level per constraint, popped to what the next query shares; assume: one solver, each constraint asserted once under a literal, a query checked under its literals; off: a fresh solver per query"},
    {"solver-reuse-limit", O_SOLVER_REUSE_LIMIT, true, "constraints the reused Z3 solver translates before it starts again (default 20000)"},
    {"solver-linear-only", O_LINEAR_ONLY, false, "give up on every non-linear query before Z3 (stands for a linear-only solver: tests and bench/cw)"},
    {"drop-undecided", O_DROP_UNDECIDED, false, "a branch side the solver chain gives up on is dropped and the state follows the side its model satisfies (default: the state ends with reason `solver timeout`)"},
    {"cw-compare", O_CW_COMPARE, false, "with --solver=cw: also walk every non-linear query Z3 answered; both answers in cw-compare.csv"},
    {"no-cex-cache", O_NO_CACHE, false, "disable the counterexample cache"},
    {"no-independence", O_NO_INDEP, false, "disable constraint independence slicing"},
    {"libc", O_LIBC, true, "KLEE's: uclibc selects --posix (musl stands for uClibc); klee or none: symplex's own libc models, the default"},
    {"environ", O_ENVIRON, true, "FILE: the program's environment (envp, getenv) is the NAME=VALUE lines of FILE, as KLEE's --environ (default: symplex's own)"},
    {"entry-point", O_ENTRY_POINT, true, "FN: start in the function FN instead of main (FN takes main's parameters or fewer; as KLEE's)"},
    {"run-in-dir", O_RUN_IN_DIR, true, "DIR: the program runs with DIR as its working directory (files it opens by relative names)"},
    {"help", O_HELP, false, "this text"},
    {"version", O_VERSION, false, "print the version"},
};

/* A duration as KLEE takes it: a number of seconds, or numbers with units
 * (h, min, s, ms, us, ns) one after the other ("1h30min", "10s"). */
static bool cli_seconds(const char *s, double *out) {
    static const struct { const char *unit; double seconds; } units[] = {
        {"h", 3600}, {"min", 60}, {"ms", 1e-3}, {"us", 1e-6}, {"ns", 1e-9}, {"s", 1}};
    double total = 0;
    const char *p = s;
    do {
        char *end;
        errno = 0;
        double v = strtod(p, &end);
        if (errno || end == p || v < 0 || *p == '-' || *p == '+') return false;
        p = end;
        if (!*p && p == s + strlen(s) && total == 0 && end != s && strspn(s, "0123456789.eE") == strlen(s)) {
            total = v; /* a plain number: seconds */
            break;
        }
        size_t k = 0, nunits = sizeof units / sizeof units[0];
        while (k < nunits && strncmp(p, units[k].unit, strlen(units[k].unit)) != 0) k++;
        if (k == nunits) return false;
        total += v * units[k].seconds;
        p += strlen(units[k].unit);
    } while (*p);
    *out = total;
    return true;
}

static bool cli_number(const char *s, double *out) {
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || v < 0) return false;
    *out = v;
    return true;
}

/* KLEE's environment options: they take several values (space-separated),
 * and go to the program's environment model, in order, not to symplex. */
static const struct { const char *name; int nvalues; const char *help; } cli_sym_opts[] = {
    {"sym-arg", 1, "N: a symbolic argument of up to N bytes"},
    {"sym-args", 3, "MIN MAX N: MIN to MAX symbolic arguments of up to N bytes each"},
    {"sym-files", 2, "NUM N: NUM symbolic files A, B, ... of N bytes each"},
    {"sym-stdin", 1, "N: stdin holds N symbolic bytes"},
    {"sym-stdout", 0, "stdout is a symbolic file"},
};

void cli_usage(FILE *f) {
    fputs("usage: symplex [options] program.c|program.bc [program arguments]\n\noptions:\n", f);
    for (size_t i = 0; i < sizeof cli_opts / sizeof cli_opts[0]; i++)
        fprintf(f, "  --%s%s\n      %s\n", cli_opts[i].name, cli_opts[i].has_arg ? "=VALUE" : "", cli_opts[i].help);
    fputs("\nwith --posix, before the program or among its arguments (KLEE's spelling):\n", f);
    for (size_t i = 0; i < sizeof cli_sym_opts / sizeof cli_sym_opts[0]; i++)
        fprintf(f, "  --%s %s\n", cli_sym_opts[i].name, cli_sym_opts[i].help);
}

#define CLI_NONE ((size_t)-1)

/* Index in cli_opts of the option named name[0..len), or CLI_NONE. */
static size_t cli_find(const char *name, size_t len) {
    for (size_t k = 0; k < sizeof cli_opts / sizeof cli_opts[0]; k++)
        if (strlen(cli_opts[k].name) == len && strncmp(cli_opts[k].name, name, len) == 0) return k;
    return CLI_NONE;
}

static int cli_sym_option(const char *a) {
    if (a[0] != '-') return -1;
    const char *name = a + (a[1] == '-' ? 2 : 1);
    for (size_t k = 0; k < sizeof cli_sym_opts / sizeof cli_sym_opts[0]; k++)
        if (strcmp(name, cli_sym_opts[k].name) == 0) return (int)k;
    return -1;
}

/* Appends a --sym-* option and its values to the program's argv, checking them. */
static bool cli_take_sym_option(CliOptions *o, int k, int argc, char **argv, int *i, size_t *n, char **err) {
    const char *a = argv[*i];
    int nv = cli_sym_opts[k].nvalues;
    if (*i + nv >= argc) {
        *err = util_format("option '%s' needs %d value%s (%s)", a, nv, nv == 1 ? "" : "s", cli_sym_opts[k].help);
        return false;
    }
    o->prog_argv[(*n)++] = argv[*i];
    for (int v = 1; v <= nv; v++) {
        double d;
        if (!cli_number(argv[*i + v], &d) || d != (double)(long)d) {
            *err = util_format("option '%s': '%s' is not a non-negative integer", a, argv[*i + v]);
            return false;
        }
        o->prog_argv[(*n)++] = argv[*i + v];
    }
    *i += nv;
    return true;
}


static void cli_push_cflag(CliOptions *o, const char *w) {
    o->cflags = util_realloc(o->cflags, (o->ncflags + 1) * sizeof *o->cflags);
    o->cflags[o->ncflags++] = w;
}

/* --cflags="-O1 -DX=1": words split at blanks (no shell quoting); the words
 * point into a copy of the value that lives as long as the options. */
static void cli_add_cflags(CliOptions *o, const char *v) {
    char *copy = util_strdup(v);
    for (char *save = NULL, *w = strtok_r(copy, " \t", &save); w; w = strtok_r(NULL, " \t", &save))
        cli_push_cflag(o, w);
    o->cflags_bufs = util_realloc(o->cflags_bufs, (o->ncflags_bufs + 1) * sizeof *o->cflags_bufs);
    o->cflags_bufs[o->ncflags_bufs++] = copy;
}

void cli_options_free(CliOptions *o) {
    free(o->engine.seeds.files);
    free(o->engine.seeds.dirs);
    for (size_t i = 0; o->env && o->env[i]; i++) free(o->env[i]);
    free(o->env);
    for (size_t i = 0; i < o->ncflags_bufs; i++) free(o->cflags_bufs[i]);
    free(o->cflags_bufs);
    free(o->cflags);
    free(o->prog_argv);
}

static bool cli_apply(CliOptions *o, OptId id, const char *v, char **err);

/* --environ=FILE: one NAME=VALUE per line (KLEE's format: `env` output);
 * blank lines are skipped. */
static bool cli_read_environ(CliOptions *o, const char *path, char **err) {
    FILE *f = fopen(path, "r");
    if (!f) { *err = util_format("cannot read environment file '%s': %s", path, strerror(errno)); return false; }
    size_t n = 0;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, f)) >= 0) {
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = 0;
        if (len == 0) continue;
        if (!strchr(line, '=') || line[0] == '=') {
            *err = util_format("environment file '%s': '%s' is not NAME=VALUE", path, line);
            free(line);
            fclose(f);
            return false;
        }
        o->env = util_realloc(o->env, (n + 2) * sizeof *o->env);
        o->env[n++] = util_strdup(line);
        o->env[n] = NULL;
    }
    free(line);
    fclose(f);
    if (!o->env) o->env = util_calloc(1, sizeof *o->env); /* an empty file: an empty environment */
    o->exec.env = o->env;
    return true;
}

static bool cli_false(const char *v) { return strcmp(v, "false") == 0 || strcmp(v, "0") == 0; }

/* A refused KLEE option given the value that asks for nothing (KLEE's
 * default: --entry-point=main, a flag =false) is accepted silently. */
static bool cli_klee_inert(const KleeOption *ko, const char *val) {
    if (ko->takes_value) return ko->inert && strcmp(val, ko->inert) == 0;
    return val && cli_false(val);
}

/* A flag given a value, as LLVM's option parser (KLEE's) allows: true or 1
 * sets it; false or 0 puts back what it would be without it. */
static bool cli_apply_flag(CliOptions *o, OptId id, const char *v, char **err) {
    bool on = strcmp(v, "true") == 0 || strcmp(v, "1") == 0;
    if (!on && strcmp(v, "false") != 0 && strcmp(v, "0") != 0) {
        *err = util_format("option value '%s' is not true or false", v);
        return false;
    }
    if (on) return cli_apply(o, id, NULL, err);
    switch (id) {
    case O_MEMORY_INHIBIT: o->engine.memory_inhibit = false; break;
    case O_NO_STATE_SWAP: o->engine.no_state_swap = false; break;
    case O_WRITE_SMT2: o->write_smt2 = false; break;
    case O_ONLY_NEW: o->engine.only_new_coverage_tests = false; break;
    case O_EMIT_ALL: o->engine.emit_all_errors = false; break;
    case O_EXIT_ON_ERROR: o->engine.exit_on.any_error = false; break;
    case O_ONLY_SEED: o->engine.seeds.only_seed = false; break;
    case O_ONLY_REPLAY_SEEDS: o->engine.seeds.only_replay = false; break;
    case O_CHECK_OVERFLOW: o->exec.check_overflow = false; break;
    case O_CHECK_SHIFT: o->exec.check_shift = false; o->check_shift_given = true; break;
    case O_NO_CHECK_SHIFT: o->exec.check_shift = true; o->check_shift_given = true; break;
    case O_SILENT_ASSUME: o->exec.silent_klee_assume = false; break;
    case O_POSIX: o->posix = false; break;
    case O_QUIET: o->engine.quiet = false; break;
    case O_PLAIN: o->plain = false; break;
    case O_OPTIMIZE: o->optimize = false; break;
    case O_RECORD_PATH: o->exec.record_path = false; break;
    case O_TESTCOMP: o->engine.testcomp = false; break;
    case O_ABSURDITY: o->exec.absurdity = false; o->absurdity_given = true; break;
    case O_NO_ABSURDITY: o->exec.absurdity = true; o->absurdity_given = true; break;
    case O_NO_STATE_MODEL: o->exec.no_state_model = false; break;
    case O_SIMPLEX: o->solver.simplex = false; break;
    case O_NO_ARRAY_PRECHECK: o->solver.no_array_precheck = false; break;
    case O_NO_ARRAY_PRUNE: o->solver.no_array_prune = false; break;
    case O_NO_IMPLIED_BOUNDS: o->solver.no_implied_bounds = false; break;
    case O_LINEAR_ONLY: o->solver.linear_only = false; break;
    case O_DROP_UNDECIDED: o->exec.keep_model_side = false; break;
    case O_CW_COMPARE: o->cw_compare = false; break;
    case O_NO_CACHE: o->solver.no_cache = false; break;
    case O_NO_INDEP: o->solver.no_independence = false; break;
    case O_PARTIAL: o->engine.partial_solutions = false; break;
    case O_HELP: o->help = false; break;
    case O_VERSION: o->version = false; break;
    default: break;
    }
    return true;
}

static bool cli_apply(CliOptions *o, OptId id, const char *v, char **err) {
    double d = 0;
    if (id == O_MAX_FORKS && strcmp(v, "-1") == 0) { /* KLEE's spelling of no limit */
        o->exec.limit_forks = false;
        return true;
    }
    bool duration = id == O_MAX_TIME || id == O_SEED_TIME || id == O_SOLVER_TIMEOUT || id == O_CHECKPOINT || id == O_HOMI_INTERVAL || id == O_HOMI_RUN_MAX;
    bool numeric = id == O_MAX_INSTR || id == O_MAX_MEMORY || id == O_MAX_DEPTH || id == O_SEED ||
                   id == O_SPECULATE || id == O_MAX_TESTS || id == O_MAX_FORKS || id == O_MAX_FRAMES || id == O_HOMI_MIN_STATES || id == O_HOMI_REVERSE ||
                   id == O_SOLVER_REUSE_LIMIT || id == O_HALT_TESTS;
    if (duration && !cli_seconds(v, &d)) {
        *err = util_format("option value '%s' is not a duration (seconds, or with units: 10s, 5min, 1h30min)", v);
        return false;
    }
    if (numeric && !cli_number(v, &d)) {
        *err = util_format("option value '%s' is not a non-negative number", v);
        return false;
    }
    switch (id) {
    case O_MAX_TIME: o->engine.max_time = d; break;
    case O_MAX_INSTR: o->engine.max_instructions = (uint64_t)d; break;
    case O_MAX_MEMORY: o->engine.max_memory_mb = (uint64_t)d; break;
    case O_MAX_DEPTH: o->exec.max_depth = (uint64_t)d; break;
    case O_MAX_TESTS: o->engine.max_tests = (uint64_t)d; break;
    case O_MAX_FORKS:
    case O_MAX_FRAMES:
        if (d != (uint64_t)d || (id == O_MAX_FRAMES && d > UINT32_MAX)) {
            *err = util_format("--%s takes a whole number, not '%s'", id == O_MAX_FORKS ? "max-forks" : "max-stack-frames", v);
            return false;
        }
        if (id == O_MAX_FRAMES) o->exec.max_frames = (uint32_t)d;
        else o->exec.limit_forks = true, o->exec.max_forks = (uint64_t)d;
        break;
    case O_EXIT_ON_TYPE: {
        char *warn = NULL;
        if (!engine_exit_parse(&o->engine.exit_on, v, err, &warn)) return false;
        if (warn) util_warn("%s", warn);
        free(warn);
        break;
    }
    case O_HALT_TESTS: o->engine.halt_tests = d >= 0x1p63 ? UINT64_MAX : (uint64_t)d; break;
    case O_SEED: o->engine.seed = (uint64_t)d; break;
    case O_SOLVER_TIMEOUT: o->solver.timeout_s = d; break;
    case O_SEARCH: { /* given again, as in KLEE: the searches take turns */
        SearchKind k;
        if (!searcher_parse(v, &k)) {
            *err = util_format("unknown search strategy '%s' (dfs, bfs, random-state, random-path, covnew, target, "
                               "portfolio)", v);
            return false;
        }
        if (!o->search_given) o->engine.search = k;
        else if (o->engine.nsearch_also < ENGINE_SEARCH_ALSO_MAX) o->engine.search_also[o->engine.nsearch_also++] = k;
        else { *err = util_format("at most %d --search options", ENGINE_SEARCH_ALSO_MAX + 1); return false; }
        o->search_given = true;
        break;
    }
    case O_LIBC:
        if (strcmp(v, "uclibc") == 0) o->posix = true;
        else if (strcmp(v, "klee") != 0 && strcmp(v, "none") != 0) {
            *err = util_format("--libc takes uclibc, klee or none, not '%s'", v);
            return false;
        }
        break;
    case O_ENVIRON: return cli_read_environ(o, v, err);
    case O_RUN_IN_DIR: o->run_in_dir = v; break;
    case O_ENTRY_POINT:
        if (!*v) {
            *err = util_strdup("--entry-point needs a function name");
            return false;
        }
        o->entry = strcmp(v, "main") == 0 ? NULL : v;
        break;
    case O_TARGET: o->engine.target = v; break;
    case O_TARGET_MODE:
        if (strcmp(v, "forward") == 0) o->engine.target_opt.forward_only = true;
        else if (strcmp(v, "symcretic") == 0) o->engine.target_opt.forward_only = false;
        else { *err = util_format("--target-mode takes symcretic or forward, not '%s'", v); return false; }
        o->target_mode_given = true;
        break;
    case O_TARGET_UNROLL:
    case O_TARGET_TRACES: {
        char *end;
        errno = 0;
        unsigned long n = strtoul(v, &end, 10);
        if (*end || errno || n == 0 || n > 1000000 || v[0] == '-') {
            *err = util_format("--%s takes a whole number from 1, not '%s'", id == O_TARGET_UNROLL ? "target-unroll" : "target-traces", v);
            return false;
        }
        *(id == O_TARGET_UNROLL ? &o->engine.target_opt.unroll : &o->engine.target_opt.max_traces) = (uint32_t)n;
        break;
    }
    case O_PRUNE:
        if (strcmp(v, "homi") == 0) o->engine.prune = PRUNER_HOMI;
        else if (strcmp(v, "none") == 0) o->engine.prune = PRUNER_NONE;
        else { *err = util_format("--prune takes none or homi, not '%s'", v); return false; }
        break;
    case O_HOMI_INTERVAL:
    case O_HOMI_RUN_MAX:
        if (d <= 0) { *err = util_format("--%s takes a positive number of seconds, not '%s'", id == O_HOMI_INTERVAL ? "homi-interval" : "homi-run-max", v); return false; }
        *(id == O_HOMI_INTERVAL ? &o->engine.homi.interval : &o->engine.homi.run_max) = d;
        break;
    case O_HOMI_MIN_STATES:
    case O_HOMI_REVERSE:
        if (d != (uint32_t)d || (id == O_HOMI_REVERSE && d < 1)) {
            *err = util_format("--%s takes a whole number%s, not '%s'", id == O_HOMI_REVERSE ? "homi-reverse" : "homi-min-states", id == O_HOMI_REVERSE ? " from 1" : "", v);
            return false;
        }
        if (id == O_HOMI_REVERSE) o->engine.homi.reverse = (uint32_t)d;
        else { o->engine.homi.min_states = (uint32_t)d; o->engine.homi.min_states_given = true; }
        break;
    case O_EXTERNAL:
        if (strcmp(v, "none") == 0) o->exec.external = EXTERNAL_NONE;
        else if (strcmp(v, "safe") == 0) o->exec.external = EXTERNAL_SAFE;
        else if (strcmp(v, "all") == 0 || strcmp(v, "concrete") == 0) o->exec.external = EXTERNAL_ALL;
        else { *err = util_format("--external-calls takes safe, all or none, not '%s'", v); return false; }
        break;
    case O_WRITE_SMT2: o->write_smt2 = true; break;
    case O_OUTPUT_DIR: o->output_dir = v; break;
    case O_CHECKPOINT:
        if (d <= 0) { *err = util_strdup("--checkpoint takes a period above 0 seconds"); return false; }
        o->engine.checkpoint_s = d;
        break;
    case O_RESUME: o->engine.resume = v; break;
    case O_ONLY_NEW: o->engine.only_new_coverage_tests = true; break;
    case O_EMIT_ALL: o->engine.emit_all_errors = true; break;
    case O_EXIT_ON_ERROR: o->engine.exit_on.any_error = true; break;
    case O_CHECK_OVERFLOW: o->exec.check_overflow = true; break;
    case O_CHECK_SHIFT: o->exec.check_shift = true; o->check_shift_given = true; break;
    case O_NO_CHECK_SHIFT: o->exec.check_shift = false; o->check_shift_given = true; break;
    case O_SILENT_ASSUME: o->exec.silent_klee_assume = true; break;
    case O_CFLAGS: cli_add_cflags(o, v); break;
    case O_POSIX: o->posix = true; break;
    case O_QUIET: o->engine.quiet = true; break;
    case O_PLAIN: o->plain = true; break;
    case O_OPTIMIZE: o->optimize = true; break;
    case O_CLANG: o->clang = v; break;
    case O_TESTCOMP: o->engine.testcomp = true; break;
    case O_RECORD_PATH: o->exec.record_path = true; break;
    case O_TESTCOMP_SPEC: o->testcomp_spec = v; o->engine.testcomp = true; break;
    case O_SPECULATE:
        if (d < 1 || d > 64 || d != (uint32_t)d) {
            *err = util_format("--speculate takes a whole number from 1 to 64, not '%s'", v);
            return false;
        }
        o->exec.speculate = (uint32_t)d;
        break;
    case O_ABSURDITY: o->exec.absurdity = true; o->absurdity_given = true; break;
    case O_NO_ABSURDITY: o->exec.absurdity = false; o->absurdity_given = true; break;
    case O_MEMORY_INHIBIT: o->engine.memory_inhibit = true; break;
    case O_NO_STATE_SWAP: o->engine.no_state_swap = true; break;
    case O_BRANCH_ORDER:
        if (strcmp(v, "true-first") == 0) o->exec.true_first = true;
        else if (strcmp(v, "false-first") == 0) o->exec.true_first = false;
        else { *err = util_format("--branch-order takes true-first or false-first, not '%s'", v); return false; }
        break;
    case O_NO_STATE_MODEL: o->exec.no_state_model = true; break;
    case O_SIMPLEX: o->solver.simplex = true; break;
    case O_ARRAY_SOLVER:
        if (strcmp(v, "cegar") == 0) o->solver.array_solver = ARRAY_SOLVER_CEGAR;
        else if (strcmp(v, "z3") == 0) o->solver.array_solver = ARRAY_SOLVER_Z3;
        else if (strcmp(v, "auto") == 0) o->solver.array_solver = ARRAY_SOLVER_AUTO;
        else { *err = util_format("--array-solver takes auto, z3 or cegar, not '%s'", v); return false; }
        break;
    case O_NO_ARRAY_PRECHECK: o->solver.no_array_precheck = true; break;
    case O_NO_ARRAY_PRUNE: o->solver.no_array_prune = true; break;
    case O_NO_IMPLIED_BOUNDS: o->solver.no_implied_bounds = true; break;
    case O_SOLVER_REUSE:
        if (strcmp(v, "stack") == 0) o->solver.solver_reuse = SOLVER_REUSE_STACK;
        else if (strcmp(v, "assume") == 0) o->solver.solver_reuse = SOLVER_REUSE_ASSUME;
        else if (strcmp(v, "off") == 0) o->solver.solver_reuse = SOLVER_REUSE_OFF;
        else { *err = util_format("--solver-reuse takes stack, assume or off, not '%s'", v); return false; }
        break;
    case O_SOLVER_REUSE_LIMIT:
        if (d < 1 || d > 10000000 || d != (uint32_t)d) {
            *err = util_format("--solver-reuse-limit takes a whole number from 1, not '%s'", v);
            return false;
        }
        o->solver.solver_reuse_limit = (unsigned)d;
        break;
    case O_SOLVER:
        o->solver_given = true;
        o->solver.cw = strcmp(v, "cw") == 0 || strcmp(v, "cw-first") == 0;
        o->solver.cw_first = strcmp(v, "cw-first") == 0;
        if (!o->solver.cw && strcmp(v, "z3") != 0) {
            *err = util_format("--solver takes z3, cw or cw-first, not '%s'", v);
            return false;
        }
        break;
    case O_FP_SEARCH:
        o->fp_search_given = true;
        if (strcmp(v, "off") == 0) o->solver.fp_search = FP_SEARCH_OFF;
        else if (strcmp(v, "fallback") == 0) o->solver.fp_search = FP_SEARCH_FALLBACK;
        else if (strcmp(v, "first") == 0) o->solver.fp_search = FP_SEARCH_FIRST;
        else { *err = util_format("--fp-search takes off, fallback or first, not '%s'", v); return false; }
        break;
    case O_CW_COMPARE: o->cw_compare = true; break;
    case O_LINEAR_ONLY: o->solver.linear_only = true; break;
    case O_ENGINE:
        if (strcmp(v, "dse") == 0) o->engine.engine = ENGINE_DSE;
        else if (strcmp(v, "forking") == 0) o->engine.engine = ENGINE_FORKING;
        else { *err = util_format("--engine takes forking or dse, not '%s'", v); return false; }
        break;
    case O_PARTIAL: o->engine.partial_solutions = true; break;
    case O_DROP_UNDECIDED: o->exec.keep_model_side = true; break;
    case O_SEED_FILE:
    case O_SEED_DIR: {
        if (access(v, R_OK) != 0) {
            *err = util_format("cannot read seed %s '%s'", id == O_SEED_FILE ? "file" : "directory", v);
            return false;
        }
        SeedOptions *so = &o->engine.seeds;
        const char ***list = id == O_SEED_FILE ? &so->files : &so->dirs;
        uint32_t *n = id == O_SEED_FILE ? &so->nfiles : &so->ndirs;
        *list = util_realloc(*list, (*n + 1) * sizeof **list);
        (*list)[(*n)++] = v;
        break;
    }
    case O_ONLY_SEED: o->engine.seeds.only_seed = true; break;
    case O_ONLY_REPLAY_SEEDS: o->engine.seeds.only_replay = true; break;
    case O_SEED_TIME: o->engine.seeds.time_s = d; break;
    case O_NO_CACHE: o->solver.no_cache = true; break;
    case O_NO_INDEP: o->solver.no_independence = true; break;
    case O_HELP: o->help = true; break;
    case O_VERSION: o->version = true; break;
    }
    return true;
}

bool cli_parse(int argc, char **argv, CliOptions *o, char **err) {
    memset(o, 0, sizeof *o);
    o->engine.seed = 1;
    o->engine.max_memory_mb = 2000;
    o->engine.halt_tests = UINT64_MAX;
    o->exec.external = EXTERNAL_SAFE;
    o->exec.check_shift = true;
    o->exec.max_frames = 8192;
    o->exec.speculate = 1;
    o->exec.absurdity = true;
    o->solver.timeout_s = 10;
    o->clang = "/usr/lib/llvm-16/bin/clang";
    o->prog_argv = util_calloc((size_t)argc + 1, sizeof *o->prog_argv);
    size_t nsym = 1; /* prog_argv[0] is the program, set below */
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || a[1] == 0) break;
        if (strcmp(a, "--") == 0) { i++; break; }
        int sym = cli_sym_option(a);
        if (sym >= 0) {
            if (!cli_take_sym_option(o, sym, argc, argv, &i, &nsym, err)) return false;
            continue;
        }
        if ((a[1] == 'I' || a[1] == 'D') && a[2]) { cli_push_cflag(o, a); continue; } /* -IDIR, -DNAME[=V] */
        if ((a[1] == 'I' || a[1] == 'D') && !a[2]) {
            if (i + 1 >= argc) { *err = util_format("option '%s' needs a value", a); return false; }
            cli_push_cflag(o, a);
            cli_push_cflag(o, argv[++i]);
            continue;
        }
        const char *name = a + (a[1] == '-' ? 2 : 1); /* KLEE accepts -opt as well as --opt */
        const char *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        const char *val = eq ? eq + 1 : NULL;
        size_t k = cli_find(name, len);
        if (k == CLI_NONE) {
            const KleeOption *ko = klee_option(name, len);
            if (!ko) { *err = util_format("unknown option '%s' (see --help)", a); return false; }
            if (!ko->symplex) { /* accepted, with no effect here, or refused */
                if (ko->takes_value && !val) {
                    if (i + 1 >= argc) { *err = util_format("option '%s' needs a value", a); return false; }
                    val = argv[++i];
                }
                if (ko->refused && !cli_klee_inert(ko, val)) {
                    *err = util_format("KLEE's option '--%.*s' is not available here: %s", (int)len, name, ko->why);
                    return false;
                }
                if (!ko->refused) util_warn("KLEE's option '--%.*s' has no effect here: %s", (int)len, name, ko->why);
                continue;
            }
            k = cli_find(ko->symplex, strlen(ko->symplex));
            if (ko->value_false && val && cli_false(val)) val = ko->value_false;
            else if (ko->value) val = ko->value;
        }
        if (cli_opts[k].has_arg && !val) {
            if (i + 1 >= argc) { *err = util_format("option '%s' needs a value", a); return false; }
            val = argv[++i];
        }
        if (!cli_opts[k].has_arg && val) {
            if (!cli_apply_flag(o, cli_opts[k].id, val, err)) return false;
            continue;
        }
        if (!cli_apply(o, cli_opts[k].id, val, err)) return false;
    }
    if (o->help || o->version) return true;
    if (!cli_options_resolve(o, err)) return false;
    if (i >= argc) { *err = util_strdup("no program given (usage: symplex [options] program.c|program.bc)"); return false; }
    o->engine.program = argv[i];
    o->prog_argv[0] = argv[i];
    bool sym_after = false;
    for (int j = i + 1; j < argc; j++) sym_after |= cli_sym_option(argv[j]) >= 0;
    if ((nsym > 1 || sym_after) && !o->posix) {
        *err = util_strdup("the --sym-* options need --posix (the environment model that reads them)");
        return false;
    }
    for (int j = i + 1; j < argc; j++) o->prog_argv[nsym++] = argv[j];
    o->engine.argc = (int)nsym;
    o->engine.argv = o->prog_argv;
    if (access(o->engine.program, R_OK) != 0) {
        *err = util_format("cannot read '%s'", o->engine.program);
        return false;
    }
    return true;
}
