/* The run's statistics: stats.csv rows, the progress line and summary.json
 * (terminated states become tests in engine_test.c). */
#include "engine.h"
#include "engine_checkpoint.h"
#include "engine_muse.h"
#include "engine_swap.h"
#include "engine_target.h"
#include "../util/memory.h"
#include "../util/util.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>

/* The run's figures: this process's, plus (distributed) the other ranks' latest. */
static DistTotals engine_totals(const Engine *e) {
    DistTotals t = {0};
    if (e->dist) e->dist->remote_totals(e, &t);
    t.instructions += e->ex->stats.instructions;
    t.paths_completed += e->paths_completed;
    t.paths_early += e->paths_early;
    t.queries += e->sstats->queries;
    t.solver_time_s += e->sstats->time_s;
    t.states += e->pool.len;
    return t;
}

void engine_write_stats_row(Engine *e) {
    double now = timer_now();
    e->last_stats = now;
    if (!e->out) return; /* a rank that does not write the output directory */
    if (!e->out->stats_csv) {
        char *p = out_path(e->out, "stats.csv");
        e->out->stats_csv = fopen(p, "w");
        free(p);
        if (!e->out->stats_csv) return;
        fputs("time_s,instructions,states,paths_completed,paths_early,tests,errors,queries,solver_time_s,"
              "covered_lines,total_lines,covered_branches,total_branches,rss_mb,peak_memory_mb\n", e->out->stats_csv);
    }
    Executor *ex = e->ex;
    DistTotals t = engine_totals(e);
    /* the resident size, as the memory cap counts it, now and at its peak so far (this process's) */
    fprintf(e->out->stats_csv, "%.3f,%llu,%llu,%llu,%llu,%llu,%zu,%llu,%.3f,%u,%u,%u,%u,%.1f,%.1f\n", now - e->start,
            (unsigned long long)t.instructions, (unsigned long long)t.states, (unsigned long long)t.paths_completed,
            (unsigned long long)t.paths_early, (unsigned long long)e->tests, e->errors.len,
            (unsigned long long)t.queries, t.solver_time_s, ex->lines_covered, ex->total_lines,
            ex->branches_covered, ex->m->nbranches, memory_rss_bytes() / 1048576.0, memory_peak_rss_bytes() / 1048576.0);
    if (fflush(e->out->stats_csv) != 0) out_note_failure(e->out, "stats.csv", errno);
    if (e->debug_memory) engine_memory_debug(e);
}

void engine_report_progress(Engine *e, bool final) {
    double now = timer_now();
    e->last_progress = now;
    Executor *ex = e->ex;
    DistTotals t = engine_totals(e);
    fprintf(stderr, "%s[%6.1fs] states %llu  paths %llu  tests %llu  errors %zu  lines %u/%u  branches %u/%u  instr %llu  queries %llu",
            e->progress_tty ? "\r" : "", now - e->start, (unsigned long long)t.states, (unsigned long long)t.paths_completed,
            (unsigned long long)e->tests, e->errors.len, ex->lines_covered, ex->total_lines, ex->branches_covered,
            ex->m->nbranches, (unsigned long long)t.instructions, (unsigned long long)t.queries);
    if (final && e->halt.live) /* the states the halt found alive, and how many got a test */
        fprintf(stderr, "  halt: %llu tests for %zu live states", (unsigned long long)e->halt.tests, e->halt.live);
    if (e->progress_tty) fputs("\033[K", stderr);
    bool newline = final || !e->progress_tty;
    if (newline) fputc('\n', stderr);
    util_progress_dirty(!newline);
    fflush(stderr);
}

/* What deciding branch sides cost, and what speculation and Proposition 1 saved. */
static void engine_write_feasibility(Engine *e, FILE *f) {
    const ExecStats *st = &e->ex->stats;
    const ExecOptions *o = &e->ex->opt;
    fprintf(f, "  \"speculate\": %u,\n  \"absurdity\": %s,\n  \"branch_order\": \"%s\",\n  \"state_model\": %s,\n",
            e->ex->feas.k, o->absurdity ? "true" : "false", o->true_first ? "true-first" : "false-first",
            o->no_state_model ? "false" : "true");
    fprintf(f, "  \"view_left_out\": %llu,\n", (unsigned long long)st->view_left_out);
    fprintf(f, "  \"queries_feasibility\": %llu,\n  \"queries_speculative\": %llu,\n  \"queries_bisect\": %llu,\n",
            (unsigned long long)st->queries_feasibility, (unsigned long long)st->queries_speculative,
            (unsigned long long)st->queries_bisect);
    fprintf(f, "  \"absurdity_saved\": %llu,\n  \"model_decided\": %llu,\n  \"speculation_cut\": %llu,\n",
            (unsigned long long)st->absurdity_saved, (unsigned long long)st->model_decided,
            (unsigned long long)st->speculation_cut);
    fprintf(f, "  \"sides_answered_cheaply\": %llu,\n", (unsigned long long)st->sides_answered_cheaply);
    fprintf(f, "  \"fp_symbolic\": %llu,\n  \"fp80_concretized\": %llu,\n", (unsigned long long)st->fp_symbolic,
            (unsigned long long)st->fp80_concretized);
    fprintf(f, "  \"fp_calls_opaque\": %llu,\n  \"fp_calls_concretized\": %llu,\n",
            (unsigned long long)st->fp_calls_opaque, (unsigned long long)st->fp_calls_concretized);
    fprintf(f, "  \"undecided_sides_dropped\": %llu,\n", (unsigned long long)st->undecided_sides_dropped);
    fprintf(f, "  \"forks_inhibited\": %llu,\n", (unsigned long long)st->forks_inhibited);
    fprintf(f, "  \"solver_calls\": %llu,\n  \"forks\": %llu,\n  \"symbolic_sizes\": %llu,\n",
            (unsigned long long)e->sstats->core_queries, (unsigned long long)st->forks,
            (unsigned long long)st->symbolic_sizes);
    const SolverStats *ss = e->sstats;
    fprintf(f, "  \"indep_kept\": %llu,\n  \"indep_added\": %llu,\n", (unsigned long long)ss->indep_kept,
            (unsigned long long)ss->indep_added);
    fprintf(f, "  \"simplex_queries\": %llu,\n  \"simplex_sat\": %llu,\n  \"simplex_unsat\": %llu,\n"
               "  \"simplex_pivots\": %llu,\n  \"simplex_partial_solutions\": %llu,\n",
            (unsigned long long)ss->simplex_queries, (unsigned long long)ss->simplex_sat,
            (unsigned long long)ss->simplex_unsat, (unsigned long long)ss->simplex_pivots,
            (unsigned long long)ss->partial_solutions);
    fprintf(f, "  \"array_solver\": \"%s\",\n  \"array_queries\": %llu,\n  \"precheck_unsat\": %llu,\n"
               "  \"precheck_unconfirmed\": %llu,\n  \"precheck_glpk_errors\": %llu,\n"
               "  \"precheck_time_s\": %.3f,\n  \"cegar_iterations\": %llu,\n  \"axioms_added\": %llu,\n"
               "  \"axioms_outside_pruning\": %llu,\n  \"axiom_candidates\": %llu,\n"
               "  \"axiom_candidates_unpruned\": %llu,\n  \"cegar_fallbacks\": %llu,\n",
            e->opt.array_solver ? e->opt.array_solver : "z3", (unsigned long long)ss->array_queries,
            (unsigned long long)ss->precheck_unsat, (unsigned long long)ss->precheck_unconfirmed,
            (unsigned long long)ss->precheck_glpk_errors, ss->precheck_time_s, (unsigned long long)ss->cegar_iterations,
            (unsigned long long)ss->axioms_added, (unsigned long long)ss->axioms_outside,
            (unsigned long long)ss->axiom_candidates, (unsigned long long)ss->axiom_candidates_full,
            (unsigned long long)ss->cegar_fallbacks);
    fprintf(f, "  \"solver\": \"%s\",\n  \"cw_queries\": %llu,\n  \"cw_solved\": %llu,\n  \"cw_steps\": %llu,\n"
               "  \"cw_time_s\": %.3f,\n  \"cw_first_queries\": %llu,\n  \"cw_first_solved\": %llu,\n"
               "  \"cw_first_skipped\": %llu,\n",
            e->opt.solver_layer ? e->opt.solver_layer : "z3", (unsigned long long)ss->cw_queries,
            (unsigned long long)ss->cw_solved, (unsigned long long)ss->cw_steps, ss->cw_time_s,
            (unsigned long long)ss->cw_first_queries, (unsigned long long)ss->cw_first_solved,
            (unsigned long long)ss->cw_first_skipped);
    fprintf(f, "  \"fp_search\": \"%s\",\n  \"fps_queries\": %llu,\n  \"fps_solved\": %llu,\n"
               "  \"fps_first_solved\": %llu,\n  \"fps_evals\": %llu,\n  \"fps_time_s\": %.3f,\n",
            e->opt.fp_search ? e->opt.fp_search : "off", (unsigned long long)ss->fps_queries,
            (unsigned long long)ss->fps_solved, (unsigned long long)ss->fps_first_solved,
            (unsigned long long)ss->fps_evals, ss->fps_time_s);
    fprintf(f, "  \"bounds_dropped\": %llu,\n", (unsigned long long)ss->bounds_dropped);
    fprintf(f, "  \"ranges_unsat\": %llu,\n  \"ranges_implied\": %llu,\n", (unsigned long long)ss->ranges_unsat,
            (unsigned long long)ss->ranges_implied);
    fprintf(f, "  \"opaque_rejected\": %llu,\n", (unsigned long long)ss->opaque_rejected);
    fprintf(f, "  \"solver_reuse\": {\"mode\": \"%s\", \"checks\": %llu, \"asserted\": %llu, \"kept\": %llu, "
               "\"resets\": %llu},\n",
            e->opt.solver_reuse ? e->opt.solver_reuse : "stack", (unsigned long long)ss->reuse_checks,
            (unsigned long long)ss->reuse_asserted, (unsigned long long)ss->reuse_kept,
            (unsigned long long)ss->reuse_resets);
    fprintf(f, "  \"solver_memory\": {\"cuts\": %llu, \"alone\": %llu, \"context_renewals\": %llu},\n",
            (unsigned long long)ss->memory_cuts, (unsigned long long)ss->memory_alone_cuts,
            (unsigned long long)ss->context_renewals);
}

/* results.sarif: the errors of summary.json for code-scanning tools. */
static void engine_write_sarif(Engine *e) {
    SarifError *v = util_malloc((e->errors.len + 1) * sizeof *v);
    for (size_t i = 0; i < e->errors.len; i++) {
        const ErrorRecord *r = &e->errors.data[i];
        v[i] = (SarifError){r->kind, r->message, r->file, r->stack, r->line, r->test};
    }
    if (!out_write_sarif(e->out, SYMPLEX_VERSION, v, e->errors.len)) util_warn("cannot write results.sarif");
    free(v);
}

void engine_write_summary(Engine *e) {
    out_release_reserve(e->out); /* the space held for this, the run's last words */
    char *p = out_path(e->out, "summary.json");
    FILE *f = fopen(p, "w");
    free(p);
    if (!f) { util_warn("cannot write summary.json"); return; }
    Executor *ex = e->ex;
    fputs("{\n  \"program\": ", f);
    out_json_string(f, e->opt.program);
    fprintf(f, ",\n  \"paths_completed\": %llu,\n", (unsigned long long)e->paths_completed);
    fprintf(f, "  \"paths_terminated_early\": {\"total\": %llu, \"by_reason\": {", (unsigned long long)e->paths_early);
    for (size_t i = 0; i < e->early.len; i++) {
        fputs(i ? ", " : "", f);
        out_json_string(f, e->early.data[i].reason);
        fprintf(f, ": %llu", (unsigned long long)e->early.data[i].n);
    }
    fprintf(f, "}},\n  \"tests\": %llu,\n  \"paths_met_again\": %llu,\n  \"errors\": {\"total\": %zu, \"by_kind\": {",
            (unsigned long long)e->tests, (unsigned long long)e->tests_repeated, e->errors.len);
    for (size_t i = 0; i < e->errors.len; i++) {
        size_t first = 0, n = 0;
        while (strcmp(e->errors.data[first].kind, e->errors.data[i].kind) != 0) first++;
        if (first != i) continue; /* counted at its first occurrence */
        for (size_t k = i; k < e->errors.len; k++) n += strcmp(e->errors.data[k].kind, e->errors.data[i].kind) == 0;
        fputs(i ? ", " : "", f);
        out_json_string(f, e->errors.data[i].kind);
        fprintf(f, ": %zu", n);
    }
    fputs("}, \"list\": [", f);
    for (size_t i = 0; i < e->errors.len; i++) {
        ErrorRecord *r = &e->errors.data[i];
        fputs(i ? ",\n    {\"kind\": " : "\n    {\"kind\": ", f);
        out_json_string(f, r->kind);
        fputs(", \"message\": ", f);
        out_json_string(f, r->message);
        fputs(", \"file\": ", f);
        out_json_string(f, r->file);
        fprintf(f, ", \"line\": %u, \"test\": \"test%06u\"}", r->line, r->test);
    }
    fprintf(f, "]},\n  \"instructions\": %llu,\n  \"queries\": %llu,\n  \"solver_time_s\": %.3f,\n  \"elapsed_s\": %.3f,\n",
            (unsigned long long)ex->stats.instructions, (unsigned long long)e->sstats->queries, e->sstats->time_s,
            timer_now() - e->start);
    engine_write_feasibility(e, f);
    engine_muse_summary(e, f);
    fputs("  \"pruner\": ", f);
    out_json_string(f, e->target ? "target" : e->pruner ? "homi" : "none");
    fprintf(f, ",\n  \"peak_live_states\": %zu,\n", e->peak_states);
    engine_halt_summary(e, f);
    if (e->pruner) e->pruner->summary(e->pruner, f);
    if (e->searcher && e->searcher->summary) e->searcher->summary(e->searcher, f);
    else if (e->searcher_summary) fputs(e->searcher_summary, f);
    engine_target_summary(e, f);
    fprintf(f, "  \"covered_lines\": %u,\n  \"total_lines\": %u,\n  \"covered_branches\": %u,\n  \"total_branches\": %u,\n",
            ex->lines_covered, ex->total_lines, ex->branches_covered, ex->m->nbranches);
    /* peak resident size of the whole process (what --max-memory bounds), and
     * the part of it that was there before exploring began (LLVM, Z3, the program) */
    fprintf(f, "  \"peak_memory_mb\": %.1f,\n  \"start_memory_mb\": %.1f,\n  \"max_memory_mb\": %llu,\n",
            memory_peak_rss_bytes() / 1048576.0, e->mem.start / 1048576.0, (unsigned long long)e->opt.max_memory_mb);
    fprintf(f, "  \"memory_inhibits\": %llu,\n  \"memory_prunes\": %llu,\n", (unsigned long long)e->mem.inhibits,
            (unsigned long long)e->mem.prunes);
    engine_swap_summary(e, f);
    engine_checkpoint_summary(e, f);
    engine_seeding_summary(e, f);
    if (e->dist) e->dist->summary(e, f);
    fprintf(f, "  \"halted\": %s,\n  \"halt_reason\": ", e->halted ? "true" : "false");
    out_json_string(f, e->halt_reason ? e->halt_reason : "");
    /* what went wrong around the run: a write into the output directory, the program file */
    fputs(",\n  \"output_error\": ", f);
    if (out_failure(e->out)) out_json_string(f, out_failure(e->out));
    else fputs("null", f);
    fputs(",\n  \"program_file\": ", f);
    out_json_string(f, e->program_file ? e->program_file : "unchecked");
    if (e->opt.configuration) fprintf(f, ",\n  \"configuration\": %s", e->opt.configuration);
    fputs("\n}\n", f);
    bool bad = ferror(f) != 0;
    if (fclose(f) != 0 || bad) util_warn("cannot write summary.json");
    engine_write_sarif(e);
}
