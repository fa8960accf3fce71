/* Multiplex symbolic execution: the concolic DSE loop and the queue of
 * partial solutions (see engine_muse.h). */
#include "engine_muse.h"
#include "../out/ktest.h"
#include "../util/interrupt.h"
#include "../util/util.h"
#include <stdlib.h>
#include <string.h>

#define MUSE_QUEUE_MAX 100000   /* inputs waiting; more are dropped (counted) */
#define MUSE_QUANTUM 10000

/* The arrays of one concolic run in make_symbolic order and its input as an
 * assignment: what turns a solution over those arrays back into a Seed. */
typedef struct MuseRun {
    Array **arrays;
    uint32_t n;
    Assignment input;
    uint32_t refs;
} MuseRun;

typedef struct OpenBranch {
    PathCond *prefix;   /* the path before the branch (a reference) */
    Expr *cond;         /* the side not taken */
    MuseRun *run;
    uint32_t side;      /* the branch side it would cover, or IR_NO_BRANCH */
    uint64_t key;       /* the path it leads to (its decisions) */
} OpenBranch;

/* An open-addressing set of 64-bit hashes (0 stands for empty: hashes are
 * made non-zero). */
typedef struct HashSet { uint64_t *slots; size_t cap, len; } HashSet;

struct EngineMuse {
    VEC(Seed *) inputs;
    size_t head;                /* inputs[head..] wait */
    VEC(OpenBranch) open;
    HashSet seeds, paths, opens;
    HashSet taken;              /* every path prefix some run has followed */
    MuseRun *run;               /* of the concolic state running now */
    MuseRun *solving;           /* of the open branch being solved (its partial solutions complete from it) */
    PathCond *solving_pc;       /* that open branch's prefix */
    uint8_t *side_tried;        /* per branch side: a partial solution was queued to cover it */
    Assignment scratch;         /* a partial solution over the rest of its input */
    PartialSink sink;
    uint64_t solves;            /* queries the DSE loop made for open branches */
    uint64_t runs, partial_solutions, partial_new, tests_from_partial, dropped;
    /* partial solutions left out: they follow the path (pass), leave it at a
     * side a run covered (covered) or one an earlier partial solution was
     * queued for (tried), or leave it where no branch side is known (unknown) */
    uint64_t partial_pass, partial_covered, partial_tried, partial_unknown;
};

/* ---- hash set ---- */
static bool hs_add(HashSet *h, uint64_t key) {
    key |= 1;
    if (2 * (h->len + 1) > h->cap) {
        HashSet g = {util_calloc(h->cap ? 2 * h->cap : 1024, sizeof(uint64_t)), h->cap ? 2 * h->cap : 1024, 0};
        for (size_t i = 0; i < h->cap; i++)
            if (h->slots[i]) hs_add(&g, h->slots[i]);
        free(h->slots);
        *h = g;
    }
    size_t i = key & (h->cap - 1);
    while (h->slots[i]) {
        if (h->slots[i] == key) return false;
        i = (i + 1) & (h->cap - 1);
    }
    h->slots[i] = key;
    h->len++;
    return true;
}

static bool hs_has(const HashSet *h, uint64_t key) {
    key |= 1;
    if (!h->cap) return false;
    for (size_t i = key & (h->cap - 1); h->slots[i]; i = (i + 1) & (h->cap - 1))
        if (h->slots[i] == key) return true;
    return false;
}

/* ---- runs and seeds ---- */
static void run_unref(MuseRun *r) {
    if (!r || --r->refs) return;
    free(r->arrays);
    assignment_free(&r->input);
    free(r);
}

/* s's arrays in make_symbolic order, and its model (or, unchecked, the model
 * of its prefix) as their input. */
static void run_capture(MuseRun *r, const State *s) {
    free(r->arrays);
    r->arrays = util_malloc((s->nsyms + 1) * sizeof(Array *));
    Symbolic *syms = util_malloc((s->nsyms + 1) * sizeof *syms);
    state_symbolics(s, syms);
    for (uint32_t i = 0; i < s->nsyms; i++) r->arrays[i] = syms[i].array;
    free(syms);
    r->n = s->nsyms;
    const Assignment *input = s->model ? s->model : s->prefix_model;
    if (input) assignment_copy(&r->input, input);
}

static void open_release(OpenBranch *b) {
    pc_unref(b->prefix);
    expr_unref(b->cond);
    run_unref(b->run);
}

/* The seed a solution stands for: per array of the run, the solution's bytes,
 * else the run's own input. */
static Seed *muse_seed_of(const MuseRun *r, const Assignment *sol) {
    Seed *sd = seed_new(r->n);
    for (uint32_t i = 0; i < r->n; i++) {
        const uint8_t *b = assignment_get(sol, r->arrays[i]);
        if (!b) b = assignment_get(&r->input, r->arrays[i]);
        seed_set(sd, i, b, r->arrays[i]->size);
    }
    seed_seal(sd);
    return sd;
}

static bool muse_queue(EngineMuse *m, Seed *sd) {
    if (!hs_add(&m->seeds, sd->hash) || m->inputs.len - m->head >= MUSE_QUEUE_MAX) {
        if (m->inputs.len - m->head >= MUSE_QUEUE_MAX) m->dropped++;
        seed_unref(sd);
        return false;
    }
    VEC_PUSH(m->inputs, sd);
    return true;
}

static Seed *muse_pop(EngineMuse *m) {
    if (m->head == m->inputs.len) return NULL;
    Seed *sd = m->inputs.data[m->head++];
    if (m->head == m->inputs.len) m->head = m->inputs.len = 0;
    return sd;
}

/* ---- which partial solutions are worth a run ---- */

/* The branch side an input (a over base) leaves the path pc at: the flip
 * side of the oldest constraint it violates. IR_NO_BRANCH when it satisfies
 * them all (it follows the path, whose sides the engine explores anyway) or
 * violates first one that no two-way branch added (a concretization, an
 * assumption); *known tells the two apart. */
static uint32_t muse_leaving_side(EngineMuse *m, Executor *ex, const PathCond *pc, const Assignment *base,
                                  const Assignment *a, bool *known) {
    Assignment *in = &m->scratch;
    assignment_clear(in);
    if (base) assignment_copy(in, base);
    assignment_merge(in, a);
    uint32_t n = pc_len(pc);
    const PathCond **nodes = util_malloc((n + 1) * sizeof *nodes);
    for (uint32_t i = n; pc; pc = pc->next) nodes[--i] = pc;
    uint32_t side = IR_NO_BRANCH;
    *known = true;
    for (uint32_t i = 0; i < n; i++) {
        if (expr_eval(nodes[i]->e, in) & 1) continue;
        side = nodes[i]->flip;
        *known = side != IR_NO_BRANCH && side < ex->m->nbranches;
        break;
    }
    free(nodes);
    return side;
}

/* Queues the seed of a partial solution when it leaves the path at a branch
 * side no run has covered and no earlier partial solution was queued for;
 * consumes sd either way. The forking engine credits both sides of a branch
 * when it forks, before any path has gone down them, so there only the
 * second test applies: each side gets one concolic dive ahead of the
 * searcher. */
static void muse_offer(Engine *e, Seed *sd, const PathCond *pc, const Assignment *base, const Assignment *a) {
    EngineMuse *m = e->muse;
    Executor *ex = e->ex;
    bool known;
    uint32_t side = muse_leaving_side(m, ex, pc, base, a, &known);
    bool runs_cover = e->opt.engine == ENGINE_DSE;
    uint64_t *skip = !known ? &m->partial_unknown
                     : side == IR_NO_BRANCH ? &m->partial_pass
                     : runs_cover && ex->branch_covered[side] ? &m->partial_covered
                     : m->side_tried[side] ? &m->partial_tried : NULL;
    if (skip) {
        (*skip)++;
        seed_unref(sd);
        return;
    }
    if (muse_queue(m, sd)) m->side_tried[side] = 1;
}

/* ---- what the executor reports ---- */

/* A partial solution of a query made for an open branch (the DSE loop) or
 * for the state ex->querying (the forking engine): a seed over that run's or
 * state's arrays, the rest of its bytes from its input or model. */
static void muse_partial(void *ctx, const Assignment *a) {
    Engine *e = ctx;
    EngineMuse *m = e->muse;
    State *s = e->ex->querying;
    m->partial_solutions++;
    if (m->solving) {
        Seed *sd = muse_seed_of(m->solving, a);
        sd->from_partial = true;
        muse_offer(e, sd, m->solving_pc, &m->solving->input, a);
        return;
    }
    if (!s) return;
    MuseRun r = {0};
    assignment_init(&r.input);
    run_capture(&r, s);
    Seed *sd = muse_seed_of(&r, a);
    sd->from_partial = true;
    sd->partial = util_malloc(sizeof *sd->partial);
    assignment_init(sd->partial);
    assignment_copy(sd->partial, a);
    muse_offer(e, sd, s->pc, s->model ? s->model : s->prefix_model, a);
    free(r.arrays);
    assignment_free(&r.input);
}

static void muse_on_open(void *ctx, State *s, Expr *cond) {
    Engine *e = ctx;
    EngineMuse *m = e->muse;
    if (e->opt.engine != ENGINE_DSE || !m->run) return;
    hs_add(&m->taken, e->ex->taken_key);
    /* a prefix some run followed, or an open branch already queued */
    if (hs_has(&m->taken, e->ex->open_key) || !hs_add(&m->opens, e->ex->open_key)) return;
    OpenBranch b = {s->pc, expr_ref(cond), m->run, e->ex->open_side, e->ex->open_key};
    if (b.prefix) b.prefix->refs++;
    m->run->refs++;
    VEC_PUSH(m->open, b);
}

bool engine_muse_new(Engine *e, char **err) {
    if (e->opt.engine != ENGINE_DSE && !e->opt.partial_solutions) return true;
    EngineMuse *m = util_calloc(1, sizeof *m);
    e->muse = m;
    m->sink = (PartialSink){muse_partial, e};
    m->side_tried = util_calloc(e->ex->m->nbranches + 1, 1);
    assignment_init(&m->scratch);
    if (e->opt.partial_solutions) e->ex->sink = &m->sink;
    e->ex->hooks.on_open = muse_on_open;
    if (e->opt.engine != ENGINE_DSE) return true;
    Seed *sd; /* --seed-file (read before the run), or all zero bytes */
    if (e->opt.seeds.nloaded) {
        sd = seed_ref(e->opt.seeds.loaded[0]);
    } else {
        sd = seed_new(0);
        seed_seal(sd);
    }
    muse_queue(m, sd);
    return true;
}

void engine_muse_free(Engine *e) {
    EngineMuse *m = e->muse;
    if (!m) return;
    for (size_t i = m->head; i < m->inputs.len; i++) seed_unref(m->inputs.data[i]);
    VEC_FREE(m->inputs);
    for (size_t i = 0; i < m->open.len; i++) open_release(&m->open.data[i]);
    VEC_FREE(m->open);
    free(m->seeds.slots);
    free(m->paths.slots);
    free(m->opens.slots);
    free(m->taken.slots);
    free(m->side_tried);
    assignment_free(&m->scratch);
    run_unref(m->run);
    free(m);
    e->muse = NULL;
}

/* ---- concolic runs ---- */

/* Runs one input to its end (or the run's limits) as a concolic state. */
static void muse_run(Engine *e, Seed *sd) {
    EngineMuse *m = e->muse;
    State *s = exec_initial_state(e->ex, e->opt.argc, e->opt.argv);
    if (!s->model) {
        s->model = util_malloc(sizeof *s->model);
        assignment_init(s->model);
    }
    s->seed = sd;
    s->concolic = true;
    s->covered_new = false;
    engine_adopt(e, s);
    MuseRun *r = util_calloc(1, sizeof *r);
    r->refs = 1;
    assignment_init(&r->input);
    run_unref(m->run);
    m->run = r;
    m->runs++;
    while (exec_run(e->ex, s, MUSE_QUANTUM)) {
        if (engine_over_limits(e, timer_now())) {
            exec_terminate_early(e->ex, s, e->halt_reason);
            break;
        }
    }
    run_unref(m->run);
    m->run = NULL;
}

/* The run's arrays and input, kept for its open branches (at its end, when
 * every make_symbolic call has been made). */
static void muse_record_run(EngineMuse *m, State *s) {
    if (m->run) run_capture(m->run, s);
}

bool engine_muse_want_test(Engine *e, State *s) {
    EngineMuse *m = e->muse;
    if (!m || !s->concolic) return true;
    muse_record_run(m, s);
    bool new_path = hs_add(&m->paths, s->path_hash ^ 0x9e3779b97f4a7c15ull);
    bool partial = s->seed && s->seed->from_partial;
    /* the forking engine keeps a partial solution's run when it covered
     * something new; the DSE loop keeps every run of a new path */
    bool keep = e->opt.engine == ENGINE_DSE ? new_path : s->covered_new;
    if (keep && partial) {
        m->partial_new++;
        m->tests_from_partial++;
        /* later queries this input satisfies are answered from the cache */
        if (s->seed->partial) solver_offer_model(e->solver, s->seed->partial);
    }
    return keep;
}

/* ---- the DSE loop ---- */

static size_t muse_pick(Engine *e) {
    EngineMuse *m = e->muse;
    /* distributed, each rank runs its own loop (engine_share): all but
     * rank 0 pick at random, so their copies go their own ways */
    if (e->dist && e->dist->rank) return (size_t)rng_below(&e->rng, m->open.len);
    if (e->opt.search == SEARCH_BFS) return 0;
    if (e->opt.search == SEARCH_COVNEW) /* the newest open branch whose side is not covered yet */
        for (size_t i = m->open.len; i-- > 0;) {
            uint32_t side = m->open.data[i].side;
            if (side != IR_NO_BRANCH && !e->ex->branch_covered[side]) return i;
        }
    return m->open.len - 1;
}

/* Solves the path to an open branch; its solution and partial solutions are
 * queued. */
static void muse_solve(Engine *e, OpenBranch *b) {
    EngineMuse *m = e->muse;
    Expr **cs = NULL;
    size_t cap = 0;
    size_t n = pc_flatten_view(b->prefix, &cs, &cap);
    Assignment sol;
    assignment_init(&sol);
    Query q = {cs, n, b->cond, e->opt.partial_solutions ? &m->sink : NULL, &b->run->input, false};
    m->solving = b->run;
    m->solving_pc = b->prefix;
    m->solves++;
    if (solver_check(e->solver, &q, &sol) == SOLVER_SAT) muse_queue(m, muse_seed_of(b->run, &sol));
    m->solving = NULL;
    m->solving_pc = NULL;
    assignment_free(&sol);
    free(cs);
}

void engine_muse_dse(Engine *e) {
    EngineMuse *m = e->muse;
    for (double now; !engine_over_limits(e, now = timer_now());) {
        if (e->dist) e->dist->poll(e, now);
        Seed *sd = muse_pop(m);
        if (sd) {
            muse_run(e, sd);
            continue;
        }
        if (!m->open.len) break;
        size_t i = muse_pick(e);
        OpenBranch b = m->open.data[i];
        memmove(&m->open.data[i], &m->open.data[i + 1], (m->open.len - i - 1) * sizeof b);
        m->open.len--;
        if (!hs_has(&m->taken, b.key)) muse_solve(e, &b); /* else a run has been down that side since */
        open_release(&b);
    }
}

void engine_muse_step(Engine *e) {
    EngineMuse *m = e->muse;
    if (!m) return;
    Seed *sd = muse_pop(m);
    if (sd) muse_run(e, sd);
}

void engine_muse_summary(Engine *e, FILE *f) {
    EngineMuse *m = e->muse;
    fprintf(f, "  \"engine\": \"%s\",\n", e->opt.engine == ENGINE_DSE ? "dse" : "forking");
    fprintf(f, "  \"partial_solutions\": %llu,\n  \"partial_solutions_new\": %llu,\n"
               "  \"tests_from_partial_solutions\": %llu,\n",
            (unsigned long long)(m ? m->partial_solutions : 0), (unsigned long long)(m ? m->partial_new : 0),
            (unsigned long long)(m ? m->tests_from_partial : 0));
    fprintf(f, "  \"partial_solutions_skipped\": {\"on_path\": %llu, \"side_covered\": %llu, \"side_tried\": %llu, "
               "\"side_unknown\": %llu},\n",
            (unsigned long long)(m ? m->partial_pass : 0), (unsigned long long)(m ? m->partial_covered : 0),
            (unsigned long long)(m ? m->partial_tried : 0), (unsigned long long)(m ? m->partial_unknown : 0));
    fprintf(f, "  \"concolic_runs\": %llu,\n  \"dse_solves\": %llu,\n  \"open_branches_left\": %zu,\n",
            (unsigned long long)(m ? m->runs : 0), (unsigned long long)(m ? m->solves : 0), m ? m->open.len : 0);
}
