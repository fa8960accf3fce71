/* Phase I of symcretic execution: the depth-first backward search from the
 * target to the entry (target.h; the thesis's Alg. 4.1-4.3 over symplex's
 * IR). Each choice clones the state, so backtracking is dropping the clone.
 *
 * Choices at the start of a block: where the walk is inside a loop it has
 * not summarised (at its header, or entering it backward through an exit
 * edge), first the loop's summary: everything the loop defines free, memory
 * clobbered, and the walk goes on from the header's predecessors outside the
 * loop; then each CFG predecessor edge (at most L traversals of an edge per
 * path). At a function's entry: back to the call site the walk came from, or,
 * with no frame below, to each direct call site (the entry function ends the
 * path). A call whose callee has a body is walked into from each of its
 * returns (inlined), up to a depth; other calls are deferred. */
#include "target_bw.h"
#include "../exec/state.h"
#include <stdlib.h>
#include <string.h>

static void bw_walk(Bw *bw, BwState *s, uint32_t b, uint32_t pos);

#define BW_SITE_KEY 0x80000000u /* tau keys of call sites (CFG edges are below) */

static uint32_t *bw_count(BwState *s, uint32_t fn, uint32_t key) {
    for (size_t i = 0; i < s->tau.len; i++)
        if (s->tau.data[i].fn == fn && s->tau.data[i].key == key) return &s->tau.data[i].n;
    BwCount c = {fn, key, 0};
    VEC_PUSH(s->tau, c);
    return &s->tau.data[s->tau.len - 1].n;
}

static bool bw_was_summarised(const BwState *s, uint32_t fn, uint32_t l) {
    for (size_t i = 0; i < s->summarised.len; i++)
        if (s->summarised.data[i].fn == fn && s->summarised.data[i].key == l) return true;
    return false;
}

/* Once a trace is found no proof of unreachability is left to find, and each
 * further trace only adds blocks to Phase II's corridor, which now biases the
 * search rather than bounding it. So the walk stops once it has gone on, with
 * no new trace, as long again as it took to find the traces so far (and at
 * least BW_STALL_MIN s): a search that found its traces in 0.2 s and finds
 * none in the next 0.5 s is not worth most of its share to the forward
 * search, which Phase II's guidance makes the one that reaches the line. */
#define BW_STALL_MIN 0.5

static bool bw_stalled(const Bw *bw, double now) {
    const TargetPlan *p = bw->plan;
    if (!p->traces) return false;
    double since = now - bw->last_trace, before = bw->last_trace - bw->start;
    return since > before && since > BW_STALL_MIN;
}

static bool bw_out_of_budget(Bw *bw) {
    if (bw->stop) return true;
    TargetPlan *p = bw->plan;
    double now = timer_now();
    if (p->steps >= bw->opt.max_steps || (bw->deadline > 0 && now > bw->deadline)) {
        bw->stop = true;
        p->incomplete = true;
    } else if (bw_stalled(bw, now)) {
        bw->stop = true;
        p->incomplete = p->stalled = true;
    }
    return bw->stop;
}

/* One check of Phase I, within its own time limit: a check that takes long
 * is deferred like one the solver gives up on (the chain's deadline cuts it:
 * UNKNOWN). */
static SolverResult bw_check(Bw *bw, const Query *q, Assignment *model) {
    SolverStats *st = bw->solver->stats;
    double saved = st->deadline, limit = bw->deadline;
    if (bw->opt.check_time > 0 && (limit <= 0 || timer_now() + bw->opt.check_time < limit))
        limit = timer_now() + bw->opt.check_time;
    if (limit > 0 && (saved <= 0 || limit < saved)) st->deadline = limit;
    SolverResult r = solver_check(bw->solver, q, model);
    st->deadline = saved;
    return r;
}

/* Checks the conjuncts added since the last check. False: refuted. On
 * UNKNOWN they are dropped (deferred), which keeps the rest decidable. */
static bool bw_feasible(Bw *bw, BwState *s) {
    TargetPlan *p = bw->plan;
    if (s->dead) {
        p->refuted++;
        return false;
    }
    if (s->checked == s->pc.len) return true;
    Query q = {s->pc.data, s->pc.len, NULL, NULL, NULL, false};
    p->checks++;
    SolverResult r = bw_check(bw, &q, NULL);
    if (r == SOLVER_UNSAT) {
        p->refuted++;
        return false;
    }
    if (r == SOLVER_UNKNOWN) {
        p->unknown++;
        while (s->pc.len > s->checked) {
            expr_unref(VEC_POP(s->pc));
            s->deferred++;
        }
    }
    s->checked = s->pc.len;
    return true;
}

/* The input a model of the trace's path condition stands for joins the
 * plan's seeds, unless an earlier trace gave the same. The path condition is
 * known satisfiable (its last check said so, or dropped what it could not
 * decide), so this query is the last check again, with a model. */
static void bw_seed(Bw *bw, const BwState *s) {
    TargetPlan *p = bw->plan;
    if (!s->inputs.len) return;
    Query q = {s->pc.data, s->pc.len, NULL, NULL, NULL, false};
    Assignment model;
    assignment_init(&model);
    Seed *sd = bw_check(bw, &q, &model) == SOLVER_SAT ? bw_input_seed(s, &model) : NULL;
    assignment_free(&model);
    for (uint32_t i = 0; sd && i < p->nseeds; i++)
        if (p->seeds[i]->hash == sd->hash) seed_unref(sd), sd = NULL;
    if (!sd) return;
    if (getenv("SYMPLEX_DEBUG_TARGET")) { /* the input, object by object */
        fprintf(stderr, "seed %u:", p->nseeds + 1);
        for (uint32_t i = 0; i < sd->n; i++) {
            fputs(" ", stderr);
            for (uint32_t k = 0; k < sd->sizes[i] && k < 32; k++) fprintf(stderr, "%02x", sd->bytes[i][k]);
        }
        fputc('\n', stderr);
    }
    p->seeds = util_realloc(p->seeds, (p->nseeds + 1) * sizeof *p->seeds);
    p->seeds[p->nseeds++] = sd;
}

/* A path reached the entry: its blocks (and the loops it summarised) join
 * the corridor Phase II prefers, and its model a seed Phase II runs first. */
static void bw_found(Bw *bw, BwState *s) {
    TargetPlan *p = bw->plan;
    p->traces++;
    bw->last_trace = timer_now();
    bw_seed(bw, s);
    if (getenv("SYMPLEX_DEBUG_TARGET")) { /* the trace and its path condition */
        fprintf(stderr, "trace %llu:", (unsigned long long)p->traces);
        for (size_t i = s->trace.len; i-- > 0;)
            fprintf(stderr, " %s:%u", bw->m->functions[s->trace.data[i].fn].name, s->trace.data[i].key);
        fputc('\n', stderr);
        for (size_t i = 0; i < s->pc.len; i++) fputs("  ", stderr), expr_print(stderr, s->pc.data[i]), fputc('\n', stderr);
    }
    p->deferred += s->deferred;
    for (size_t i = 0; i < s->trace.len; i++) {
        uint32_t fn = s->trace.data[i].fn;
        if (!p->corridor[fn]) p->corridor[fn] = util_calloc(p->cfgs[fn]->nblocks, 1);
        p->corridor[fn][s->trace.data[i].key] = 1;
    }
    for (size_t i = 0; i < s->summarised.len; i++) {
        uint32_t fn = s->summarised.data[i].fn;
        const IrLoop *l = &p->cfgs[fn]->loops[s->summarised.data[i].key];
        if (!p->corridor[fn]) p->corridor[fn] = util_calloc(p->cfgs[fn]->nblocks, 1);
        for (uint32_t k = 0; k < l->nblocks; k++) p->corridor[fn][l->blocks[k]] = 1;
    }
    if (p->traces >= bw->opt.max_traces) bw->stop = true;
}

/* Walks on backward from the end of block `from` of the top frame, having
 * crossed edge e into the block the walk was at. */
static void bw_take_edge(Bw *bw, const BwState *s, const IrCfgEdge *e) {
    BwState *c = bw_state_clone(bw, s);
    bw_cross_edge(bw, c, e);
    const IrCfg *g = bw->fns[bw_top(c)->fn].cfg;
    /* the terminator's condition is on the path now; the walk goes on above it */
    uint32_t end = g->last[e->from];
    const Inst *t = &bw->m->functions[bw_top(c)->fn].insts[end];
    bool terminator = t->op == IR_JMP || t->op == IR_BR || t->op == IR_SWITCH;
    bw_walk(bw, c, e->from, terminator ? end : end + 1);
    bw_state_free(bw, c);
}

/* Loop l of the top frame summarised: the walk goes on from the header's
 * predecessors outside it. */
static void bw_summarise(Bw *bw, const BwState *s, uint32_t l) {
    BwState *c = bw_state_clone(bw, s);
    uint32_t fn = bw_top(c)->fn;
    const IrCfg *g = bw->fns[fn].cfg;
    bw_unbind_loop(bw, c, l);
    c->deferred++;
    bw->plan->loops_summarised++;
    BwCount sm = {fn, l, 0};
    VEC_PUSH(c->summarised, sm);
    uint32_t h = g->loops[l].header;
    BwCount step = {fn, h, 0};
    VEC_PUSH(c->trace, step);
    for (uint32_t e = g->in_start[h]; e < g->in_start[h + 1] && !bw_out_of_budget(bw); e++)
        if (!ir_cfg_in_loop(g, l, g->in[e].from)) bw_take_edge(bw, c, &g->in[e]);
    bw_state_free(bw, c);
}

/* The outermost loop that edge e leaves (its source inside, its target not). */
static uint32_t bw_loop_left(const IrCfg *g, const IrCfgEdge *e) {
    uint32_t found = IR_CFG_NONE;
    for (uint32_t l = g->loop_of[e->from]; l != IR_CFG_NONE; l = g->loops[l].parent)
        if (!ir_cfg_in_loop(g, l, e->to)) found = l;
    return found;
}

static void bw_callers(Bw *bw, const BwState *s) {
    const BwFrame *f = &s->frames.data[0];
    uint32_t fn = f->fn;
    const IrCallGraph *cg = bw->cg;
    if (cg->address_taken[fn]) {
        /* called through pointers too: where from is not known, so the path
         * ends here (Phase II's corridor says nothing of the callers) */
        bw_found(bw, (BwState *)s);
        return;
    }
    /* code the module does not show (native functions, assembly) may call it
     * too: its direct call sites are not all the ways in, so no proof */
    if (cg->called_from_outside[fn]) bw->plan->incomplete = true;
    for (uint32_t k = cg->start[fn]; k < cg->start[fn + 1] && !bw_out_of_budget(bw); k++) {
        const IrCallSite *site = &cg->sites[k];
        /* a recursive function's own call sites lead back to its entry: each
         * site is crossed at most L times per path, like an edge */
        uint32_t *crossed = bw_count((BwState *)s, fn, BW_SITE_KEY | k);
        if (*crossed >= bw->opt.unroll) {
            bw->plan->incomplete = true;
            continue;
        }
        (*crossed)++;
        BwState *c = bw_state_clone(bw, s);
        (*bw_count((BwState *)s, fn, BW_SITE_KEY | k))--;
        BwFrame callee = c->frames.data[0];
        c->frames.len = 0;
        bw_push_frame(bw, c, site->caller, IR_CFG_NONE);
        const IrFunction *caller = &bw->m->functions[site->caller];
        const IrCall *call = &caller->calls[caller->insts[site->inst].aux];
        BwFrame *top = bw_top(c);
        for (uint32_t i = 0; i < call->nargs && i < bw->m->functions[fn].nparams; i++)
            bw_bind(bw, c, top, call->args[i], callee.env[i]);
        for (uint32_t r = 0; r < bw->m->functions[fn].nregs; r++) expr_unref(callee.env[r]);
        free(callee.env);
        bw_walk(bw, c, bw_fn(bw, site->caller)->cfg->block_of[site->inst], site->inst);
        bw_state_free(bw, c);
    }
}

/* The walk is at the start of the entry block of the top frame. */
static void bw_entry(Bw *bw, BwState *s) {
    if (s->frames.len > 1) {
        /* back to the call this activation came from: parameters are arguments */
        BwFrame callee = VEC_POP(s->frames);
        BwFrame *caller = bw_top(s);
        const IrFunction *cf = &bw->m->functions[caller->fn];
        const IrCall *call = &cf->calls[cf->insts[callee.call_inst].aux];
        for (uint32_t i = 0; i < call->nargs && i < bw->m->functions[callee.fn].nparams; i++)
            bw_bind(bw, s, caller, call->args[i], callee.env[i]);
        VEC_PUSH(s->frames, callee);
        bw_pop_frame(bw, s);
        bw_walk(bw, s, bw->fns[bw_top(s)->fn].cfg->block_of[callee.call_inst], callee.call_inst);
        return;
    }
    if (bw_top(s)->fn == bw->entry) {
        bw_found(bw, s);
        return;
    }
    bw_callers(bw, s);
}

/* The walk is at the start of block b of the top frame. */
static void bw_block_start(Bw *bw, BwState *s, uint32_t b) {
    if (bw_out_of_budget(bw)) return;
    bw->plan->steps++;
    if (!bw_feasible(bw, s)) return;
    uint32_t fn = bw_top(s)->fn;
    BwCount step = {fn, b, 0};
    VEC_PUSH(s->trace, step);
    const IrCfg *g = bw->fns[fn].cfg;
    if (b == 0) {
        bw_entry(bw, s);
        return;
    }
    /* The loop summaries come first: Phase II runs in the blocks of the
     * traces, and a summarised loop puts all of its blocks there, so a trace
     * through a summary is as good a corridor as an unrolled one and is found
     * with fewer, weaker conjuncts. At a loop's header the summary covers its
     * earlier iterations (an edge past its bound is then covered by it); at
     * an edge that leaves a loop, all of that loop's iterations. */
    uint32_t here = g->loop_of[b];
    bool header_summary = here != IR_CFG_NONE && g->loops[here].header == b && !bw_was_summarised(s, fn, here);
    uint32_t offered[8], noffered = 0;
    if (header_summary) bw_summarise(bw, s, here), offered[noffered++] = here;
    for (uint32_t e = g->in_start[b]; e < g->in_start[b + 1] && !bw_out_of_budget(bw); e++) {
        uint32_t left = bw_loop_left(g, &g->in[e]);
        bool seen = false;
        for (uint32_t k = 0; k < noffered; k++) seen = seen || offered[k] == left;
        if (left == IR_CFG_NONE || seen || bw_was_summarised(s, fn, left)) continue;
        bw_summarise(bw, s, left);
        if (noffered < 8) offered[noffered++] = left;
    }
    for (uint32_t e = g->in_start[b]; e < g->in_start[b + 1] && !bw_out_of_budget(bw); e++) {
        const IrCfgEdge *ed = &g->in[e];
        uint32_t *tau = bw_count(s, fn, e);
        if (*tau >= bw->opt.unroll) {
            bool covered = header_summary && ir_cfg_in_loop(g, here, ed->from);
            if (!covered) bw->plan->incomplete = true;
            continue;
        }
        (*tau)++;
        bw_take_edge(bw, s, ed);
        (*bw_count(s, fn, e))--;
    }
}

static bool bw_inlines(Bw *bw, const BwState *s, const IrCall *call) {
    if (call->callee < 0 || s->frames.len >= bw->opt.max_depth) return false;
    const IrFunction *f = &bw->m->functions[call->callee];
    return !f->is_declaration && !f->is_runtime;
}

/* The call at instruction i of the top frame, walked into from each return. */
static void bw_call(Bw *bw, BwState *s, uint32_t i) {
    BwFrame *f = bw_top(s);
    const Inst *in = &bw->m->functions[f->fn].insts[i];
    const IrCall *call = &bw->m->functions[f->fn].calls[in->aux];
    Expr *v = in->width > 0 ? bw_take(f, in->dst) : NULL;
    const IrFunction *callee = &bw->m->functions[call->callee];
    for (uint32_t r = 0; r < callee->ninsts && !bw_out_of_budget(bw); r++) {
        if (callee->insts[r].op != IR_RET) continue;
        BwState *c = bw_state_clone(bw, s);
        bw_push_frame(bw, c, callee->index, i);
        /* parameters are the arguments' values at the call: pointers passed
         * in then name the caller's objects while the callee is walked */
        BwFrame *caller = &c->frames.data[c->frames.len - 2];
        for (uint32_t k = 0; k < call->nargs && k < callee->nparams; k++)
            bw_top(c)->env[k] = callee->param_types[k].kind == IR_TY_PTR
                                    ? bw_pointer(bw, caller, call->args[k])
                                    : bw_get(bw, caller, call->args[k], callee->param_types[k].bits);
        if (v && callee->insts[r].a != IR_NONE) bw_bind(bw, c, bw_top(c), callee->insts[r].a, v);
        bw_walk(bw, c, bw_fn(bw, callee->index)->cfg->block_of[r], r);
        bw_state_free(bw, c);
    }
    expr_unref(v);
}

/* Walks backward over the instructions of block b of the top frame before
 * `pos` (first[b] <= pos <= last[b] + 1), then on from the block's start. */
static void bw_walk(Bw *bw, BwState *s, uint32_t b, uint32_t pos) {
    BwFrame *f = bw_top(s);
    const IrFunction *fn = &bw->m->functions[f->fn];
    const IrCfg *g = bw_fn(bw, f->fn)->cfg;
    for (uint32_t i = pos; i-- > g->first[b];) {
        const Inst *in = &fn->insts[i];
        if (in->op == IR_CALL) {
            const IrCall *call = &fn->calls[in->aux];
            if (bw_inlines(bw, s, call)) {
                if (!bw_feasible(bw, s)) return;
                /* what is below the call is walked once the callee's entry is reached */
                bw_call(bw, s, i);
                return;
            }
            bw_defer_call(bw, s, i);
            continue;
        }
        bw_apply(bw, s, i);
    }
    bw_block_start(bw, s, b);
}

TargetPlan *target_backward(const IrModule *m, uint32_t entry, const uint8_t *locs, Solver *solver,
                            const TargetOptions *opt) {
    double t0 = timer_now();
    TargetPlan *p = util_calloc(1, sizeof *p);
    p->nfunctions = m->nfunctions;
    p->cfgs = util_calloc(m->nfunctions + 1, sizeof *p->cfgs);
    p->corridor = util_calloc(m->nfunctions + 1, sizeof *p->corridor);
    Bw bw = {.m = m, .solver = solver, .opt = *opt, .plan = p, .entry = entry};
    bw.cg = ir_callgraph_new(m);
    bw.fns = util_calloc(m->nfunctions + 1, sizeof *bw.fns);
    bw.deadline = opt->max_time > 0 ? t0 + opt->max_time : 0;
    bw.start = t0;
    /* every instruction on the target line that starts it in its block (or
     * follows a call, which may not return): the walk starts before it */
    for (uint32_t fi = 0; fi < m->nfunctions && !bw.stop; fi++) {
        const IrFunction *f = &m->functions[fi];
        if (f->is_declaration || f->is_runtime) continue;
        for (uint32_t i = 0; i < f->ninsts && !bw.stop; i++) {
            if (!locs[f->insts[i].loc]) continue;
            const IrCfg *g = bw_fn(&bw, fi)->cfg;
            if (g->idom[g->block_of[i]] == IR_CFG_NONE) continue; /* dead code */
            if (i > g->first[g->block_of[i]] && locs[f->insts[i - 1].loc] && f->insts[i - 1].op != IR_CALL) continue;
            BwState *s = bw_state_new();
            bw_push_frame(&bw, s, fi, IR_CFG_NONE);
            bw_walk(&bw, s, g->block_of[i], i);
            bw_state_free(&bw, s);
        }
    }
    p->status = p->traces ? TARGET_TRACES : p->incomplete ? TARGET_UNKNOWN : TARGET_UNREACHABLE;
    for (size_t i = 0; i < bw.bases.len; i++) expr_unref(bw.bases.data[i]);
    VEC_FREE(bw.bases);
    for (uint32_t i = 0; i < m->nfunctions; i++) free(bw.fns[i].def);
    free(bw.fns);
    ir_callgraph_free(bw.cg);
    p->time_s = timer_now() - t0;
    return p;
}

void target_plan_free(TargetPlan *p) {
    if (!p) return;
    for (uint32_t i = 0; i < p->nfunctions; i++) {
        ir_cfg_free(p->cfgs[i]);
        free(p->corridor[i]);
    }
    for (uint32_t i = 0; i < p->nseeds; i++) seed_unref(p->seeds[i]);
    free(p->seeds);
    free(p->cfgs);
    free(p->corridor);
    free(p);
}
