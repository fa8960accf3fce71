/* Floating-point expressions: fixed cases for what IEEE-754 and C define
 * exactly (fmod signs, the predicates' building blocks, rounding modes), then
 * a differential test: thousands of random float expressions over float and
 * double inputs, each evaluated by the expr evaluator, by Z3 (with the inputs
 * fixed, any other value is unsat) and by the same expression compiled
 * natively by clang, compared bit for bit (NaN payloads and signs, and the
 * x86 values of conversions out of range, included); and the SMT-LIB2
 * printer's text of every other one, run by Z3. test_fp_edges.c does the
 * same for each operation on edge inputs. */
#define _GNU_SOURCE
#include "check.h"
#include "expr/expr.h"
#include "expr/expr_fp.h"
#include "solver/solver.h"
#include "util/mathfn.h"
#include "util/util.h"
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <z3.h>

static SolverOptions opts0;

static u128 fbits(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }
static u128 dbits(double d) { uint64_t b; memcpy(&b, &d, 8); return b; }
static Expr *F(float f) { return expr_const(fbits(f), 32); }
static Expr *D(double d) { return expr_const(dbits(d), 64); }

/* Value of a builder applied to constants (folding), releasing everything. */
static u128 fold2(Expr *(*op)(ExprKind, ExprRound, Expr *, Expr *), ExprKind k, Expr *a, Expr *b) {
    Expr *r = op(k, EXPR_RNE, a, b);
    u128 v = r->u.value;
    expr_unref(r);
    expr_unref(a);
    expr_unref(b);
    return v;
}

static void test_fixed(void) {
    /* fmod keeps the dividend's sign */
    CHECK(fold2(expr_fbinary, EXPR_FREM, D(-7), D(2)) == dbits(-1));
    CHECK(fold2(expr_fbinary, EXPR_FREM, D(7), D(-2)) == dbits(1));
    CHECK(fold2(expr_fbinary, EXPR_FREM, D(-4), D(2)) == dbits(-0.0));
    CHECK(fold2(expr_fbinary, EXPR_FADD, F(0.1f), F(0.2f)) == fbits(0.1f + 0.2f));
    /* division by zero: infinities with the right sign */
    CHECK(fold2(expr_fbinary, EXPR_FDIV, D(1), D(-0.0)) == dbits(-INFINITY));
    /* rounding modes of integral rounding */
    Expr *h = D(2.5), *m = D(-2.5);
    static const double want_h[] = {2, 3, 3, 2, 2}, want_m[] = {-2, -3, -2, -3, -2};
    for (unsigned rm = 0; rm < EXPR_ROUND_COUNT; rm++) {
        Expr *rh = expr_frint((ExprRound)rm, h), *rmn = expr_frint((ExprRound)rm, m);
        CHECK_MSG(rh->u.value == dbits(want_h[rm]) && rmn->u.value == dbits(want_m[rm]), "rounding mode %u", rm);
        expr_unref(rh);
        expr_unref(rmn);
    }
    /* directed rounding of arithmetic: 1 + 2^-60 */
    Expr *one = D(1), *tiny = D(ldexp(1, -60));
    Expr *up = expr_fbinary(EXPR_FADD, EXPR_RTP, one, tiny), *dn = expr_fbinary(EXPR_FADD, EXPR_RTN, one, tiny);
    CHECK(up->u.value == dbits(nextafter(1.0, 2.0)) && dn->u.value == dbits(1.0));
    /* predicates on NaN and signed zeros */
    Expr *z = D(0.0), *nz = D(-0.0), *nan = D(NAN);
    Expr *eqz = expr_fcmp(EXPR_FOEQ, z, nz), *ltn = expr_fcmp(EXPR_FOLT, nan, z), *uno = expr_fcmp(EXPR_FUNO, nan, z);
    CHECK(expr_is_true(eqz) && expr_is_false(ltn) && expr_is_true(uno));
    /* integer to float: 2^24 + 1 does not fit a float's significand */
    Expr *i = expr_const(16777217, 32), *fi = expr_itof(true, EXPR_RNE, i, 32), *fu = expr_itof(false, EXPR_RTP, i, 32);
    CHECK(fi->u.value == fbits(16777216.0f) && fu->u.value == fbits(16777218.0f));
    Expr *all[] = {h, m, one, tiny, up, dn, z, nz, nan, eqz, ltn, uno, i, fi, fu};
    for (size_t k = 0; k < sizeof all / sizeof *all; k++) expr_unref(all[k]);
}

/* ---- random expressions, with their C text ---- */

typedef enum { T_F32, T_F64, T_I32, T_I64, T_BOOL } Ty;
typedef struct Gen { Expr *e; char *c; } Gen;

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}
static unsigned below(unsigned n) { return (unsigned)(rnd() % n); }

static Array *arr_a, *arr_b;
static const char *ctype(Ty t) {
    static const char *n[] = {"float", "double", "int32_t", "int64_t", "int"};
    return n[t];
}

static Gen leaf(Ty t) {
    static const double pool[] = {0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 3.0, 1e-40, 1e300, -1e300, 2147483648.0, 1.5, -2.5};
    Gen g;
    if (below(4) == 0 && (t == T_F32 || t == T_F64)) {
        double v = pool[below(sizeof pool / sizeof *pool)];
        g.e = t == T_F32 ? F((float)v) : D(v);
        g.c = t == T_F32 ? util_format("uf(0x%08xu)", (unsigned)fbits((float)v))
                         : util_format("ud(0x%016llxull)", (unsigned long long)dbits(v));
        return g;
    }
    Array *arr = below(2) ? arr_a : arr_b;
    const char *v = arr == arr_a ? "a" : "b";
    bool wide = t == T_F64 || t == T_I64;
    Expr *idx = expr_const(wide ? 8 : 0, 32);
    g.e = expr_read_le(arr, NULL, idx, wide ? 8 : 4);
    expr_unref(idx);
    static const char *names[] = {"f", "d", "i", "l"};
    g.c = util_format("%s%s", names[t], v);
    return g;
}

static Gen gen(Ty t, int depth);

static Gen wrap1(Gen k, Expr *e, char *c) {
    expr_unref(k.e);
    free(k.c);
    return (Gen){e, c};
}

static Gen gen_float(Ty t, int depth) {
    unsigned w = t == T_F32 ? 32 : 64;
    const char *sfx = t == T_F32 ? "f" : "";
    Ty other = t == T_F32 ? T_F64 : T_F32;
    static const char *ops[] = {"+", "-", "*", "/"};
    static const char *rints[] = {"roundeven", "round", "ceil", "floor", "trunc"};
    switch (below(11)) {
    case 0: case 1: case 2: { /* arithmetic and fmod */
        Gen x = gen(t, depth - 1), y = gen(t, depth - 1);
        unsigned k = below(5);
        Gen r = {expr_fbinary((ExprKind)(EXPR_FADD + k), EXPR_RNE, x.e, y.e),
                 k < 4 ? util_format("(%s)(%s %s %s)", ctype(t), x.c, ops[k], y.c) : util_format("fmod%s(%s, %s)", sfx, x.c, y.c)};
        expr_unref(x.e), expr_unref(y.e), free(x.c), free(y.c);
        return r;
    }
    case 3: { /* fma */
        Gen x = gen(t, depth - 1), y = gen(t, depth - 1), z = gen(t, depth - 1);
        Gen r = {expr_fma(EXPR_RNE, x.e, y.e, z.e), util_format("fma%s(%s, %s, %s)", sfx, x.c, y.c, z.c)};
        expr_unref(x.e), expr_unref(y.e), expr_unref(z.e), free(x.c), free(y.c), free(z.c);
        return r;
    }
    case 4: {
        Gen x = gen(t, depth - 1);
        return wrap1(x, expr_fsqrt(EXPR_RNE, x.e), util_format("sqrt%s(%s)", sfx, x.c));
    }
    case 5: {
        Gen x = gen(t, depth - 1);
        unsigned rm = below(EXPR_ROUND_COUNT);
        return wrap1(x, expr_frint((ExprRound)rm, x.e), util_format("%s%s(%s)", rints[rm], sfx, x.c));
    }
    case 6: {
        Gen x = gen(t, depth - 1);
        if (below(2)) return wrap1(x, expr_fneg(x.e), util_format("(-%s)", x.c));
        return wrap1(x, expr_fabs(x.e), util_format("fabs%s(%s)", sfx, x.c));
    }
    case 7: {
        Gen x = gen(other, depth - 1);
        return wrap1(x, expr_fconv(EXPR_RNE, x.e, w), util_format("(%s)(%s)", ctype(t), x.c));
    }
    case 8: {
        Ty it = below(2) ? T_I32 : T_I64;
        bool sg = below(2);
        Gen x = gen(it, depth - 1);
        return wrap1(x, expr_itof(sg, EXPR_RNE, x.e, w),
                     util_format("(%s)(%s%s)(%s)", ctype(t), sg ? "" : "u", ctype(it), x.c));
    }
    case 9: { /* an opaque math function: the host's libm, as the native program's */
        MathFn fn = (MathFn)below(MATHFN_COUNT);
        Gen x = gen(t, depth - 1);
        if (mathfn_arity(fn) == 1)
            return wrap1(x, expr_fcall(fn, x.e, NULL), util_format("%s%s(%s)", mathfn_name(fn), sfx, x.c));
        Gen y = gen(t, depth - 1);
        Gen r = {expr_fcall(fn, x.e, y.e), util_format("%s%s(%s, %s)", mathfn_name(fn), sfx, x.c, y.c)};
        expr_unref(x.e), expr_unref(y.e), free(x.c), free(y.c);
        return r;
    }
    default: return leaf(t);
    }
}

static bool has_fcall(const Expr *e) {
    if (e->kind == EXPR_FCALL) return true;
    for (unsigned i = 0; i < e->nkids; i++)
        if (has_fcall(e->kids[i])) return true;
    return false;
}

static Gen gen(Ty t, int depth) {
    if (depth <= 0 && t != T_BOOL) return leaf(t);
    if (t == T_F32 || t == T_F64) return gen_float(t, depth);
    if (t == T_BOOL) {
        Ty ft = below(2) ? T_F32 : T_F64;
        Gen x = gen(ft, depth - 1), y = gen(ft, depth - 1);
        unsigned k = below(4);
        static const char *cops[] = {"==", "<", "<="};
        Gen r = {expr_fcmp((ExprKind)(EXPR_FOEQ + k), x.e, y.e),
                 k < 3 ? util_format("(%s %s %s)", x.c, cops[k], y.c) : util_format("isunordered(%s, %s)", x.c, y.c)};
        expr_unref(x.e), expr_unref(y.e), free(x.c), free(y.c);
        return r;
    }
    if (below(3) == 0) return leaf(t);
    Ty ft = below(2) ? T_F32 : T_F64;
    bool sg = below(2);
    unsigned w = t == T_I32 ? 32 : 64;
    Gen x = gen(ft, depth - 1);
    /* out of range too: undefined in C, x86's value in this build (no UBSan) */
    return wrap1(x, expr_ftoi(sg, x.e, w), util_format("(%sint%u_t)(%s)", sg ? "" : "u", w, x.c));
}

static const char *prelude =
    "#define _GNU_SOURCE\n#include <math.h>\n#include <stdint.h>\n#include <stdio.h>\n#include <string.h>\n"
    "static float uf(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }\n"
    "static double ud(uint64_t b) { double d; memcpy(&d, &b, 8); return d; }\n"
    "static uint64_t bf(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }\n"
    "static uint64_t bd(double d) { uint64_t b; memcpy(&b, &d, 8); return b; }\n";

typedef struct Case { Expr *e; Ty t; uint8_t a[16], b[16]; } Case;

/* Input bytes: each float and double from a pool of special values, a NaN
 * of random sign and payload (quiet or signalling), or random bits. */
static void random_inputs(uint8_t *bytes) {
    static const double specials[] = {0.0, -0.0, 1.0, -1.0, INFINITY, -INFINITY, NAN, 1e-310, 3.0, 0.1, 1e20, -7.25};
    float f;
    double d;
    uint32_t fr = (uint32_t)rnd();
    uint64_t dr = rnd();
    unsigned pick = below(6);
    if (pick < 3) f = (float)specials[below(12)];
    else if (pick == 3) { fr = (fr & 0x807fffffu) | 0x7f800001u; memcpy(&f, &fr, 4); }
    else memcpy(&f, &fr, 4);
    pick = below(6);
    if (pick < 3) d = specials[below(12)];
    else if (pick == 3) { dr = (dr & 0x800fffffffffffffull) | 0x7ff0000000000001ull; memcpy(&d, &dr, 8); }
    else memcpy(&d, &dr, 8);
    memset(bytes, 0, 16);
    memcpy(bytes, &f, 4);
    memcpy(bytes + 8, &d, 8);
}

static Expr *fix_bytes(Array *arr, const uint8_t *bytes, Expr *acc) {
    for (uint32_t i = 0; i < 16; i++) {
        Expr *idx = expr_const(i, 32), *rd = expr_read(arr, NULL, idx), *v = expr_const(bytes[i], 8);
        Expr *eq = expr_eq(rd, v), *next = expr_bool_and(acc, eq);
        expr_unref(idx), expr_unref(rd), expr_unref(v), expr_unref(eq), expr_unref(acc);
        acc = next;
    }
    return acc;
}

/* The SMT-LIB2 printer's text of "inputs fixed and e != v", run by Z3: unsat
 * when the printed definitions mean what the evaluator computes. With an
 * opaque function (an uninterpreted one in the text) Z3 cannot know that, so
 * the text need only be a well-formed script: it is read without its
 * (check-sat), which could run for long on an uninterpreted float function. */
static bool smt2_agrees(Z3_context z, Expr *fixed, Expr *e, u128 v) {
    Expr *k = expr_const(v, e->width), *ne = expr_ne(e, k);
    char *text = NULL;
    size_t len = 0;
    FILE *mf = open_memstream(&text, &len);
    expr_print_smt2(mf, &fixed, 1, ne);
    fclose(mf);
    bool opaque = has_fcall(e);
    char *check = strstr(text, "(check-sat)");
    if (opaque && check) *check = 0;
    const char *answer = Z3_eval_smtlib2_string(z, text);
    bool ok = opaque ? strstr(answer, "error") == NULL : strncmp(answer, "unsat", 5) == 0;
    if (!ok) fprintf(stderr, "smt2 printer: %s\n%s", answer, text);
    Z3_eval_smtlib2_string(z, "(reset)");
    free(text);
    expr_unref(k);
    expr_unref(ne);
    return ok;
}

static void test_differential(int n) {
    arr_a = expr_array_new("a", 16, NULL);
    arr_b = expr_array_new("b", 16, NULL);
    Case *cases = util_calloc((size_t)n, sizeof *cases);
    char dir[] = "/tmp/symplex-fp-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char *src = util_format("%s/fp.c", dir), *exe = util_format("%s/fp", dir);
    FILE *f = fopen(src, "w");
    fputs(prelude, f);
    for (int i = 0; i < n; i++) {
        static const Ty roots[] = {T_F32, T_F64, T_F32, T_F64, T_BOOL, T_I32, T_I64};
        Case *c = &cases[i];
        c->t = roots[below(7)];
        Gen g = gen(c->t, 1 + (int)below(3));
        c->e = g.e;
        random_inputs(c->a);
        random_inputs(c->b);
        float fa, fb;
        double da, db;
        memcpy(&fa, c->a, 4), memcpy(&da, c->a + 8, 8), memcpy(&fb, c->b, 4), memcpy(&db, c->b + 8, 8);
        fprintf(f, "static void t%d(void) { float fa = uf(0x%08xu), fb = uf(0x%08xu); double da = ud(0x%016llxull), db = ud(0x%016llxull);\n"
                   "  int32_t ia = (int32_t)0x%08xu, ib = (int32_t)0x%08xu; int64_t la = (int64_t)0x%016llxull, lb = (int64_t)0x%016llxull;\n"
                   "  (void)fa, (void)fb, (void)da, (void)db, (void)ia, (void)ib, (void)la, (void)lb;\n",
                i, (unsigned)fbits(fa), (unsigned)fbits(fb), (unsigned long long)dbits(da), (unsigned long long)dbits(db),
                (unsigned)fbits(fa), (unsigned)fbits(fb), (unsigned long long)dbits(da), (unsigned long long)dbits(db));
        switch (c->t) {
        case T_F32: fprintf(f, "  printf(\"%%llu\\n\", (unsigned long long)bf(%s)); }\n", g.c); break;
        case T_F64: fprintf(f, "  printf(\"%%llu\\n\", (unsigned long long)bd(%s)); }\n", g.c); break;
        case T_I32: fprintf(f, "  printf(\"%%llu\\n\", (unsigned long long)(uint32_t)%s); }\n", g.c); break;
        case T_I64: fprintf(f, "  printf(\"%%llu\\n\", (unsigned long long)(uint64_t)%s); }\n", g.c); break;
        default: fprintf(f, "  printf(\"%%llu\\n\", (unsigned long long)(%s)); }\n", g.c); break;
        }
        free(g.c);
    }
    fputs("int main(void) {\n", f);
    for (int i = 0; i < n; i++) fprintf(f, "  t%d();\n", i);
    fputs("  return 0;\n}\n", f);
    fclose(f);
    char *cmd = util_format("/usr/lib/llvm-16/bin/clang -O0 -ffp-contract=off -w -o %s %s -lm && %s > %s.out", exe, src, exe, exe);
    int rc = system(cmd);
    CHECK_MSG(rc == 0, "native build or run failed: %s", cmd);
    char *out = util_format("%s.out", exe);
    FILE *res = fopen(out, "r");
    SolverStats st = {0};
    Solver *z3 = solver_z3_new(&opts0, &st);
    int agree_eval = 0, agree_z3 = 0, agree_smt2 = 0, smt2_checked = 0, n_opaque = 0;
    Z3_config zc = Z3_mk_config();
    Z3_context zctx = Z3_mk_context(zc);
    Z3_del_config(zc);
    for (int i = 0; i < n; i++) {
        Case *c = &cases[i];
        Assignment m;
        assignment_init(&m);
        assignment_set(&m, arr_a, c->a);
        assignment_set(&m, arr_b, c->b);
        u128 ev = expr_eval(c->e, &m);
        unsigned long long nat = 0;
        CHECK(res && fscanf(res, "%llu", &nat) == 1);
        bool ok = ev == (u128)nat;
        CHECK_MSG(ok, "case %d: evaluator %llx, native %llx", i, (unsigned long long)ev, nat);
        if (!ok) expr_print(stderr, c->e), fputc('\n', stderr);
        agree_eval += ok;
        Expr *fixed = fix_bytes(arr_b, c->b, fix_bytes(arr_a, c->a, expr_bool(true)));
        /* Z3's own terms decide: with the inputs fixed, e != ev must be unsat.
         * An opaque function is uninterpreted there, so Z3 could only find
         * models for evaluation to refute (test_opaque checks that), after a
         * search through the function's unconstrained values that can take
         * minutes: those expressions are left to the native comparison. */
        Expr *k = expr_const(ev, c->e->width), *ne = expr_ne(c->e, k);
        bool opaque = has_fcall(c->e);
        n_opaque += opaque;
        if (!opaque) {
            Query q = {&fixed, 1, ne, NULL, NULL, false};
            SolverResult r = solver_check(z3, &q, NULL);
            CHECK_MSG(r == SOLVER_UNSAT, "case %d: Z3 finds a value other than the evaluator's %llx (result %d)", i,
                      (unsigned long long)ev, r);
            agree_z3 += r == SOLVER_UNSAT;
            if (r != SOLVER_UNSAT) expr_print(stderr, c->e), fputc('\n', stderr);
        }
        expr_unref(k);
        expr_unref(ne);
        if (i % 2 == 0) { /* the printer on every other one: parsing is most of the test's time */
            bool p = smt2_agrees(zctx, fixed, c->e, ev);
            CHECK_MSG(p, "case %d: the SMT-LIB2 text disagrees", i);
            agree_smt2 += p;
            smt2_checked++;
        }
        expr_unref(fixed);
        expr_unref(c->e);
        assignment_free(&m);
    }
    printf("fp differential: %d expressions; evaluator = native on %d, evaluator = Z3 on %d, "
           "SMT-LIB2 text = evaluator on %d of %d; %d with an opaque function (native only)\n", n, agree_eval,
           agree_z3, agree_smt2, smt2_checked, n_opaque);
    CHECK_MSG(n_opaque >= n / 20, "opaque functions drawn: %d", n_opaque);
    Z3_del_context(zctx);
    if (res) fclose(res);
    solver_destroy(z3);
    free(cases);
    char *rm = util_format("rm -rf %s", dir);
    if (getenv("SYMPLEX_FP_KEEP")) printf("kept %s\n", dir); /* to read the generated C */
    else CHECK(system(rm) == 0);
    free(rm), free(cmd), free(out), free(src), free(exe);
}

/* Opaque functions in the solver: Z3's UNSAT through congruence is a proof,
 * and a model evaluation refutes is UNKNOWN, never SAT. */
static void test_opaque(void) {
    SolverStats st = {0};
    Solver *z3 = solver_z3_new(&opts0, &st);
    Array *arr = expr_array_new("xy", 16, NULL);
    Expr *i0 = expr_const(0, 32), *i8 = expr_const(8, 32);
    Expr *x = expr_read_le(arr, NULL, i0, 8), *y = expr_read_le(arr, NULL, i8, 8);
    Expr *sx = expr_fcall(MATHFN_SIN, x, NULL), *sy = expr_fcall(MATHFN_SIN, y, NULL);
    Expr *same = expr_eq(x, y), *differ = expr_ne(sx, sy);
    Query q = {&same, 1, differ, NULL, NULL, false};
    CHECK_MSG(solver_check(z3, &q, NULL) == SOLVER_UNSAT, "x == y and sin(x) != sin(y): unsat by congruence");
    Expr *two = D(2.0), *above = expr_fcmp(EXPR_FOLT, two, sx); /* sin(x) > 2 */
    Query q2 = {NULL, 0, above, NULL, NULL, false};
    Assignment m;
    assignment_init(&m);
    CHECK_MSG(solver_check(z3, &q2, &m) == SOLVER_UNKNOWN && st.opaque_rejected == 1,
              "sin(x) > 2: Z3's model refuted, unknown (rejected %llu)", (unsigned long long)st.opaque_rejected);
    Expr *zero = D(0.0), *c = expr_fcall(MATHFN_COS, zero, NULL);
    CHECK_MSG(expr_is_const(c) && c->u.value == dbits(1.0), "cos(0) folds to 1");
    Expr *f2 = F(2.0f), *f10 = F(10.0f), *p = expr_fcall(MATHFN_POW, f2, f10);
    CHECK_MSG(expr_is_const(p) && p->u.value == fbits(1024.0f), "powf(2, 10) folds to 1024");
    Expr *tmp[] = {i0, i8, x, y, sx, sy, same, differ, two, above, zero, c, f2, f10, p};
    for (size_t i = 0; i < sizeof tmp / sizeof *tmp; i++) expr_unref(tmp[i]);
    assignment_free(&m);
    solver_destroy(z3);
}

int main(void) {
    opts0.timeout_s = 10;
    test_fixed();
    test_opaque();
    /* make test-long: the count every CI ran before make test was split. At 10,000 (SYMPLEX_FP_ROUNDS=10000)
     * 5 cases differ from native: conversions of out-of-range doubles to unsigned integers (undefined in C,
     * x86's answer natively) and one constant fold; open, see the session note of 2026-11-28 */
    const char *rounds = getenv("SYMPLEX_FP_ROUNDS");
    test_differential(rounds ? atoi(rounds) : check_scale(600, 2000));
    expr_shutdown();
    return check_report();
}
