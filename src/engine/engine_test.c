/* Terminated states made into tests, and tests written (engine_test.h). */
#include "engine_test.h"
#include "engine_checkpoint.h"
#include "engine_muse.h"
#include "engine_swap.h"
#include "engine_target.h"
#include "../util/util.h"
#include <stdlib.h>
#include <string.h>

/* A partial solution run by the forking engine is a test, not a path of its
 * tree, and so is a rebuild that ended before its decision; a state set
 * aside for memory goes on when it is rebuilt. */
static bool engine_is_path(const Engine *e, const State *s) {
    /* the forking engine's concolic runs (a partial solution's, a rebuild's) are not paths of its tree;
     * a user's seed replayed is (--only-replay-seeds) */
    return !(s->concolic && !s->seeded && e->opt.engine == ENGINE_FORKING) && !s->swapped_out;
}

void engine_count_early(Engine *e, const State *s, const char *reason) {
    if (!engine_is_path(e, s)) return;
    e->paths_early++;
    reason_counts_add(&e->early, reason, 1);
}

void reason_counts_add(ReasonCounts *v, const char *reason, uint64_t n) {
    for (size_t i = 0; i < v->len; i++)
        if (strcmp(v->data[i].reason, reason) == 0) { v->data[i].n += n; return; }
    ReasonCount rc = {util_strdup(reason), n};
    VEC_PUSH(*v, rc);
}

void reason_counts_free(ReasonCounts *v) {
    for (size_t i = 0; i < v->len; i++) free(v->data[i].reason);
    VEC_FREE(*v);
}

/* The test inputs of s: one ktest object per symbolic object, from a model of
 * its whole path condition. */
static bool engine_make_ktest(Engine *e, State *s, KTest *kt) {
    memset(kt, 0, sizeof *kt);
    size_t n;
    Expr *const *cs = exec_constraints(e->ex, s, &n);
    Assignment model;
    assignment_init(&model);
    if (s->model) { /* the state carries a model of its path already */
        assignment_copy(&model, s->model);
    } else {
        Query q = {cs, n, NULL, NULL, NULL, false};
        if (solver_check(e->solver, &q, &model) != SOLVER_SAT) {
            assignment_free(&model);
            return false;
        }
    }
    kt->version = KTEST_VERSION;
    /* the program's command line, as KLEE records it */
    kt->nargs = (uint32_t)e->opt.argc;
    kt->args = util_malloc((kt->nargs + 1) * sizeof(char *));
    for (uint32_t i = 0; i < kt->nargs; i++) kt->args[i] = util_strdup(e->opt.argv[i]);
    kt->nobjects = s->nsyms;
    kt->objects = util_calloc(s->nsyms + 1, sizeof(KTestObject));
    Symbolic *syms = util_malloc((s->nsyms + 1) * sizeof *syms);
    state_symbolics(s, syms);
    for (uint32_t i = 0; i < s->nsyms; i++) {
        Array *a = syms[i].array;
        KTestObject *o = &kt->objects[i];
        o->name = util_strdup(syms[i].name);
        o->nbytes = a->size;
        o->bytes = util_calloc(a->size + 1, 1);
        const uint8_t *b = assignment_get(&model, a);
        if (b) memcpy(o->bytes, b, a->size);
    }
    free(syms);
    assignment_free(&model);
    return true;
}

static bool engine_same_file(const char *a, const char *b) {
    const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
    return strcmp(sa ? sa + 1 : a, sb ? sb + 1 : b) == 0;
}

/* File and line a termination is reported at. */
static void engine_where(Engine *e, const Termination *t, const char **file, uint32_t *line) {
    IrModule *m = e->ex->m;
    const char *locfile = t->loc ? m->files[m->locs[t->loc].file] : "";
    *file = locfile;
    *line = t->loc ? m->locs[t->loc].line : 0;
    if (t->file) {
        /* e.g. __assert_fail's arguments: prefer the debug-info path when it names the same file */
        *file = engine_same_file(t->file, locfile) ? locfile : t->file;
        *line = t->line;
    }
}

bool engine_error_seen(const Engine *e, const char *kind, const char *file, uint32_t line) {
    for (size_t i = 0; i < e->errors.len; i++) {
        const ErrorRecord *r = &e->errors.data[i];
        if (r->line == line && strcmp(r->kind, kind) == 0 && strcmp(r->file, file) == 0) return true;
    }
    return false;
}

void engine_add_error(Engine *e, const char *kind, const char *message, const char *file, uint32_t line,
                      const char *stack, uint32_t test) {
    ErrorRecord r = {util_strdup(kind), util_strdup(message ? message : ""), util_strdup(file),
                     util_strdup(stack ? stack : ""), line, test};
    VEC_PUSH(e->errors, r);
    engine_exit_check(e, kind, NULL);
}

/* A path's key in Engine.tested: any nonzero word serves PtrMap as a key. */
_Static_assert(sizeof(uintptr_t) == sizeof(uint64_t), "a path's key is a 64-bit word");
static const void *engine_tested_key(uint64_t decisions, uint64_t hash) {
    return (const void *)(uintptr_t)(util_hash_mix(hash, decisions) | 1);
}

#define TESTED_COUNTED ((u128)1 << 32) /* the test is among e->tests (not only in a resumed log) */
#define TESTED_ENDED ((u128)1 << 33)   /* of a path that ended (an exit, an error), not one cut short */

static bool engine_test_ended(const TestBundle *b) { return strcmp(b->rec.outcome, "early") != 0; }

void engine_tested_note(Engine *e, uint64_t decisions, uint64_t hash, uint32_t test, bool counted, bool ended) {
    const void *key = engine_tested_key(decisions, hash);
    /* a prefix's test (the same decisions, cut short before the end) keeps
     * the path's own: the path that ended stays tested */
    const u128 *had = ptrmap_get(&e->tested, key);
    if (had && (*had & TESTED_ENDED) && !ended) return;
    ptrmap_put(&e->tested, key, test | (counted ? TESTED_COUNTED : 0) | (ended ? TESTED_ENDED : 0));
}

bool engine_test_known(Engine *e, const TestBundle *b) {
    u128 *v = ptrmap_get(&e->tested, engine_tested_key(b->decisions, b->hash));
    if (!v) return false;
    if (*v & TESTED_COUNTED) {
        /* met again in this run: a path that ended is its decisions; one
         * cut short (a run's end, a limit, a state the memory cap set aside
         * that goes on when rebuilt) is a prefix, and its test's input may
         * go anywhere past it, so neither stops the other's test */
        if (!(*v & TESTED_ENDED) || !engine_test_ended(b)) return false;
        e->tests_repeated++;
        return true;
    }
    /* resumed: written before the crash, and counted now */
    uint32_t test = (uint32_t)*v;
    *v |= TESTED_COUNTED;
    e->tests++;
    e->tests_known++;
    if (b->error_kind && (e->opt.emit_all_errors || !engine_error_seen(e, b->error_kind, b->file, b->line)))
        engine_add_error(e, b->error_kind, b->message, b->file, b->line, b->stack, test);
    return true;
}

uint32_t engine_test_write(Engine *e, const TestBundle *b) {
    uint32_t n = out_write_test(e->out, b->kt, &b->rec);
    if (!n) return 0;
    if (b->path) engine_path_write(e, n, b->path);
    /* the Test-Comp form; programs whose inputs are not all nondet calls have none, which is said once */
    if (e->opt.testcomp && !out_testcomp_write(e->out, n, b->kt, b->error_call))
        util_warn_once("testcomp-object", "Test-Comp output: inputs not made by __VERIFIER_nondet_* calls "
                                          "have no Test-Comp form; such tests get no XML file");
    if (b->error_kind) {
        out_write_err(e->out, n, b->error_kind, b->message, b->file, b->line, b->stack);
        engine_add_error(e, b->error_kind, b->message, b->file, b->line, b->stack, n);
    }
    engine_tested_note(e, b->decisions, b->hash, n, true, engine_test_ended(b));
    engine_checkpoint_tested(e, n, b->decisions, b->hash); /* last: a logged test has all its files */
    return n;
}

void engine_test_bundle_free(TestBundle *b) {
    if (b->kt) ktest_free(b->kt);
    if (b->path) {
        free(b->path->d);
        free(b->path);
    }
    b->kt = NULL;
    b->path = NULL;
}

/* Whether s's end gets a test, and its tests.csv row; counts the path. */
static bool engine_test_wanted(Engine *e, State *s, const Termination *t, TestRecord *rec, bool *target) {
    bool want_test = true, counted = engine_is_path(e, s);
    switch (t->kind) {
    case TERM_SILENT: want_test = false; break;
    case TERM_EXIT:
        e->paths_completed += counted;
        rec->outcome = "exit";
        rec->kind = "";
        rec->file = "";
        rec->line = 0;
        break;
    case TERM_EARLY:
        engine_count_early(e, s, t->reason);
        rec->outcome = "early";
        rec->kind = t->reason;
        break;
    case TERM_ERROR:
        rec->outcome = "error";
        rec->kind = t->error_kind;
        if (!e->opt.emit_all_errors && engine_error_seen(e, t->error_kind, rec->file, rec->line)) want_test = false;
        break;
    }
    /* the pruner learns from every path of its runs, written as a test or not */
    if (e->pruner && t->kind != TERM_SILENT && counted && !e->halt_reason) e->pruner->on_test(e->pruner, s);
    if (want_test && t->kind != TERM_ERROR && e->opt.only_new_coverage_tests && !s->covered_new) want_test = false;
    /* --target asks for the input that reaches the line (and the errors met on the way) */
    *target = engine_target_reached(e, s, t);
    if (e->target) want_test = *target || (want_test && t->kind == TERM_ERROR);
    if (e->skip_tests) want_test = false;
    if (want_test && engine_halt_late(e, s)) want_test = false;
    return want_test;
}

void engine_on_terminate(void *ctx, State *s, Termination *t) {
    Engine *e = ctx;
    /* ended for memory (the cap chose it, or its watcher cut a query): kept to be rebuilt when it can be */
    if (t->kind == TERM_EARLY && strcmp(t->reason, "max-memory") == 0) engine_swap_keep(e, s);
    if (!engine_muse_want_test(e, s)) { /* a concolic run that found nothing new: no path of its own */
        engine_discard(e, s);
        return;
    }
    const char *file;
    uint32_t line;
    engine_where(e, t, &file, &line);
    TestRecord rec = {.file = file, .line = line, .exit_status = t->exit_status};
    bool target = false, want_test = engine_test_wanted(e, s, t, &rec, &target);
    double began = timer_now();
    TestBundle b = {.rec = rec, .file = file, .line = line, .error_call = t->error_call, .target = target,
                    .decisions = s->decisions, .hash = s->decision_hash};
    if (t->kind == TERM_ERROR) b.error_kind = t->error_kind, b.message = t->message, b.stack = t->stack;
    /* a path that has its test (written before a crash, or met again) */
    if (want_test && engine_test_known(e, &b)) want_test = false;
    KTest kt;
    if (want_test && engine_make_ktest(e, s, &kt)) {
        b.kt = util_malloc(sizeof kt);
        *b.kt = kt;
        b.path = engine_path_of(e, s, t);
        /* written here, or by the process that writes the output directory */
        uint32_t n = 0;
        bool shipped = e->dist && !e->dist->writer;
        if (shipped) e->dist->ship_test(e, &b);
        else n = engine_test_write(e, &b);
        if (n || shipped) {
            e->tests++;
            s->covered_new = false;
            if (target) engine_target_tested(e, n);
            /* the writer reports the error; this process only stops making tests of it */
            if (shipped && b.error_kind) engine_add_error(e, b.error_kind, b.message, file, line, b.stack, 0);
            engine_halt_timed_test(e, timer_now() - began);
        }
        engine_test_bundle_free(&b);
    }
    /* a test that cannot be written ends the run: the disk is full or the directory gone */
    if (e->out && out_failure(e->out) && !e->halt_reason) e->halt_reason = "output-error";
    if (t->kind == TERM_EARLY) engine_exit_check(e, NULL, t->reason); /* KLEE's External: an external call */
    engine_discard(e, s);
}
