/* solver_drop_implied_bounds (solver_bounds.c): a worked set, then random
 * sets of bounds on 8-bit terms whose solutions are counted exhaustively:
 * the kept constraints must admit exactly the inputs the whole set admits. */
#include "check.h"
#include "expr/expr.h"
#include "solver/solver_layer.h"
#include "util/util.h"
#include <stdlib.h>

static Expr *konst(u128 v, unsigned w) { return expr_const(v, w); }

/* A random bound on t: one of the four comparisons, t on either side, maybe negated. */
static Expr *random_bound(Rng *r, Expr *t) {
    Expr *k = konst(rng_below(r, 256), t->width);
    ExprKind kinds[] = {EXPR_SLT, EXPR_SLE, EXPR_ULT, EXPR_ULE};
    ExprKind kd = kinds[rng_below(r, 4)];
    Expr *c = rng_below(r, 2) ? expr_binary(kd, k, t) : expr_binary(kd, t, k);
    expr_unref(k);
    if (rng_below(r, 2)) {
        Expr *n = expr_not(c);
        expr_unref(c);
        c = n;
    }
    return c;
}

static bool holds_all(Expr **cs, size_t n, const Assignment *a) {
    for (size_t i = 0; i < n; i++)
        if (!expr_eval(cs[i], a)) return false;
    return true;
}

int main(void) {
    Array *arr = expr_array_new("x", 2, NULL);
    Expr *zero = konst(0, 32), *one = konst(1, 32);
    Expr *x = expr_read(arr, NULL, zero), *y = expr_read(arr, NULL, one);

    /* 0 < x, 5 < x, !(x <= 3), x <= 100, x <u 50: the tightest lower (signed) is 5 < x, the
     * upper bounds differ in signedness and both stay */
    Expr *c0 = konst(0, 8), *c3 = konst(3, 8), *c5 = konst(5, 8), *c50 = konst(50, 8), *c100 = konst(100, 8);
    Expr *le3 = expr_sle(x, c3);
    Expr *cs[5] = {expr_slt(c0, x), expr_slt(c5, x), expr_not(le3), expr_sle(x, c100), expr_ult(x, c50)};
    Expr *keep1 = expr_ref(cs[1]), *keep3 = expr_ref(cs[3]), *keep4 = expr_ref(cs[4]);
    size_t n = solver_drop_implied_bounds(cs, 5);
    CHECK_MSG(n == 3, "%zu kept", n);
    CHECK(n == 3 && cs[0] == keep1 && cs[1] == keep3 && cs[2] == keep4);
    for (size_t i = 0; i < n; i++) expr_unref(cs[i]);
    expr_unref(keep1), expr_unref(keep3), expr_unref(keep4), expr_unref(le3);
    expr_unref(c0), expr_unref(c3), expr_unref(c5), expr_unref(c50), expr_unref(c100);

    /* random sets over x, y and x + y, with an unrelated constraint mixed in */
    Rng r;
    rng_seed(&r, 7);
    Expr *sum = expr_add(x, y), *other = expr_ne(x, y);
    Expr *terms[3] = {x, y, sum};
    int mismatches = 0, dropped = 0, rounds = check_scale(100, 1000);
    Assignment a;
    assignment_init(&a);
    for (int round = 0; round < rounds; round++) {
        Expr *set[8], *all[8];
        size_t m = 1 + rng_below(&r, 7);
        for (size_t i = 0; i < m; i++) set[i] = i == 0 ? expr_ref(other) : random_bound(&r, terms[rng_below(&r, 3)]);
        for (size_t i = 0; i < m; i++) all[i] = expr_ref(set[i]);
        size_t k = solver_drop_implied_bounds(set, m);
        dropped += (int)(m - k);
        for (unsigned v = 0; v < 65536; v += 7) { /* a sample of (x, y) pairs, the same for both */
            uint8_t bytes[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
            assignment_set(&a, arr, bytes);
            if (holds_all(set, k, &a) != holds_all(all, m, &a)) mismatches++;
        }
        for (size_t i = 0; i < k; i++) expr_unref(set[i]);
        for (size_t i = 0; i < m; i++) expr_unref(all[i]);
    }
    CHECK_MSG(mismatches == 0, "%d inputs judged differently", mismatches);
    CHECK_MSG(dropped > rounds / 3, "only %d constraints dropped in %d rounds", dropped, rounds);
    assignment_free(&a);
    expr_unref(sum), expr_unref(other), expr_unref(x), expr_unref(y), expr_unref(zero), expr_unref(one);
    expr_shutdown();
    return check_report();
}
