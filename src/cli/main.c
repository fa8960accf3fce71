/* symplex command line: parse options, load the program, wire solver,
 * executor and engine, write the output directory. */
#define _GNU_SOURCE
#include "../engine/engine.h"
#include "../util/util.h"
#include "auto_config.h"
#include "entry_point.h"
#include "../dist/dist.h"
#include "options.h"
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A startup error: one process, or rank 0, says it at once; another rank
 * keeps it until it knows whether rank 0 failed too, which then has said
 * it (every rank loads the same program with the same options: mpirun -n 64
 * would print one error 64 times), and says it, with its rank, otherwise. */
static char *g_rank_error;

static void cli_error(char *msg) { /* takes msg */
    if (!dist_rank()) fprintf(stderr, "symplex: error: %s\n", msg);
    if (dist_rank() && !g_rank_error) g_rank_error = msg;
    else free(msg);
}

static void cli_rank_error_flush(void) {
    if (!g_rank_error) return;
    if (dist_writer_ready()) fprintf(stderr, "symplex: error (rank %d): %s\n", dist_rank(), g_rank_error);
    free(g_rank_error);
    g_rank_error = NULL;
}

/* Runtime files are found relative to the executable: <prefix>/bin/symplex,
 * <prefix>/lib/symplex/symplex-runtime.bc, <prefix>/include. */
static char *cli_prefix(void) {
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return util_strdup(".");
    exe[n] = 0;
    char *bin = dirname(exe);
    return util_format("%s/..", bin);
}

/* A file just written into the output directory, named for info: an
 * absolute path, since a replay may run from another directory than the run
 * (the output directory may have been given relative). Takes p. */
static char *cli_info_path(char *p) {
    char *abs = realpath(p, NULL);
    if (!abs) return p;
    free(p);
    return abs;
}

/* --environ's variables, copied beside the tests: a replay must not depend on
 * the file the run named still being there. NULL when the run had none. */
static char *cli_write_environ(const OutDir *out, char **env) {
    if (!env) return NULL;
    char *p = out_path(out, "environ");
    FILE *f = fopen(p, "w");
    if (!f) { free(p); return NULL; }
    for (size_t i = 0; env[i]; i++) fprintf(f, "%s\n", env[i]);
    if (fclose(f) != 0) { free(p); return NULL; }
    return cli_info_path(p);
}

/* What symplex-replay needs to build and run the program as this run did,
 * one "key: value" per line (a compiler word per "cflag:" line, so words keep
 * their blanks): the directory relative flags were given in, the flags, the
 * checks that decide which sanitizer reports are errors, the environment, the
 * working directory and the function the run started in. */
static void cli_write_replay_flags(FILE *f, const CliOptions *o, const OutDir *out, const char *start_cwd) {
    if (start_cwd) fprintf(f, "cwd: %s\n", start_cwd);
    for (size_t i = 0; i < o->ncflags; i++) fprintf(f, "cflag: %s\n", o->cflags[i]);
    fprintf(f, "check-overflow: %d\ncheck-shift: %d\n", o->exec.check_overflow, o->exec.check_shift);
    char *env = cli_write_environ(out, o->env);
    if (env) fprintf(f, "environ: %s\n", env);
    free(env);
    char *driver = cli_entry_write_driver(out, o);
    if (driver) driver = cli_info_path(driver);
    if (driver) fprintf(f, "entry-point: %s\nentry-driver: %s\n", o->entry, driver);
    free(driver);
    if (o->run_in_dir) {
        char *dir = realpath(o->run_in_dir, NULL); /* after cli_enter_dir: the process is in it */
        char *cur = dir ? NULL : getcwd(NULL, 0);
        fprintf(f, "run-in-dir: %s\n", dir ? dir : cur ? cur : o->run_in_dir);
        free(dir);
        free(cur);
    }
}

static void cli_write_info(OutDir *out, int argc, char **argv, Engine *e, const CliOptions *o, const char *start_cwd) {
    char *p = out_path(out, "info");
    FILE *f = fopen(p, "w");
    free(p);
    if (!f) return;
    fputs("command:", f);
    for (int i = 0; i < argc; i++) fprintf(f, " %s", argv[i]);
    fprintf(f, "\nversion: symplex %s\n", SYMPLEX_VERSION);
    cli_write_replay_flags(f, o, out, start_cwd);
    if (!e) { /* the record written before the run: a killed run's tests replay too */
        fclose(f);
        return;
    }
    fprintf(f, "paths completed: %llu\npaths terminated early: %llu\ntests: %llu\nerrors: %zu\n",
            (unsigned long long)e->paths_completed, (unsigned long long)e->paths_early,
            (unsigned long long)e->tests, e->errors.len);
    fprintf(f, "instructions: %llu\nqueries: %llu (reaching Z3: %llu, cache hits: %llu)\nsolver time: %.3f s\n",
            (unsigned long long)e->ex->stats.instructions, (unsigned long long)e->sstats->queries,
            (unsigned long long)e->sstats->core_queries, (unsigned long long)e->sstats->cache_hits, e->sstats->time_s);
    fprintf(f, "states alive at the halt: %zu (tests: %llu)\n", e->halt.live, (unsigned long long)e->halt.tests);
    fprintf(f, "elapsed: %.3f s\nlines covered: %u/%u\nbranches covered: %u/%u\n", timer_now() - e->start,
            e->ex->lines_covered, e->ex->total_lines, e->ex->branches_covered, e->ex->m->nbranches);
    fclose(f);
}

/* --run-in-dir: the program's relative names resolve in dir; the output
 * directory, named before, is kept by its absolute name. */
static bool cli_enter_dir(OutDir *out, const char *dir) {
    if (!out) { /* a rank that writes no output */
        if (chdir(dir) == 0) return true;
        fprintf(stderr, "symplex: error: --run-in-dir: cannot enter '%s': %s\n", dir, strerror(errno));
        return false;
    }
    char *abs = realpath(out->path, NULL);
    if (!abs || chdir(dir) != 0) {
        fprintf(stderr, "symplex: error: --run-in-dir: cannot enter '%s': %s\n", dir, strerror(errno));
        free(abs);
        return false;
    }
    free(out->path);
    out->path = abs;
    return true;
}

/* The program file's identity when it was loaded; a run whose file changed
 * or vanished meanwhile wrote tests for a program that is no longer there. */
static const char *cli_program_state(const char *path, const struct stat *loaded) {
    struct stat now;
    if (stat(path, &now) != 0) return "vanished";
    bool same = now.st_dev == loaded->st_dev && now.st_ino == loaded->st_ino && now.st_size == loaded->st_size &&
                now.st_mtim.tv_sec == loaded->st_mtim.tv_sec && now.st_mtim.tv_nsec == loaded->st_mtim.tv_nsec;
    return same ? "unchanged" : "changed";
}

/* The run's end when its environment failed it, or --exit-on-error ended it:
 * one line, and exit status 1. */
static int cli_run_status(const Engine *e, const OutDir *out, const char *program) {
    int rc = 0;
    if (!out) return 0; /* another rank: rank 0 says how the run went */
    if (out_failure(out)) {
        fprintf(stderr, "symplex: error: output directory '%s': %s; the %llu tests written before are kept\n", out->path,
                out_failure(out), (unsigned long long)e->tests);
        rc = 1;
    }
    if (e->exit_error) { /* as KLEE's --exit-on-error: the error ends the run with status 1 */
        const ErrorRecord *r = &e->errors.data[e->exit_error - 1];
        fprintf(stderr, "symplex: exiting on error (--exit-on-error): %s at %s:%u, test%06u\n", r->kind, r->file,
                r->line, r->test);
        rc = 1;
    }
    if (strcmp(e->program_file, "unchanged") != 0) {
        fprintf(stderr, "symplex: error: the program file '%s' %s during the run; its tests are for the program as "
                "loaded at the start\n", program, e->program_file);
        rc = 1;
    }
    return rc;
}

static int cli_explore(CliOptions o, int argc, char **argv) {
    char *err = NULL;
    util_set_quiet(o.engine.quiet);
    char *prefix = cli_prefix();
    char *runtime = util_format("%s/lib/symplex/%s", prefix, o.posix ? "symplex-posix.bc" : "symplex-runtime.bc");
    char *include = util_format("%s/include", prefix);
    char *libc_include = util_format("%s/lib/symplex/musl/include", prefix);
    IrLoadOptions lo = {.runtime_bc = access(runtime, R_OK) == 0 ? runtime : NULL, .include_dir = include,
                        .clang = o.clang, .optimize = o.optimize,
                        .cflags = o.cflags, .ncflags = o.ncflags, .provided = exec_special_provides,
                        .path_module = o.exec.record_path};
    lo.entry = lo.user_entry = o.entry;
    if (o.posix) {
        /* the program starts in the environment model, which calls main */
        lo.entry = "__symplex_posix_main";
        lo.libc_include = libc_include;
        lo.prune_runtime = true;
        if (!lo.runtime_bc) {
            cli_error(util_format("--posix: '%s' not found (the build makes it)", runtime));
            free(runtime), free(include), free(libc_include), free(prefix);
            return 1;
        }
    }
    if (!lo.runtime_bc) util_warn("runtime bitcode '%s' not found; running without libc models", runtime);
    struct stat loaded;
    /* by its absolute name: --run-in-dir changes the directory a relative one means */
    char program_abs[PATH_MAX];
    bool have_loaded = realpath(o.engine.program, program_abs) && stat(program_abs, &loaded) == 0;
    IrModule *m = ir_load(o.engine.program, &lo, &err);
    free(runtime);
    free(include);
    free(libc_include);
    free(prefix);
    if (!m) {
        cli_error(util_strdup(err ? err : "cannot load program"));
        free(err);
        return 1;
    }
    if (getenv("SYMPLEX_DUMP_IR")) ir_dump(stderr, m); /* debugging aid for the lowering */
    char *bad_entry = cli_entry_check(m, &o);
    if (bad_entry) {
        cli_error(bad_entry);
        ir_module_free(m);
        return 1;
    }
    /* in a distributed run only rank 0 writes the output directory */
    OutDir *out = dist_rank() ? NULL : o.engine.resume ? out_reopen(o.engine.resume, &err) : out_open(o.output_dir, &err);
    if (!out && !dist_rank()) {
        fprintf(stderr, "symplex: error: %s\n", err);
        free(err);
        ir_module_free(m);
        return 1;
    }
    if (out && o.engine.testcomp && !out_testcomp_open(out, o.engine.program, o.testcomp_spec, &err)) {
        fprintf(stderr, "symplex: error: %s\n", err);
        free(err);
        out_close(out);
        ir_module_free(m);
        return 1;
    }
    /* the layers this program gets by default (--plain: none) */
    AutoConfig ac;
    auto_config_apply(&ac, m, &o);
    if (!o.engine.quiet) auto_config_announce(&ac, stderr);
    char *configuration = auto_config_json(&ac);
    auto_config_free(&ac);
    o.engine.configuration = configuration;
    if (o.write_smt2 && out) o.solver.smt2_dir = out->path;
    SolverStats sstats = {0};
    static const char *const array_solver_names[] = {"auto", "z3", "cegar"};
    o.engine.array_solver = array_solver_names[o.solver.array_solver];
    o.engine.solver_layer = o.solver.cw_first ? "cw-first" : o.solver.cw ? "cw" : "z3";
    static const char *const fp_search_names[] = {"off", "fallback", "first"};
    o.engine.fp_search = fp_search_names[o.solver.fp_search];
    static const char *const reuse_names[] = {"stack", "off", "assume"};
    o.engine.solver_reuse = reuse_names[o.solver.solver_reuse];
    o.solver.search_seed = o.engine.seed;
    char *cw_compare = o.cw_compare && out ? out_path(out, "cw-compare.csv") : NULL;
    o.solver.cw_compare = cw_compare;
    Solver *solver = solver_chain_new(&o.solver, &sstats);
    free(cw_compare); /* opened by the chain */
    o.solver.cw_compare = NULL;
    Engine *e = engine_new(&o.engine, m, solver, &sstats, &o.exec, out, &err);
    if (!e) {
        cli_error(util_strdup(err));
        free(err);
        free(configuration);
        solver_destroy(solver);
        out_close(out);
        ir_module_free(m);
        expr_shutdown();
        return 1;
    }
    char *start_cwd = getcwd(NULL, 0); /* where relative --cflags paths were meant, for replay */
    /* the directory to run in, and (distributed) every rank ready: another that could not start said why */
    if ((o.run_in_dir && !cli_enter_dir(out, o.run_in_dir)) || !dist_ready(true)) {
        free(start_cwd);
        free(configuration);
        engine_free(e);
        solver_destroy(solver);
        out_close(out);
        ir_module_free(m);
        expr_shutdown();
        return 1;
    }
    dist_attach(e);
    if (out) cli_write_info(out, argc, argv, NULL, &o, start_cwd);
    engine_run(e);
    e->program_file = have_loaded ? cli_program_state(program_abs, &loaded) : "vanished";
    if (out) {
        engine_write_summary(e);
        cli_write_info(out, argc, argv, e, &o, start_cwd);
    }
    free(start_cwd);
    if (!o.engine.quiet && out) {
        fprintf(stderr, "symplex: %llu paths completed, %llu tests, %zu errors", (unsigned long long)e->paths_completed,
                (unsigned long long)e->tests, e->errors.len);
        if (e->halt.tests < e->halt.live)
            fprintf(stderr, "; %llu of %zu states alive at the halt got no test", (unsigned long long)(e->halt.live - e->halt.tests),
                    e->halt.live);
        fprintf(stderr, "; output in %s\n", out->path);
    }
    int rc = cli_run_status(e, out, o.engine.program);
    if (engine_teardown_at_exit(e)) {
        /* a release build: what is left is memory the exit gives back, and
         * freeing it took 1.4 s after a run with 250,000 states alive (the
         * records the memory cap set aside, then malloc's consolidation).
         * Open streams (a checkpoint's log) are flushed by exit. */
        out_close(out);
        return rc;
    }
    engine_free(e);
    free(configuration);
    solver_destroy(solver);
    out_close(out);
    ir_module_free(m);
    expr_shutdown();
    return rc;
}

/* The seeds are read first: a bad one is said before anything is written. */
static int cli_run(CliOptions o, int argc, char **argv) {
    char *err = NULL;
    int rc = 1;
    if (engine_seeds_read(&o.engine.seeds, &err)) rc = cli_explore(o, argc, argv);
    else cli_error(err);
    engine_seeds_free(&o.engine.seeds);
    return rc;
}

/* What a rank of a distributed run sets for itself. */
static void cli_dist_options(CliOptions *o) {
    if (dist_rank()) o->engine.quiet = true; /* one progress line: rank 0's */
    /* states move between ranks as inputs rebuilt by concolic runs, which
     * read the shared input arrays: the states a rank starts itself read
     * them too, so every state's expressions share the solver's caches */
    if (dist_size() > 1) o->exec.shared_inputs = true;
    /* restarting runs (--prune), --target and the generational search go on
     * in every rank (engine_share), their searches and learners from
     * different seeds; --target's Phase I runs once, in rank 0, and the
     * others search forward toward the line meanwhile */
    o->engine.seed += (uint64_t)dist_rank();
    if (o->engine.target && dist_rank()) o->engine.target_opt.forward_only = true;
}

int main(int argc, char **argv) {
    CliOptions o;
    char *err = NULL;
    int rc = 0;
    if (!dist_init(&argc, &argv, &err)) {
        fprintf(stderr, "symplex: error: %s\n", err);
        free(err);
        return 1;
    }
    if (!cli_parse(argc, argv, &o, &err)) {
        if (!dist_rank()) fprintf(stderr, "symplex: error: %s\n", err);
        free(err);
        rc = 1;
    } else if (o.help) {
        cli_usage(stdout);
    } else if (o.version) {
        printf("symplex %s\n", SYMPLEX_VERSION);
    } else {
        cli_dist_options(&o);
        rc = cli_run(o, argc, argv);
        cli_rank_error_flush();
    }
    cli_options_free(&o);
    dist_shutdown();
    return rc;
}
