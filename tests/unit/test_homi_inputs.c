/* What Homi learns from (homi_features.c, path_branches.c): the features of
 * a path condition (only `lv == n` atoms of the paper's language L, over
 * input bytes at constant indices) and the set of branch sides a path took,
 * shared copy-on-write between a state and its forks. */
#include "check.h"
#include "engine/homi_features.h"
#include "exec/path_branches.h"
#include "exec/state.h"
#include "expr/expr.h"
#include "util/util.h"
#include <stdlib.h>

static VEC(Expr *) pool;
static Expr *K(Expr *e) {
    VEC_PUSH(pool, e);
    return e;
}
static Expr *cw(u128 v, unsigned w) { return K(expr_const(v, w)); }

/* A path condition from constraints, oldest first. */
static PathCond *path(Expr **cs, size_t n) {
    PathCond *pc = NULL;
    for (size_t i = 0; i < n; i++) {
        PathCond *next = pc_push(pc, cs[i], PC_SAT);
        pc_unref(pc);
        pc = next;
    }
    return pc;
}

static void test_language(Array *alpha, Array *arr) {
    Expr *x = K(expr_read_le(alpha, NULL, cw(0, 32), 4));
    Expr *a2 = K(expr_read(arr, NULL, cw(2, 32)));
    Expr *y = K(expr_read_le(alpha, NULL, cw(4, 32), 4));
    CHECK(homi_feature_in_language(K(expr_eq(x, cw(3, 32)))));              /* alpha == 3 */
    CHECK(homi_feature_in_language(K(expr_eq(a2, cw(8, 8)))));              /* alpha[2] == 8 */
    CHECK(homi_feature_in_language(K(expr_eq(K(expr_zext(a2, 32)), cw(8, 32)))));
    CHECK(!homi_feature_in_language(K(expr_sgt(x, cw(1, 32)))));            /* alpha > 1 */
    CHECK(!homi_feature_in_language(K(expr_ne(a2, cw(3, 8)))));             /* != is a negated == */
    CHECK(!homi_feature_in_language(K(expr_eq(K(expr_add(x, y)), cw(9, 32))))); /* not an lv */
    CHECK(!homi_feature_in_language(K(expr_eq(x, y))));                   /* no constant side */
    /* a read at a symbolic index, or through writes, is not an input byte */
    Expr *sym = K(expr_read(arr, NULL, K(expr_zext(a2, 32))));
    CHECK(!homi_feature_in_language(K(expr_eq(sym, cw(1, 8)))));
    UpdateNode *u = expr_update(NULL, K(expr_zext(a2, 32)), cw(7, 8)); /* a write at a symbolic index */
    CHECK(!homi_feature_in_language(K(expr_eq(K(expr_read(arr, u, cw(1, 32))), cw(1, 8)))));
    expr_update_unref(u);
    /* cond && cond and cond || cond are in L; a conjunction with a non-cond is not */
    Expr *c1 = K(expr_eq(x, cw(2, 32))), *c2 = K(expr_eq(a2, cw(8, 8)));
    CHECK(homi_feature_in_language(K(expr_bool_and(c1, c2))));
    CHECK(homi_feature_in_language(K(expr_bool_or(c1, c2))));
    CHECK(!homi_feature_in_language(K(expr_bool_and(c1, K(expr_sgt(y, cw(25, 32)))))));
}

static void test_features_of(Array *alpha, Array *arr) {
    HomiFeatures f;
    homi_features_init(&f);
    uint32_t *ids = NULL;
    size_t cap = 0;
    Expr *x = K(expr_read_le(alpha, NULL, cw(0, 32), 4));
    Expr *a2 = K(expr_read(arr, NULL, cw(2, 32)));
    /* the digest's example: PC = {{x==3, x>1}, {a[2]!=3, a[2]==8}} gives NewF = {x==3, a[2]==8} */
    Expr *p1[] = {K(expr_eq(x, cw(3, 32))), K(expr_sgt(x, cw(1, 32)))};
    Expr *p2[] = {K(expr_ne(a2, cw(3, 8))), K(expr_eq(a2, cw(8, 8)))};
    PathCond *pc1 = path(p1, 2), *pc2 = path(p2, 2);
    uint32_t n1 = homi_features_of(&f, pc1, true, &ids, &cap);
    CHECK(n1 == 1 && ids[0] == 0 && f.exprs[0] == p1[0]);
    uint32_t n2 = homi_features_of(&f, pc2, true, &ids, &cap);
    CHECK(n2 == 1 && ids[0] == 1 && f.exprs[1] == p2[1]);
    CHECK(f.n == 2);
    /* the same atom rebuilt is the same feature (hash-consing), and a path
     * with both, one twice, lists each once, sorted */
    Expr *p3[] = {K(expr_eq(a2, cw(8, 8))), K(expr_eq(x, cw(3, 32))), K(expr_eq(a2, cw(8, 8)))};
    PathCond *pc3 = path(p3, 3);
    uint32_t n3 = homi_features_of(&f, pc3, true, &ids, &cap);
    CHECK(n3 == 2 && ids[0] == 0 && ids[1] == 1 && f.n == 2);
    /* without interning, an unseen feature is skipped */
    Expr *p4[] = {K(expr_eq(x, cw(2, 32))), K(expr_eq(a2, cw(8, 8)))};
    PathCond *pc4 = path(p4, 2);
    uint32_t n4 = homi_features_of(&f, pc4, false, &ids, &cap);
    CHECK(n4 == 1 && ids[0] == 1 && f.n == 2);
    /* the paper's `if (x > 89) ...; if (x == 2 && y > 25) ...`: only x == 2 is in L */
    Expr *y = K(expr_read_le(alpha, NULL, cw(4, 32), 4));
    Expr *p5[] = {K(expr_sgt(x, cw(89, 32))), K(expr_eq(x, cw(2, 32))), K(expr_sgt(y, cw(25, 32)))};
    PathCond *pc5 = path(p5, 3);
    uint32_t n5 = homi_features_of(&f, pc5, true, &ids, &cap);
    CHECK(n5 == 1 && f.exprs[ids[0]] == p5[1]);
    pc_unref(pc1); pc_unref(pc2); pc_unref(pc3); pc_unref(pc4); pc_unref(pc5);
    free(ids);
    homi_features_free(&f);
}

static void test_path_branches(void) {
    PathBranches a = {0}, b;
    path_branches_add(&a, 3);
    path_branches_add(&a, 700);
    path_branches_add(&a, 3); /* idempotent */
    CHECK(a.count == 2);
    path_branches_copy(&b, &a);
    CHECK(b.chunks[0] == a.chunks[0] && a.chunks[0]->refs == 2); /* shared until written */
    path_branches_add(&b, 5);
    path_branches_add(&b, 2000);
    CHECK(b.chunks[0] != a.chunks[0] && a.chunks[0]->refs == 1 && b.chunks[1] == a.chunks[1]);
    uint32_t la[8], lb[8];
    CHECK(path_branches_list(&a, la) == 2 && la[0] == 3 && la[1] == 700);
    CHECK(path_branches_list(&b, lb) == 4 && lb[0] == 3 && lb[1] == 5 && lb[2] == 700 && lb[3] == 2000);
    path_branches_add(&a, 700); /* already set in a shared chunk: no copy */
    CHECK(a.chunks[1] == b.chunks[1] && a.chunks[1]->refs == 2);
    path_branches_free(&a);
    CHECK(b.chunks[1]->refs == 1);
    CHECK(path_branches_list(&b, lb) == 4);
    path_branches_free(&b);
}

int main(void) {
    Array *alpha = expr_array_new("alpha", 8, NULL), *arr = expr_array_new("a", 4, NULL);
    test_language(alpha, arr);
    test_features_of(alpha, arr);
    test_path_branches();
    for (size_t i = 0; i < pool.len; i++) expr_unref(pool.data[i]);
    VEC_FREE(pool);
    CHECK(expr_live_count() == 0);
    expr_shutdown();
    return check_report();
}
