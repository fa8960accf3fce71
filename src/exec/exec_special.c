/* Functions the executor implements itself: the symbolic-input API (symplex_*,
 * klee_*), the heap, program exit, assertion failure, and the two output
 * primitives the runtime's stdio is built on. Everything else declared but not
 * defined goes to exec_external.c. */
#include "executor.h"
#include "../util/util.h"
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

enum SpecialFn {
    SP_NONE, SP_MAKE_SYMBOLIC, SP_ASSUME, SP_IS_SYMBOLIC, SP_SILENT_EXIT, SP_REPORT_ERROR, SP_GET_VALUE,
    SP_NOP, SP_WARNING, SP_PRINT_EXPR, SP_KLEE_ABORT, SP_MALLOC, SP_CALLOC, SP_REALLOC, SP_FREE, SP_ABORT,
    SP_EXIT, SP_ASSERT_FAIL, SP_REACH_ERROR, SP_OUTPUT, SP_VFORMAT, SP_ALIGNED_ALLOC, SP_MEMALIGN, SP_POSIX_MEMALIGN,
    SP_VALLOC, SP_PVALLOC,
    SP_DEFINE_FIXED, SP_GET_OBJ_SIZE, SP_CHECK_ACCESS, SP_SET_FORKING, SP_STACK_TRACE, SP_MERGE, SP_PRINT_RANGE,
    SP_FESETROUND, SP_FEGETROUND, SP_UNSUPPORTED_SYSCALL, SP_HOST_LOCALE
};

static const struct { const char *name; enum SpecialFn fn; } special_names[] = {
    {"symplex_make_symbolic", SP_MAKE_SYMBOLIC}, {"klee_make_symbolic", SP_MAKE_SYMBOLIC},
    {"symplex_assume", SP_ASSUME}, {"klee_assume", SP_ASSUME},
    {"symplex_is_symbolic", SP_IS_SYMBOLIC}, {"klee_is_symbolic", SP_IS_SYMBOLIC},
    {"symplex_silent_exit", SP_SILENT_EXIT}, {"klee_silent_exit", SP_SILENT_EXIT},
    {"symplex_report_error", SP_REPORT_ERROR}, {"klee_report_error", SP_REPORT_ERROR},
    {"klee_get_value_i32", SP_GET_VALUE}, {"klee_get_value_i64", SP_GET_VALUE}, {"klee_get_valuel", SP_GET_VALUE},
    {"klee_get_valuell", SP_GET_VALUE}, {"klee_get_valuef", SP_GET_VALUE}, {"klee_get_valued", SP_GET_VALUE},
    {"symplex_get_value_i64", SP_GET_VALUE},
    {"klee_prefer_cex", SP_NOP}, {"klee_posix_prefer_cex", SP_NOP}, {"klee_mark_global", SP_NOP},
    {"klee_warning", SP_WARNING}, {"klee_warning_once", SP_WARNING},
    {"klee_define_fixed_object", SP_DEFINE_FIXED}, {"klee_get_obj_size", SP_GET_OBJ_SIZE},
    {"klee_check_memory_access", SP_CHECK_ACCESS}, {"klee_set_forking", SP_SET_FORKING},
    {"klee_stack_trace", SP_STACK_TRACE}, {"klee_open_merge", SP_MERGE}, {"klee_close_merge", SP_MERGE},
    {"klee_print_range", SP_PRINT_RANGE},
    {"klee_print_expr", SP_PRINT_EXPR}, {"klee_abort", SP_KLEE_ABORT},
    {"malloc", SP_MALLOC}, {"calloc", SP_CALLOC}, {"realloc", SP_REALLOC}, {"free", SP_FREE},
    {"aligned_alloc", SP_ALIGNED_ALLOC}, {"memalign", SP_MEMALIGN}, {"posix_memalign", SP_POSIX_MEMALIGN},
    {"valloc", SP_VALLOC}, {"pvalloc", SP_PVALLOC},
    {"abort", SP_ABORT}, {"exit", SP_EXIT}, {"_exit", SP_EXIT}, {"_Exit", SP_EXIT},
    {"__symplex_exit", SP_EXIT}, /* --posix: exit_group, after musl's exit ran atexit handlers and flushed stdio */
    {"__assert_fail", SP_ASSERT_FAIL}, {"reach_error", SP_REACH_ERROR}, {"__VERIFIER_error", SP_REACH_ERROR},
    {"symplex_output", SP_OUTPUT}, {"symplex_vformat", SP_VFORMAT},
    /* the rounding mode is the state's (exec_float.c): a native call would set symplex's own */
    {"fesetround", SP_FESETROUND}, {"fegetround", SP_FEGETROUND},
    /* --posix: a system call the environment model cannot make as the kernel would (runtime/posix) */
    {"__symplex_unsupported_syscall", SP_UNSUPPORTED_SYSCALL},
    /* --posix: whether the host's C library has a locale (runtime/posix/locale.c) */
    {"__symplex_host_locale", SP_HOST_LOCALE},
};

bool exec_special_provides(const char *name) {
    for (size_t k = 0; k < sizeof special_names / sizeof special_names[0]; k++)
        if (strcmp(name, special_names[k].name) == 0) return true;
    return false;
}

void exec_special_init(Executor *ex) {
    for (uint32_t i = 0; i < ex->m->nfunctions; i++) {
        IrFunction *fn = &ex->m->functions[i];
        if (!fn->is_declaration) continue;
        for (size_t k = 0; k < sizeof special_names / sizeof special_names[0]; k++)
            if (strcmp(fn->name, special_names[k].name) == 0) ex->special[i] = (uint8_t)special_names[k].fn;
    }
    exec_heap_init(ex);
}

static uint64_t arg_u64(Executor *ex, State *s, const IrCall *call, Value *args, uint32_t i, const char *why) {
    if (i >= call->nargs) return 0;
    return (uint64_t)exec_concretize(ex, s, args[i], call->arg_types[i].bits ? call->arg_types[i].bits : 64, why);
}

/* A string argument of the API, read as KLEE reads one: up to its NUL or the
 * end of its object, with a warning when the object holds no NUL. */
static char *sp_api_string(Executor *ex, State *s, const IrFunction *fn, uint64_t addr) {
    bool cut = false;
    char *str = exec_read_string_in_object(ex, s, addr, &cut);
    if (str && cut) util_warn_once(fn->name, "%s: string argument is not NUL-terminated; read up to the end of its object", fn->name);
    return str;
}

static uint32_t *exec_name_slot(Executor *ex, const char *name) {
    uint32_t i = (uint32_t)util_hash_bytes(name, strlen(name)) & (ex->name_cap - 1);
    while (ex->name_slots[i] && strcmp(ex->names[ex->name_slots[i] - 1], name) != 0) i = (i + 1) & (ex->name_cap - 1);
    return &ex->name_slots[i];
}

/* The executor's copy of a user's name for an input: one per distinct name,
 * so a loop making a million inputs named "v" keeps one string. */
static const char *exec_intern(Executor *ex, const char *name) {
    if (2 * (ex->nnames + 1) > ex->name_cap) {
        free(ex->name_slots);
        ex->name_cap = ex->name_cap ? 2 * ex->name_cap : 64;
        ex->name_slots = util_calloc(ex->name_cap, sizeof *ex->name_slots);
        for (uint32_t k = 0; k < ex->nnames; k++) *exec_name_slot(ex, ex->names[k]) = k + 1;
    }
    uint32_t *slot = exec_name_slot(ex, name);
    if (*slot) return ex->names[*slot - 1];
    if (ex->nnames == ex->capnames) {
        ex->capnames = ex->capnames ? 2 * ex->capnames : 16;
        ex->names = util_realloc(ex->names, ex->capnames * sizeof(char *));
    }
    ex->names[ex->nnames] = util_strdup(name);
    *slot = ++ex->nnames;
    return ex->names[ex->nnames - 1];
}

/* The array of a state's input object number i (concolic runs count their
 * seed's objects, restarting runs the state's symbolics): the one made at
 * this position before, when its name and size match, so every concolic run,
 * and every run of a restarting engine, reads the same arrays. */
static Array *sp_shared_array(Executor *ex, uint32_t i, const char *name, uint32_t size) {
    if (i < ex->nshared_arrays && ex->shared_arrays[i]->size == size && strcmp(ex->shared_names[i], name) == 0)
        return ex->shared_arrays[i];
    Array *arr = expr_array_new(name, size, NULL);
    if (i == ex->nshared_arrays) {
        if ((i & (i - 1)) == 0) { /* full at 0, 1, 2, 4, ...: doubling, so N inputs cost O(N) */
            size_t cap = i ? 2 * (size_t)i : 1;
            ex->shared_arrays = util_realloc(ex->shared_arrays, cap * sizeof(Array *));
            ex->shared_names = util_realloc(ex->shared_names, cap * sizeof(char *));
        }
        ex->shared_arrays[i] = arr;
        ex->shared_names[i] = util_strdup(name);
        ex->nshared_arrays++;
    }
    return arr;
}

static bool sp_make_symbolic(Executor *ex, State *s, const IrFunction *fn, const Inst *in, const IrCall *call,
                             Value *args) {
    uint64_t addr = arg_u64(ex, s, call, args, 0, "make_symbolic address");
    uint64_t size = arg_u64(ex, s, call, args, 1, "make_symbolic size");
    uint64_t name_addr = call->nargs > 2 ? arg_u64(ex, s, call, args, 2, "name") : 0;
    char *name = name_addr ? sp_api_string(ex, s, fn, name_addr) : util_strdup("unnamed");
    if (!name) return false;
    MemObject *mo;
    ObjectState *os = exec_resolve_concrete(ex, s, addr, size ? size : 1, true, &mo);
    if (!os) { free(name); return false; }
    if (size == 0) { free(name); exec_set_result(s, in, value_concrete(0)); return true; }
    const char *aname = name[0] ? name : "unnamed";
    Array *arr = s->concolic           ? sp_shared_array(ex, s->seed_next, aname, (uint32_t)size)
                 : ex->opt.shared_inputs ? sp_shared_array(ex, s->nsyms, aname, (uint32_t)size)
                                       : expr_array_new(aname, (uint32_t)size, NULL);
    os_make_symbolic(os, addr - mo->addr, size, arr);
    state_add_symbolic(s, arr, exec_intern(ex, name));
    if (s->seed && s->model) seed_assign(s->seed, s->seed_next++, arr, s->model); /* a concolic state's input */
    free(name);
    exec_set_result(s, in, value_concrete(0));
    return true;
}

/* An assumption that cannot hold: symplex_assume and __VERIFIER_assume end the
 * path silently (it is not a path of the program, SV-COMP's meaning);
 * klee_assume is a user error as in KLEE, unless --silent-klee-assume. */
static void sp_assume_false(Executor *ex, State *s, const IrFunction *fn) {
    if (strcmp(fn->name, "klee_assume") == 0 && !ex->opt.silent_klee_assume)
        exec_error(ex, s, "user", "invalid klee_assume call (provably false)");
    else
        exec_terminate(ex, s, TERM_SILENT, "assume", "assumption is infeasible");
}

static bool sp_assume(Executor *ex, State *s, const IrFunction *fn, const Inst *in, const IrCall *call, Value *args) {
    Value c = args[0];
    unsigned w = call->arg_types[0].bits;
    if (!c.e) {
        if (!c.c) { sp_assume_false(ex, s, fn); return false; }
        exec_set_result(s, in, value_concrete(0));
        return true;
    }
    Expr *z = expr_const(0, w), *nz = expr_ne(c.e, z);
    expr_unref(z);
    Assignment *m = NULL;
    SolverResult r = s->model && expr_eval(nz, s->model) ? SOLVER_SAT : exec_check_extend(ex, s, nz, &m);
    if (r != SOLVER_SAT) {
        expr_unref(nz);
        if (r == SOLVER_UNKNOWN) exec_solver_gave_up(ex, s);
        else sp_assume_false(ex, s, fn);
        return false;
    }
    if (m) state_set_model(s, m); /* a model of the path with the assumption */
    state_add_constraint(s, nz);
    expr_unref(nz);
    exec_set_result(s, in, value_concrete(0));
    return true;
}

/* Argument i as a 64-bit value (size_t): a new reference when symbolic. */
static Value sp_arg64(const IrCall *call, Value *args, uint32_t i) {
    if (i >= call->nargs) return value_concrete(0);
    unsigned bits = call->arg_types[i].bits ? call->arg_types[i].bits : 64;
    if (args[i].e) return value_from_expr(expr_trunc_or_zext(args[i].e, 64));
    return value_concrete(bits >= 64 ? (uint64_t)args[i].c : (uint64_t)args[i].c & ((1ull << bits) - 1));
}

/* The heap functions (exec_heap.c), their arguments made 64-bit. */
static bool sp_heap(Executor *ex, State *s, enum SpecialFn kind, const Inst *in, const IrCall *call, Value *args) {
    Value a = sp_arg64(call, args, 0), b = sp_arg64(call, args, 1), c = sp_arg64(call, args, 2);
    bool ok = false;
    switch (kind) {
    case SP_MALLOC: ok = exec_heap_malloc(ex, s, in, a); break;
    case SP_CALLOC: ok = exec_heap_calloc(ex, s, in, a, b); break;
    case SP_REALLOC: ok = exec_heap_realloc(ex, s, in, a, b); break;
    case SP_FREE: ok = exec_heap_free(ex, s, in, a); break;
    case SP_ALIGNED_ALLOC: ok = exec_heap_memalign(ex, s, in, "aligned_alloc", a, b, true); break;
    case SP_MEMALIGN: ok = exec_heap_memalign(ex, s, in, "memalign", a, b, false); break;
    case SP_POSIX_MEMALIGN: ok = exec_heap_posix_memalign(ex, s, in, a, b, c); break;
    case SP_VALLOC: ok = exec_heap_valloc(ex, s, in, a); break;
    case SP_PVALLOC: ok = exec_heap_pvalloc(ex, s, in, a); break;
    default: break;
    }
    value_release(&a), value_release(&b), value_release(&c);
    return ok;
}

/* The source location a report names by its arguments (__assert_fail's file
 * and line), used instead of the current instruction's. */
static void sp_pending_location(Executor *ex, const char *file, uint32_t line) {
    free(ex->pending_file);
    ex->pending_file = util_strdup(file);
    ex->pending_line = line;
}

static bool sp_assert_fail(Executor *ex, State *s, const IrCall *call, Value *args) {
    char *expr = exec_read_string(ex, s, arg_u64(ex, s, call, args, 0, "assert"));
    if (!expr) return false;
    char *file = exec_read_string(ex, s, arg_u64(ex, s, call, args, 1, "assert"));
    if (!file) { free(expr); return false; }
    uint32_t line = (uint32_t)arg_u64(ex, s, call, args, 2, "assert");
    sp_pending_location(ex, file, line);
    exec_error(ex, s, "assert", "assertion failed: %s", expr);
    free(expr);
    free(file);
    return false;
}

static bool sp_output(Executor *ex, State *s, const Inst *in, int fd, const char *buf, size_t n) {
    FILE *out = fd == 2 ? stderr : stdout;
    fwrite(buf, 1, n, out);
    fflush(out);
    exec_set_result(s, in, value_concrete(n));
    return true;
}

static bool sp_write_bytes(Executor *ex, State *s, uint64_t addr, const char *buf, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (!exec_store(ex, s, value_concrete(addr + i), 1, value_concrete((unsigned char)buf[i]))) return false;
    }
    return true;
}

static bool sp_vformat(Executor *ex, State *s, const Inst *in, const IrCall *call, Value *args) {
    int fd = (int)(int64_t)arg_u64(ex, s, call, args, 0, "fd");
    uint64_t buf = arg_u64(ex, s, call, args, 1, "buffer");
    uint64_t cap = arg_u64(ex, s, call, args, 2, "capacity");
    char *text;
    size_t len;
    if (!exec_vformat(ex, s, arg_u64(ex, s, call, args, 3, "format"), arg_u64(ex, s, call, args, 4, "va_list"), fd < 0,
                      &text, &len))
        return false;
    bool ok = true;
    if (fd >= 0) {
        fwrite(text, 1, len, fd == 2 ? stderr : stdout);
        fflush(fd == 2 ? stderr : stdout);
    } else if (cap > 0) {
        size_t k = len < cap - 1 ? len : cap - 1;
        text[k] = 0;
        ok = sp_write_bytes(ex, s, buf, text, k + 1);
    }
    free(text);
    if (ok) exec_set_result(s, in, value_concrete(len));
    return ok;
}

static bool sp_read_and_output(Executor *ex, State *s, const Inst *in, const IrCall *call, Value *args) {
    int fd = (int)arg_u64(ex, s, call, args, 0, "fd");
    uint64_t addr = arg_u64(ex, s, call, args, 1, "buffer"), n = arg_u64(ex, s, call, args, 2, "length");
    char *buf = util_malloc(n + 1);
    for (uint64_t i = 0; i < n; i++) {
        Value b;
        if (!exec_load(ex, s, value_concrete(addr + i), 1, &b)) { free(buf); return false; }
        buf[i] = (char)exec_example(ex, s, b); /* output only: sampled, not constrained */
        value_release(&b);
    }
    bool ok = sp_output(ex, s, in, fd, buf, n);
    free(buf);
    return ok;
}

/* The location a warning about the environment names: the innermost frame
 * of the program's own code (the model and libc lie below it). */
static uint32_t sp_user_loc(Executor *ex, State *s) {
    for (uint32_t i = s->nframes; i-- > 0;) {
        const Frame *f = &s->frames[i];
        if (!f->fn->is_runtime) return f->fn->insts[f->pc].loc;
    }
    return state_top(s)->fn->insts[state_top(s)->pc].loc;
}

/* __symplex_unsupported_syscall(call, why): the model cannot do what the
 * kernel would, so the path ends (reason `unsupported system call`), with a
 * warning once per call and reason, rather than go on with an outcome no
 * native run has. */
static bool sp_unsupported_syscall(Executor *ex, State *s, const IrFunction *fn, const IrCall *call, Value *args) {
    char *name = sp_api_string(ex, s, fn, arg_u64(ex, s, call, args, 0, "system call name"));
    char *why = name ? sp_api_string(ex, s, fn, arg_u64(ex, s, call, args, 1, "reason")) : NULL;
    if (why) {
        char where[512], key[600];
        uint32_t loc = sp_user_loc(ex, s);
        ir_loc_str(ex->m, loc, where, sizeof where);
        snprintf(key, sizeof key, "syscall %s %s", name, why);
        util_warn_once(key, "system call '%s' (from %s) %s: state terminated", name, where, why);
        if (loc) sp_pending_location(ex, ex->m->files[ex->m->locs[loc].file], ex->m->locs[loc].line);
        exec_terminate(ex, s, TERM_EARLY, "unsupported system call", "system call '%s' %s", name, why);
    }
    free(name);
    free(why);
    return false;
}

/* __symplex_host_locale(cat, name): what the host's C library, on which
 * tests replay, does with locale NAME in musl's category CAT (musl's order,
 * LC_CTYPE to LC_MESSAGES): 0 it has no such locale, 1 it has, single-byte,
 * 2 it has, UTF-8. */
static bool sp_host_locale(Executor *ex, State *s, const IrFunction *fn, const Inst *in, const IrCall *call,
                           Value *args) {
    static const int masks[] = {LC_CTYPE_MASK, LC_NUMERIC_MASK, LC_TIME_MASK, LC_COLLATE_MASK, LC_MONETARY_MASK,
                                LC_MESSAGES_MASK};
    uint64_t cat = arg_u64(ex, s, call, args, 0, "locale category");
    char *name = sp_api_string(ex, s, fn, arg_u64(ex, s, call, args, 1, "locale name"));
    if (!name) return false;
    int kind = 0;
    locale_t l = cat < sizeof masks / sizeof *masks ? newlocale(masks[cat], name, (locale_t)0) : (locale_t)0;
    if (l) {
        kind = strcmp(nl_langinfo_l(CODESET, l), "UTF-8") == 0 ? 2 : 1;
        freelocale(l);
    }
    free(name);
    exec_set_result(s, in, value_concrete((u128)kind));
    return true;
}

/* Specials an unchecked state may run: they neither ask the solver (beyond
 * concretizing, which checks by itself) nor show anything outside the state.
 * The rest (assumptions, output, the KLEE queries) need a feasible path. */
static bool sp_speculation_safe(enum SpecialFn k) {
    switch (k) {
    case SP_MAKE_SYMBOLIC: case SP_IS_SYMBOLIC: case SP_SILENT_EXIT: case SP_NOP:
    case SP_MALLOC: case SP_ALIGNED_ALLOC: case SP_MEMALIGN: case SP_POSIX_MEMALIGN: case SP_VALLOC: case SP_PVALLOC:
    case SP_CALLOC: case SP_REALLOC: case SP_FREE:
    case SP_ABORT: case SP_KLEE_ABORT: case SP_EXIT: case SP_ASSERT_FAIL: case SP_REACH_ERROR: /* ends check */
    case SP_GET_OBJ_SIZE: case SP_FESETROUND: case SP_FEGETROUND:
        return true;
    default:
        return false;
    }
}

bool exec_call_special(Executor *ex, State *s, IrFunction *fn, const Inst *in, const IrCall *call, Value *args) {
    enum SpecialFn kind = (enum SpecialFn)ex->special[fn->index];
    if (!sp_speculation_safe(kind) && !exec_settled(ex, s)) return false;
    switch (kind) {
    case SP_MAKE_SYMBOLIC: return sp_make_symbolic(ex, s, fn, in, call, args);
    case SP_ASSUME: return sp_assume(ex, s, fn, in, call, args);
    case SP_IS_SYMBOLIC: exec_set_result(s, in, value_concrete(args[0].e != NULL)); return true;
    case SP_SILENT_EXIT: exec_terminate(ex, s, TERM_SILENT, "silent exit", "silent exit"); return false;
    case SP_REPORT_ERROR: {
        char *file = sp_api_string(ex, s, fn, arg_u64(ex, s, call, args, 0, "file"));
        char *msg = file ? sp_api_string(ex, s, fn, arg_u64(ex, s, call, args, 2, "message")) : NULL;
        if (msg) {
            sp_pending_location(ex, file, (uint32_t)arg_u64(ex, s, call, args, 1, "line"));
            exec_error(ex, s, "user", "%s", msg);
        }
        free(file);
        free(msg);
        return false;
    }
    case SP_GET_VALUE: {
        /* as in KLEE: one feasible value, without constraining the argument to it */
        u128 v = args[0].c;
        if (args[0].e) {
            size_t n;
            Expr *const *cs = exec_constraints(ex, s, &n);
            if (solver_get_value(ex->solver, cs, n, args[0].e, &v) != SOLVER_SAT) {
                exec_solver_gave_up(ex, s);
                return false;
            }
        }
        exec_set_result(s, in, value_concrete(v));
        return true;
    }
    case SP_NOP: exec_set_result(s, in, value_concrete(0)); return true;
    case SP_WARNING: {
        char *msg = sp_api_string(ex, s, fn, arg_u64(ex, s, call, args, 0, "message"));
        if (!msg) return false;
        util_warn("%s: %s", fn->name, msg);
        free(msg);
        exec_set_result(s, in, value_concrete(0));
        return true;
    }
    case SP_PRINT_EXPR: {
        char *msg = sp_api_string(ex, s, fn, arg_u64(ex, s, call, args, 0, "message"));
        if (!msg) return false;
        fprintf(stderr, "%s: ", msg);
        if (call->nargs > 1 && args[1].e) expr_print(stderr, args[1].e);
        else if (call->nargs > 1) fprintf(stderr, "%llu", (unsigned long long)args[1].c);
        fputc('\n', stderr);
        free(msg);
        exec_set_result(s, in, value_concrete(0));
        return true;
    }
    case SP_KLEE_ABORT:
    case SP_ABORT: exec_error(ex, s, "abort", "abort() called"); return false;
    case SP_MALLOC: case SP_CALLOC: case SP_REALLOC: case SP_FREE: case SP_ALIGNED_ALLOC: case SP_MEMALIGN:
    case SP_POSIX_MEMALIGN: case SP_VALLOC: case SP_PVALLOC:
        return sp_heap(ex, s, kind, in, call, args);
    case SP_EXIT: {
        int status = (int)arg_u64(ex, s, call, args, 0, "exit status");
        exec_terminate(ex, s, TERM_EXIT, NULL, "exit %d", status & 0xff);
        return false;
    }
    case SP_ASSERT_FAIL: return sp_assert_fail(ex, s, call, args);
    case SP_REACH_ERROR: ex->pending_error_call = true; exec_error(ex, s, "assert", "%s() called", fn->name); return false;
    case SP_OUTPUT: return sp_read_and_output(ex, s, in, call, args);
    case SP_VFORMAT: return sp_vformat(ex, s, in, call, args);
    case SP_DEFINE_FIXED: return exec_klee_define_fixed(ex, s, in, call, args);
    case SP_GET_OBJ_SIZE: return exec_klee_get_obj_size(ex, s, in, call, args);
    case SP_CHECK_ACCESS: return exec_klee_check_access(ex, s, in, call, args);
    case SP_SET_FORKING: return exec_klee_set_forking(ex, s, in, call, args);
    case SP_STACK_TRACE: return exec_klee_stack_trace(ex, s, in);
    case SP_MERGE: return exec_klee_merge(ex, s, fn, in);
    case SP_PRINT_RANGE: return exec_klee_print_range(ex, s, in, call, args);
    case SP_FESETROUND: {
        int mode = (int)arg_u64(ex, s, call, args, 0, "rounding mode");
        exec_set_result(s, in, value_concrete(exec_float_set_round(s, mode) ? 0 : 1));
        return true;
    }
    case SP_FEGETROUND: exec_set_result(s, in, value_concrete((u128)(uint32_t)exec_float_get_round(s))); return true;
    case SP_UNSUPPORTED_SYSCALL: return sp_unsupported_syscall(ex, s, fn, call, args);
    case SP_HOST_LOCALE: return sp_host_locale(ex, s, fn, in, call, args);
    case SP_NONE: break;
    }
    return exec_call_external(ex, s, fn, in, call, args);
}
