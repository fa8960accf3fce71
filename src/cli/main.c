/* symplex command line: parse options, load the program, wire solver,
 * executor and engine, write the output directory. */
#define _GNU_SOURCE
#include "../engine/engine.h"
#include "../util/util.h"
#include "options.h"
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Runtime files are found relative to the executable: <prefix>/bin/symplex,
 * <prefix>/lib/symplex-runtime.bc, <prefix>/include. */
static char *cli_prefix(void) {
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return util_strdup(".");
    exe[n] = 0;
    char *bin = dirname(exe);
    return util_format("%s/..", bin);
}

static void cli_write_info(OutDir *out, int argc, char **argv, Engine *e) {
    char *p = out_path(out, "info");
    FILE *f = fopen(p, "w");
    free(p);
    if (!f) return;
    fputs("command:", f);
    for (int i = 0; i < argc; i++) fprintf(f, " %s", argv[i]);
    fprintf(f, "\nversion: symplex %s\n", SYMPLEX_VERSION);
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

static int cli_run(CliOptions o, int argc, char **argv) {
    char *err = NULL;
    util_set_quiet(o.engine.quiet);
    char *prefix = cli_prefix();
    char *runtime = util_format("%s/lib/%s", prefix, o.posix ? "symplex-posix.bc" : "symplex-runtime.bc");
    char *include = util_format("%s/include", prefix);
    char *libc_include = util_format("%s/lib/musl/include", prefix);
    IrLoadOptions lo = {.runtime_bc = access(runtime, R_OK) == 0 ? runtime : NULL, .include_dir = include,
                        .clang = o.clang, .optimize = o.optimize,
                        .cflags = o.cflags, .ncflags = o.ncflags, .provided = exec_special_provides,
                        .path_module = o.exec.record_path};
    if (o.posix) {
        /* the program starts in the environment model, which calls main */
        lo.entry = "__symplex_posix_main";
        lo.libc_include = libc_include;
        lo.prune_runtime = true;
        if (!lo.runtime_bc) {
            fprintf(stderr, "symplex: error: --posix: '%s' not found (the build makes it)\n", runtime);
            free(runtime), free(include), free(libc_include), free(prefix);
            return 1;
        }
    }
    if (!lo.runtime_bc) util_warn("runtime bitcode '%s' not found; running without libc models", runtime);
    IrModule *m = ir_load(o.engine.program, &lo, &err);
    free(runtime);
    free(include);
    free(libc_include);
    free(prefix);
    if (!m) {
        fprintf(stderr, "symplex: error: %s\n", err ? err : "cannot load program");
        free(err);
        return 1;
    }
    if (getenv("SYMPLEX_DUMP_IR")) ir_dump(stderr, m); /* debugging aid for the lowering */
    IrFunction *user_main = ir_function_by_name(m, "main");
    if (m->main_index < 0 || !user_main || user_main->is_declaration) {
        fprintf(stderr, "symplex: error: %s: no 'main' function\n", o.engine.program);
        ir_module_free(m);
        return 1;
    }
    OutDir *out = out_open(o.output_dir, &err);
    if (!out) {
        fprintf(stderr, "symplex: error: %s\n", err);
        free(err);
        ir_module_free(m);
        return 1;
    }
    if (o.engine.testcomp && !out_testcomp_open(out, o.engine.program, o.testcomp_spec, &err)) {
        fprintf(stderr, "symplex: error: %s\n", err);
        free(err);
        out_close(out);
        ir_module_free(m);
        return 1;
    }
    if (o.write_smt2) o.solver.smt2_dir = out->path;
    SolverStats sstats = {0};
    static const char *const array_solver_names[] = {"auto", "z3", "cegar"};
    o.engine.array_solver = array_solver_names[o.solver.array_solver];
    o.engine.solver_layer = o.solver.cw_first ? "cw-first" : o.solver.cw ? "cw" : "z3";
    static const char *const fp_search_names[] = {"off", "fallback", "first"};
    o.engine.fp_search = fp_search_names[o.solver.fp_search];
    static const char *const reuse_names[] = {"stack", "off", "assume"};
    o.engine.solver_reuse = reuse_names[o.solver.solver_reuse];
    o.solver.search_seed = o.engine.seed;
    char *cw_compare = o.cw_compare ? out_path(out, "cw-compare.csv") : NULL;
    o.solver.cw_compare = cw_compare;
    Solver *solver = solver_chain_new(&o.solver, &sstats);
    free(cw_compare); /* opened by the chain */
    o.solver.cw_compare = NULL;
    Engine *e = engine_new(&o.engine, m, solver, &sstats, &o.exec, out, &err);
    if (!e) {
        fprintf(stderr, "symplex: error: %s\n", err);
        free(err);
        solver_destroy(solver);
        out_close(out);
        ir_module_free(m);
        expr_shutdown();
        return 1;
    }
    if (o.run_in_dir && !cli_enter_dir(out, o.run_in_dir)) {
        engine_free(e);
        solver_destroy(solver);
        out_close(out);
        ir_module_free(m);
        expr_shutdown();
        return 1;
    }
    engine_run(e);
    engine_write_summary(e);
    cli_write_info(out, argc, argv, e);
    if (!o.engine.quiet) {
        fprintf(stderr, "symplex: %llu paths completed, %llu tests, %zu errors", (unsigned long long)e->paths_completed,
                (unsigned long long)e->tests, e->errors.len);
        if (e->halt.tests < e->halt.live)
            fprintf(stderr, "; %llu of %zu states alive at the halt got no test", (unsigned long long)(e->halt.live - e->halt.tests),
                    e->halt.live);
        fprintf(stderr, "; output in %s\n", out->path);
    }
    engine_free(e);
    solver_destroy(solver);
    out_close(out);
    ir_module_free(m);
    expr_shutdown();
    return 0;
}

int main(int argc, char **argv) {
    CliOptions o;
    char *err = NULL;
    int rc = 0;
    if (!cli_parse(argc, argv, &o, &err)) {
        fprintf(stderr, "symplex: error: %s\n", err);
        free(err);
        rc = 1;
    } else if (o.help) {
        cli_usage(stdout);
    } else if (o.version) {
        printf("symplex %s\n", SYMPLEX_VERSION);
    } else {
        rc = cli_run(o, argc, argv);
    }
    cli_options_free(&o);
    return rc;
}
