/* The interpreter's dispatch loop and the control-flow instructions.
 * Instruction families live in their own files (arith, memory, calls, float,
 * intrinsics), forking in exec_fork.c; this file dispatches and moves the
 * program counter. */
#include "executor.h"
#include "arith.h"
#include "float_fast.h"
#include "../util/util.h"
#include <string.h>

Value exec_operand(const Frame *f, Opnd o) {
    if (o >= 0) return f->regs[o];
    return value_concrete(f->fn->consts[ir_const_index(o)]);
}

static inline void exec_set_reg(Frame *f, uint32_t r, Value v) {
    expr_unref(f->regs[r].e);
    f->regs[r] = v;
}

/* ---- the concrete fast path ----
 * The dispatch loop computes the common instructions on concrete operands
 * itself: no call, no Value returned through memory. An operand is read as
 * its low 64 bits only where the width allows it. */

/* The running frame's arrays, which the dispatch loop keeps in locals: a
 * store into a register does not make the compiler reload them. */
typedef struct Hot {
    Value *regs;
    const ir_u128 *consts;
    const IrFunction *fn;
} Hot;

static inline Hot exec_hot(const Frame *f) {
    Hot h = {f->regs, f->fn->consts, f->fn};
    return h;
}

/* The operand's low 64 bits; its expression (NULL: concrete). */
static inline const Expr *exec_opnd64_e(Hot h, Opnd o, uint64_t *out) {
    if (o < 0) { *out = (uint64_t)h.consts[ir_const_index(o)]; return NULL; }
    const Value *v = &h.regs[o];
    *out = (uint64_t)v->c;
    return v->e;
}

static inline bool exec_opnd64(Hot h, Opnd o, uint64_t *out) { return !exec_opnd64_e(h, o, out); }

/* Both operands; true when both are concrete (one test for the two). */
static inline bool exec_opnds64(Hot h, const Inst *in, uint64_t *a, uint64_t *b) {
    return !((uintptr_t)exec_opnd64_e(h, in->a, a) | (uintptr_t)exec_opnd64_e(h, in->b, b));
}

static inline void exec_set_concrete(Hot h, uint32_t r, u128 c) {
    Value *d = &h.regs[r];
    expr_unref(d->e);
    d->c = c;
    d->e = NULL;
    d->obj = 0;
}

/* ashr of a w-bit value (w <= 64), before masking to w bits: a shift by w
 * or more leaves only copies of the sign bit */
static inline uint64_t exec_ashr64(uint64_t a, uint64_t b, unsigned w) {
    int sh = 64 - (int)w;
    int64_t sa = (int64_t)(a << sh) >> sh;
    return (uint64_t)(b >= w ? sa >> 63 : sa >> b);
}

/* The low w bits, 1 <= w <= 64. */
static inline uint64_t exec_mask64(unsigned w) { return ~0ull >> (64 - w); }

/* sext of a concrete value from `from` to `to` bits (at most 64) */
static inline uint64_t exec_sext64(uint64_t a, unsigned from, unsigned to) {
    int sh = 64 - (int)from;
    return (uint64_t)((int64_t)(a << sh) >> sh) & exec_mask64(to);
}

/* Coverage met in an unchecked segment waits until the segment is shown
 * feasible (exec_feasibility.c): it must not steer a searcher before. */
static void exec_pend_cover(State *s, uint32_t entry) {
    for (uint32_t i = s->npending, k = 0; i-- > 0 && k < 16; k++)
        if (s->pending_cov[i] == entry) return;
    if (s->npending == s->cappending) {
        s->cappending = s->cappending ? 2 * s->cappending : 16;
        s->pending_cov = util_realloc(s->pending_cov, s->cappending * sizeof(uint32_t));
    }
    s->pending_cov[s->npending++] = entry;
}

void exec_cover_loc(Executor *ex, State *s, uint32_t loc) {
    if (state_unchecked(s)) { exec_pend_cover(s, loc); return; }
    ex->line_covered[loc] = 1;
    if (ex->m->loc_is_user[loc]) {
        ex->lines_covered++;
        s->covered_new = true;
        s->steps_since_cov = 0;
    }
}

/* --record-path: a decision of a branch or switch of the program's own code,
 * unless a runtime function called that code (natively another libc makes
 * such calls, maybe not as many: qsort's comparisons). */
static inline void exec_record(const Executor *ex, State *s, uint32_t site, uint32_t succ) {
    if (ex->opt.record_path && site != IR_NO_BRANCH && !state_top(s)->in_runtime) path_log_add(&s->path, site, succ);
}

void exec_cover_branch(Executor *ex, State *s, uint32_t id) {
    if (id == IR_NO_BRANCH) return;
    if (ex->opt.path_branches) path_branches_add(&s->branches, id);
    if (ex->branch_covered[id]) return;
    if (state_unchecked(s)) { exec_pend_cover(s, id | EXEC_PENDING_BRANCH); return; }
    ex->branch_covered[id] = 1;
    ex->branches_covered++;
    s->covered_new = true;
    s->steps_since_cov = 0;
}

/* Concrete float and double arithmetic in the state's mode when it is the
 * host's (round to nearest); false leaves the instruction to exec_float. */
static inline bool exec_float_fast(const State *s, Hot h, const Inst *in) {
    uint64_t a, b = 0, c = 0, out;
    if (s->fp_round != EXPR_RNE || !exec_opnd64(h, in->a, &a)) return false;
    bool muladd = in->op == IR_FMATH && in->sub == IR_FM_FMULADD;
    bool binary = (in->op >= IR_FADD && in->op <= IR_FDIV) || in->op == IR_FCMP || muladd;
    if (binary && !exec_opnd64(h, in->b, &b)) return false;
    if (muladd && !exec_opnd64(h, in->c, &c)) return false;
    if (!float_fast(in, a, b, c, &out)) return false;
    exec_set_concrete(h, in->dst, out);
    return true;
}

/* getelementptr with a concrete base and concrete indices; false leaves it
 * to exec_inst_gep. */
static inline bool exec_gep_fast(Hot h, const Inst *in) {
    const IrGep *g = &h.fn->geps[in->aux];
    uint64_t c;
    if (!exec_opnd64(h, in->a, &c)) return false;
    c += (uint64_t)g->offset;
    for (uint32_t i = 0; i < g->nidx; i++) {
        uint64_t x;
        unsigned w = g->idx_width[i];
        if (!exec_opnd64(h, g->idx[i], &x) || w > 64) return false;
        int sh = 64 - (int)w;
        /* a concrete operand has no bits above its width: as it is, zero-extended */
        if (!g->idx_zext[i]) x = (uint64_t)((int64_t)(x << sh) >> sh);
        c += x * (uint64_t)g->scale[i];
    }
    exec_set_concrete(h, in->dst, c);
    return true;
}

/* The object of the last concrete access (ex->last_mo) holds all n bytes at
 * a: the plain case of exec_resolve_concrete, with nothing to check or
 * report. A miss goes the slow way, which also refreshes last_mo. */
static inline MemObject *exec_cached_object(const Executor *ex, uint64_t a, unsigned n) {
    MemObject *mo = ex->last_mo;
    if (!mo || a < EXEC_NULL_PAGE || mo->size_expr) return NULL;
    uint64_t off = a - mo->addr;
    return off < mo->size && mo->size - off >= n ? mo : NULL;
}

/* A load of concrete bytes through a concrete pointer into that object;
 * false leaves it to exec_inst_load. */
static inline bool exec_load_fast(const Executor *ex, State *s, Hot h, const Inst *in) {
    uint64_t a, v;
    unsigned n = in->aux;
    if (n > 8 || in->width > 64 || !exec_opnd64(h, in->a, &a)) return false;
    MemObject *mo = exec_cached_object(ex, a, n);
    const ObjectState *os = mo ? as_lookup_hot(&s->as, mo) : NULL;
    if (!os || !os_read_concrete64(os, a - mo->addr, n, &v)) return false;
    /* i1 and other non-byte widths are stored zero-extended */
    exec_set_concrete(h, in->dst, in->width >= 64 ? v : v & ((1ull << in->width) - 1));
    return true;
}

/* A store of a concrete value through a concrete pointer into that object
 * (writable here); false leaves it to exec_inst_store. */
static inline bool exec_store_fast(const Executor *ex, State *s, Hot h, const Inst *in) {
    uint64_t v, a;
    unsigned n = in->aux;
    if (n > 8 || !exec_opnd64(h, in->a, &v) || !exec_opnd64(h, in->b, &a)) return false;
    MemObject *mo = exec_cached_object(ex, a, n);
    if (!mo || mo->read_only) return false;
    ObjectState *os = as_writable_hot(&s->as, mo);
    if (!os) return false;
    if (!os_write_concrete64(os, a - mo->addr, n, v)) os_write_concrete(os, a - mo->addr, n, v);
    return true;
}

/* Phi copies of an edge, with parallel-assignment semantics: staged, for the
 * edges where a copy reads what an earlier one writes (a rotation). */
static void exec_take_edge_copies(Frame *f, const IrEdge *e) {
    const IrCopy *cp = &f->fn->copies[e->copy_start];
    Value small[16];
    Value *tmp = e->ncopies <= 16 ? small : util_malloc(e->ncopies * sizeof(Value));
    for (uint32_t i = 0; i < e->ncopies; i++) tmp[i] = value_copy(exec_operand(f, cp[i].src));
    for (uint32_t i = 0; i < e->ncopies; i++) exec_set_reg(f, cp[i].dst, tmp[i]);
    if (tmp != small) free(tmp);
}

/* Returns the target (the dispatch loop keeps the pc in a local). */
__attribute__((always_inline)) static inline uint32_t exec_take_edge_hot(Frame *f, Hot h, uint32_t edge) {
    const IrEdge *e = &h.fn->edges[edge];
    if (e->in_order) { /* one by one, nothing staged */
        const IrCopy *cp = &h.fn->copies[e->copy_start];
        for (uint32_t i = 0; i < e->ncopies; i++) {
            Opnd o = cp[i].src;
            if (o < 0) exec_set_concrete(h, cp[i].dst, h.consts[ir_const_index(o)]);
            else if (!h.regs[o].e && !h.regs[o].obj) exec_set_concrete(h, cp[i].dst, h.regs[o].c);
            else exec_set_reg(f, cp[i].dst, value_copy(h.regs[o]));
        }
    } else {
        exec_take_edge_copies(f, e);
    }
    return e->target;
}

/* Returns the target, which is also f's pc now. */
static uint32_t exec_take_edge(Frame *f, uint32_t edge) { return f->pc = exec_take_edge_hot(f, exec_hot(f), edge); }

static bool exec_depth_ok(Executor *ex, State *s) {
    if (ex->opt.max_depth && s->depth > ex->opt.max_depth) {
        exec_terminate_early(ex, s, "max-depth");
        return false;
    }
    return true;
}

/* A two-way branch. The forked child takes the side explored first
 * (--branch-order; a depth-first search runs the child next); the feasibility
 * policy says whether the sides are checked here or deferred. */
static bool exec_br(Executor *ex, State *s, const Inst *in) {
    Frame *f = state_top(s);
    Value c = exec_operand(f, in->a);
    uint32_t id = (uint32_t)in->c;
    if (!c.e) {
        if (id != IR_NO_BRANCH) exec_cover_branch(ex, s, c.c ? id : id + 1);
        exec_record(ex, s, id, c.c ? 0 : 1);
        exec_take_edge(f, c.c ? in->aux : in->aux2);
        return true;
    }
    bool swap = ex->opt.true_first;
    Expr *kept = swap ? expr_not(c.e) : expr_ref(c.e); /* the side s keeps when both are feasible */
    State *child;
    bool defer = !s->concolic && !exec_forks_stopped(ex) && ex->feas.defer(&ex->feas, s);
    ex->br_side[0] = id == IR_NO_BRANCH ? IR_NO_BRANCH : swap ? id : id + 1;
    ex->br_side[1] = id == IR_NO_BRANCH ? IR_NO_BRANCH : swap ? id + 1 : id;
    int r = defer ? exec_fork_unchecked(ex, s, kept, &child) : exec_fork(ex, s, kept, &child);
    ex->br_side[0] = ex->br_side[1] = IR_NO_BRANCH;
    expr_unref(kept);
    if (r < 0) return false;
    bool s_true = swap ? r == 0 : r == 1;
    if (child) {
        Frame *cf = state_top(child);
        if (id != IR_NO_BRANCH) exec_cover_branch(ex, child, s_true ? id + 1 : id);
        exec_record(ex, child, id, s_true ? 1 : 0);
        exec_take_edge(cf, s_true ? in->aux2 : in->aux);
        if (!exec_depth_ok(ex, child)) { /* child terminated and released by the engine */ }
    }
    if (id != IR_NO_BRANCH) exec_cover_branch(ex, s, s_true ? id : id + 1);
    exec_record(ex, s, id, s_true ? 0 : 1);
    exec_take_edge(f, s_true ? in->aux : in->aux2);
    return exec_depth_ok(ex, s);
}

/* An indirectbr to an address that is none of its destinations. */
static bool exec_bad_jump(Executor *ex, State *s) {
    exec_error(ex, s, "invalid-call", "computed goto to an address that is not one of its destinations");
    return false;
}

/* A switch's decision for case k (ncases: the default): the first case with
 * the same destination, as the symbolic switch below takes them together. */
static uint32_t exec_switch_succ(const IrFunction *fn, const IrSwitch *sw, uint32_t k) {
    if (k == sw->ncases) return k;
    uint32_t target = fn->edges[sw->edges[k]].target;
    for (uint32_t j = 0; j < k; j++)
        if (fn->edges[sw->edges[j]].target == target) return j;
    return k;
}

/* Cases that share a target form one condition, so each target is one path. */
static bool exec_switch(Executor *ex, State *s, const Inst *in) {
    Frame *f = state_top(s);
    const IrSwitch *sw = &f->fn->switches[in->aux];
    Value v = exec_operand(f, in->a);
    unsigned w = in->aux2;
    if (!v.e) {
        uint32_t k = sw->ncases;
        for (uint32_t i = 0; i < sw->ncases; i++)
            if (sw->values[i] == v.c) { k = i; break; }
        if (k == sw->ncases && sw->default_edge == IR_NO_EDGE) return exec_bad_jump(ex, s);
        if (sw->branch_id != IR_NO_BRANCH) exec_cover_branch(ex, s, sw->branch_id + k);
        if (ex->opt.record_path) exec_record(ex, s, sw->branch_id, exec_switch_succ(f->fn, sw, k));
        exec_take_edge(f, k < sw->ncases ? sw->edges[k] : sw->default_edge);
        return true;
    }
    State *rest = s;
    bool *seen = util_calloc(sw->ncases + 1, 1);
    for (uint32_t i = 0; i < sw->ncases && rest; i++) {
        if (seen[i]) continue;
        uint32_t target = f->fn->edges[sw->edges[i]].target;
        Expr *cond = expr_bool(false);
        for (uint32_t j = i; j < sw->ncases; j++) {
            if (f->fn->edges[sw->edges[j]].target != target) continue;
            seen[j] = true;
            Expr *cv = expr_const(sw->values[j], w), *eq = expr_eq(v.e, cv), *o = expr_bool_or(cond, eq);
            expr_unref(cv); expr_unref(eq); expr_unref(cond);
            cond = o;
        }
        State *child;
        int r = exec_fork(ex, rest, cond, &child);
        expr_unref(cond);
        if (r < 0) {
            if (rest == s) { free(seen); return false; }
            rest = NULL;
            break;
        }
        if (r == 1) {
            if (sw->branch_id != IR_NO_BRANCH) exec_cover_branch(ex, rest, sw->branch_id + i);
            exec_record(ex, rest, sw->branch_id, i);
            exec_take_edge(state_top(rest), sw->edges[i]);
            rest = child;
        }
    }
    bool alive = true;
    if (rest && sw->default_edge == IR_NO_EDGE) {
        alive = rest != s;
        exec_bad_jump(ex, rest);
    } else if (rest) {
        if (sw->branch_id != IR_NO_BRANCH) exec_cover_branch(ex, rest, sw->branch_id + sw->ncases);
        exec_record(ex, rest, sw->branch_id, sw->ncases);
        exec_take_edge(state_top(rest), sw->default_edge);
    }
    free(seen);
    return alive && exec_depth_ok(ex, s);
}

/* Division and remainder: a zero divisor is a bug on the paths where it can be zero. */
static bool exec_divide(Executor *ex, State *s, const Inst *in) {
    Frame *f = state_top(s);
    Value b = exec_operand(f, in->b);
    if (!b.e && b.c == 0) {
        exec_error(ex, s, "div-by-zero", "%s by zero", in->op == IR_UREM || in->op == IR_SREM ? "remainder" : "division");
        return false;
    }
    if (b.e) {
        Expr *zero = expr_const(0, in->width), *isz = expr_eq(b.e, zero);
        expr_unref(zero);
        State *child;
        int r = exec_fork(ex, s, isz, &child);
        expr_unref(isz);
        if (r < 0) return false;
        if (r == 1) {
            /* s is the zero side; a forked child re-executes this division knowing b != 0 */
            exec_error(ex, s, "div-by-zero", "%s by zero", in->op == IR_UREM || in->op == IR_SREM ? "remainder" : "division");
            return false;
        }
    }
    Value a = exec_operand(f, in->a);
    exec_set_reg(f, in->dst, arith_binary((IrOp)in->op, a, exec_operand(f, in->b), in->width));
    f->pc++;
    return true;
}

static bool exec_overflow_check(Executor *ex, State *s, const Inst *in);
static bool exec_shift_check(Executor *ex, State *s, const Inst *in);

static bool exec_ret_or_unreachable(Executor *ex, State *s, const Inst *in) {
    if (in->op == IR_RET) return exec_return(ex, s, in);
    exec_error(ex, s, "unreachable", "reached 'unreachable' instruction");
    return false;
}

/* The frame, its code and the instruction being run stay in locals while
 * only fast-path instructions run; anything that calls out (a call, a fork, a
 * memory access the fast path leaves) may push, pop or move frames, so the
 * loop stores the pc before it (SLOW) and reloads them after it (`goto
 * reload`; the fast handlers and those that only compute go straight to the
 * next instruction). Dispatch is threaded: each handler ends in its own
 * indirect jump through `handler`, so no range check and no jump back to a
 * shared switch. The budget left is a local too, and exec_run adds what was
 * spent to the instruction count once: memory increments per instruction are
 * a measurable share of a concrete loop's time. For the same reason
 * s->steps_since_cov is only brought up to date (the instructions since
 * `mark`) before anything that may reset it (covering a line or a branch) and
 * on the way out. A state is found infeasible (doomed) only inside a handler
 * that calls out, so that is where the loop looks, and on entry. */
#define FLUSH_STEPS() do { s->steps_since_cov += mark - n; mark = n; } while (0)
/* false: s terminated (the engine may have freed it), so it is not touched */
#define EXIT(v) do { *leftp = n; if (v) FLUSH_STEPS(); return (v); } while (0)
#define SLOW() (f->pc = (uint32_t)(in - insts))
/* Runs the instruction at `in`: budget, coverage, then its handler. */
#define DISPATCH() do {                                                    \
        if (__builtin_expect(!n, 0)) goto out_of_budget;                   \
        --n;                                                               \
        if (__builtin_expect(!covered[in->loc], 0)) goto cover;            \
        goto *handler[in->op];                                             \
    } while (0)
#define NEXT() do { in++; DISPATCH(); } while (0)
#define JUMP(target) do { in = insts + (target); DISPATCH(); } while (0)
#if defined(__GNUC__) && !defined(__clang__)
/* GCC would merge the handlers' identical tails into one indirect jump (and
 * hoist their loads): each keeps its own, which the branch predictor tells
 * apart (a few per cent on a concrete loop) */
#define EXEC_THREADED __attribute__((optimize("no-crossjumping", "no-gcse")))
#else
#define EXEC_THREADED
#endif
EXEC_THREADED static bool exec_run_loop(Executor *ex, State *s, uint64_t *leftp) {
    _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Woverride-init\"")
    static const void *const handler[IR_OP_COUNT] = {
        [0 ... IR_OP_COUNT - 1] = &&op_other, /* intrinsics and the rare rest */
        [IR_NOP] = &&op_nop, [IR_FENCE] = &&op_nop, [IR_VAEND] = &&op_nop, [IR_STACKRESTORE] = &&op_nop,
        [IR_MOVE] = &&op_move,
        [IR_ADD] = &&op_add, [IR_SUB] = &&op_sub, [IR_MUL] = &&op_mul, [IR_AND] = &&op_and, [IR_OR] = &&op_or,
        [IR_XOR] = &&op_xor, [IR_SHL] = &&op_shl, [IR_LSHR] = &&op_lshr, [IR_ASHR] = &&op_ashr,
        [IR_UDIV] = &&op_udiv, [IR_UREM] = &&op_urem, [IR_SDIV] = &&op_sdiv, [IR_SREM] = &&op_srem,
        [IR_ICMP] = &&op_icmp, [IR_TRUNC] = &&op_trunc, [IR_ZEXT] = &&op_zext, [IR_SEXT] = &&op_sext,
        [IR_SELECT] = &&op_select, [IR_FADD ... IR_FMATH] = &&op_float,
        [IR_JMP] = &&op_jmp, [IR_BR] = &&op_br, [IR_SWITCH] = &&op_switch,
        [IR_RET] = &&op_ret, [IR_UNREACHABLE] = &&op_ret, [IR_CALL] = &&op_call,
        [IR_LOAD] = &&op_load, [IR_STORE] = &&op_store, [IR_GEP] = &&op_gep, [IR_UNSUPPORTED] = &&op_unsupported,
    };
    _Pragma("GCC diagnostic pop")
    uint64_t n = *leftp, mark = n;
    /* fixed for the run; as locals, the compiler need not reload them after
     * every register write (it cannot tell they do not alias) */
    const uint8_t *covered = ex->line_covered;
    const bool check_overflow = ex->opt.check_overflow, check_shift = ex->opt.check_shift;
    /* every side taken must be seen, not only the first on each branch */
    const bool each_side = ex->opt.path_branches || ex->opt.record_path;
    Frame *f;
    Hot h;
    const Inst *insts, *in;
    uint64_t brc; /* a concrete branch condition, from op_br or a compare just before it */
reload:
    f = state_top(s);
    h = exec_hot(f);
    insts = h.fn->insts;
    in = insts + f->pc;
    if (__builtin_expect(s->doomed, 0)) { /* found infeasible inside its last instruction */
        exec_settled(ex, s);
        EXIT(false);
    }
    DISPATCH();
out_of_budget:
    SLOW();
    EXIT(true);
cover:
    SLOW();
    FLUSH_STEPS();
    /* --target's line is never covered before a state reaches it (that
     * state ends there and the run halts), so it costs nothing here */
    if (ex->opt.target_locs && ex->opt.target_locs[in->loc]) {
        if (exec_settled(ex, s)) exec_terminate_early(ex, s, "target");
        EXIT(false);
    }
    exec_cover_loc(ex, s, in->loc);
    goto *handler[in->op];
op_nop:
    NEXT();
op_move:
    exec_set_reg(f, in->dst, value_copy(exec_operand(f, in->a)));
    NEXT();
/* One handler per operation: a shared one would switch on the operation a
 * second time. */
#define FAST_BINARY(LABEL, OP, RESULT, OK)                                                  \
LABEL: {                                                                                    \
        uint64_t a, b;                                                                      \
        if (exec_opnds64(h, in, &a, &b) && in->width <= 64 && (OK)) { \
            unsigned w __attribute__((unused)) = in->width;                                                     \
            exec_set_concrete(h, in->dst, (RESULT));                                        \
            NEXT();                                                                         \
        }                                                                                   \
        goto slow_binary;                                                                   \
    }
#define NO_OVERFLOW(OP) (!check_overflow || !(in->sub & IR_FLAG_NSW) || !arith_overflows64(OP, a, b, in->width))
/* Operands hold no bits above their width: what cannot carry out of it
 * (and, or, xor, lshr, udiv, urem) needs no mask. */
#define M(x) ((x) & exec_mask64(w))
    FAST_BINARY(op_add, IR_ADD, M(a + b), NO_OVERFLOW(IR_ADD))
    FAST_BINARY(op_sub, IR_SUB, M(a - b), NO_OVERFLOW(IR_SUB))
    FAST_BINARY(op_mul, IR_MUL, M(a * b), NO_OVERFLOW(IR_MUL))
    FAST_BINARY(op_and, IR_AND, a & b, true)
    FAST_BINARY(op_or, IR_OR, a | b, true)
    FAST_BINARY(op_xor, IR_XOR, a ^ b, true)
    FAST_BINARY(op_shl, IR_SHL, b >= w ? 0 : M(a << b), b < in->width || !check_shift)
    FAST_BINARY(op_lshr, IR_LSHR, b >= w ? 0 : a >> b, b < in->width || !check_shift)
    FAST_BINARY(op_ashr, IR_ASHR, M(exec_ashr64(a, b, w)), b < in->width || !check_shift)
    /* 32-bit division where the width allows: a 64-bit divide takes several
     * times its latency on common x86 cores */
    FAST_BINARY(op_udiv, IR_UDIV, w <= 32 ? (uint32_t)a / (uint32_t)b : a / b, b != 0)
    FAST_BINARY(op_urem, IR_UREM, w <= 32 ? (uint32_t)a % (uint32_t)b : a % b, b != 0)
    FAST_BINARY(op_sdiv, IR_SDIV, M(arith_concrete64(IR_SDIV, a, b, w)), b != 0)
    FAST_BINARY(op_srem, IR_SREM, M(arith_concrete64(IR_SREM, a, b, w)), b != 0)
#undef M
#undef NO_OVERFLOW
#undef FAST_BINARY
slow_binary:
    SLOW();
    if (in->op == IR_UDIV || in->op == IR_SDIV || in->op == IR_UREM || in->op == IR_SREM) {
        if (!exec_divide(ex, s, in)) EXIT(false);
        goto reload;
    }
    if ((in->op == IR_ADD || in->op == IR_SUB || in->op == IR_MUL) && check_overflow &&
        (in->sub & IR_FLAG_NSW) && !exec_overflow_check(ex, s, in))
        EXIT(false);
    if ((in->op == IR_SHL || in->op == IR_LSHR || in->op == IR_ASHR) && check_shift && !exec_shift_check(ex, s, in))
        EXIT(false);
    exec_set_reg(f, in->dst, arith_binary((IrOp)in->op, exec_operand(f, in->a), exec_operand(f, in->b), in->width));
    f->pc++;
    goto reload;
op_icmp: { /* symbolic or wide operands only compute: no call out */
        uint64_t a, b;
        if (exec_opnds64(h, in, &a, &b) && in->aux <= 64) {
            brc = arith_icmp_bits((IrIcmpPred)in->sub, a, b, in->aux);
            exec_set_concrete(h, in->dst, brc);
            /* A compare feeding the branch right after it (every loop test):
             * the branch runs here, its budget step and coverage check as
             * DISPATCH would make them, without a dispatch of its own. */
            if (in[1].op == IR_BR && in[1].a == (Opnd)in->dst && n && covered[in[1].loc]) {
                --n;
                in++;
                goto br_concrete;
            }
            NEXT();
        }
        Value va = exec_operand(f, in->a), vb = exec_operand(f, in->b);
        if (!va.e && !vb.e)
            exec_set_reg(f, in->dst, value_concrete(arith_icmp_bits((IrIcmpPred)in->sub, va.c, vb.c, in->aux)));
        else
            exec_set_reg(f, in->dst, arith_icmp((IrIcmpPred)in->sub, va, vb, in->aux));
        NEXT();
    }
/* A concrete operand has no bits above its width: zext keeps it as it is. */
#define FAST_CAST(LABEL, OP, RESULT)                                                        \
LABEL: {                                                                                    \
        uint64_t a;                                                                         \
        if (exec_opnd64(h, in->a, &a) && in->width <= 64)                                   \
            exec_set_concrete(h, in->dst, (RESULT));                                        \
        else                                                                                \
            exec_set_reg(f, in->dst, arith_cast(OP, exec_operand(f, in->a), in->aux, in->width)); \
        NEXT();                                                                             \
    }
    FAST_CAST(op_zext, IR_ZEXT, a)
    FAST_CAST(op_trunc, IR_TRUNC, a & exec_mask64(in->width))
    FAST_CAST(op_sext, IR_SEXT, exec_sext64(a, in->aux, in->width))
#undef FAST_CAST
op_select: {
        uint64_t c;
        if (exec_opnd64(h, in->a, &c))
            exec_set_reg(f, in->dst, value_copy(exec_operand(f, c ? in->b : in->c)));
        else
            exec_set_reg(f, in->dst, arith_select(exec_operand(f, in->a), exec_operand(f, in->b), exec_operand(f, in->c), in->width));
        NEXT();
    }
op_float:
    if (exec_float_fast(s, h, in)) NEXT();
    SLOW();
    if (!exec_float(ex, s, in)) EXIT(false);
    goto reload;
op_jmp:
    JUMP(exec_take_edge_hot(f, h, in->aux));
op_br:
    if (!exec_opnd64(h, in->a, &brc)) goto br_symbolic;
br_concrete: {
        const uint64_t c = brc;
        {
            uint32_t id = (uint32_t)in->c;
            uint32_t side = c ? id : id + 1;
            if (id != IR_NO_BRANCH && (each_side || !ex->branch_covered[side])) {
                if (ex->opt.record_path && !f->in_runtime) path_log_add(&s->path, id, c ? 0 : 1);
                if (ex->opt.path_branches || !ex->branch_covered[side]) {
                    SLOW();
                    FLUSH_STEPS();
                    exec_cover_branch(ex, s, side);
                }
            }
            JUMP(exec_take_edge_hot(f, h, c ? in->aux : in->aux2));
        }
    }
br_symbolic: {
        SLOW();
        FLUSH_STEPS();
        if (!exec_br(ex, s, in)) EXIT(false);
        EXIT(true); /* let the searcher choose after a fork point */
    }
op_switch: {
        bool symbolic = exec_operand(f, in->a).e != NULL;
        SLOW();
        FLUSH_STEPS();
        if (!exec_switch(ex, s, in)) EXIT(false);
        if (symbolic) EXIT(true);
        goto reload;
    }
op_ret:
    SLOW();
    if (!exec_ret_or_unreachable(ex, s, in)) EXIT(false);
    goto reload;
op_call:
    SLOW();
    if (!exec_call(ex, s, in)) EXIT(false);
    goto reload;
op_load:
    if (exec_load_fast(ex, s, h, in)) NEXT();
    SLOW();
    if (!exec_inst_load(ex, s, in)) EXIT(false);
    goto reload;
op_store:
    if (exec_store_fast(ex, s, h, in)) NEXT();
    SLOW();
    if (!exec_inst_store(ex, s, in)) EXIT(false);
    goto reload;
op_gep:
    if (exec_gep_fast(h, in)) NEXT();
    SLOW();
    if (!exec_inst_gep(ex, s, in)) EXIT(false);
    goto reload;
op_unsupported: {
        SLOW();
        char where[512];
        ir_loc_str(ex->m, in->loc, where, sizeof where);
        util_warn_once(where, "%s at %s: state terminated", ex->m->strings[in->aux], where);
        exec_terminate(ex, s, TERM_EARLY, "unsupported", "%s at %s", ex->m->strings[in->aux], where);
        EXIT(false);
    }
op_other:
    SLOW();
    if (!exec_intrinsic(ex, s, in)) EXIT(false);
    goto reload;
}

#undef JUMP
#undef NEXT
#undef DISPATCH
#undef SLOW
#undef EXIT
#undef FLUSH_STEPS

bool exec_run(Executor *ex, State *s, uint64_t budget) {
    uint64_t left = budget;
    bool alive = exec_run_loop(ex, s, &left);
    ex->stats.instructions += budget - left;
    return alive;
}

/* --check-overflow: nsw add/sub/mul whose mathematical result does not fit. */
static bool exec_overflow_check(Executor *ex, State *s, const Inst *in) {
    Frame *f = state_top(s);
    unsigned w = in->width;
    Value a = exec_operand(f, in->a), b = exec_operand(f, in->b);
    Expr *ea = value_to_expr(a, w), *eb = value_to_expr(b, w);
    Expr *xa = expr_sext(ea, 2 * w > 128 ? 128 : 2 * w), *xb = expr_sext(eb, 2 * w > 128 ? 128 : 2 * w);
    ExprKind k = in->op == IR_ADD ? EXPR_ADD : in->op == IR_SUB ? EXPR_SUB : EXPR_MUL;
    Expr *wide = expr_binary(k, xa, xb), *narrow = expr_binary(k, ea, eb);
    Expr *back = expr_sext(narrow, wide->width), *ovf = expr_ne(back, wide);
    expr_unref(ea); expr_unref(eb); expr_unref(xa); expr_unref(xb);
    expr_unref(wide); expr_unref(narrow); expr_unref(back);
    bool ok = true;
    if (w * 2 > 128 && in->op == IR_MUL) {
        /* a 128-bit product cannot be widened; only concrete operands are checked */
        expr_unref(ovf);
        return true;
    }
    if (expr_is_true(ovf)) {
        exec_error(ex, s, "overflow", "signed integer overflow in %s", ir_op_name((IrOp)in->op));
        ok = false;
    } else if (!expr_is_false(ovf)) {
        State *child;
        int r = exec_fork(ex, s, ovf, &child);
        if (r < 0) ok = false;
        else if (r == 1) {
            exec_error(ex, s, "overflow", "signed integer overflow in %s", ir_op_name((IrOp)in->op));
            ok = false;
        }
    }
    expr_unref(ovf);
    return ok;
}

/* --check-shift: a shift amount >= the width is undefined in C. */
static bool exec_shift_check(Executor *ex, State *s, const Inst *in) {
    Frame *f = state_top(s);
    Value b = exec_operand(f, in->b);
    if (!b.e) {
        if (b.c < in->width) return true;
        exec_error(ex, s, "shift", "shift by %llu bits on a %u-bit value", (unsigned long long)b.c, in->width);
        return false;
    }
    Expr *wc = expr_const(in->width, in->width), *bad = expr_uge(b.e, wc);
    expr_unref(wc);
    State *child;
    int r = exec_fork(ex, s, bad, &child);
    expr_unref(bad);
    if (r < 0) return false;
    if (r == 1) {
        exec_error(ex, s, "shift", "oversized shift on a %u-bit value", in->width);
        return false;
    }
    return true;
}
