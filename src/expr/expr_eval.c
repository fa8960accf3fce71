/* Assignments and concrete evaluation. Evaluation is iterative with a memo:
 * expressions are DAGs with heavy sharing (exponential as trees) and chains can
 * be deep enough to overflow the C stack if walked recursively. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "expr/expr_fp.h"
#include "expr/expr_internal.h"
#include "util/ptrmap.h"
#include "util/util.h"

/* ---- assignments ---- */

void assignment_init(Assignment *a) { memset(a, 0, sizeof *a); }

void assignment_clear(Assignment *a) {
    for (size_t i = 0; i < a->n; i++) free(a->bytes[i]);
    a->n = 0;
    if (a->index) ptrmap_free(a->index);
    free(a->index);
    a->index = NULL;
}

void assignment_free(Assignment *a) {
    assignment_clear(a);
    free(a->arrays);
    free(a->bytes);
    assignment_init(a);
}

/* Below this many arrays a scan beats hashing. */
#define ASSIGNMENT_SCAN_MAX 16

static uint64_t probes;

uint64_t assignment_probes(void) { return probes; }

static size_t assignment_find(const Assignment *a, const Array *arr) {
    if (a->index) {
        probes++;
        u128 *slot = ptrmap_get(a->index, arr);
        return slot ? (size_t)*slot : a->n;
    }
    for (size_t i = 0; i < a->n; i++) {
        probes++;
        if (a->arrays[i] == arr) return i;
    }
    return a->n;
}

static void assignment_index(Assignment *a, size_t i) {
    if (!a->index && a->n < ASSIGNMENT_SCAN_MAX) return;
    if (!a->index) {
        a->index = util_malloc(sizeof *a->index);
        ptrmap_init(a->index);
        for (size_t j = 0; j < i; j++) ptrmap_put(a->index, a->arrays[j], j);
    }
    ptrmap_put(a->index, a->arrays[i], i);
}

static uint8_t *bytes_dup(const uint8_t *b, uint32_t size) {
    uint8_t *d = util_malloc(size ? size : 1);
    memcpy(d, b, size);
    return d;
}

void assignment_set(Assignment *a, Array *arr, const uint8_t *bytes) {
    size_t i = assignment_find(a, arr);
    if (i < a->n) {
        memcpy(a->bytes[i], bytes, arr->size);
        return;
    }
    if (a->n == a->cap) {
        a->cap = a->cap ? a->cap * 2 : 4;
        a->arrays = util_realloc(a->arrays, a->cap * sizeof *a->arrays);
        a->bytes = util_realloc(a->bytes, a->cap * sizeof *a->bytes);
    }
    a->arrays[a->n] = arr;
    a->bytes[a->n] = bytes_dup(bytes, arr->size);
    a->n++;
    assignment_index(a, a->n - 1);
}

const uint8_t *assignment_get(const Assignment *a, const Array *arr) {
    size_t i = assignment_find(a, arr);
    return i < a->n ? a->bytes[i] : NULL;
}

void assignment_copy(Assignment *dst, const Assignment *src) {
    if (dst == src) return;
    assignment_clear(dst);
    for (size_t i = 0; i < src->n; i++) assignment_set(dst, src->arrays[i], src->bytes[i]);
}

/* ---- evaluation ---- */

typedef struct Frame {
    Expr *e;
    UpdateNode *cursor; /* EXPR_READ: next write to compare against */
} Frame;

typedef struct Eval {
    PtrMap memo;
    VEC(Frame) stack;
    const Assignment *asg;
} Eval;

static void push(Eval *ev, Expr *e) {
    UpdateNode *cursor = e->kind == EXPR_READ ? e->u.read.updates : NULL;
    VEC_PUSH(ev->stack, ((Frame){e, cursor}));
}

/* The memoized value of e, or pushes e and returns NULL. */
static u128 *need(Eval *ev, Expr *e) {
    u128 *v = ptrmap_get(&ev->memo, e);
    if (!v) push(ev, e);
    return v;
}

static u128 base_byte(const Eval *ev, const Array *arr, u128 index) {
    const uint8_t *src = arr->init ? arr->init : assignment_get(ev->asg, arr);
    return src && index < arr->size ? src[index] : 0;
}

/* Walks the update list lazily: only the indices up to the first match (and
 * that match's value) are evaluated. Returns false if it had to push work. */
static bool eval_read(Eval *ev, Frame *fr, u128 *out) {
    u128 *idx = need(ev, fr->e->kids[0]);
    if (!idx) return false;
    u128 index = *idx;
    for (UpdateNode *u = fr->cursor; u; u = u->next, fr->cursor = u) {
        u128 *ui = need(ev, u->index);
        if (!ui) return false;
        if (*ui != index) continue;
        u128 *uv = need(ev, u->value);
        if (!uv) return false;
        *out = *uv;
        return true;
    }
    *out = base_byte(ev, fr->e->u.read.array, index);
    return true;
}

static bool eval_ite(Eval *ev, Expr *e, u128 *out) {
    u128 *c = need(ev, e->kids[0]);
    if (!c) return false;
    u128 *v = need(ev, e->kids[*c ? 1 : 2]);
    if (!v) return false;
    *out = *v;
    return true;
}

static u128 apply(const Expr *e, const u128 *k) {
    unsigned w = e->width;
    switch (e->kind) {
    case EXPR_CONCAT: return (k[0] << e->kids[1]->width) | k[1];
    case EXPR_EXTRACT: return (k[0] >> e->u.off) & expr_mask(w);
    case EXPR_ZEXT: return k[0];
    case EXPR_SEXT: return expr_fold_sext(k[0], e->kids[0]->width, w);
    case EXPR_NOT: return ~k[0] & expr_mask(w);
    default:
        if (expr_kind_is_fp(e->kind)) return expr_fp_fold(e->kind, e->u.off, w, e->kids[0]->width, k);
        return expr_fold_binary(e->kind, k[0], k[1], e->kids[0]->width);
    }
}

/* Computes the frame's value if its operands are ready; false if it pushed work. */
static bool eval_step(Eval *ev, Frame *fr, u128 *out) {
    Expr *e = fr->e;
    if (e->kind == EXPR_CONST) {
        *out = e->u.value;
        return true;
    }
    if (e->kind == EXPR_READ) return eval_read(ev, fr, out);
    if (e->kind == EXPR_ITE) return eval_ite(ev, e, out);
    u128 k[3] = {0, 0, 0};
    bool ready = true;
    for (unsigned i = 0; i < e->nkids; i++) {
        u128 *v = need(ev, e->kids[i]);
        if (v) k[i] = *v;
        else ready = false;
    }
    if (!ready) return false;
    *out = apply(e, k);
    return true;
}

u128 expr_eval(Expr *e, const Assignment *a) {
    if (e->kind == EXPR_CONST) return e->u.value;
    Eval ev = {.asg = a};
    ptrmap_init(&ev.memo);
    push(&ev, e);
    while (ev.stack.len) {
        size_t top = ev.stack.len - 1;
        if (ptrmap_get(&ev.memo, ev.stack.data[top].e)) {
            ev.stack.len--;
            continue;
        }
        /* eval_step may push (and so move the stack): work on a copy */
        Frame fr = ev.stack.data[top];
        u128 v;
        bool done = eval_step(&ev, &fr, &v);
        ev.stack.data[top] = fr;
        if (done) ptrmap_put(&ev.memo, fr.e, v); /* popped on the next round */
    }
    u128 r = *ptrmap_get(&ev.memo, e);
    ptrmap_free(&ev.memo);
    VEC_FREE(ev.stack);
    return r;
}
