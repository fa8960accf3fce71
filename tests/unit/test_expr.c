/* expr: hash-consing, reference counting, constant semantics of every operator
 * against an independent reference, targeted rewrites, evaluation, and
 * SMT-LIB2 output parsed back by Z3. The randomized differential check of the
 * simplifier lives in test_expr_random.c. */
#include <stdlib.h>
#include <string.h>
#include <z3.h>

#include "check.h"
#include "expr/expr.h"
#include "expr_ref.h"
#include "util/util.h"

static Array *in0;

static Expr *byte_of(Array *a, unsigned i) {
    Expr *idx = expr_const(i, 32);
    Expr *r = expr_read(a, NULL, idx);
    expr_unref(idx);
    return r;
}

static void test_hash_consing(void) {
    Expr *x = byte_of(in0, 0), *y = byte_of(in0, 1);
    Expr *x2 = byte_of(in0, 0);
    CHECK(x == x2);
    CHECK(x != y);
    Expr *s1 = expr_add(x, y), *s2 = expr_add(x, y), *s3 = expr_add(y, x);
    CHECK(s1 == s2);
    CHECK(s1 == s3); /* commutative operands are put in a canonical order */
    CHECK(s1->kind == EXPR_ADD && s1->refs == 3);
    Expr *c1 = expr_const(5, 8), *c2 = expr_const(5, 8), *c3 = expr_const(5, 16);
    CHECK(c1 == c2 && c1 != c3);
    Expr *big = expr_const(((u128)1 << 127) | 3, 128), *big2 = expr_const(((u128)1 << 127) | 3, 128);
    CHECK(big == big2 && big->u.value == (((u128)1 << 127) | 3));
    Expr *all[] = {x, y, x2, s1, s2, s3, c1, c2, c3, big, big2};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++) expr_unref(all[i]);
    CHECK(expr_live_count() == 0);

    /* Update lists: equal lists are the same node, so equal reads are the same Expr. */
    Expr *i5 = expr_const(5, 32), *v = expr_const(9, 8), *sym = byte_of(in0, 2);
    Expr *si = expr_zext(sym, 32);
    UpdateNode *u1 = expr_update(NULL, si, v), *u2 = expr_update(NULL, si, v);
    CHECK(u1 == u2 && u1->len == 1);
    UpdateNode *u3 = expr_update(u1, i5, sym);
    CHECK(u3->len == 2 && u3->next == u1);
    Expr *r1 = expr_read(in0, u3, si), *r2 = expr_read(in0, u3, si);
    CHECK(r1 == r2);
    Expr *r3 = expr_read(in0, u2, i5);
    CHECK(r3->kind == EXPR_READ && r3->u.read.updates == u1);
    expr_unref(i5); expr_unref(v); expr_unref(sym); expr_unref(si);
    expr_update_unref(u1); expr_update_unref(u2);
    expr_unref(r1); expr_unref(r2); expr_unref(r3);
    CHECK(expr_live_count() > 0); /* u3 still holds its index and value */
    expr_update_unref(u3);
    CHECK(expr_live_count() == 0);
}

/* A 200000-long chain must be released and evaluated without recursion. */
static void test_long_chain(void) {
    Expr *x = byte_of(in0, 0);
    Expr *acc = expr_zext(x, 64);
    Expr *three = expr_const(3, 64);
    for (int i = 0; i < 200000; i++) {
        Expr *m = expr_mul(three, acc);
        Expr *n = expr_xor(m, acc);
        expr_unref(m);
        expr_unref(acc);
        acc = n;
    }
    Assignment a;
    assignment_init(&a);
    uint8_t bytes[8] = {7};
    assignment_set(&a, in0, bytes);
    u128 want = 7;
    for (int i = 0; i < 200000; i++) want = ((want * 3) ^ want) & ref_mask(64);
    CHECK(expr_eval(acc, &a) == want);
    assignment_free(&a);
    expr_unref(acc);
    expr_unref(three);
    expr_unref(x);
    CHECK(expr_live_count() == 0);
}

/* ---- every operator on constants ---- */

static u128 rand_val(Rng *r, unsigned w) {
    static const int special[] = {0, 1, 2, -1, -2};
    u128 v;
    switch (rng_below(r, 6)) {
    case 0: v = (u128)(__int128)special[rng_below(r, 5)]; break;
    case 1: v = (u128)1 << (w - 1); break;
    case 2: v = ((u128)1 << (w - 1)) - 1; break;
    default: v = ((u128)rng_next(r) << 64) | rng_next(r); v >>= rng_below(r, 128);
    }
    return v & ref_mask(w);
}

static u128 const_value(Expr *e) {
    u128 v = expr_is_const(e) ? e->u.value : ~(u128)0;
    expr_unref(e);
    return v;
}

static void check_binary_const(int k, u128 a, u128 b, unsigned w) {
    Expr *ea = expr_const(a, w), *eb = expr_const(b, w);
    Expr *r = expr_binary(k, ea, eb);
    u128 want = ref_binary(k, a, b, w);
    unsigned rw = k >= EXPR_EQ ? 1 : w;
    CHECK_MSG(expr_is_const(r) && r->width == rw && r->u.value == want, "kind %d width %u a=%llx b=%llx", k, w,
              (unsigned long long)a, (unsigned long long)b);
    expr_unref(r);
    expr_unref(ea);
    expr_unref(eb);
}

static void check_unary_const(u128 a, unsigned w, Rng *rng) {
    Expr *ea = expr_const(a, w);
    CHECK(const_value(expr_not(ea)) == (~a & ref_mask(w)));
    CHECK(const_value(expr_neg(ea)) == ref_neg(a, w));
    unsigned off = (unsigned)rng_below(rng, w), len = 1 + (unsigned)rng_below(rng, w - off);
    CHECK(const_value(expr_extract(ea, off, len)) == ((a >> off) & ref_mask(len)));
    unsigned to = w + (unsigned)rng_below(rng, 128 - w + 1);
    CHECK(const_value(expr_zext(ea, to)) == a);
    CHECK(const_value(expr_sext(ea, to)) == ref_sext(a, w, to));
    if (w < 128) {
        unsigned lw = 1 + (unsigned)rng_below(rng, 128 - w);
        u128 lo = rand_val(rng, lw);
        Expr *el = expr_const(lo, lw);
        CHECK(const_value(expr_concat(ea, el)) == ((a << lw) | lo));
        expr_unref(el);
    }
    Expr *c = expr_bool(a & 1), *other = expr_const(~a, w);
    CHECK(const_value(expr_ite(c, ea, other)) == ((a & 1) ? a : (~a & ref_mask(w))));
    expr_unref(c);
    expr_unref(other);
    expr_unref(ea);
}

static void test_constant_ops(void) {
    static const unsigned widths[] = {1, 7, 8, 16, 32, 33, 64, 100, 128};
    Rng rng;
    rng_seed(&rng, 42);
    for (size_t wi = 0; wi < sizeof widths / sizeof *widths; wi++) {
        unsigned w = widths[wi];
        for (int it = 0; it < 60; it++) {
            u128 a = rand_val(&rng, w), b = rand_val(&rng, w);
            if (it % 10 == 0) b = 0;                       /* division by zero */
            if (it % 10 == 1) b = w + rng_below(&rng, 3);  /* over-wide shift */
            b &= ref_mask(w);
            for (int k = EXPR_ADD; k <= EXPR_SLE; k++)
                if (k != EXPR_NOT) check_binary_const(k, a, b, w);
            check_unary_const(a, w, &rng);
        }
    }
    /* Hand-computed edge cases, in case the reference shares a mistake. */
    CHECK(ref_binary(EXPR_UDIV, 5, 0, 8) == 0xff);
    struct { int k; u128 a, b; unsigned w; u128 want; } cases[] = {
        {EXPR_UDIV, 5, 0, 8, 0xff},     {EXPR_UREM, 5, 0, 8, 5},       {EXPR_SDIV, 0xfb, 0, 8, 1},
        {EXPR_SDIV, 5, 0, 8, 0xff},     {EXPR_SREM, 0xfb, 0, 8, 0xfb}, {EXPR_SDIV, 0x80, 0xff, 8, 0x80},
        {EXPR_SREM, 0x80, 0xff, 8, 0},  {EXPR_SDIV, 0xf9, 2, 8, 0xfd}, {EXPR_SREM, 0xf9, 2, 8, 0xff},
        {EXPR_SREM, 7, 0xfe, 8, 1},     {EXPR_SHL, 1, 8, 8, 0},        {EXPR_LSHR, 0x80, 9, 8, 0},
        {EXPR_ASHR, 0x80, 200, 8, 0xff}, {EXPR_ASHR, 0x40, 200, 8, 0}, {EXPR_ASHR, 0x80, 3, 8, 0xf0},
        {EXPR_SHL, 1, 127, 128, (u128)1 << 127}, {EXPR_SHL, 1, 128, 128, 0},
        {EXPR_ASHR, (u128)1 << 127, 128, 128, ~(u128)0}, {EXPR_SDIV, (u128)1 << 127, ~(u128)0, 128, (u128)1 << 127},
        {EXPR_UDIV, 9, 0, 128, ~(u128)0}, {EXPR_SLT, 1, 0, 1, 1}, {EXPR_ADD, 1, 1, 1, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        Expr *ea = expr_const(cases[i].a, cases[i].w), *eb = expr_const(cases[i].b, cases[i].w);
        CHECK_MSG(const_value(expr_binary(cases[i].k, ea, eb)) == cases[i].want, "case %zu", i);
        CHECK_MSG(ref_binary(cases[i].k, cases[i].a, cases[i].b, cases[i].w) == cases[i].want, "ref case %zu", i);
        expr_unref(ea);
        expr_unref(eb);
    }
    CHECK(expr_live_count() == 0);
}

/* ---- targeted rewrites ---- */

/* Results are kept until the end of the test so pointer comparisons stay valid. */
static Expr *kept[64];
static int kept_n;
static Expr *KEEP(Expr *e) {
    kept[kept_n++] = e;
    return e;
}

static void test_rewrites(void) {
    Expr *x = byte_of(in0, 0), *y = byte_of(in0, 1);
    Expr *zero = expr_const(0, 8), *one = expr_const(1, 8), *ones = expr_const(0xff, 8);
    Expr *c3 = expr_const(3, 8), *c4 = expr_const(4, 8);
    CHECK(KEEP(expr_add(x, zero)) == x);
    CHECK(KEEP(expr_mul(one, x)) == x);
    CHECK(KEEP(expr_mul(x, zero)) == zero);
    CHECK(KEEP(expr_and(x, zero)) == zero);
    CHECK(KEEP(expr_and(ones, x)) == x);
    CHECK(KEEP(expr_or(x, zero)) == x);
    CHECK(KEEP(expr_xor(x, zero)) == x);
    CHECK(KEEP(expr_sub(x, x)) == zero);
    CHECK(KEEP(expr_xor(x, x)) == zero);
    CHECK(KEEP(expr_and(x, x)) == x);
    CHECK(KEEP(expr_or(x, x)) == x);
    CHECK(expr_is_true(KEEP(expr_eq(x, x))));
    CHECK(expr_is_false(KEEP(expr_ult(x, x))));
    CHECK(expr_is_true(KEEP(expr_ule(x, x))));
    Expr *nx = KEEP(expr_not(x));
    CHECK(KEEP(expr_not(nx)) == x);
    Expr *s = KEEP(expr_add(x, c3));
    CHECK(s->kind == EXPR_ADD && s->kids[0] == c3 && s->kids[1] == x); /* constant on the left */
    Expr *s2 = KEEP(expr_add(c4, s));
    CHECK(s2->kind == EXPR_ADD && expr_is_const(s2->kids[0]) && s2->kids[0]->u.value == 7 && s2->kids[1] == x);
    CHECK(KEEP(expr_sub(s2, c4)) == KEEP(expr_add(c3, x)));
    Expr *b = KEEP(expr_ult(x, y)), *tru = KEEP(expr_bool(true)), *fls = KEEP(expr_bool(false));
    CHECK(KEEP(expr_eq(tru, b)) == b);
    CHECK(KEEP(expr_eq(b, fls)) == KEEP(expr_not(b)));
    CHECK(KEEP(expr_ite(tru, x, y)) == x);
    CHECK(KEEP(expr_ite(b, y, y)) == y);
    CHECK(KEEP(expr_ite(b, tru, fls)) == b);
    /* extract/concat/ext */
    Expr *cat = KEEP(expr_concat(x, y));
    CHECK(KEEP(expr_extract(cat, 8, 8)) == x && KEEP(expr_extract(cat, 0, 8)) == y);
    CHECK(KEEP(expr_extract(cat, 0, 16)) == cat);
    Expr *z = KEEP(expr_zext(x, 32));
    CHECK(KEEP(expr_extract(z, 0, 8)) == x);
    Expr *hi = KEEP(expr_extract(z, 8, 8));
    CHECK(expr_is_const(hi) && hi->u.value == 0);
    Expr *sx = KEEP(expr_sext(y, 64));
    Expr *lo4 = KEEP(expr_extract(sx, 2, 4));
    CHECK(lo4->kind == EXPR_EXTRACT && lo4->kids[0] == y && lo4->u.off == 2);
    Expr *e1 = KEEP(expr_extract(z, 4, 4)), *e0 = KEEP(expr_extract(z, 0, 4));
    CHECK(KEEP(expr_concat(e1, e0)) == x);
    /* eq(c, zext(x)) */
    Expr *k300 = KEEP(expr_const(300, 32)), *k30 = KEEP(expr_const(30, 32));
    CHECK(expr_is_false(KEEP(expr_eq(k300, z))));
    Expr *eqz = KEEP(expr_eq(k30, z));
    CHECK(eqz->kind == EXPR_EQ && eqz->kids[1] == x && eqz->kids[0]->width == 8 && eqz->kids[0]->u.value == 30);
    /* human-readable form */
    char *buf = NULL;
    size_t len = 0;
    FILE *mf = open_memstream(&buf, &len);
    expr_print(mf, s2);
    fputc('|', mf);
    expr_print(mf, lo4);
    fclose(mf);
    CHECK_MSG(strcmp(buf, "(add w8 7:w8 in[0:w32])|(extract w4 @2 in[1:w32])") == 0, "%s", buf);
    free(buf);
    /* bool and/or */
    CHECK(KEEP(expr_bool_and(tru, b)) == b && expr_is_false(KEEP(expr_bool_and(b, fls))));
    CHECK(expr_is_true(KEEP(expr_bool_or(b, tru))) && KEEP(expr_bool_or(fls, b)) == b);
    for (int i = 0; i < kept_n; i++) expr_unref(kept[i]);
    kept_n = 0;
    Expr *all[] = {x, y, zero, one, ones, c3, c4};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++) expr_unref(all[i]);
    CHECK(expr_live_count() == 0);
}

/* The eq(c, f(x)) rewrites, checked exhaustively over an 8-bit x. */
static void test_eq_rewrites(void) {
    static const unsigned cs[] = {0, 1, 0x7f, 0x80, 0xff, 0x100, 0xff80, 0xffff, 0x1234};
    Expr *x = byte_of(in0, 0);
    Assignment a;
    assignment_init(&a);
    int bad = 0;
    for (size_t ci = 0; ci < sizeof cs / sizeof *cs; ci++)
        for (size_t ki = 0; ki < sizeof cs / sizeof *cs; ki++) {
            u128 c = cs[ci], k = cs[ki] & 0xff;
            Expr *c8 = expr_const(c, 8), *c16 = expr_const(c, 16), *k8 = expr_const(k, 8);
            Expr *f[5] = {expr_xor(k8, x), expr_add(k8, x), expr_not(x), expr_zext(x, 16), expr_sext(x, 16)};
            for (int fi = 0; fi < 5; fi++) {
                Expr *e = expr_eq(fi < 3 ? c8 : c16, f[fi]);
                for (unsigned v = 0; v < 256; v++) {
                    uint8_t in[4] = {(uint8_t)v};
                    assignment_set(&a, in0, in);
                    u128 fv = fi == 0 ? (k ^ v) : fi == 1 ? ((k + v) & 0xff) : fi == 2 ? (~v & 0xff)
                            : fi == 3 ? v : ref_sext(v, 8, 16);
                    u128 cv = fi < 3 ? (c & 0xff) : c;
                    bad += expr_eval(e, &a) != (cv == fv);
                }
                expr_unref(e);
                expr_unref(f[fi]);
            }
            expr_unref(c8);
            expr_unref(c16);
            expr_unref(k8);
        }
    CHECK(bad == 0);
    assignment_free(&a);
    expr_unref(x);
    CHECK(expr_live_count() == 0);
}

static void test_reads(void) {
    uint8_t init[4] = {10, 20, 30, 40};
    Array *carr = expr_array_new("const", 4, init);
    Expr *i1 = expr_const(1, 32), *i2 = expr_const(2, 32), *i9 = expr_const(9, 32);
    Expr *v77 = expr_const(77, 8), *sym = byte_of(in0, 0), *si = expr_zext(sym, 32);
    UpdateNode *u1 = expr_update(NULL, i1, v77);   /* [1] = 77 */
    UpdateNode *u2 = expr_update(u1, si, v77);     /* [sym] = 77 */
    UpdateNode *u3 = expr_update(u2, i2, sym);     /* [2] = sym */
    Expr *r;
    r = expr_read(carr, u1, i1); CHECK(r == v77); expr_unref(r);
    r = expr_read(carr, u1, i2); CHECK(expr_is_const(r) && r->u.value == 30); expr_unref(r);
    r = expr_read(carr, NULL, i9); CHECK(expr_is_const(r) && r->u.value == 0); expr_unref(r);
    r = expr_read(carr, u3, i2); CHECK(r == sym); expr_unref(r);
    r = expr_read(carr, u3, i1); /* stops at the symbolic index, skipping [2] */
    CHECK(r->kind == EXPR_READ && r->u.read.updates == u2);
    Assignment a;
    assignment_init(&a);
    uint8_t in[4] = {1, 0, 0, 0};
    assignment_set(&a, in0, in);
    CHECK(expr_eval(r, &a) == 77); /* sym = 1 aliases index 1 */
    in[0] = 3;
    assignment_set(&a, in0, in);
    CHECK(expr_eval(r, &a) == 77); /* u1 writes [1] */
    expr_unref(r);
    r = expr_read(carr, u3, si); /* [sym] under [2]=sym over [sym]=77 */
    CHECK(expr_eval(r, &a) == 77);
    in[0] = 2;
    assignment_set(&a, in0, in);
    CHECK(expr_eval(r, &a) == 2);
    expr_unref(r);
    Expr *le = expr_read_le(carr, NULL, i1, 3);
    CHECK(expr_is_const(le) && le->width == 24 && le->u.value == (40u << 16 | 30u << 8 | 20u));
    expr_unref(le);
    le = expr_read_le(in0, NULL, si, 2);
    CHECK(le->width == 16 && le->kind == EXPR_CONCAT);
    uint8_t in2[4] = {1, 0xaa, 0xbb, 0};
    assignment_set(&a, in0, in2);
    CHECK(expr_eval(le, &a) == 0xbbaa);
    Assignment b;
    assignment_init(&b);
    assignment_copy(&b, &a);
    CHECK(expr_eval(le, &b) == 0xbbaa && assignment_get(&b, in0)[1] == 0xaa);
    assignment_clear(&b);
    CHECK(expr_eval(le, &b) == 0 && assignment_get(&b, in0) == NULL);
    ArraySet set = {0};
    Expr *mix = expr_read(carr, u3, si);
    expr_collect_arrays(mix, &set);
    CHECK(set.len == 2);
    expr_collect_arrays(le, &set);
    CHECK(set.len == 2);
    expr_array_set_free(&set);
    expr_unref(mix);
    expr_unref(le);
    assignment_free(&a);
    assignment_free(&b);
    Expr *all[] = {i1, i2, i9, v77, sym, si};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++) expr_unref(all[i]);
    expr_update_unref(u1);
    expr_update_unref(u2);
    expr_update_unref(u3);
    CHECK(expr_live_count() == 0);
}

/* ---- SMT-LIB2 printing, parsed back by Z3 ---- */

static char *print_to_string(Expr **cs, size_t n) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    expr_print_smt2(f, cs, n, NULL);
    fclose(f);
    return buf;
}

static const char *z3_answer(const char *script) {
    static char out[64];
    Z3_config cfg = Z3_mk_config();
    Z3_context ctx = Z3_mk_context(cfg);
    Z3_del_config(cfg);
    const char *r = Z3_eval_smtlib2_string(ctx, script);
    snprintf(out, sizeof out, "%s", r);
    Z3_del_context(ctx);
    char *nl = strchr(out, '\n');
    if (nl) *nl = 0;
    return out;
}

static void check_smt(Expr **cs, size_t n, const char *want) {
    char *s = print_to_string(cs, n);
    const char *got = z3_answer(s);
    CHECK_MSG(strcmp(got, want) == 0, "z3 said '%s', expected %s for:\n%s", got, want, s);
    char *again = print_to_string(cs, n);
    CHECK(strcmp(s, again) == 0);
    free(s);
    free(again);
}

static void test_smt2(void) {
    Array *weird = expr_array_new("my input|2", 8, NULL);
    uint8_t init[300] = {0};
    for (int i = 0; i < 300; i += 3) init[i] = (uint8_t)(i + 1);
    Array *table = expr_array_new("$table", 300, init);
    Expr *i0 = expr_const(0, 32), *i4 = expr_const(4, 32);
    Expr *x = expr_read_le(weird, NULL, i0, 4);  /* 32-bit */
    Expr *j = expr_read_le(weird, NULL, i4, 4);
    Expr *k1000 = expr_const(1000, 32), *k3 = expr_const(3, 32), *k7 = expr_const(7, 8);
    Expr *c[8];
    /* 3x == 1000 mod 2^32 has a solution; additionally x < 1000 does not */
    Expr *m = expr_mul(k3, x);
    c[0] = expr_eq(m, k1000);
    check_smt(c, 1, "sat");
    c[1] = expr_ult(x, k1000);
    check_smt(c, 2, "unsat");
    {   /* the goal is asserted along with the constraints */
        char *buf = NULL;
        size_t len = 0;
        FILE *mf = open_memstream(&buf, &len);
        expr_print_smt2(mf, c + 1, 1, c[0]);
        fclose(mf);
        CHECK(strcmp(z3_answer(buf), "unsat") == 0);
        free(buf);
    }
    /* updates: write 7 at symbolic j, read back at constant 2 */
    UpdateNode *u = expr_update(NULL, j, k7);
    Expr *i2 = expr_const(2, 32);
    Expr *r = expr_read(weird, u, i2);
    Expr *base = expr_read(weird, NULL, i2);
    c[2] = expr_eq(r, k7);
    c[3] = expr_ne(base, k7);
    check_smt(c + 2, 2, "sat");     /* needs j == 2 */
    c[4] = expr_ne(j, i2);
    check_smt(c + 2, 3, "unsat");
    /* constant table with a symbolic index and an ite */
    Expr *k300 = expr_const(300, 32), *k45 = expr_const(36, 32), *k0 = expr_const(0, 32), *k5 = expr_const(5, 32);
    Expr *idx = expr_and(x, k300); /* 300 = 0b100101100 */
    Expr *k2e = expr_const(37, 8), *k44 = expr_const(44, 32);
    /* (a store at a symbolic index over this table takes Z3 seconds: keep it constant) */
    UpdateNode *uc = expr_update(NULL, k44, k2e);
    Expr *t = expr_read(table, uc, idx);
    Expr *tt = expr_ite(c[4], t, k2e);
    c[5] = expr_eq(tt, k2e);
    check_smt(c + 4, 2, "sat"); /* j != 2 and x & 300 == 36: table[36] = 37 */
    c[6] = expr_ne(idx, k45);
    check_smt(c + 4, 3, "sat"); /* the update wrote 37 at 44 as well */
    c[7] = expr_ne(idx, k44);
    check_smt(c + 4, 4, "unsat");
    /* 128-bit: zext(x) * 2^100 == 5 * 2^100 is sat, with x's high bit set as well */
    Expr *x128 = expr_zext(x, 128);
    Expr *p100 = expr_const((u128)1 << 100, 128);
    Expr *prod = expr_mul(x128, p100);
    Expr *want = expr_const((u128)5 << 100, 128);
    Expr *d[3];
    d[0] = expr_eq(prod, want);
    check_smt(d, 1, "sat");
    d[1] = expr_slt(x, k0);
    check_smt(d, 2, "sat"); /* high bits of x vanish above 2^128 */
    d[2] = expr_ult(x, k5);
    check_smt(d, 3, "unsat");
    /* the whole lot printed together still parses */
    check_smt(c, 8, "unsat");
    for (int i = 0; i < 8; i++) expr_unref(c[i]);
    for (int i = 0; i < 3; i++) expr_unref(d[i]);
    Expr *all[] = {i0, i4, x, j, k1000, k3, k7, m, i2, r, base, idx, t, k2e, tt, x128, p100, prod, want, k300, k45, k0, k5, k44};
    expr_update_unref(uc);
    for (size_t i = 0; i < sizeof all / sizeof *all; i++) expr_unref(all[i]);
    expr_update_unref(u);
    CHECK(expr_live_count() == 0);
}


/* Past its end an input array reads 0 unless a write put something there
 * (expr.h): in evaluation, folding and the printed SMT-LIB2 alike. */
static void test_past_end(void) {
    Array *a = expr_array_new("short", 3, NULL);
    Expr *k0 = expr_const(0, 8), *k7 = expr_const(7, 8), *k3 = expr_const(3, 32), *k5 = expr_const(5, 32);
    Expr *b3 = expr_read(in0, NULL, k3);
    Expr *i = expr_zext(b3, 32); /* in0[3]: a symbolic index */
    Expr *folded = expr_read(a, NULL, k5);
    CHECK(folded == k0);
    expr_unref(folded);
    UpdateNode *u = expr_update(NULL, k5, k7);
    Expr *r = expr_read(a, NULL, i), *w = expr_read(a, u, i);
    Expr *c[3] = {expr_uge(i, k3), expr_ne(r, k0), expr_eq(w, k7)};
    check_smt(c, 2, "unsat");     /* i >= 3 reads 0 */
    Expr *d[2] = {c[0], c[2]};
    check_smt(d, 2, "sat");       /* i = 5, where the write is */
    Assignment m;
    assignment_init(&m);
    uint8_t bytes[4] = {0, 0, 0, 5};
    assignment_set(&m, in0, bytes);
    CHECK(expr_eval(r, &m) == 0 && expr_eval(w, &m) == 7);
    assignment_free(&m);
    Expr *all[] = {k0, k7, k3, k5, b3, i, r, w, c[0], c[1], c[2]};
    for (size_t k = 0; k < sizeof all / sizeof *all; k++) expr_unref(all[k]);
    expr_update_unref(u);
}

int main(void) {
    in0 = expr_array_new("in", 4, NULL);
    Array *dup = expr_array_new("in", 2, NULL);
    CHECK(strcmp(dup->name, "in_1") == 0 && dup->id == 1 && expr_array_count() == 2);
    CHECK(expr_array_at(0) == in0);
    test_hash_consing();
    test_long_chain();
    test_constant_ops();
    test_rewrites();
    test_eq_rewrites();
    test_reads();
    test_smt2();
    test_past_end();
    expr_shutdown();
    CHECK(expr_array_count() == 0);
    return check_report();
}
