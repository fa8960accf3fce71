/* --target=FILE:LINE in the engine: Phase I before exploring (Phase II's
 * guidance by its traces is engine_target_guide.c), the test of the state
 * that reaches the line, and what the run found (src/target/target.h). */
#include "engine_target_guide.h"
#include "../util/util.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static void engine_target_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void engine_target_note(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("symplex: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static TargetOptions engine_target_defaults(const EngineOptions *opt) {
    TargetOptions t = opt->target_opt;
    if (!t.unroll) t.unroll = 2;
    if (!t.max_depth) t.max_depth = 8;
    if (!t.max_traces) t.max_traces = 16;
    if (!t.max_steps) t.max_steps = 100000;
    if (!t.check_time) t.check_time = 1; /* the thesis defers what the solver cannot decide within a time limit */
    /* Phase I takes at most an eighth of the budget (15 s without one). A
     * quarter, with Phase II bound to its corridor, was spent whole on 14 of
     * 21 held-out targets, 6 of them with no trace at all, and lost to the
     * directed search alone on coreutils, where the backward search defers
     * hundreds of calls. Its traces now only guide Phase II, which goes on
     * when they are wrong, so the forward search gets the time; and once
     * traces come, the walk also stops when they stop coming (BW_STALL_MIN in
     * target_backward.c). Proofs of unreachability come in a few steps on the
     * thesis's examples; none of the 40 bench lines was proved in a quarter. */
    if (t.max_time <= 0) t.max_time = opt->max_time > 0 ? opt->max_time / 8 : 15;
    return t;
}

bool engine_target_new(Engine *e, IrModule *m, ExecOptions *xo, char **err) {
    EngineTarget *t = util_calloc(1, sizeof *t);
    e->target = t;
    if (!target_parse(e->opt.target, &t->spec, err)) return false;
    t->locs = target_locs(m, &t->spec, err);
    if (!t->locs) return false;
    TargetOptions to = engine_target_defaults(&e->opt);
    if (to.forward_only) {
        /* the baseline: no backward search, no corridor */
        t->plan = util_calloc(1, sizeof *t->plan);
        xo->target_locs = t->locs;
        return true;
    }
    t->plan = target_backward(m, (uint32_t)m->user_entry_index, t->locs, e->solver, &to);
    if (!e->opt.quiet)
        engine_target_note("target %s:%u: Phase I: %s, %llu traces (%llu steps, %llu checks, %llu refuted, %llu deferred) in %.2f s",
                  t->spec.file, t->spec.line, target_status_name(t->plan->status),
                  (unsigned long long)t->plan->traces, (unsigned long long)t->plan->steps,
                  (unsigned long long)t->plan->checks, (unsigned long long)t->plan->refuted,
                  (unsigned long long)t->plan->deferred, t->plan->time_s);
    xo->target_locs = t->locs;
    return true;
}

bool engine_target_unreachable(const Engine *e) {
    return e->target && e->target->plan->status == TARGET_UNREACHABLE;
}

bool engine_target_reached(Engine *e, const State *s, const Termination *t) {
    if (!e->target || t->kind != TERM_EARLY || strcmp(t->reason, "target") != 0) return false;
    if (!e->target->reached++) /* which part of Phase II found it */
        e->target->reached_by = s->concolic ? "seed" : s->group == 1 ? "corridor" : "directed";
    return true;
}

void engine_target_tested(Engine *e, uint32_t test) {
    if (!e->target->test) {
        e->target->test = test;
        e->target->reached_s = timer_now() - e->start;
    }
    /* one input is what was asked for: the states left end without tests */
    e->halt_reason = "target-reached";
    e->skip_tests = true;
}

void engine_target_reached_elsewhere(Engine *e, uint32_t test) {
    if (!e->target->reached++) e->target->reached_by = "another rank";
    engine_target_tested(e, test);
}

static const char *engine_target_verdict(const Engine *e) {
    if (e->target->reached) return "reached";
    if (e->target->plan->status == TARGET_UNREACHABLE) return "unreachable";
    return "not-reached";
}

void engine_target_report(const Engine *e) {
    if (!e->target || e->opt.quiet) return;
    const EngineTarget *t = e->target;
    if (t->test) engine_target_note("target %s:%u reached: test%06u", t->spec.file, t->spec.line, t->test);
    else engine_target_note("target %s:%u %s", t->spec.file, t->spec.line,
                   t->plan->status == TARGET_UNREACHABLE ? "is unreachable (every backward path refuted)" : "not reached");
}

void engine_target_summary(const Engine *e, FILE *f) {
    fprintf(f, "  \"targets_reached\": %d,\n", e->target && e->target->reached ? 1 : 0);
    if (!e->target) return;
    const EngineTarget *t = e->target;
    const TargetPlan *p = t->plan;
    fprintf(f, "  \"target\": ");
    char *where = util_format("%s:%u", t->spec.file, t->spec.line);
    out_json_string(f, where);
    free(where);
    fprintf(f, ",\n  \"target_status\": \"%s\",\n  \"target_test\": %u,\n", engine_target_verdict(e), t->test);
    fprintf(f, "  \"target_mode\": \"%s\",\n  \"target_reached_s\": %.3f,\n",
            e->opt.target_opt.forward_only ? "forward" : "symcretic", t->reached_s);
    fprintf(f, "  \"deferred_constraints\": %llu,\n  \"target_traces\": %llu,\n  \"target_backward_steps\": %llu,\n",
            (unsigned long long)p->deferred, (unsigned long long)p->traces, (unsigned long long)p->steps);
    fprintf(f, "  \"target_backward_checks\": %llu,\n  \"target_refuted\": %llu,\n  \"target_unknown\": %llu,\n",
            (unsigned long long)p->checks, (unsigned long long)p->refuted, (unsigned long long)p->unknown);
    fprintf(f, "  \"target_loops_summarised\": %llu,\n  \"target_calls_deferred\": %llu,\n",
            (unsigned long long)p->loops_summarised, (unsigned long long)p->calls_deferred);
    fprintf(f, "  \"target_phase1_incomplete\": %s,\n  \"target_phase1_stalled\": %s,\n  \"target_phase1_s\": %.3f,\n",
            p->incomplete ? "true" : "false", p->stalled ? "true" : "false", p->time_s);
    engine_target_guide_summary(e, f);
}

void engine_target_free(Engine *e) {
    EngineTarget *t = e->target;
    if (!t) return;
    target_spec_free(&t->spec);
    free(t->locs);
    target_plan_free(t->plan);
    free(t);
    e->target = NULL;
}
