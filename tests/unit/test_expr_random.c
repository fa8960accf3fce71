/* Differential check of the simplifying builders. Each round builds a random
 * expression in the test's own tiny AST (no simplification at all), builds the
 * same tree through the expr builders, and checks
 *   (a) the test's reference evaluation == expr_eval of the simplified Expr
 *       under random assignments of the input arrays, and
 *   (b) for a subset, Z3 proves the simplified Expr equal to the unsimplified
 *       AST (distinct is unsat), both translated to Z3 by this file. */
#include <stdlib.h>
#include <string.h>
#include <z3.h>

#include "check.h"
#include "expr/expr.h"
#include "expr_ref.h"
#include "util/util.h"

#define ROUNDS 20000
#define Z3_ROUNDS 2000
#define ASSIGNMENTS 8
#define ARRAY_SIZE 4
#define MAX_NODES 4096

typedef struct TNode {
    int kind;
    unsigned w;
    int kid[3];
    u128 val;     /* EXPR_CONST */
    unsigned off; /* EXPR_EXTRACT */
    int arr, upd; /* EXPR_READ: array slot, head of update list (-1: none) */
} TNode;

typedef struct TUpd { int next, idx, val; } TUpd;

static TNode nodes[MAX_NODES];
static int nn;
static TUpd upds[MAX_NODES];
static int nu;
static Rng rng;
static unsigned heavy_max; /* widest mul/div/rem generated (Z3 is slow on wide ones) */
static Array *arrays[3];   /* two symbolic inputs, one constant array */
static uint8_t table_init[ARRAY_SIZE] = {0x11, 0x80, 0xff, 0x00};

static const unsigned widths[] = {1, 2, 7, 8, 16, 32, 33, 64, 100, 128};

static unsigned pick_width(void) { return widths[rng_below(&rng, sizeof widths / sizeof *widths)]; }
static unsigned below(unsigned n) { return (unsigned)rng_below(&rng, n); }

static int node(int kind, unsigned w, int a, int b, int c) {
    TNode *t = &nodes[nn];
    *t = (TNode){.kind = kind, .w = w, .kid = {a, b, c}, .arr = -1, .upd = -1};
    return nn++;
}

static int cnode(u128 v, unsigned w) {
    int i = node(EXPR_CONST, w, -1, -1, -1);
    nodes[i].val = v & ref_mask(w);
    return i;
}

static int random_const(unsigned w) {
    switch (below(7)) {
    case 0: return cnode(0, w);
    case 1: return cnode(1, w);
    case 2: return cnode(ref_mask(w), w);
    case 3: return cnode((u128)1 << (w - 1), w);
    case 4: return cnode(below(w + 3), w); /* shift amounts around the width */
    default: return cnode(((u128)rng_next(&rng) << 64 | rng_next(&rng)) >> below(128), w);
    }
}

static int gen(unsigned w, int depth);
static int var(unsigned w, int depth);

static int index_expr(int depth) {
    if (depth <= 0 || below(3)) return cnode(below(ARRAY_SIZE + 2), 32);
    int narrow = below(2) ? gen(2, depth - 1) : gen(8, depth - 1);
    return node(EXPR_ZEXT, 32, narrow, -1, -1);
}

static int read_node(int depth) {
    int head = -1;
    for (unsigned n = depth > 0 ? below(4) : 0; n > 0; n--) {
        int idx = index_expr(depth - 1); /* may add updates itself: fill the slot after */
        int val = below(2) ? random_const(8) : gen(8, depth - 1);
        upds[nu] = (TUpd){head, idx, val};
        head = nu++;
    }
    int i = node(EXPR_READ, 8, index_expr(depth), -1, -1);
    nodes[i].arr = (int)below(3);
    nodes[i].upd = head;
    return i;
}

/* Some expression of width w whose leaves are array reads. */
static int var(unsigned w, int depth) {
    if (w == 8) return read_node(depth);
    if (w < 8) {
        int i = node(EXPR_EXTRACT, w, read_node(depth), -1, -1);
        nodes[i].off = below(8 - w + 1);
        return i;
    }
    if (w <= 24 && below(2)) return node(EXPR_CONCAT, w, read_node(depth), var(w - 8, depth), -1);
    return node(below(2) ? EXPR_ZEXT : EXPR_SEXT, w, var(8, depth), -1, -1);
}

static int reuse(unsigned w) {
    for (int tries = 0; tries < 8 && nn > 0; tries++) {
        int i = (int)below((unsigned)nn);
        if (nodes[i].w == w) return i;
    }
    return -1;
}

/* Constant operands are what most rewrites look for: make them common. */
static int operand(unsigned w, int depth) { return below(3) ? gen(w, depth) : random_const(w); }

static int gen_binary(unsigned w, int depth) {
    int k = EXPR_ADD + (int)below(EXPR_ASHR - EXPR_ADD + 1);
    bool heavy = k == EXPR_MUL || (k >= EXPR_UDIV && k <= EXPR_SREM);
    if (heavy && w > heavy_max) k = EXPR_ADD + (int)below(2) * (EXPR_XOR - EXPR_ADD);
    int a = gen(w, depth - 1);
    bool shift = k >= EXPR_SHL && k <= EXPR_ASHR;
    int b = shift && below(2) ? cnode(below(w + 2), w) : operand(w, depth - 1);
    return below(2) ? node(k, w, a, b, -1) : node(k, w, b, a, -1);
}

static int gen(unsigned w, int depth) {
    if (nn > MAX_NODES - 200 || depth <= 0 || below(8) == 0) return below(2) ? random_const(w) : var(w, depth);
    if (below(5) == 0) {
        int r = reuse(w);
        if (r >= 0) return r;
    }
    for (;;) {
        switch (below(11)) {
        case 0: case 1: case 2: case 3: return gen_binary(w, depth);
        case 4: case 5:
            if (w != 1) continue;
            unsigned kw = pick_width();
            return node(EXPR_EQ + (int)below(5), 1, operand(kw, depth - 1), gen(kw, depth - 1), -1);
        case 6: return node(EXPR_NOT, w, gen(w, depth - 1), -1, -1);
        case 7: return node(EXPR_ITE, w, gen(1, depth - 1), gen(w, depth - 1), gen(w, depth - 1));
        case 8: {
            unsigned sw = pick_width();
            if (sw < w) continue;
            int i = node(EXPR_EXTRACT, w, gen(sw, depth - 1), -1, -1);
            nodes[i].off = below(sw - w + 1);
            return i;
        }
        case 9: {
            if (w == 1) continue;
            unsigned sw = 1 + below(w - 1);
            return node(below(2) ? EXPR_ZEXT : EXPR_SEXT, w, gen(sw, depth - 1), -1, -1);
        }
        default: {
            if (w == 1) continue;
            unsigned hw = 1 + below(w - 1);
            return node(EXPR_CONCAT, w, gen(hw, depth - 1), gen(w - hw, depth - 1), -1);
        }
        }
    }
}

/* ---- reference evaluation of the AST ---- */

static uint8_t inputs[2][ARRAY_SIZE];

static u128 teval(int i) {
    const TNode *t = &nodes[i];
    switch (t->kind) {
    case EXPR_CONST: return t->val;
    case EXPR_READ: {
        u128 idx = teval(t->kid[0]);
        for (int u = t->upd; u >= 0; u = upds[u].next)
            if (teval(upds[u].idx) == idx) return teval(upds[u].val);
        if (idx >= ARRAY_SIZE) return 0;
        return t->arr == 2 ? table_init[idx] : inputs[t->arr][idx];
    }
    case EXPR_CONCAT: return (teval(t->kid[0]) << nodes[t->kid[1]].w) | teval(t->kid[1]);
    case EXPR_EXTRACT: return (teval(t->kid[0]) >> t->off) & ref_mask(t->w);
    case EXPR_ZEXT: return teval(t->kid[0]);
    case EXPR_SEXT: return ref_sext(teval(t->kid[0]), nodes[t->kid[0]].w, t->w);
    case EXPR_ITE: return teval(t->kid[0]) ? teval(t->kid[1]) : teval(t->kid[2]);
    case EXPR_NOT: return ~teval(t->kid[0]) & ref_mask(t->w);
    default: return ref_binary(t->kind, teval(t->kid[0]), teval(t->kid[1]), nodes[t->kid[0]].w);
    }
}

/* ---- the same tree through the simplifying builders ---- */

static Expr *lbuild(int i);

static UpdateNode *lupd(int u) {
    if (u < 0) return NULL;
    UpdateNode *next = lupd(upds[u].next);
    Expr *idx = lbuild(upds[u].idx), *val = lbuild(upds[u].val);
    UpdateNode *r = expr_update(next, idx, val);
    expr_update_unref(next);
    expr_unref(idx);
    expr_unref(val);
    return r;
}

static Expr *lbuild(int i) {
    const TNode *t = &nodes[i];
    if (t->kind == EXPR_CONST) return expr_const(t->val, t->w);
    if (t->kind == EXPR_READ) {
        UpdateNode *u = lupd(t->upd);
        Expr *idx = lbuild(t->kid[0]);
        Expr *r = expr_read(arrays[t->arr], u, idx);
        expr_update_unref(u);
        expr_unref(idx);
        return r;
    }
    Expr *k[3] = {NULL, NULL, NULL}, *r;
    for (int j = 0; j < 3; j++)
        if (t->kid[j] >= 0) k[j] = lbuild(t->kid[j]);
    switch (t->kind) {
    case EXPR_CONCAT: r = expr_concat(k[0], k[1]); break;
    case EXPR_EXTRACT: r = expr_extract(k[0], t->off, t->w); break;
    case EXPR_ZEXT: r = expr_zext(k[0], t->w); break;
    case EXPR_SEXT: r = expr_sext(k[0], t->w); break;
    case EXPR_ITE: r = expr_ite(k[0], k[1], k[2]); break;
    case EXPR_NOT: r = expr_not(k[0]); break;
    default: r = expr_binary(t->kind, k[0], k[1]);
    }
    for (int j = 0; j < 3; j++) expr_unref(k[j]);
    return r;
}

/* ---- Z3 translations of both ---- */

static Z3_context zc;
static Z3_ast zarrays[3];

static Z3_ast zconst(u128 v, unsigned w) {
    if (w <= 64) return Z3_mk_unsigned_int64(zc, (uint64_t)v, Z3_mk_bv_sort(zc, w));
    Z3_ast hi = Z3_mk_unsigned_int64(zc, (uint64_t)(v >> 64), Z3_mk_bv_sort(zc, w - 64));
    return Z3_mk_concat(zc, hi, Z3_mk_unsigned_int64(zc, (uint64_t)v, Z3_mk_bv_sort(zc, 64)));
}

static Z3_ast zbit(Z3_ast cond) { return Z3_mk_ite(zc, cond, zconst(1, 1), zconst(0, 1)); }
static Z3_ast zis1(Z3_ast b) { return Z3_mk_eq(zc, b, zconst(1, 1)); }

static Z3_ast zop(int k, Z3_ast a, Z3_ast b, unsigned w) {
    switch (k) {
    case EXPR_ADD: return Z3_mk_bvadd(zc, a, b);
    case EXPR_SUB: return Z3_mk_bvsub(zc, a, b);
    case EXPR_MUL: return Z3_mk_bvmul(zc, a, b);
    case EXPR_UDIV: return Z3_mk_bvudiv(zc, a, b);
    case EXPR_SDIV: return Z3_mk_bvsdiv(zc, a, b);
    case EXPR_UREM: return Z3_mk_bvurem(zc, a, b);
    case EXPR_SREM: return Z3_mk_bvsrem(zc, a, b);
    case EXPR_AND: return Z3_mk_bvand(zc, a, b);
    case EXPR_OR: return Z3_mk_bvor(zc, a, b);
    case EXPR_XOR: return Z3_mk_bvxor(zc, a, b);
    case EXPR_SHL: return Z3_mk_bvshl(zc, a, b);
    case EXPR_LSHR: return Z3_mk_bvlshr(zc, a, b);
    case EXPR_ASHR: return Z3_mk_bvashr(zc, a, b);
    case EXPR_EQ: return zbit(Z3_mk_eq(zc, a, b));
    case EXPR_ULT: return zbit(Z3_mk_bvult(zc, a, b));
    case EXPR_ULE: return zbit(Z3_mk_bvule(zc, a, b));
    case EXPR_SLT: return zbit(Z3_mk_bvslt(zc, a, b));
    default: return zbit(Z3_mk_bvsle(zc, a, b));
    }
}

static Z3_ast zstructural(int kind, unsigned w, unsigned off, Z3_ast *k, unsigned kw) {
    switch (kind) {
    case EXPR_CONCAT: return Z3_mk_concat(zc, k[0], k[1]);
    case EXPR_EXTRACT: return Z3_mk_extract(zc, off + w - 1, off, k[0]);
    case EXPR_ZEXT: return Z3_mk_zero_ext(zc, w - kw, k[0]);
    case EXPR_SEXT: return Z3_mk_sign_ext(zc, w - kw, k[0]);
    case EXPR_ITE: return Z3_mk_ite(zc, zis1(k[0]), k[1], k[2]);
    case EXPR_NOT: return Z3_mk_bvnot(zc, k[0]);
    default: return zop(kind, k[0], k[1], kw);
    }
}

/* A read at idx after the writes (newest first) over arr, in the engine's
 * semantics: bytes past the end of an array read 0, as if the same writes
 * were made over an all-zero array there (expr.h). */
static Z3_ast zread(Z3_ast arr, const Z3_ast *ui, const Z3_ast *uv, int n, Z3_ast idx) {
    Z3_ast past = Z3_mk_const_array(zc, Z3_mk_bv_sort(zc, 32), zconst(0, 8));
    for (int k = n; k-- > 0;) {
        arr = Z3_mk_store(zc, arr, ui[k], uv[k]);
        past = Z3_mk_store(zc, past, ui[k], uv[k]);
    }
    Z3_ast inside = Z3_mk_bvult(zc, idx, zconst(ARRAY_SIZE, 32));
    return Z3_mk_ite(zc, inside, Z3_mk_select(zc, arr, idx), Z3_mk_select(zc, past, idx));
}

static Z3_ast ztree(int i) {
    const TNode *t = &nodes[i];
    if (t->kind == EXPR_CONST) return zconst(t->val, t->w);
    if (t->kind == EXPR_READ) {
        Z3_ast ui[64], uv[64];
        int n = 0;
        for (int u = t->upd; u >= 0; u = upds[u].next, n++) {
            ui[n] = ztree(upds[u].idx);
            uv[n] = ztree(upds[u].val);
        }
        return zread(zarrays[t->arr], ui, uv, n, ztree(t->kid[0]));
    }
    Z3_ast k[3];
    for (int j = 0; j < 3; j++)
        if (t->kid[j] >= 0) k[j] = ztree(t->kid[j]);
    return zstructural(t->kind, t->w, t->off, k, nodes[t->kid[0]].w);
}

static int slot_of(const Array *a) {
    for (int i = 0; i < 3; i++)
        if (arrays[i] == a) return i;
    return 0;
}

static Z3_ast zexpr(const Expr *e) {
    if (e->kind == EXPR_CONST) return zconst(e->u.value, e->width);
    if (e->kind == EXPR_READ) {
        Z3_ast ui[64], uv[64];
        int n = 0;
        for (const UpdateNode *u = e->u.read.updates; u; u = u->next, n++) {
            ui[n] = zexpr(u->index);
            uv[n] = zexpr(u->value);
        }
        return zread(zarrays[slot_of(e->u.read.array)], ui, uv, n, zexpr(e->kids[0]));
    }
    Z3_ast k[3];
    for (unsigned j = 0; j < e->nkids; j++) k[j] = zexpr(e->kids[j]);
    return zstructural(e->kind, e->width, e->u.off, k, e->kids[0]->width);
}

static void z3_setup(void) {
    Z3_config cfg = Z3_mk_config();
    zc = Z3_mk_context(cfg);
    Z3_del_config(cfg);
    Z3_sort idx = Z3_mk_bv_sort(zc, 32), byte = Z3_mk_bv_sort(zc, 8);
    Z3_sort asort = Z3_mk_array_sort(zc, idx, byte);
    zarrays[0] = Z3_mk_const(zc, Z3_mk_string_symbol(zc, "in0"), asort);
    zarrays[1] = Z3_mk_const(zc, Z3_mk_string_symbol(zc, "in1"), asort);
    Z3_ast t = Z3_mk_const_array(zc, idx, zconst(0, 8));
    for (unsigned i = 0; i < ARRAY_SIZE; i++) t = Z3_mk_store(zc, t, zconst(i, 32), zconst(table_init[i], 8));
    zarrays[2] = t;
}

/* Z3_L_FALSE when Z3 proves them equal. */
static Z3_lbool z3_differ(Z3_ast a, Z3_ast b) {
    /* the default solver costs ~15 ms of set-up per query; the simple one, ~0.1 ms */
    Z3_solver s = Z3_mk_simple_solver(zc);
    Z3_solver_inc_ref(zc, s);
    Z3_params p = Z3_mk_params(zc);
    Z3_params_inc_ref(zc, p);
    Z3_params_set_uint(zc, p, Z3_mk_string_symbol(zc, "timeout"), 1000);
    Z3_solver_set_params(zc, s, p);
    Z3_solver_assert(zc, s, Z3_mk_not(zc, Z3_mk_eq(zc, a, b)));
    Z3_lbool r = Z3_solver_check(zc, s);
    Z3_params_dec_ref(zc, p);
    Z3_solver_dec_ref(zc, s);
    return r;
}

/* ---- the rounds ---- */

static void random_inputs(int round) {
    for (int a = 0; a < 2; a++)
        for (int i = 0; i < ARRAY_SIZE; i++) {
            uint8_t special[] = {0, 1, 0x7f, 0x80, 0xff};
            inputs[a][i] = round == 0 ? 0 : below(3) ? (uint8_t)rng_next(&rng) : special[below(5)];
        }
}

static int report_limit = 10;

static void report(const char *what, int root, Expr *e) {
    if (report_limit-- <= 0) return;
    fprintf(stderr, "%s: tree root %d (width %u), simplified: ", what, root, nodes[root].w);
    expr_print(stderr, e);
    fputc('\n', stderr);
}

int main(void) {
    rng_seed(&rng, 20240607);
    arrays[0] = expr_array_new("in0", ARRAY_SIZE, NULL);
    arrays[1] = expr_array_new("in1", ARRAY_SIZE, NULL);
    arrays[2] = expr_array_new("table", ARRAY_SIZE, table_init);
    z3_setup();
    Assignment asg;
    assignment_init(&asg);
    int eval_mismatch = 0, z3_unsat = 0, z3_sat = 0, z3_unknown = 0, simplified = 0;
    for (int round = 0; round < ROUNDS; round++) {
        nn = nu = 0;
        heavy_max = round < Z3_ROUNDS ? 32 : 128;
        unsigned w = pick_width();
        int root = gen(w, 2 + (int)below(3));
        Expr *e = lbuild(root);
        if (e->width != w) eval_mismatch++;
        for (int k = 0; k < ASSIGNMENTS; k++) {
            random_inputs(k);
            assignment_set(&asg, arrays[0], inputs[0]);
            assignment_set(&asg, arrays[1], inputs[1]);
            u128 want = teval(root), got = expr_eval(e, &asg);
            if (want != got) {
                eval_mismatch++;
                report("eval mismatch", root, e);
                break;
            }
        }
        simplified += nn > 1 && expr_is_const(e);
        if (round < Z3_ROUNDS) {
            Z3_lbool r = z3_differ(ztree(root), zexpr(e));
            if (r == Z3_L_FALSE) z3_unsat++;
            else if (r == Z3_L_TRUE) {
                z3_sat++;
                report("z3 found a difference", root, e);
            } else z3_unknown++;
        }
        expr_unref(e);
        if (expr_live_count() != 0) eval_mismatch++;
    }
    printf("rounds %d: eval mismatches %d; z3 unsat %d sat %d unknown %d; folded to a constant %d\n", ROUNDS,
           eval_mismatch, z3_unsat, z3_sat, z3_unknown, simplified);
    CHECK(eval_mismatch == 0);
    CHECK(z3_sat == 0);
    CHECK(z3_unsat >= Z3_ROUNDS - Z3_ROUNDS / 50); /* at most 2% time-outs */
    CHECK(simplified > ROUNDS / 50);              /* the generator does exercise folding */
    assignment_free(&asg);
    Z3_del_context(zc);
    CHECK(expr_live_count() == 0);
    expr_shutdown();
    return check_report();
}
