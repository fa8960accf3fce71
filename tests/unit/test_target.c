/* Phase I of --target on its own (target_backward.c), with the exact steps
 * the algorithm takes on small functions of argc (registers only, so every
 * step is predictable), and how a --target argument names lines. */
#define _GNU_SOURCE
#include "check.h"
#include "load_source.h"
#include "ir/ir.h"
#include "solver/solver.h"
#include "exec/state.h"
#include "target/target.h"
#include "util/util.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *src =
    "int main(int argc, char **argv) {\n"                 /* 1 */
    "    (void)argv;\n"                                    /* 2 */
    "    int r = 0;\n"                                     /* 3 */
    "    if (argc > 0) {\n"                                /* 4 */
    "        if (argc < 0)\n"                              /* 5 */
    "            r = 11;\n"                                /* 6: unreachable */
    "    }\n"                                              /* 7 */
    "    int s = 0;\n"                                     /* 8 */
    "    for (int i = 0; i < argc; i++)\n"                 /* 9 */
    "        s += 3;\n"                                    /* 10 */
    "    if (s == 3000)\n"                                 /* 11 */
    "        r = 22;\n"                                    /* 12: needs 1000 iterations */
    "    if (argc * argc == 49)\n"                         /* 13 */
    "        r = 33;\n"                                    /* 14: reachable */
    "    return r;\n"                                      /* 15 */
    "}\n";

/* inputs made in order: a make_symbolic'd int, a nondet value, a buffer */
static const char *src_inputs =
    "void klee_make_symbolic(void *p, unsigned long n, const char *name);\n" /* 1 */
    "int __VERIFIER_nondet_int(void);\n"                                     /* 2 */
    "int main(void) {\n"                                                     /* 3 */
    "    int x;\n"                                                           /* 4 */
    "    unsigned char buf[4];\n"                                            /* 5 */
    "    klee_make_symbolic(&x, sizeof x, \"x\");\n"                          /* 6 */
    "    int k = __VERIFIER_nondet_int();\n"                                 /* 7 */
    "    klee_make_symbolic(buf, sizeof buf, \"buf\");\n"                     /* 8 */
    "    if (x == 1234 && k == -5 && buf[2] == 'q')\n"                       /* 9 */
    "        return 1;\n"                                                    /* 10 */
    "    return 0;\n"                                                        /* 11 */
    "}\n";

static char dir[] = "/tmp/symplex-test-target-XXXXXX";
static char dir_inputs[] = "/tmp/symplex-test-target-in-XXXXXX";

static IrModule *load(void) { return load_source(src, dir, "tgt.c"); }

static TargetPlan *plan_for(IrModule *m, Solver *s, const char *where, const TargetOptions *o) {
    TargetSpec t;
    char *err = NULL;
    CHECK(target_parse(where, &t, &err));
    uint8_t *locs = target_locs(m, &t, &err);
    CHECK_MSG(locs != NULL, "%s: %s", where, err ? err : "");
    target_spec_free(&t);
    free(err);
    if (!locs) return NULL;
    TargetPlan *p = target_backward(m, (uint32_t)m->main_index, locs, s, o);
    free(locs);
    return p;
}

static void check_parse(IrModule *m) {
    TargetSpec t;
    char *err = NULL;
    CHECK(!target_parse("tgt.c", &t, &err) && err && strstr(err, "FILE:LINE"));
    free(err), err = NULL;
    CHECK(!target_parse("tgt.c:-3", &t, &err) && err);
    free(err), err = NULL;
    CHECK(!target_parse("tgt.c:0", &t, &err) && err);
    free(err), err = NULL;
    CHECK(!target_parse("tgt.c:7x", &t, &err) && err);
    free(err), err = NULL;
    /* a file is named by a suffix of its path that starts at a '/' */
    CHECK(target_parse("gt.c:6", &t, &err));
    uint8_t *l = target_locs(m, &t, &err);
    CHECK(!l && err && strstr(err, "no code from a file"));
    free(err), err = NULL;
    target_spec_free(&t);
    CHECK(target_parse("./tgt.c:2", &t, &err));
    l = target_locs(m, &t, &err);
    CHECK(!l && err && strstr(err, "no code at"));
    free(err), err = NULL;
    target_spec_free(&t);
    char *abs = util_format("%s/tgt.c:6", dir);
    CHECK(target_parse(abs, &t, &err));
    l = target_locs(m, &t, &err);
    CHECK(l != NULL);
    free(l);
    free(abs);
    target_spec_free(&t);
}

/* The trace's model read back as the input, objects in the order made. */
static void check_seed(Solver *s, const TargetOptions *o) {
    IrModule *m = load_source(src_inputs, dir_inputs, "inputs.c");
    if (!m) return;
    TargetPlan *p = plan_for(m, s, "inputs.c:10", o);
    if (p) {
        CHECK_MSG(p->status == TARGET_TRACES && p->nseeds == 1, "%s, %u seeds", target_status_name(p->status), p->nseeds);
        const Seed *sd = p->nseeds ? p->seeds[0] : NULL;
        CHECK(sd && sd->n == 3);
        if (sd && sd->n == 3) {
            static const uint8_t x[4] = {0xd2, 0x04, 0, 0}, k[4] = {0xfb, 0xff, 0xff, 0xff};
            CHECK(sd->sizes[0] == 4 && memcmp(sd->bytes[0], x, 4) == 0);
            CHECK(sd->sizes[1] == 4 && memcmp(sd->bytes[1], k, 4) == 0);
            CHECK(sd->sizes[2] == 4 && sd->bytes[2][2] == 'q');
        }
    }
    target_plan_free(p);
    ir_module_free(m);
}

int main(void) {
    IrModule *m = load();
    if (!m) return check_report();
    SolverStats st = {0};
    SolverOptions so = {.timeout_s = 10};
    Solver *s = solver_chain_new(&so, &st);
    TargetOptions o = {.unroll = 2, .max_depth = 8, .max_traces = 16, .max_steps = 100000, .max_time = 60};
    check_parse(m);

    /* line 6: three blocks: the target's (nothing to check), then across argc < 0 (SAT), then across
     * argc > 0 (UNSAT); no other path */
    TargetPlan *p = plan_for(m, s, "tgt.c:6", &o);
    if (p) {
        CHECK_MSG(p->status == TARGET_UNREACHABLE, "%s", target_status_name(p->status));
        CHECK_MSG(p->steps == 3 && p->checks == 2 && p->refuted == 1, "steps %llu checks %llu refuted %llu",
                  (unsigned long long)p->steps, (unsigned long long)p->checks, (unsigned long long)p->refuted);
        CHECK(p->traces == 0 && !p->incomplete && p->deferred == 0);
    }
    target_plan_free(p);

    /* line 12: 1000 iterations cannot be unrolled with L = 2; the loop's summary reaches main */
    p = plan_for(m, s, "tgt.c:12", &o);
    if (p) {
        CHECK_MSG(p->status == TARGET_TRACES && p->traces >= 1, "%s, %llu traces", target_status_name(p->status),
                  (unsigned long long)p->traces);
        CHECK(p->loops_summarised >= 1 && p->deferred >= 1);
        /* the corridor holds main's blocks on the way, the loop's among them */
        const IrCfg *g = p->cfgs[m->main_index];
        CHECK(g && p->corridor[m->main_index] && g->nloops == 1);
        if (g && p->corridor[m->main_index] && g->nloops == 1) {
            bool all = true;
            for (uint32_t k = 0; k < g->loops[0].nblocks; k++) all = all && p->corridor[m->main_index][g->loops[0].blocks[k]];
            CHECK(all && p->corridor[m->main_index][0]);
        }
    }
    target_plan_free(p);
    /* line 14: argc * argc == 49 is decided (argc = 7 or -7): a trace, nothing deferred on it */
    p = plan_for(m, s, "tgt.c:14", &o);
    if (p) CHECK(p->status == TARGET_TRACES && p->unknown == 0);
    target_plan_free(p);
    /* behind a solver that gives up on non-linear queries, the product is deferred, not refuted */
    Solver *lin = solver_linear_only_new(solver_z3_new(&so, &st));
    p = plan_for(m, lin, "tgt.c:14", &o);
    if (p) CHECK_MSG(p->status == TARGET_TRACES && p->unknown >= 1 && p->deferred >= 1, "%s unknown %llu",
                     target_status_name(p->status), (unsigned long long)p->unknown);
    target_plan_free(p);
    check_seed(s, &o);

    solver_destroy(lin);
    solver_destroy(s);
    ir_module_free(m);
    expr_shutdown();
    return check_report();
}
