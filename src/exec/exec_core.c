#define _GNU_SOURCE
/* Executor lifetime, the initial state, termination and concretization. */
#include "executor.h"
#include "../util/util.h"
#include <stdio.h>
#include <string.h>
#include <unistd.h> /* environ */

Executor *exec_new(IrModule *m, Solver *solver, const ExecOptions *opt, const ExecHooks *hooks) {
    Executor *ex = util_calloc(1, sizeof *ex);
    ex->m = m;
    ex->solver = solver;
    ex->opt = *opt;
    ex->hooks = *hooks;
    ex->feas = exec_feasibility_policy(opt);
    ex->br_side[0] = ex->br_side[1] = ex->open_side = IR_NO_BRANCH;
    ex->line_covered = util_calloc(m->nlocs + 1, 1);
    ex->line_covered[0] = 1; /* unknown location is never counted */
    ex->branch_covered = util_calloc(m->nbranches + 1, 1);
    for (uint32_t i = 1; i < m->nlocs; i++) ex->total_lines += m->loc_is_user[i];
    ex->special = util_calloc(m->nfunctions + 1, 1);
    exec_special_init(ex);
    mem_init(m->heap_base);
    ex->global_objs = util_calloc(m->nglobals + 1, sizeof(MemObject *));
    for (uint32_t i = 0; i < m->nglobals; i++) {
        IrGlobal *g = &m->globals[i];
        ex->global_objs[i] = mem_object_new_at(g->addr, g->size, MEM_GLOBAL, g->name);
        ex->global_objs[i]->read_only = g->is_constant;
        if (g->is_external)
            util_warn_once(g->name, "external global '%s' has no definition; it starts zero-filled", g->name);
    }
    return ex;
}

void exec_free(Executor *ex) {
    if (!ex) return;
    for (uint32_t i = 0; i < ex->nnames; i++) free(ex->names[i]);
    free(ex->names);
    free(ex->name_slots);
    free(ex->pending_file);
    free(ex->line_covered);
    free(ex->branch_covered);
    free(ex->special);
    free(ex->global_objs);
    free(ex->cs_buf);
    pc_flat_free(&ex->view_flat);
    free(ex->seg_buf);
    for (uint32_t i = 0; i < ex->nshared_arrays; i++) free(ex->shared_names[i]);
    free(ex->shared_names);
    free(ex->shared_arrays);
    ex->last_mo = NULL; /* its reference goes with the registry */
    mem_shutdown();
    free(ex);
}

/* A NULL-terminated vector of n strings in memory (argv, envp), each string
 * one object and the pointer array another; its address. */
static uint64_t exec_string_vector(Executor *ex, State *s, char **strs, int n, const char *name) {
    MemObject *vec = exec_alloc(ex, s, 8 * (uint64_t)(n + 1), MEM_ARGV, 16, 0, name);
    ObjectState *vos = as_writable(&s->as, vec);
    for (int i = 0; i < n; i++) {
        size_t len = strlen(strs[i]) + 1;
        MemObject *str = exec_alloc(ex, s, len, MEM_ARGV, 16, 0, name);
        ObjectState *sos = as_writable(&s->as, str);
        for (size_t k = 0; k < len; k++) os_write(sos, k, 1, value_concrete((unsigned char)strs[i][k]));
        os_write(vos, 8 * (uint64_t)i, 8, value_concrete(str->addr));
    }
    return vec->addr;
}

/* main's envp: --environ's, else symplex's own, as KLEE passes its own. The
 * runtime's getenv reads it through the global __symplex_environ (without
 * --posix; musl's getenv reads what the POSIX start-up gives it), so it is
 * built when main takes it or when that global exists; else 0. */
static uint64_t exec_environment(Executor *ex, State *s, bool main_takes_it) {
    int32_t at = -1;
    for (uint32_t i = 0; i < ex->m->nglobals && at < 0; i++)
        if (strcmp(ex->m->globals[i].name, "__symplex_environ") == 0 && ex->m->globals[i].size == 8 &&
            !ex->m->globals[i].is_external)
            at = (int32_t)i;
    if (at < 0 && !main_takes_it) return 0;
    char **env = ex->opt.env ? ex->opt.env : environ;
    int n = 0;
    while (env[n]) n++;
    uint64_t envp = exec_string_vector(ex, s, env, n, "envp");
    if (at >= 0) os_write(as_writable(&s->as, ex->global_objs[at]), 0, 8, value_concrete(envp));
    return envp;
}

State *exec_initial_state(Executor *ex, int argc, char **argv) {
    State *s = state_new();
    s->id = ++ex->next_state_id;
    if (!ex->opt.no_state_model) {
        Assignment *empty = util_malloc(sizeof *empty); /* satisfies the empty path condition */
        assignment_init(empty);
        state_set_model(s, empty);
    }
    for (uint32_t i = 0; i < ex->m->nglobals; i++)
        as_bind(&s->as, ex->global_objs[i], os_new_bytes(ex->m->globals[i].init, ex->m->globals[i].size));
    IrFunction *main_fn = &ex->m->functions[ex->m->main_index];
    uint64_t argv_addr = exec_string_vector(ex, s, argv, argc, "argv");
    Frame *f = state_push_frame(s, main_fn);
    if (main_fn->nparams >= 1) f->regs[0] = value_concrete((u128)argc & expr_mask(main_fn->param_types[0].bits));
    if (main_fn->nparams >= 2) f->regs[1] = value_concrete(argv_addr);
    uint64_t envp = exec_environment(ex, s, main_fn->nparams >= 3);
    if (main_fn->nparams >= 3) f->regs[2] = value_concrete(envp);
    return s;
}

const char *exec_stack_string(Executor *ex, State *s, char *scratch, size_t n) {
    size_t used = 0;
    scratch[0] = 0;
    for (uint32_t i = s->nframes; i-- > 0 && used + 1 < n;) {
        Frame *f = &s->frames[i];
        char loc[512];
        ir_loc_str(ex->m, f->fn->insts[f->pc].loc, loc, sizeof loc);
        int k = snprintf(scratch + used, n - used, "  #%u %s at %s\n", s->nframes - 1 - i, f->fn->name, loc);
        if (k < 0) break;
        used += (size_t)k;
    }
    return scratch;
}

/* Programs usually define reach_error themselves (calling __assert_fail), so
 * an error counts as reaching it when that function is on the stack. */
static bool exec_in_error_call(Executor *ex, State *s) {
    if (ex->pending_error_call) return true;
    for (uint32_t i = 0; i < s->nframes; i++) {
        const char *name = s->frames[i].fn->name;
        if (strcmp(name, "reach_error") == 0 || strcmp(name, "__VERIFIER_error") == 0) return true;
    }
    return false;
}

void exec_terminate(Executor *ex, State *s, TermKind kind, const char *what, const char *fmt, ...) {
    /* a test, an error, a path count or coverage only from a feasible path */
    if (!exec_settled(ex, s)) return;
    Termination t = {.kind = kind};
    va_list ap;
    va_start(ap, fmt);
    if (vasprintf(&t.message, fmt, ap) < 0) t.message = NULL;
    va_end(ap);
    if (kind == TERM_ERROR) {
        t.error_kind = what;
        t.error_call = exec_in_error_call(ex, s);
    }
    ex->pending_error_call = false;
    if (kind == TERM_EARLY) t.reason = what;
    if (kind == TERM_EXIT) sscanf(t.message ? t.message : "", "exit %d", &t.exit_status);
    if (s->nframes) {
        Frame *f = state_top(s);
        t.loc = f->fn->insts[f->pc].loc;
        char *buf = util_malloc(8192);
        exec_stack_string(ex, s, buf, 8192);
        t.stack = buf;
    }
    t.file = ex->pending_file;
    t.line = ex->pending_line;
    ex->pending_file = NULL;
    ex->pending_line = 0;
    ex->hooks.on_terminate(ex->hooks.ctx, s, &t);
    free((char *)t.file);
    free(t.message);
    free(t.stack);
}

void exec_terminate_early(Executor *ex, State *s, const char *reason) {
    exec_terminate(ex, s, TERM_EARLY, reason, "%s", reason);
}

void exec_solver_gave_up(Executor *ex, State *s) {
    exec_terminate_early(ex, s, solver_gave_up_reason(ex->solver->stats));
}

bool exec_feasible_value(Executor *ex, State *s, Expr *e, u128 *out) {
    if (!exec_settled(ex, s)) return false;
    if (s->model) {
        *out = expr_eval(e, s->model);
        return true;
    }
    size_t n;
    Expr *const *cs = exec_constraints(ex, s, &n);
    if (solver_get_value(ex->solver, cs, n, e, out) == SOLVER_SAT) return true;
    exec_solver_gave_up(ex, s);
    return false;
}

u128 exec_example(Executor *ex, State *s, Value v) {
    if (!v.e) return v.c;
    if (!exec_settled_quietly(ex, s)) return 0;
    if (s->model) return expr_eval(v.e, s->model);
    size_t n;
    Expr *const *cs = exec_constraints(ex, s, &n);
    u128 val = 0;
    return solver_get_value(ex->solver, cs, n, v.e, &val) == SOLVER_SAT ? val : 0;
}

u128 exec_concretize(Executor *ex, State *s, Value v, unsigned width, const char *why) {
    if (!v.e) return v.c;
    u128 val = 0;
    if (!exec_settled_quietly(ex, s)) return 0;
    if (s->model) {
        val = expr_eval(v.e, s->model); /* the model stays a model: no query */
    } else {
        size_t n;
        Expr *const *cs = exec_constraints(ex, s, &n);
        if (solver_get_value(ex->solver, cs, n, v.e, &val) != SOLVER_SAT) return 0;
    }
    Expr *c = expr_const(val, v.e->width), *eq = expr_eq(v.e, c);
    state_add_fitting(s, eq); /* the value is the model's, or the model is gone */
    expr_unref(c);
    expr_unref(eq);
    util_warn_once(why, "concretizing symbolic %s", why);
    return val;
}
