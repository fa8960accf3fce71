#define _GNU_SOURCE
#include "auto_config.h"
#include "../out/out.h"
#include "../util/util.h"
#include <stdlib.h>
#include <string.h>

static bool auto_float_op(uint8_t op) {
    return (op >= IR_FADD && op <= IR_FCMP) || (op >= IR_FPTRUNC && op <= IR_SITOFP);
}

static bool auto_nonlinear(const Inst *in) {
    bool arith = in->op == IR_MUL || in->op == IR_UDIV || in->op == IR_SDIV || in->op == IR_UREM || in->op == IR_SREM;
    return arith && !ir_is_const(in->a) && !ir_is_const(in->b);
}

/* Registers that hold an address computed with a variable index. */
static bool *auto_indexed_addresses(const IrFunction *fn) {
    bool *indexed = util_calloc(fn->nregs ? fn->nregs : 1, sizeof *indexed);
    for (uint32_t i = 0; i < fn->ninsts; i++) {
        const Inst *in = &fn->insts[i];
        if (in->op != IR_GEP || in->dst >= fn->nregs) continue;
        const IrGep *g = &fn->geps[in->aux];
        for (uint32_t k = 0; k < g->nidx; k++)
            if (!ir_is_const(g->idx[k])) indexed[in->dst] = true;
    }
    return indexed;
}

static void auto_scan_function(const IrFunction *fn, ProgramFeatures *f) {
    bool *indexed = auto_indexed_addresses(fn);
    for (uint32_t i = 0; i < fn->ninsts; i++) {
        const Inst *in = &fn->insts[i];
        f->instructions++;
        f->float_ops += auto_float_op(in->op);
        f->math_calls += in->op == IR_FMATH;
        f->nonlinear_ops += auto_nonlinear(in);
        f->indexed_stores += in->op == IR_STORE && !ir_is_const(in->b) && in->b != IR_NONE &&
                             (uint32_t)in->b < fn->nregs && indexed[in->b];
    }
    free(indexed);
}

void auto_config_scan(const IrModule *m, ProgramFeatures *f) {
    memset(f, 0, sizeof *f);
    for (uint32_t i = 0; i < m->nfunctions; i++) {
        const IrFunction *fn = &m->functions[i];
        if (!fn->is_declaration && !fn->is_runtime) auto_scan_function(fn, f);
    }
}

static void auto_choose(AutoConfig *ac, const char *option, bool on, char *reason) {
    ac->choices[ac->nchoices++] = (AutoChoice){option, on, reason};
}

/* Floating point: MuSE's search tries each FP query before Z3, and math
 * functions stay symbolic (opaque) instead of running on concrete values.
 * bench/results/fp-suite: 70.5% of branches against 43.6% with Z3 alone. A
 * program without floating point never reaches the layer: nothing to pay. */
static void auto_choose_fp(AutoConfig *ac, CliOptions *o) {
    const ProgramFeatures *f = &ac->features;
    if (!f->float_ops && !f->math_calls) return;
    if (o->fp_search_given || o->solver_given) {
        auto_choose(ac, "--fp-search=first", false,
                    util_format("%u floating-point operations, %u math calls, but --%s was given", f->float_ops,
                                f->math_calls, o->fp_search_given ? "fp-search" : "solver"));
        return;
    }
    o->solver.fp_search = FP_SEARCH_FIRST;
    o->exec.fp_opaque = true;
    auto_choose(ac, "--fp-search=first", true,
                util_format("%u floating-point operations, %u math calls: the floating-point search tries each "
                            "such query before Z3, and math functions stay symbolic", f->float_ops, f->math_calls));
}

/* Non-linear arithmetic: the concolic walk before Z3 (--solver=cw-first)
 * tied the plain engine (issue 30's ablation, geometric mean 0.999 at 120 s on
 * six non-linear programs), so it stays off; said here so the choice shows. */
static void auto_choose_nonlinear(AutoConfig *ac) {
    if (!ac->features.nonlinear_ops) return;
    auto_choose(ac, "--solver=cw-first", false,
                util_format("%u non-linear operations, but the walk before Z3 measured no gain "
                            "(bench/results/ablation: 0.999)", ac->features.nonlinear_ops));
}

/* The search: the portfolio gives each selection to random-path, covnew,
 * depth-first or a uniform random choice, drawn by the coverage each arm's
 * states found lately (search_portfolio.c). On the general workload (ten
 * coreutils tools and the held-out suite, 120 s, seeds 1-3) it covered 1.028x
 * the branches of random-path with covnew, ahead on 16 of 32 programs, behind
 * on 5 (bench/results/ablation5). --target has its own search, and the DSE
 * engine reads --search as the order of its open branches. */
static void auto_choose_search(AutoConfig *ac, CliOptions *o) {
    if (o->engine.target || o->engine.engine == ENGINE_DSE) return;
    if (o->search_given) {
        auto_choose(ac, "--search=portfolio", false, util_strdup("--search was given"));
        return;
    }
    o->engine.search = SEARCH_PORTFOLIO;
    auto_choose(ac, "--search=portfolio", true,
                util_strdup("every program: each selection goes to random-path, covnew, dfs or random-state, "
                            "drawn by the coverage each found lately"));
}

void auto_config_apply(AutoConfig *ac, const IrModule *m, CliOptions *o) {
    memset(ac, 0, sizeof *ac);
    auto_config_scan(m, &ac->features);
    ac->plain = o->plain;
    if (ac->plain) return;
    auto_choose_fp(ac, o);
    auto_choose_search(ac, o);
    auto_choose_nonlinear(ac);
}

void auto_config_announce(const AutoConfig *ac, FILE *f) {
    for (size_t i = 0; i < ac->nchoices; i++)
        if (ac->choices[i].on)
            fprintf(f, "symplex: default for this program: %s (%s; --plain for none)\n", ac->choices[i].option,
                    ac->choices[i].reason);
}

char *auto_config_json(const AutoConfig *ac) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return NULL;
    const ProgramFeatures *p = &ac->features;
    fprintf(f, "{\"mode\": \"%s\", \"features\": {\"instructions\": %u, \"float_ops\": %u, \"math_calls\": %u, "
               "\"nonlinear_ops\": %u, \"indexed_stores\": %u}, \"choices\": [",
            ac->plain ? "plain" : "default", p->instructions, p->float_ops, p->math_calls, p->nonlinear_ops,
            p->indexed_stores);
    for (size_t i = 0; i < ac->nchoices; i++) {
        fprintf(f, "%s{\"option\": ", i ? ", " : "");
        out_json_string(f, ac->choices[i].option);
        fprintf(f, ", \"on\": %s, \"reason\": ", ac->choices[i].on ? "true" : "false");
        out_json_string(f, ac->choices[i].reason);
        fputc('}', f);
    }
    fputs("]}", f);
    fclose(f);
    return buf;
}

void auto_config_free(AutoConfig *ac) {
    for (size_t i = 0; i < ac->nchoices; i++) free(ac->choices[i].reason);
    ac->nchoices = 0;
}
