/* Coverage-new search: a random choice weighted toward states close to code
 * no state has covered yet, and toward states that covered something new
 * recently (KLEE's nurs:covnew). Distance is measured within the state's
 * current function along CFG successors, capped; weights are recomputed when
 * coverage changes or every few selections, not on every pick.
 *
 * --search=target (the default with --target) is the same weighting with a
 * fixed goal: the target line's instructions, and the calls into functions
 * from which it can be reached, instead of uncovered code.
 *
 * A preference (searcher_covnew_prefer: --target's corridor) multiplies the
 * weight of the states it holds for by a factor. */
#include "searcher.h"
#include "../util/wtree.h"
#include <stdlib.h>

#define COVNEW_MAX_DIST 512u

typedef struct CovNew {
    Searcher base;
    Rng *rng;
    Executor *ex;
    VEC(State *) states;
    WeightTree weights;    /* states.data[i]'s weight is weights.w[i] */
    PtrMap index;          /* a state -> its position in states */
    uint32_t stamp_lines, stamp_branches, selections;
    uint32_t *dist;        /* scratch: BFS distances over one function's instructions */
    uint32_t *queue;
    uint32_t scratch_cap;
    /* distance per (function, pc), valid while coverage has not changed: many
     * states wait at the same few program points */
    uint32_t **memo;       /* per function index: ninsts entries, UINT32_MAX = not computed */
    uint32_t memo_stamp;
    uint8_t **goal;        /* --search=target: per function, its goal instructions (NULL: none) */
    uint32_t max_dist;
    CovPrefer prefer;      /* searcher_covnew_prefer, or NULL */
    const void *prefer_ctx;
    double factor;
    State *last;           /* with a preference: the state selected last (NULL: gone) */
} CovNew;

static void cov_successors(const IrFunction *fn, uint32_t i, uint32_t *out, uint32_t *n) {
    const Inst *in = &fn->insts[i];
    *n = 0;
    switch ((IrOp)in->op) {
    case IR_JMP: out[(*n)++] = fn->edges[in->aux].target; break;
    case IR_BR: out[(*n)++] = fn->edges[in->aux].target; out[(*n)++] = fn->edges[in->aux2].target; break;
    case IR_SWITCH: {
        const IrSwitch *sw = &fn->switches[in->aux];
        if (sw->default_edge != IR_NO_EDGE) out[(*n)++] = fn->edges[sw->default_edge].target;
        for (uint32_t k = 0; k < sw->ncases && *n < 64; k++) out[(*n)++] = fn->edges[sw->edges[k]].target;
        break;
    }
    case IR_RET: case IR_UNREACHABLE: case IR_UNSUPPORTED: break;
    default: if (i + 1 < fn->ninsts) out[(*n)++] = i + 1; break;
    }
}

/* Instructions from pc to the nearest instruction on an uncovered user line. */
static uint32_t cov_distance(CovNew *c, const IrFunction *fn, uint32_t pc) {
    if (fn->ninsts > c->scratch_cap) {
        c->scratch_cap = fn->ninsts;
        c->dist = util_realloc(c->dist, c->scratch_cap * sizeof(uint32_t));
        c->queue = util_realloc(c->queue, c->scratch_cap * sizeof(uint32_t));
    }
    for (uint32_t i = 0; i < fn->ninsts; i++) c->dist[i] = UINT32_MAX;
    uint32_t head = 0, tail = 0, succ[64], ns;
    c->dist[pc] = 0;
    c->queue[tail++] = pc;
    while (head < tail) {
        uint32_t i = c->queue[head++];
        uint32_t loc = fn->insts[i].loc;
        if (c->goal ? c->goal[fn->index] && c->goal[fn->index][i]
                    : c->ex->m->loc_is_user[loc] && !c->ex->line_covered[loc])
            return c->dist[i];
        if (c->dist[i] >= c->max_dist) continue;
        cov_successors(fn, i, succ, &ns);
        for (uint32_t k = 0; k < ns; k++)
            if (c->dist[succ[k]] == UINT32_MAX) { c->dist[succ[k]] = c->dist[i] + 1; c->queue[tail++] = succ[k]; }
    }
    return c->max_dist;
}

static uint32_t cov_distance_memo(CovNew *c, const IrFunction *fn, uint32_t pc) {
    uint32_t stamp = c->goal ? 0 : c->ex->lines_covered; /* a target's goal does not move */
    if (!c->memo) c->memo = util_calloc(c->ex->m->nfunctions + 1, sizeof(uint32_t *));
    if (stamp != c->memo_stamp) { /* new coverage: every cached distance may have grown */
        for (uint32_t i = 0; i < c->ex->m->nfunctions; i++) { free(c->memo[i]); c->memo[i] = NULL; }
        c->memo_stamp = stamp;
    }
    uint32_t **slot = &c->memo[fn->index];
    if (!*slot) {
        *slot = util_malloc((fn->ninsts + 1) * sizeof(uint32_t));
        for (uint32_t i = 0; i < fn->ninsts; i++) (*slot)[i] = UINT32_MAX;
    }
    if ((*slot)[pc] == UINT32_MAX) (*slot)[pc] = cov_distance(c, fn, pc);
    return (*slot)[pc];
}

/* Distance from the state to uncovered code: within the current function, or
 * after returning to a caller (the caller's distance from just past its call,
 * plus a penalty per frame left). A state inside a libc model, where nothing
 * counts as uncovered, is thus still weighed by what its caller can reach. */
static uint32_t cov_state_distance(CovNew *c, State *s) {
    uint32_t best = c->max_dist;
    for (uint32_t i = s->nframes, up = 0; i-- > 0 && up < 8; up++) {
        Frame *f = &s->frames[i];
        uint32_t pc = i + 1 == s->nframes ? f->pc : f->pc + 1;
        if (pc >= f->fn->ninsts) continue;
        uint32_t d = cov_distance_memo(c, f->fn, pc) + up * 16;
        if (d < best) best = d;
    }
    return best;
}

static double cov_weight(CovNew *c, State *s) {
    double d = cov_state_distance(c, s);
    double w = 1.0 / ((d + 1) * (d + 1));
    if (s->steps_since_cov < 10000) w += 1.0 / (1.0 + (double)s->steps_since_cov / 100.0) * 1e-3;
    if (c->prefer && c->prefer(c->prefer_ctx, s)) w *= c->factor;
    return w + 1e-9;
}

/* Reading each state misses the cache (a weight needs its top frames and its
 * steps since new coverage): the states some way ahead are fetched early.
 * (In the loop itself: GCC takes a function of prefetches alone for a pure
 * one and drops its calls.) */
#define COVNEW_AHEAD 8

static void cov_reweigh(CovNew *c) {
    State **v = c->states.data;
    size_t n = c->states.len;
    for (size_t i = 0; i < n; i++) {
        if (i + 2 * COVNEW_AHEAD < n) {
            __builtin_prefetch(&v[i + 2 * COVNEW_AHEAD]->frames);
            __builtin_prefetch(&v[i + 2 * COVNEW_AHEAD]->steps_since_cov);
        }
        if (i + COVNEW_AHEAD < n && v[i + COVNEW_AHEAD]->nframes)
            __builtin_prefetch(&v[i + COVNEW_AHEAD]->frames[v[i + COVNEW_AHEAD]->nframes - 1]);
        c->weights.w[i] = cov_weight(c, v[i]);
    }
    wtree_rebuild(&c->weights); /* also clears what updates one by one rounded */
    c->stamp_lines = c->ex->lines_covered;
    c->stamp_branches = c->ex->branches_covered;
}

static void cov_add(Searcher *sr, State *s) {
    CovNew *c = (CovNew *)sr;
    searcher_slot_add(&c->index, s, c->states.len);
    VEC_PUSH(c->states, s);
    wtree_push(&c->weights, cov_weight(c, s));
}

/* The last state takes the removed one's place, its weight with it. */
static void cov_remove(Searcher *sr, State *s) {
    CovNew *c = (CovNew *)sr;
    size_t i;
    if (!searcher_slot_remove(c->states.data, c->states.len, &c->index, s, &i)) return;
    wtree_set(&c->weights, i, c->weights.w[--c->states.len]);
    wtree_pop(&c->weights);
    if (s == c->last) c->last = NULL;
}

/* The state selected last has run since: a preference may no longer hold
 * for it (a state that left --target's corridor), so its weight is taken
 * again now rather than at the next reweighing. */
static void cov_refresh_last(CovNew *c) {
    u128 *at = c->last ? ptrmap_get(&c->index, c->last) : NULL;
    if (at) wtree_set(&c->weights, (size_t)*at, cov_weight(c, c->last));
}

static State *cov_select(Searcher *sr) {
    CovNew *c = (CovNew *)sr;
    if (!c->states.len) return NULL;
    cov_refresh_last(c);
    /* weights change with coverage; the selected state also moved since its weight
     * was taken, so a periodic refresh keeps the rest from going stale */
    double total = wtree_total(&c->weights);
    if (c->ex->lines_covered != c->stamp_lines || c->ex->branches_covered != c->stamp_branches ||
        (++c->selections & 1023) == 0 || total <= 0) {
        cov_reweigh(c);
        total = wtree_total(&c->weights);
    }
    State *s = c->states.data[wtree_find(&c->weights, rng_double(c->rng) * total)];
    if (c->prefer) c->last = s;
    return s;
}

void searcher_covnew_prefer(Searcher *sr, CovPrefer prefer, const void *ctx, double factor) {
    CovNew *c = (CovNew *)sr;
    c->prefer = prefer;
    c->prefer_ctx = ctx;
    c->factor = factor;
    cov_reweigh(c);
}

static void cov_destroy(Searcher *sr) {
    CovNew *c = (CovNew *)sr;
    VEC_FREE(c->states);
    wtree_free(&c->weights);
    ptrmap_free(&c->index);
    free(c->dist);
    free(c->queue);
    if (c->memo)
        for (uint32_t i = 0; i < c->ex->m->nfunctions; i++) free(c->memo[i]);
    free(c->memo);
    if (c->goal)
        for (uint32_t i = 0; i < c->ex->m->nfunctions; i++) free(c->goal[i]);
    free(c->goal);
    free(c);
}

Searcher *searcher_covnew_new(Rng *rng, Executor *ex) {
    CovNew *c = util_calloc(1, sizeof *c);
    c->base = (Searcher){NULL, cov_add, cov_remove, cov_select, cov_destroy, NULL};
    c->rng = rng;
    c->ex = ex;
    c->max_dist = COVNEW_MAX_DIST;
    wtree_init(&c->weights);
    ptrmap_init(&c->index);
    return &c->base;
}

/* Functions from which a target instruction can be reached through direct
 * calls (a fixpoint over the call sites), and in each, the target's
 * instructions and the calls into such functions. */
static uint8_t **cov_target_goal(const IrModule *m, const uint8_t *locs) {
    uint8_t *reaches = util_calloc(m->nfunctions + 1, 1);
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t f = 0; f < m->nfunctions; f++) {
            const IrFunction *fn = &m->functions[f];
            for (uint32_t i = 0; i < fn->ninsts && !reaches[f]; i++) {
                const Inst *in = &fn->insts[i];
                int32_t callee = in->op == IR_CALL ? fn->calls[in->aux].callee : -1;
                if (locs[in->loc] || (callee >= 0 && reaches[callee])) reaches[f] = 1, changed = true;
            }
        }
    }
    uint8_t **goal = util_calloc(m->nfunctions + 1, sizeof *goal);
    for (uint32_t f = 0; f < m->nfunctions; f++) {
        if (!reaches[f]) continue;
        const IrFunction *fn = &m->functions[f];
        goal[f] = util_calloc(fn->ninsts + 1, 1);
        for (uint32_t i = 0; i < fn->ninsts; i++) {
            const Inst *in = &fn->insts[i];
            int32_t callee = in->op == IR_CALL ? fn->calls[in->aux].callee : -1;
            goal[f][i] = locs[in->loc] || (callee >= 0 && reaches[callee]);
        }
    }
    free(reaches);
    return goal;
}

Searcher *searcher_target_new(Rng *rng, Executor *ex) {
    CovNew *c = (CovNew *)searcher_covnew_new(rng, ex);
    if (ex->opt.target_locs) c->goal = cov_target_goal(ex->m, ex->opt.target_locs);
    c->max_dist = 1u << 16; /* the goal may lie far: no cap short of the function */
    return &c->base;
}
