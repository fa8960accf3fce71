/* Concrete evaluation under an assignment. Evaluation is iterative with a memo:
 * expressions are DAGs with heavy sharing (exponential as trees) and chains can
 * be deep enough to overflow the C stack if walked recursively. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "expr/expr_fp.h"
#include "expr/expr_internal.h"
#include "util/ptrmap.h"
#include "util/util.h"

/* ---- evaluation ---- */

/* A node being evaluated. Operand values wait on the value stack; `step`
 * says how far the node got: operands pushed so far, or, for ITE and READ,
 * the stage of their lazy walk. */
typedef struct Frame {
    Expr *e;
    UpdateNode *cursor; /* EXPR_READ: the write to compare against next */
    uint32_t step;
    bool keep;          /* memoize the value whatever e's reference count */
} Frame;

typedef struct Eval {
    PtrMap memo;
    VEC(Frame) stack;
    VEC(u128) vals;
    const Assignment *asg;
} Eval;

/* Only nodes that may be reached twice are memoized: those with more than
 * one reference, and the indices and values of update lists (a list is
 * shared by every read through it). A node with one reference has one
 * parent, which is evaluated once, so its value goes straight to that
 * parent: a long chain of single-use nodes (the sum of 10^6 inputs) costs no
 * memo entry per node. */
static bool memo_worthy(const Frame *f) { return f->keep || f->e->refs > 1; }

/* Pushes e's value if it is known at once, else a frame for it. */
static void need(Eval *ev, Expr *e, bool keep) {
    if (e->kind == EXPR_CONST) {
        VEC_PUSH(ev->vals, e->u.value);
        return;
    }
    u128 *v = keep || e->refs > 1 ? ptrmap_get(&ev->memo, e) : NULL;
    if (v) VEC_PUSH(ev->vals, *v);
    else VEC_PUSH(ev->stack, ((Frame){e, e->kind == EXPR_READ ? e->u.read.updates : NULL, 0, keep}));
}

static u128 base_byte(const Eval *ev, const Array *arr, u128 index) {
    const uint8_t *src = arr->init ? arr->init : assignment_get(ev->asg, arr);
    return src && index < arr->size ? src[index] : 0;
}

/* One stage of a read: walks the update list lazily, evaluating only the
 * indices up to the first match and that match's value. The read's index
 * stays on the value stack under the walk's values. Returns true when *out
 * is the read's value. */
static bool eval_read(Eval *ev, Frame *fr, u128 *out) {
    switch (fr->step) {
    case 0: fr->step = 1; need(ev, fr->e->kids[0], false); return false;
    case 2: { /* an update's index is on top of the read's */
        u128 ui = VEC_POP(ev->vals);
        if (ui == ev->vals.data[ev->vals.len - 1]) {
            fr->step = 3;
            need(ev, fr->cursor->value, true);
            return false;
        }
        fr->cursor = fr->cursor->next;
        break;
    }
    case 3: *out = VEC_POP(ev->vals); ev->vals.len--; return true;
    default: break;
    }
    if (!fr->cursor) { /* step 1, or a mismatch: the array's own byte */
        *out = base_byte(ev, fr->e->u.read.array, VEC_POP(ev->vals));
        return true;
    }
    fr->step = 2;
    need(ev, fr->cursor->index, true);
    return false;
}

static bool eval_ite(Eval *ev, Frame *fr, u128 *out) {
    switch (fr->step++) {
    case 0: need(ev, fr->e->kids[0], false); return false;
    case 1: need(ev, fr->e->kids[VEC_POP(ev->vals) ? 1 : 2], false); return false;
    default: *out = VEC_POP(ev->vals); return true;
    }
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

/* Advances the top frame: pushes its next operand, or computes its value
 * (true) once every operand is on the value stack. */
static bool eval_step(Eval *ev, Frame *fr, u128 *out) {
    Expr *e = fr->e;
    if (e->kind == EXPR_READ) return eval_read(ev, fr, out);
    if (e->kind == EXPR_ITE) return eval_ite(ev, fr, out);
    if (fr->step < e->nkids) {
        need(ev, e->kids[fr->step++], false);
        return false;
    }
    u128 k[3] = {0, 0, 0};
    ev->vals.len -= e->nkids;
    for (unsigned i = 0; i < e->nkids; i++) k[i] = ev->vals.data[ev->vals.len + i];
    *out = apply(e, k);
    return true;
}

/* The evaluations of one thread share one scratch, so evaluating a small
 * expression (a branch condition against a model: most calls) allocates
 * nothing; a scratch grown large by a huge expression is given back after it.
 * Nothing evaluated calls expr_eval again, so one scratch is never in use twice. */
#define EVAL_KEEP_MAX 4096
#define EVAL_MEMO_KEEP_MAX 256 /* clearing costs the capacity, not the entries used */

static _Thread_local Eval eval_scratch;
static _Thread_local bool eval_busy; /* checks the above */

static void eval_release(Eval *ev) {
    ptrmap_free(&ev->memo);
    VEC_FREE(ev->stack);
    VEC_FREE(ev->vals);
}

static void eval_reset(Eval *ev) {
    if (ev->memo.cap > EVAL_MEMO_KEEP_MAX || ev->stack.cap > EVAL_KEEP_MAX || ev->vals.cap > EVAL_KEEP_MAX)
        eval_release(ev);
    if (!ev->memo.cap) ptrmap_init(&ev->memo);
    else if (ev->memo.len) ptrmap_clear(&ev->memo);
    ev->stack.len = ev->vals.len = 0;
}

static u128 eval_run(Eval *ev, Expr *e) {
    need(ev, e, false);
    while (ev->stack.len) {
        /* eval_step may push (and so move the stack): work on a copy */
        size_t top = ev->stack.len - 1;
        Frame fr = ev->stack.data[top];
        u128 v;
        bool done = eval_step(ev, &fr, &v);
        ev->stack.data[top] = fr;
        if (!done) continue;
        assert(ev->stack.len == top + 1); /* a finished frame pushed nothing */
        ev->stack.len--;
        if (memo_worthy(&fr)) ptrmap_put(&ev->memo, fr.e, v);
        VEC_PUSH(ev->vals, v);
    }
    assert(ev->vals.len == 1);
    return ev->vals.data[0];
}

u128 expr_eval(Expr *e, const Assignment *a) {
    if (e->kind == EXPR_CONST) return e->u.value;
    assert(!eval_busy);
    eval_busy = true;
    eval_reset(&eval_scratch);
    eval_scratch.asg = a;
    u128 r = eval_run(&eval_scratch, e);
    eval_busy = false;
    return r;
}
