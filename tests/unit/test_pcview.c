/* The path condition's view (state.c): the constraints a query needs.
 * - Issue 16's loop: `k < n` for k = 0..999 below `n < 3000` keeps a view of
 *   two constraints, whatever the path's length, and a fork shares it.
 * - Random paths of bounds on x, y and x + y (8 bits each) mixed with other
 *   constraints: at every node the view admits exactly the inputs the whole
 *   path admits (a sample of 5042 of the 65536 pairs, every 13th:
 *   a bound's wrong side is a run of pairs far longer), and a constraint a window one implies adds
 *   nothing. */
#include "check.h"
#include "exec/state.h"
#include "expr/expr.h"
#include "util/util.h"
#include <stdlib.h>

static Expr *konst(u128 v, unsigned w) { return expr_const(v & expr_mask(w), w); }

static size_t view_len(const PathCond *p) { return p && p->view ? p->view->len : 0; }

static void test_loop(void) {
    Array *arr = expr_array_new("n", 1, NULL);
    Expr *i0 = konst(0, 32), *n = expr_read(arr, NULL, i0), *top = konst(200, 8), *below = expr_ult(n, top);
    PathCond *pc = pc_push(NULL, below, PC_SAT);
    size_t most = 0;
    for (unsigned k = 0; k < 150; k++) {
        Expr *kk = konst(k, 8), *c = expr_ult(kk, n);
        PathCond *next = pc_push(pc, c, PC_SAT);
        pc_unref(pc);
        pc = next;
        if (view_len(pc) > most) most = view_len(pc);
        expr_unref(kk), expr_unref(c);
    }
    CHECK_MSG(pc_len(pc) == 151 && most == 2, "path %u, view up to %zu", pc_len(pc), most);
    /* a fork: both sides share the view below the branch */
    Expr *k150 = konst(150, 8), *more = expr_ult(k150, n), *stop = expr_not(more);
    PathCond *a = pc_push(pc, more, PC_SAT), *b = pc_push(pc, stop, PC_SAT);
    /* 150 < n replaces 149 < n; n <= 150 replaces n < 200, which it implies */
    CHECK(view_len(a) == 2 && view_len(b) == 2);
    Expr **cs = NULL;
    size_t cap = 0, m = pc_flatten_view(b, &cs, &cap);
    CHECK(m == 2 && cs[1] == stop && cs[0] != below);
    free(cs);
    pc_unref(a), pc_unref(b), pc_unref(pc);
    expr_unref(k150), expr_unref(more), expr_unref(stop);
    expr_unref(top), expr_unref(below), expr_unref(n), expr_unref(i0);
}

static Expr *random_constraint(Rng *r, Expr **terms, Expr *other) {
    if (rng_below(r, 6) == 0) return expr_ref(other);
    Expr *t = terms[rng_below(r, 3)], *k = konst(rng_below(r, 256), 8), *c;
    switch (rng_below(r, 6)) {
    case 0: c = expr_ult(k, t); break;
    case 1: c = expr_ule(t, k); break;
    case 2: c = expr_slt(t, k); break;
    case 3: c = expr_sle(k, t); break;
    case 4: c = expr_eq(t, k); break;
    default: c = expr_ult(t, k); break;
    }
    expr_unref(k);
    if (rng_below(r, 3) == 0) {
        Expr *nc = expr_not(c);
        expr_unref(c);
        c = nc;
    }
    return c;
}

static bool holds(Expr *const *cs, size_t n, const Assignment *a) {
    for (size_t i = 0; i < n; i++)
        if (!expr_eval(cs[i], a)) return false;
    return true;
}

static void test_random(void) {
    Array *arr = expr_array_new("xy", 2, NULL);
    Expr *i0 = konst(0, 32), *i1 = konst(1, 32);
    Expr *x = expr_read(arr, NULL, i0), *y = expr_read(arr, NULL, i1), *sum = expr_add(x, y), *other = expr_ne(x, y);
    Expr *terms[3] = {x, y, sum};
    Rng r;
    rng_seed(&r, 5);
    Assignment a;
    assignment_init(&a);
    Expr **full = NULL, **view = NULL;
    size_t capf = 0, capv = 0;
    int differ = 0, shorter = 0, nodes = 0;
    for (int round = 0, rounds = check_scale(20, 200); round < rounds; round++) {
        PathCond *pc = NULL;
        unsigned len = 1 + rng_below(&r, 12);
        for (unsigned i = 0; i < len; i++) {
            Expr *c = random_constraint(&r, terms, other);
            PathCond *next = pc_push(pc, c, PC_SAT);
            pc_unref(pc);
            pc = next;
            expr_unref(c);
            pc_flatten(pc, &full, &capf);
            size_t nf = pc_len(pc), nv = pc_flatten_view(pc, &view, &capv);
            shorter += nv < nf;
            nodes++;
            for (unsigned v = 0; v < 65536; v += 13) {
                uint8_t bytes[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
                assignment_set(&a, arr, bytes);
                differ += holds(full, nf, &a) != holds(view, nv, &a);
            }
        }
        pc_unref(pc);
    }
    CHECK_MSG(differ == 0, "%d inputs judged differently by the view", differ);
    CHECK_MSG(shorter > nodes / 4, "the view is shorter at %d of %d nodes", shorter, nodes);
    free(full), free(view);
    assignment_free(&a);
    expr_unref(sum), expr_unref(other), expr_unref(x), expr_unref(y), expr_unref(i0), expr_unref(i1);
}

int main(void) {
    test_loop();
    test_random();
    expr_shutdown();
    return check_report();
}
