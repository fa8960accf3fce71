#include "state.h"
#include "../solver/range.h"
#include "../util/util.h"
#include <assert.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- views ---- */

/* How far back a new constraint looks for the ones it makes redundant: a
 * loop's bounds are adjacent in the view, so a short window finds them, and
 * copying at most this many nodes keeps a push O(1). */
#define PC_VIEW_WINDOW 8

static PcView *view_cons(Expr *e, PcView *next) {
    PcView *v = util_malloc(sizeof *v);
    v->e = expr_ref(e);
    v->next = next;
    if (next) next->refs++;
    v->refs = 1;
    v->len = (next ? next->len : 0) + 1;
    return v;
}

static void view_unref(PcView *v) {
    while (v && --v->refs == 0) {
        PcView *next = v->next;
        expr_unref(v->e);
        free(v);
        v = next;
    }
}

static PcView *view_ref(PcView *v) {
    if (v) v->refs++;
    return v;
}

/* The view of `old` (borrowed) with e added: unchanged if a constraint in
 * the window already implies e; otherwise e in front and the window's
 * constraints e implies left out (the nodes before them copied). */
static PcView *view_push(PcView *old, Expr *e) {
    RangeFact fe, fw;
    if (!range_fact(e, &fe)) return view_cons(e, old);
    PcView *win[PC_VIEW_WINDOW];
    bool drop[PC_VIEW_WINDOW];
    unsigned n = 0, ndrop = 0;
    for (PcView *v = old; v && n < PC_VIEW_WINDOW; v = v->next, n++) {
        win[n] = v;
        drop[n] = false;
        if (!range_fact(v->e, &fw)) continue;
        if (range_fact_implies(&fw, &fe)) return view_ref(old); /* e adds nothing */
        if (range_fact_implies(&fe, &fw)) drop[n] = true, ndrop++;
    }
    if (!ndrop) return view_cons(e, old);
    unsigned last = n; /* the oldest dropped node */
    while (!drop[--last]) {}
    PcView *tail = view_ref(win[last]->next);
    for (unsigned i = last; i-- > 0;) {
        if (drop[i]) continue;
        PcView *c = view_cons(win[i]->e, tail);
        view_unref(tail);
        tail = c;
    }
    PcView *v = view_cons(e, tail);
    view_unref(tail);
    return v;
}

size_t pc_flatten_view(const PathCond *p, Expr ***out, size_t *cap) {
    const PcView *v = p ? p->view : NULL;
    size_t n = v ? v->len : 0;
    if (n > *cap) {
        *cap = n * 2;
        *out = util_realloc(*out, *cap * sizeof **out);
    }
    for (size_t i = n; v; v = v->next) (*out)[--i] = v->e;
    return n;
}

size_t pc_flat_view(const PathCond *p, PcFlat *f) {
    PcView *v = p ? p->view : NULL, *old = f->head;
    size_t n = v ? v->len : 0;
    if (n > f->cap) {
        f->cap = n * 2;
        f->buf = util_realloc(f->buf, f->cap * sizeof *f->buf);
    }
    /* a node of length L sits at position L - 1; the nodes the two views
     * share hold the same positions, already written */
    uint32_t old_len = old ? old->len : 0;
    PcView *a = v, *b = old;
    for (; a && a->len > old_len; a = a->next) f->buf[a->len - 1] = a->e;
    for (uint32_t a_len = a ? a->len : 0; b && b->len > a_len;) b = b->next;
    for (; a != b; a = a->next, b = b->next) f->buf[a->len - 1] = a->e;
    f->head = view_ref(v);
    view_unref(old);
    return n;
}

void pc_flat_free(PcFlat *f) {
    view_unref(f->head);
    free(f->buf);
    memset(f, 0, sizeof *f);
}

/* ---- path conditions ---- */

PathCond *pc_push(PathCond *next, Expr *e, PcStatus status) {
    PathCond *p = util_malloc(sizeof *p);
    p->e = expr_ref(e);
    p->view = view_push(next ? next->view : NULL, e);
    p->next = next;
    p->twin = NULL;
    p->flip = IR_NO_BRANCH;
    p->model = NULL;
    if (next) next->refs++;
    p->refs = 1;
    p->len = pc_len(next) + 1;
    p->status = (uint8_t)status;
    return p;
}

void pc_unref(PathCond *p) {
    /* iterative: path conditions can be thousands of nodes long */
    while (p && --p->refs == 0) {
        PathCond *next = p->next;
        if (p->twin) p->twin->twin = NULL;
        view_unref(p->view);
        expr_unref(p->e);
        if (p->model) assignment_free(p->model);
        free(p->model);
        free(p);
        p = next;
    }
}

void pc_flatten(const PathCond *p, Expr ***out, size_t *cap) {
    size_t n = pc_len(p);
    if (n > *cap) {
        *cap = n * 2;
        *out = util_realloc(*out, *cap * sizeof **out);
    }
    for (size_t i = n; p; p = p->next) (*out)[--i] = p->e;
}

Seed *seed_new(uint32_t n) {
    Seed *sd = util_calloc(1, sizeof *sd);
    sd->n = n;
    sd->sizes = util_calloc(n + 1, sizeof *sd->sizes);
    sd->bytes = util_calloc(n + 1, sizeof *sd->bytes);
    sd->refs = 1;
    return sd;
}

void seed_set(Seed *sd, uint32_t i, const uint8_t *bytes, uint32_t size) {
    free(sd->bytes[i]);
    sd->bytes[i] = util_calloc(size + 1, 1);
    if (bytes && size) memcpy(sd->bytes[i], bytes, size);
    sd->sizes[i] = size;
}

void seed_assign(const Seed *sd, uint32_t i, Array *arr, Assignment *a) {
    uint8_t *bytes = util_calloc(arr->size + 1, 1);
    if (i < sd->n) memcpy(bytes, sd->bytes[i], sd->sizes[i] < arr->size ? sd->sizes[i] : arr->size);
    assignment_set(a, arr, bytes);
    free(bytes);
}

void seed_seal(Seed *sd) {
    uint64_t h = sd->n;
    for (uint32_t i = 0; i < sd->n; i++) {
        h = util_hash_mix(h, sd->sizes[i]);
        for (uint32_t k = 0; k < sd->sizes[i]; k++) h = util_hash_mix(h, sd->bytes[i][k]);
    }
    sd->hash = h;
}

Seed *seed_ref(Seed *sd) {
    if (sd) sd->refs++;
    return sd;
}

void seed_unref(Seed *sd) {
    if (!sd || --sd->refs) return;
    for (uint32_t i = 0; i < sd->n; i++) free(sd->bytes[i]);
    free(sd->bytes);
    free(sd->sizes);
    if (sd->partial) {
        assignment_free(sd->partial);
        free(sd->partial);
    }
    free(sd);
}

/* Drops one reference; a node no state shares any more goes, and with it
 * its reference to the older ones (iteratively: lists can be long). */
static void sym_unref(SymNode *n) {
    while (n && --n->refs == 0) {
        SymNode *prev = n->prev;
        free(n);
        n = prev;
    }
}

State *state_new(void) {
    State *s = util_calloc(1, sizeof *s);
    as_init(&s->as);
    path_log_init(&s->path);
    return s;
}

/* ---- register files ----
 * A frame's registers lie after a count of the frames that share them. A
 * fork shares every frame below the top: with coreutils under --posix a
 * state's frames held ~35 KB of registers (32 bytes each), nearly all in the
 * callers, which a path rarely returns to before it forks again. */
typedef struct RegFile {
    uint32_t refs;
    Value v[];
} RegFile;

static RegFile *regs_file(const Value *regs) {
    return (RegFile *)((unsigned char *)(uintptr_t)regs - offsetof(RegFile, v));
}

static Value *regs_new(uint32_t n) {
    RegFile *rf = util_calloc(1, offsetof(RegFile, v) + (n ? n : 1) * sizeof(Value));
    rf->refs = 1;
    return rf->v;
}

static void regs_release(Value *regs, uint32_t n) {
    RegFile *rf = regs_file(regs);
    if (--rf->refs > 0) return;
    for (uint32_t i = 0; i < n; i++) value_release(&regs[i]);
    free(rf);
}

static Value *regs_copy(const Value *regs, uint32_t n) {
    Value *c = regs_new(n);
    for (uint32_t i = 0; i < n; i++) c[i] = value_copy(regs[i]);
    return c;
}

/* The frame's registers made its own. */
static void frame_own_regs(Frame *f) {
    if (regs_file(f->regs)->refs == 1) return;
    Value *c = regs_copy(f->regs, f->fn->nregs);
    regs_file(f->regs)->refs--;
    f->regs = c;
}

size_t state_register_bytes(const State *s) {
    size_t total = 0;
    for (uint32_t k = 0; k < s->nframes; k++)
        total += s->frames[k].fn->nregs * sizeof(Value) / regs_file(s->frames[k].regs)->refs;
    return total;
}

/* The top frame's registers are copied, the others shared. */
static void frame_copy(Frame *dst, const Frame *src, bool top) {
    *dst = *src;
    if (top) dst->regs = regs_copy(src->regs, src->fn->nregs);
    else regs_file(dst->regs)->refs++;
    dst->capallocas = src->nallocas;
    dst->allocas = src->nallocas ? util_malloc(src->nallocas * sizeof(MemObject *)) : NULL;
    if (src->nallocas) memcpy(dst->allocas, src->allocas, src->nallocas * sizeof(MemObject *));
}

State *state_fork(const State *s, uint64_t id) {
    State *c = util_malloc(sizeof *c);
    *c = *s;
    if (c->refork_cond) expr_ref(c->refork_cond);
    c->id = id;
    c->frames = util_malloc(s->capframes * sizeof(Frame));
    for (uint32_t i = 0; i < s->nframes; i++) frame_copy(&c->frames[i], &s->frames[i], i + 1 == s->nframes);
    as_init(&c->as);
    as_copy(&c->as, &s->as);
    if (c->pc) c->pc->refs++;
    if (c->syms) c->syms->refs++;
    c->ptree = NULL;
    c->model = NULL; /* the caller gives each side the model of its own branch */
    c->seeded = false; /* ... and the seed's mark with the seed's model */
    if (s->prefix_model) {
        c->prefix_model = util_malloc(sizeof *c->prefix_model);
        assignment_init(c->prefix_model);
        assignment_copy(c->prefix_model, s->prefix_model);
    }
    seed_ref(c->seed);
    c->cappending = s->npending;
    c->pending_cov = s->npending ? util_malloc(s->npending * sizeof(uint32_t)) : NULL;
    if (s->npending) memcpy(c->pending_cov, s->pending_cov, s->npending * sizeof(uint32_t));
    path_branches_copy(&c->branches, &s->branches);
    path_log_copy(&c->path, &s->path);
    return c;
}

void state_pass_model(State *parent, State *child, Assignment *replacement) {
    child->model = parent->model;
    child->seeded = parent->seeded;
    parent->model = replacement;
    parent->seeded = false;
}

static void frame_release(Frame *f) {
    regs_release(f->regs, f->fn->nregs);
    free(f->allocas);
}

void state_free(State *s) {
    if (!s) return;
    if (s->refork_cond) expr_unref(s->refork_cond);
    for (uint32_t i = 0; i < s->nframes; i++) frame_release(&s->frames[i]);
    free(s->frames);
    as_free(&s->as);
    pc_unref(s->pc);
    sym_unref(s->syms);
    state_set_model(s, NULL);
    state_set_prefix_model(s, NULL, 0);
    free(s->pending_cov);
    path_branches_free(&s->branches);
    path_log_free(&s->path);
    seed_unref(s->seed);
    free(s);
}

Frame *state_push_frame(State *s, IrFunction *fn) {
    if (s->nframes == s->capframes) {
        s->capframes = s->capframes ? s->capframes * 2 : 8;
        s->frames = util_realloc(s->frames, s->capframes * sizeof(Frame));
    }
    Frame *f = &s->frames[s->nframes++];
    memset(f, 0, sizeof *f);
    f->fn = fn;
    f->in_runtime = s->nframes > 1 && (fn->is_runtime || f[-1].in_runtime);
    f->regs = regs_new(fn->nregs);
    return f;
}

void state_pop_frame(State *s) {
    frame_release(&s->frames[--s->nframes]);
    if (s->nframes) frame_own_regs(&s->frames[s->nframes - 1]);
}

void state_set_model(State *s, Assignment *model) {
    if (s->model) {
        assignment_free(s->model);
        free(s->model);
    }
    s->model = model;
    s->seeded = false; /* another model, or none: the seed is no longer what decides its branches */
}

void state_set_prefix_model(State *s, Assignment *model, uint32_t len) {
    if (s->prefix_model) {
        assignment_free(s->prefix_model);
        free(s->prefix_model);
    }
    s->prefix_model = model;
    s->prefix_len = model ? len : 0;
}

static void state_push(State *s, Expr *e, PcStatus status) {
    PathCond *p = pc_push(s->pc, e, status);
    p->path_at = s->path.count < UINT32_MAX ? (uint32_t)s->path.count : UINT32_MAX;
    pc_unref(s->pc); /* pc_push took its own reference to the old head */
    s->pc = p;
}

void state_add_fitting(State *s, Expr *e) {
    if (expr_is_true(e)) return;
    state_push(s, e, s->pc ? (PcStatus)s->pc->status : PC_SAT);
}

void state_add_constraint(State *s, Expr *e) {
    if (s->model && !expr_is_true(e) && !expr_eval(e, s->model))
        state_set_model(s, NULL); /* no longer a model of the path */
    state_add_fitting(s, e);
}

void state_add_unchecked(State *s, Expr *e) {
    if (s->model) {
        uint32_t len = pc_len(s->pc);
        state_set_prefix_model(s, s->model, len);
        s->model = NULL;
    }
    state_push(s, e, PC_UNCHECKED);
}

void state_add_branch(State *s, Expr *e, uint32_t flip) {
    PathCond *before = s->pc;
    state_add_constraint(s, e);
    if (s->pc != before) s->pc->flip = flip; /* a new node, s's alone */
}

void state_add_unchecked_branch(State *s, Expr *e, uint32_t flip) {
    state_add_unchecked(s, e);
    s->pc->flip = flip;
}

void state_truncate_pc(State *s, PathCond *keep) {
    if (keep) keep->refs++;
    pc_unref(s->pc);
    s->pc = keep;
    if (s->prefix_len > pc_len(keep)) state_set_prefix_model(s, NULL, 0);
}

static uint64_t symbolic_steps;

uint64_t state_symbolic_steps(void) { return symbolic_steps; }

void state_add_symbolic(State *s, Array *array, const char *name) {
    SymNode *n = util_malloc(sizeof *n);
    n->prev = s->syms; /* the state's reference moves to the new node */
    n->sym = (Symbolic){array, name};
    n->refs = 1;
    s->syms = n;
    s->nsyms++;
    symbolic_steps++;
}

void state_symbolics(const State *s, Symbolic *out) {
    uint32_t i = s->nsyms;
    for (const SymNode *n = s->syms; n; n = n->prev) {
        out[--i] = n->sym;
        symbolic_steps++;
    }
    assert(i == 0);
}

void frame_add_alloca(Frame *f, MemObject *mo) {
    if (f->nallocas == f->capallocas) {
        f->capallocas = f->capallocas ? f->capallocas * 2 : 4;
        f->allocas = util_realloc(f->allocas, f->capallocas * sizeof(MemObject *));
    }
    f->allocas[f->nallocas++] = mo;
}
