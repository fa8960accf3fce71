/* Printing: SMT-LIB2 scripts (QF_ABV; logic ALL with floats) and a human-readable one-line form.
 *
 * The SMT-LIB2 output names every non-constant node once with a top-level
 * define-fun, in post-order, so the text is linear in the DAG size and never
 * nests deeper than one operator (deep lets can overflow a parser's stack).
 * Width-1 expressions stay bit-vectors of width 1; comparisons are turned into
 * bits with ite, and asserts compare with #b1. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "expr/expr_fp.h"
#include "expr/expr_internal.h"
#include "util/mathfn.h"
#include "util/util.h"

#define ARRAY_SORT "(Array (_ BitVec 32) (_ BitVec 8))"
#define STORES_PER_DEF 64

static void print_bits(FILE *f, u128 v, unsigned w) {
    if (w % 4 == 0) {
        fputs("#x", f);
        for (int i = (int)w / 4 - 1; i >= 0; i--) fputc("0123456789abcdef"[(unsigned)(v >> (4 * i)) & 15], f);
    } else {
        fputs("#b", f);
        for (int i = (int)w - 1; i >= 0; i--) fputc('0' + (int)((v >> i) & 1), f);
    }
}

/* A name is printed as-is inside |...| if it cannot be mistaken for one of our
 * own symbols (which start with '$') or break the quoting; otherwise it is
 * sanitized and made unique with the array id after a '~'. */
static char *array_symbol(const Array *a) {
    bool ok = a->name[0] != '$' && a->name[0] != '\0';
    for (const char *p = a->name; *p; p++)
        if (*p < 0x20 || *p > 0x7e || *p == '|' || *p == '\\' || *p == '~') ok = false;
    if (ok) return util_format("|%s|", a->name);
    char *s = util_format("|_%s~%u|", a->name, a->id);
    for (char *p = s + 2; *p != '~'; p++)
        if (*p < 0x20 || *p > 0x7e || *p == '|' || *p == '\\' || *p == '~') *p = '_';
    return s;
}

typedef struct Printer {
    FILE *f;
    PtrMap names;     /* Expr* -> id of its $e symbol */
    PtrMap *chains;   /* per array slot: UpdateNode* -> id of its $u symbol */
    PtrMap *zchains;  /* the same writes over the constant-0 array (an input's past its end) */
    ArraySet arrays;  /* arrays in slot order */
    char **base;      /* per slot: the symbol of the array without updates */
    unsigned next_id;
} Printer;

static size_t array_slot(const Printer *p, const Array *a) {
    for (size_t i = 0; i < p->arrays.len; i++)
        if (p->arrays.data[i] == a) return i;
    assert(!"array not collected");
    return 0;
}

static void print_ref(Printer *p, const Expr *e) {
    if (expr_is_const(e)) print_bits(p->f, e->u.value, e->width);
    else fprintf(p->f, "$e%u", (unsigned)*ptrmap_get(&p->names, e));
}

#define ZERO_ARRAY "((as const " ARRAY_SORT ") #x00)"

/* The store chain of (array, u), over the array or (zero) over the constant-0 array. */
static void print_chain_ref(Printer *p, size_t slot, const UpdateNode *u, bool zero) {
    PtrMap *chains = zero ? &p->zchains[slot] : &p->chains[slot];
    if (!u) fputs(zero ? ZERO_ARRAY : p->base[slot], p->f);
    else fprintf(p->f, "$u%u", (unsigned)*ptrmap_get(chains, u));
}

/* Defines the store chain of (array, u) and every suffix not yet defined, oldest first. */
static void define_chain(Printer *p, size_t slot, UpdateNode *u, bool zero) {
    PtrMap *chains = zero ? &p->zchains[slot] : &p->chains[slot];
    VEC(UpdateNode *) todo = {0};
    for (; u && !ptrmap_get(chains, u); u = u->next) VEC_PUSH(todo, u);
    while (todo.len) {
        UpdateNode *n = VEC_POP(todo);
        unsigned id = p->next_id++;
        fprintf(p->f, "(define-fun $u%u () " ARRAY_SORT " (store ", id);
        print_chain_ref(p, slot, n->next, zero);
        fputc(' ', p->f);
        print_ref(p, n->index);
        fputc(' ', p->f);
        print_ref(p, n->value);
        fputs("))\n", p->f);
        ptrmap_put(chains, n, id);
    }
    VEC_FREE(todo);
}

/* A read: a select, and where it may pass an input array's end, the same
 * writes over the constant-0 array there (expr.h: the array reads 0). */
static void print_read(Printer *p, const Expr *e) {
    size_t slot = array_slot(p, e->u.read.array);
    bool past = expr_read_may_pass_end(e);
    if (past) {
        fputs("(ite (bvult ", p->f);
        print_ref(p, e->kids[0]);
        fprintf(p->f, " #x%08x) ", e->u.read.array->size);
    }
    for (int side = 0; side <= past; side++) {
        fputs(side ? " (select " : "(select ", p->f);
        print_chain_ref(p, slot, e->u.read.updates, side);
        fputc(' ', p->f);
        print_ref(p, e->kids[0]);
        fputc(')', p->f);
    }
    if (past) fputc(')', p->f);
}

static const char *op_name(int k) {
    static const char *names[EXPR_KIND_COUNT] = {
        [EXPR_ADD] = "bvadd", [EXPR_SUB] = "bvsub", [EXPR_MUL] = "bvmul", [EXPR_UDIV] = "bvudiv",
        [EXPR_SDIV] = "bvsdiv", [EXPR_UREM] = "bvurem", [EXPR_SREM] = "bvsrem", [EXPR_AND] = "bvand",
        [EXPR_OR] = "bvor", [EXPR_XOR] = "bvxor", [EXPR_SHL] = "bvshl", [EXPR_LSHR] = "bvlshr",
        [EXPR_ASHR] = "bvashr", [EXPR_NOT] = "bvnot", [EXPR_EQ] = "=", [EXPR_ULT] = "bvult",
        [EXPR_ULE] = "bvule", [EXPR_SLT] = "bvslt", [EXPR_SLE] = "bvsle", [EXPR_CONCAT] = "concat",
    };
    return names[k];
}

/* ---- floating point: the kids are bit patterns, so every operand is viewed
 * as a float with to_fp and every float result turned back into bits, a NaN's
 * built from the operands' bits by expr_fp.h's rule, as z3_fp.c does ---- */

static const char *fp_to(unsigned w) { return w == 32 ? "(_ to_fp 8 24)" : "(_ to_fp 11 53)"; }
static const char *fp_rm(unsigned rm) {
    static const char *names[EXPR_ROUND_COUNT] = {"RNE", "RNA", "RTP", "RTN", "RTZ"};
    return names[rm];
}

static void fp_view(Printer *p, const Expr *e) {
    fprintf(p->f, "(%s ", fp_to(e->width));
    print_ref(p, e);
    fputc(')', p->f);
}

/* The float term of e, with its kids bound to x, y, z by the caller. */
static void fp_term(Printer *p, const Expr *e) {
    FILE *f = p->f;
    const char *rm = fp_rm(expr_kind_rounds(e->kind) ? e->u.off : EXPR_RNE);
    switch (e->kind) {
    case EXPR_FADD: fprintf(f, "(fp.add %s x y)", rm); return;
    case EXPR_FSUB: fprintf(f, "(fp.sub %s x y)", rm); return;
    case EXPR_FMUL: fprintf(f, "(fp.mul %s x y)", rm); return;
    case EXPR_FDIV: fprintf(f, "(fp.div %s x y)", rm); return;
    case EXPR_FREM: /* fmod from IEEE remainder: they differ by |y| when the signs differ */
        fputs("(let ((r (fp.rem x y))) (ite (and (not (fp.isZero r)) (not (= (fp.isNegative r) "
              "(fp.isNegative x)))) (fp.add RNE r (ite (fp.isNegative x) (fp.neg (fp.abs y)) (fp.abs y))) r))", f);
        return;
    case EXPR_FMA: fprintf(f, "(fp.fma %s x y z)", rm); return;
    case EXPR_FSQRT: fprintf(f, "(fp.sqrt %s x)", rm); return;
    case EXPR_FRINT: fprintf(f, "(fp.roundToIntegral %s x)", rm); return;
    case EXPR_FCONV: fprintf(f, "(%s %s x)", fp_to(e->width), rm); return;
    case EXPR_SITOF: fprintf(f, "(%s %s ", fp_to(e->width), rm); break;
    default: /* EXPR_UITOF */
        fprintf(f, "((_ to_fp_unsigned %u %u) %s ", e->width == 32 ? 8 : 11, e->width == 32 ? 24 : 53, rm);
        break;
    }
    print_ref(p, e->kids[0]);
    fputc(')', f);
}

/* A binary64 literal of d */
static void fp_double(FILE *f, double d) {
    fputs("((_ to_fp 11 53) ", f);
    print_bits(f, expr_fp_from_double(d, 64), 64);
    fputc(')', f);
}

/* As x86 converts (expr_fp_ftoi_rule); the range test on the truncated value
 * in binary64, which a binary32 widens to exactly. */
static void fp_ftoi(Printer *p, const Expr *e) {
    FILE *f = p->f;
    unsigned w = e->width;
    ExprFtoiRule r = expr_fp_ftoi_rule(e->kind == EXPR_FTOSI, w);
    fputs("(let ((t (fp.roundToIntegral RTZ ((_ to_fp 11 53) RNE x)))) (ite (and (not (fp.isNaN x)) (fp.leq ", f);
    fp_double(f, r.lo); /* -0 is in a range starting at 0 */
    fputs(" t) (fp.lt t ", f);
    fp_double(f, r.hi);
    fprintf(f, ")) ((_ extract %u 0) ((_ fp.to_sbv %u) RTZ x)) ", w - 1, r.conv);
    print_bits(f, r.other, w);
    fputs("))", f);
}

/* expr_fp_nan_pass on the bits of kid k, a NaN, for a result of width w. */
static void fp_nan_pass(Printer *p, const Expr *k, unsigned w) {
    FILE *f = p->f;
    unsigned from = k->width, ff = from == 32 ? 23 : 52, tf = w == 32 ? 23 : 52;
    if (from == w) {
        fputs("(bvor ", f);
        print_ref(p, k);
        fputc(' ', f);
        print_bits(f, (u128)1 << (tf - 1), w);
        fputc(')', f);
        return;
    }
    /* the sign, an all-ones exponent and the quiet bit, then the payload's top */
    fprintf(f, "(concat ((_ extract %u %u) ", from - 1, from - 1);
    print_ref(p, k);
    fputs(") (concat ", f);
    print_bits(f, expr_mask(w - tf), w - tf);
    fprintf(f, tf < ff ? " ((_ extract %u %u) " : " (concat ((_ extract %u %u) ", ff - 2, tf < ff ? ff - tf : 0);
    print_ref(p, k);
    fputc(')', f);
    if (tf > ff) {
        fputc(' ', f);
        print_bits(f, 0, tf - ff);
        fputc(')', f);
    }
    fputs("))", f);
}

/* The bits of float v (let-bound): the platform's NaN where it is one. */
static void fp_result(Printer *p, const Expr *e) {
    FILE *f = p->f;
    static const char *names[] = {"x", "y", "z"};
    unsigned order[3], n = expr_fp_nan_sources(e->kind, order);
    for (unsigned i = 0; i < n; i++) {
        fprintf(f, "(ite (fp.isNaN %s) ", names[order[i]]);
        fp_nan_pass(p, e->kids[order[i]], e->width);
        fputc(' ', f);
    }
    fputs("(ite (fp.isNaN v) ", f);
    print_bits(f, expr_fp_nan(e->width), e->width);
    fputs(" (fp.to_ieee_bv v))", f);
    for (unsigned i = 0; i < n; i++) fputc(')', f);
}

/* An opaque function of the kids' bits, declared by declare_fcalls. */
static void fp_fcall(Printer *p, const Expr *e) {
    fprintf(p->f, "(%s.%u", mathfn_name((MathFn)e->u.off), e->width);
    for (unsigned i = 0; i < e->nkids; i++) {
        fputc(' ', p->f);
        print_ref(p, e->kids[i]);
    }
    fputc(')', p->f);
}

static void print_fp_body(Printer *p, const Expr *e) {
    FILE *f = p->f;
    static const char *names[] = {"x", "y", "z"};
    if (e->kind == EXPR_FCALL) {
        fp_fcall(p, e);
        return;
    }
    if (e->kind == EXPR_SITOF || e->kind == EXPR_UITOF) { /* never a NaN */
        fputs("(fp.to_ieee_bv ", f);
        fp_term(p, e);
        fputc(')', f);
        return;
    }
    fputs("(let (", f); /* the kids as floats x, y, z */
    for (unsigned i = 0; i < e->nkids; i++) {
        fprintf(f, "(%s ", names[i]);
        fp_view(p, e->kids[i]);
        fputc(')', f);
    }
    fputs(") ", f);
    switch (e->kind) {
    case EXPR_FOEQ: fputs("(ite (fp.eq x y) #b1 #b0)", f); break;
    case EXPR_FOLT: fputs("(ite (fp.lt x y) #b1 #b0)", f); break;
    case EXPR_FOLE: fputs("(ite (fp.leq x y) #b1 #b0)", f); break;
    case EXPR_FUNO: fputs("(ite (or (fp.isNaN x) (fp.isNaN y)) #b1 #b0)", f); break;
    case EXPR_FTOSI: case EXPR_FTOUI: fp_ftoi(p, e); break;
    default:
        fputs("(let ((v ", f);
        fp_term(p, e);
        fputs(")) ", f);
        fp_result(p, e);
        fputc(')', f);
    }
    fputc(')', f);
}

/* The defining term of a non-constant node whose kids are all named. */
static void print_body(Printer *p, const Expr *e) {
    FILE *f = p->f;
    if (expr_kind_is_fp(e->kind)) {
        print_fp_body(p, e);
        return;
    }
    switch (e->kind) {
    case EXPR_READ:
        print_read(p, e);
        return;
    case EXPR_EXTRACT: fprintf(f, "((_ extract %u %u)", e->u.off + e->width - 1, e->u.off); break;
    case EXPR_ZEXT: fprintf(f, "((_ zero_extend %u)", e->width - e->kids[0]->width); break;
    case EXPR_SEXT: fprintf(f, "((_ sign_extend %u)", e->width - e->kids[0]->width); break;
    case EXPR_ITE:
        fputs("(ite (= ", f);
        print_ref(p, e->kids[0]);
        fputs(" #b1) ", f);
        print_ref(p, e->kids[1]);
        fputc(' ', f);
        print_ref(p, e->kids[2]);
        fputc(')', f);
        return;
    default:
        if (expr_kind_is_cmp(e->kind)) fputs("(ite ", f);
        fprintf(f, "(%s", op_name(e->kind));
    }
    for (unsigned i = 0; i < e->nkids; i++) {
        fputc(' ', f);
        print_ref(p, e->kids[i]);
    }
    fputc(')', f);
    if (expr_kind_is_cmp(e->kind)) fputs(" #b1 #b0)", f);
}

static void define_expr(Printer *p, Expr *e) {
    if (expr_is_const(e)) return;
    if (e->kind == EXPR_READ && e->u.read.updates) {
        define_chain(p, array_slot(p, e->u.read.array), e->u.read.updates, false);
        if (expr_read_may_pass_end(e)) define_chain(p, array_slot(p, e->u.read.array), e->u.read.updates, true);
    }
    unsigned id = p->next_id++;
    fprintf(p->f, "(define-fun $e%u () (_ BitVec %u) ", id, e->width);
    print_body(p, e);
    fputs(")\n", p->f);
    ptrmap_put(&p->names, e, id);
}

/* Post-order over the DAG, update lists included (their indices and values
 * must be named before the chain that stores them). Entries are tagged
 * pointers: bit 0 = UpdateNode, bit 1 = already expanded. */
static void define_all(Printer *p, Expr *root, PtrMap *seen) {
    VEC(uintptr_t) st = {0};
    VEC_PUSH(st, (uintptr_t)root);
    while (st.len) {
        uintptr_t w = VEC_POP(st);
        void *ptr = (void *)(w & ~(uintptr_t)3);
        if (w & 2) {
            if (!(w & 1)) define_expr(p, ptr);
            continue;
        }
        if (ptrmap_get(seen, ptr)) continue;
        ptrmap_put(seen, ptr, 1);
        VEC_PUSH(st, w | 2);
        if (w & 1) {
            UpdateNode *u = ptr;
            if (u->next) VEC_PUSH(st, (uintptr_t)u->next | 1);
            VEC_PUSH(st, (uintptr_t)u->index);
            VEC_PUSH(st, (uintptr_t)u->value);
            continue;
        }
        Expr *e = ptr;
        for (unsigned i = 0; i < e->nkids; i++) VEC_PUSH(st, (uintptr_t)e->kids[i]);
        if (e->kind == EXPR_READ && e->u.read.updates) VEC_PUSH(st, (uintptr_t)e->u.read.updates | 1);
    }
    VEC_FREE(st);
}

static void declare_array(Printer *p, size_t slot) {
    Array *a = p->arrays.data[slot];
    char *sym = array_symbol(a);
    if (!a->init) {
        fprintf(p->f, "(declare-fun %s () " ARRAY_SORT ")\n", sym);
        p->base[slot] = sym;
        return;
    }
    /* Constant array: zero-filled base, nonzero bytes stored in chunks so no
     * single term nests more than STORES_PER_DEF deep. */
    char *prev = util_format("((as const " ARRAY_SORT ") #x00)");
    uint32_t i = 0;
    for (unsigned chunk = 0; i < a->size || chunk == 0; chunk++) {
        char *name = util_format("$c%zu_%u", slot, chunk);
        fprintf(p->f, "(define-fun %s () " ARRAY_SORT " ", name);
        unsigned n = 0;
        uint32_t j = i;
        for (; j < a->size && n < STORES_PER_DEF; j++) n += a->init[j] != 0;
        for (unsigned k = 0; k < n; k++) fputs("(store ", p->f);
        fputs(prev, p->f);
        for (; i < j; i++)
            if (a->init[i]) fprintf(p->f, " #x%08x #x%02x)", i, a->init[i]);
        fputs(")\n", p->f);
        free(prev);
        prev = name;
    }
    fprintf(p->f, "; %s is the constant array %s\n", prev, sym);
    free(sym);
    p->base[slot] = prev;
}

static void print_assert(FILE *f, Printer *p, Expr *c) {
    assert(c->width == 1);
    fputs("(assert (= ", f);
    print_ref(p, c);
    fputs(" #b1))\n", f);
}

/* What the script needs of floating point below root: whether any FP node
 * occurs (the logic), and which opaque functions, per width (fcalls[0] for
 * binary32, [1] for binary64, a bit per MathFn). */
typedef struct FpUse {
    bool any;
    uint64_t fcalls[2];
} FpUse;

static void fp_use(Expr *root, PtrMap *seen, FpUse *u) {
    VEC(Expr *) st = {0};
    VEC_PUSH(st, root);
    while (st.len) {
        Expr *e = VEC_POP(st);
        if (ptrmap_get(seen, e)) continue;
        ptrmap_put(seen, e, 1);
        u->any |= expr_kind_is_fp(e->kind);
        if (e->kind == EXPR_FCALL) u->fcalls[e->width == 64] |= (uint64_t)1 << e->u.off;
        for (unsigned i = 0; i < e->nkids; i++) VEC_PUSH(st, e->kids[i]);
    }
    VEC_FREE(st);
}

/* Each opaque function as an uninterpreted one of bits, as the Z3 translation has it. */
static void declare_fcalls(FILE *f, const FpUse *u) {
    for (unsigned wi = 0; wi < 2; wi++) {
        const char *sort = wi ? "(_ BitVec 64)" : "(_ BitVec 32)";
        for (unsigned fn = 0; fn < MATHFN_COUNT; fn++) {
            if (!(u->fcalls[wi] >> fn & 1)) continue;
            fprintf(f, "(declare-fun %s.%u (%s%s%s) %s)\n", mathfn_name((MathFn)fn), wi ? 64 : 32, sort,
                    mathfn_arity((MathFn)fn) > 1 ? " " : "", mathfn_arity((MathFn)fn) > 1 ? sort : "", sort);
        }
    }
}

void expr_print_smt2(FILE *f, Expr *const *constraints, size_t n, Expr *goal) {
    Printer p = {.f = f};
    ptrmap_init(&p.names);
    expr_collect_arrays_all(constraints, n, goal, &p.arrays);
    p.chains = util_calloc(p.arrays.len + 1, sizeof *p.chains);
    p.zchains = util_calloc(p.arrays.len + 1, sizeof *p.zchains);
    p.base = util_calloc(p.arrays.len + 1, sizeof *p.base);
    PtrMap scanned;
    ptrmap_init(&scanned);
    FpUse use = {0};
    if (goal) fp_use(goal, &scanned, &use);
    for (size_t i = 0; i < n; i++) fp_use(constraints[i], &scanned, &use);
    ptrmap_free(&scanned);
    fprintf(f, "(set-logic %s)\n", use.any ? "ALL" : "QF_ABV");
    declare_fcalls(f, &use);
    for (size_t i = 0; i < p.arrays.len; i++) {
        ptrmap_init(&p.chains[i]);
        ptrmap_init(&p.zchains[i]);
        declare_array(&p, i);
    }
    PtrMap seen;
    ptrmap_init(&seen);
    for (size_t i = 0; i < n; i++) define_all(&p, constraints[i], &seen);
    if (goal) define_all(&p, goal, &seen);
    for (size_t i = 0; i < n; i++) print_assert(f, &p, constraints[i]);
    if (goal) print_assert(f, &p, goal);
    fputs("(check-sat)\n", f);
    ptrmap_free(&seen);
    for (size_t i = 0; i < p.arrays.len; i++) {
        ptrmap_free(&p.chains[i]);
        ptrmap_free(&p.zchains[i]);
        free(p.base[i]);
    }
    free(p.chains);
    free(p.zchains);
    free(p.base);
    expr_array_set_free(&p.arrays);
    ptrmap_free(&p.names);
}

/* ---- human-readable form ---- */

static const char *kind_name(int k) {
    static const char *names[EXPR_KIND_COUNT] = {
        "const", "read", "concat", "extract", "zext", "sext", "ite", "add", "sub", "mul", "udiv",
        "sdiv", "urem", "srem", "and", "or", "xor", "shl", "lshr", "ashr", "not", "eq", "ult", "ule",
        "slt", "sle", "fadd", "fsub", "fmul", "fdiv", "frem", "fma", "fsqrt", "frint", "foeq", "folt",
        "fole", "funo", "fconv", "ftosi", "ftoui", "sitof", "uitof", "fcall",
    };
    return names[k];
}

static void print_u128(FILE *f, u128 v) {
    if (v >> 64) fprintf(f, "0x%llx%016llx", (unsigned long long)(v >> 64), (unsigned long long)v);
    else fprintf(f, "%llu", (unsigned long long)v);
}

/* Depth- and size-bounded: shared DAGs would print exponentially as trees. */
static void print_human(FILE *f, const Expr *e, unsigned depth, unsigned *budget) {
    if (depth > 32 || *budget == 0) {
        fputs("...", f);
        return;
    }
    (*budget)--;
    if (e->kind == EXPR_CONST) {
        print_u128(f, e->u.value);
        fprintf(f, ":w%u", e->width);
        return;
    }
    if (e->kind == EXPR_READ) {
        fprintf(f, "%s[", e->u.read.array->name);
        print_human(f, e->kids[0], depth + 1, budget);
        fputc(']', f);
        if (e->u.read.updates) fprintf(f, "@%u", e->u.read.updates->len);
        return;
    }
    fprintf(f, "(%s w%u", kind_name(e->kind), e->width);
    if (e->kind == EXPR_EXTRACT) fprintf(f, " @%u", e->u.off);
    if (expr_kind_rounds(e->kind) && e->u.off != EXPR_RNE) fprintf(f, " %s", fp_rm(e->u.off));
    if (e->kind == EXPR_FCALL) fprintf(f, " %s", mathfn_name((MathFn)e->u.off));
    for (unsigned i = 0; i < e->nkids; i++) {
        fputc(' ', f);
        print_human(f, e->kids[i], depth + 1, budget);
    }
    fputc(')', f);
}

void expr_print(FILE *f, Expr *e) {
    unsigned budget = 400;
    if (!e) fputs("null", f);
    else print_human(f, e, 0, &budget);
}
