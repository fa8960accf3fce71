#include "state.h"
#include "../util/util.h"
#include <stdlib.h>
#include <string.h>

PathCond *pc_push(PathCond *next, Expr *e) {
    PathCond *p = util_malloc(sizeof *p);
    p->e = expr_ref(e);
    p->next = next;
    if (next) next->refs++;
    p->refs = 1;
    p->len = pc_len(next) + 1;
    return p;
}

void pc_unref(PathCond *p) {
    /* iterative: path conditions can be thousands of nodes long */
    while (p && --p->refs == 0) {
        PathCond *next = p->next;
        expr_unref(p->e);
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

State *state_new(void) {
    State *s = util_calloc(1, sizeof *s);
    as_init(&s->as);
    return s;
}

static void frame_copy(Frame *dst, const Frame *src) {
    *dst = *src;
    uint32_t n = src->fn->nregs;
    dst->regs = util_malloc((n ? n : 1) * sizeof(Value));
    for (uint32_t i = 0; i < n; i++) dst->regs[i] = value_copy(src->regs[i]);
    dst->capallocas = src->nallocas;
    dst->allocas = src->nallocas ? util_malloc(src->nallocas * sizeof(MemObject *)) : NULL;
    if (src->nallocas) memcpy(dst->allocas, src->allocas, src->nallocas * sizeof(MemObject *));
}

State *state_fork(const State *s, uint64_t id) {
    State *c = util_malloc(sizeof *c);
    *c = *s;
    c->id = id;
    c->frames = util_malloc(s->capframes * sizeof(Frame));
    for (uint32_t i = 0; i < s->nframes; i++) frame_copy(&c->frames[i], &s->frames[i]);
    as_init(&c->as);
    as_copy(&c->as, &s->as);
    if (c->pc) c->pc->refs++;
    c->syms = s->nsyms ? util_malloc(s->nsyms * sizeof(Symbolic)) : NULL;
    if (s->nsyms) memcpy(c->syms, s->syms, s->nsyms * sizeof(Symbolic));
    c->capsyms = s->nsyms;
    c->ptree = NULL;
    c->model = NULL; /* the caller gives each side the model of its own branch */
    return c;
}

static void frame_release(Frame *f) {
    for (uint32_t i = 0; i < f->fn->nregs; i++) value_release(&f->regs[i]);
    free(f->regs);
    free(f->allocas);
}

void state_free(State *s) {
    if (!s) return;
    for (uint32_t i = 0; i < s->nframes; i++) frame_release(&s->frames[i]);
    free(s->frames);
    as_free(&s->as);
    pc_unref(s->pc);
    free(s->syms);
    state_set_model(s, NULL);
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
    f->regs = util_calloc(fn->nregs ? fn->nregs : 1, sizeof(Value));
    return f;
}

void state_pop_frame(State *s) {
    frame_release(&s->frames[--s->nframes]);
}

void state_set_model(State *s, Assignment *model) {
    if (s->model) {
        assignment_free(s->model);
        free(s->model);
    }
    s->model = model;
}

void state_add_constraint(State *s, Expr *e) {
    if (expr_is_true(e)) return;
    if (s->model && !expr_eval(e, s->model)) state_set_model(s, NULL); /* no longer a model of the path */
    PathCond *p = pc_push(s->pc, e);
    pc_unref(s->pc); /* pc_push took its own reference to the old head */
    s->pc = p;
}

void state_add_symbolic(State *s, MemObject *mo, Array *array, const char *name) {
    if (s->nsyms == s->capsyms) {
        s->capsyms = s->capsyms ? s->capsyms * 2 : 4;
        s->syms = util_realloc(s->syms, s->capsyms * sizeof(Symbolic));
    }
    s->syms[s->nsyms].mo = mo;
    s->syms[s->nsyms].array = array;
    s->syms[s->nsyms].name = name;
    s->nsyms++;
}

void frame_add_alloca(Frame *f, MemObject *mo) {
    if (f->nallocas == f->capallocas) {
        f->capallocas = f->capallocas ? f->capallocas * 2 : 4;
        f->allocas = util_realloc(f->allocas, f->capallocas * sizeof(MemObject *));
    }
    f->allocas[f->nallocas++] = mo;
}
