/* Printing: SMT-LIB2 scripts (QF_ABV) and a human-readable one-line form.
 *
 * The SMT-LIB2 output names every non-constant node once with a top-level
 * define-fun, in post-order, so the text is linear in the DAG size and never
 * nests deeper than one operator (deep lets can overflow a parser's stack).
 * Width-1 expressions stay bit-vectors of width 1; comparisons are turned into
 * bits with ite, and asserts compare with #b1. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "expr/expr_internal.h"
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

static void print_chain_ref(Printer *p, size_t slot, const UpdateNode *u) {
    if (!u) fputs(p->base[slot], p->f);
    else fprintf(p->f, "$u%u", (unsigned)*ptrmap_get(&p->chains[slot], u));
}

/* Defines the store chain of (array, u) and every suffix not yet defined, oldest first. */
static void define_chain(Printer *p, size_t slot, UpdateNode *u) {
    VEC(UpdateNode *) todo = {0};
    for (; u && !ptrmap_get(&p->chains[slot], u); u = u->next) VEC_PUSH(todo, u);
    while (todo.len) {
        UpdateNode *n = VEC_POP(todo);
        unsigned id = p->next_id++;
        fprintf(p->f, "(define-fun $u%u () " ARRAY_SORT " (store ", id);
        print_chain_ref(p, slot, n->next);
        fputc(' ', p->f);
        print_ref(p, n->index);
        fputc(' ', p->f);
        print_ref(p, n->value);
        fputs("))\n", p->f);
        ptrmap_put(&p->chains[slot], n, id);
    }
    VEC_FREE(todo);
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

/* The defining term of a non-constant node whose kids are all named. */
static void print_body(Printer *p, const Expr *e) {
    FILE *f = p->f;
    switch (e->kind) {
    case EXPR_READ: {
        size_t slot = array_slot(p, e->u.read.array);
        fputs("(select ", f);
        print_chain_ref(p, slot, e->u.read.updates);
        break;
    }
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
    if (e->kind == EXPR_READ && e->u.read.updates)
        define_chain(p, array_slot(p, e->u.read.array), e->u.read.updates);
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

void expr_print_smt2(FILE *f, Expr *const *constraints, size_t n, Expr *goal) {
    Printer p = {.f = f};
    ptrmap_init(&p.names);
    for (size_t i = 0; i < n; i++) expr_collect_arrays(constraints[i], &p.arrays);
    if (goal) expr_collect_arrays(goal, &p.arrays);
    p.chains = util_calloc(p.arrays.len + 1, sizeof *p.chains);
    p.base = util_calloc(p.arrays.len + 1, sizeof *p.base);
    fputs("(set-logic QF_ABV)\n", f);
    for (size_t i = 0; i < p.arrays.len; i++) {
        ptrmap_init(&p.chains[i]);
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
        free(p.base[i]);
    }
    free(p.chains);
    free(p.base);
    expr_array_set_free(&p.arrays);
    ptrmap_free(&p.names);
}

/* ---- human-readable form ---- */

static const char *kind_name(int k) {
    static const char *names[EXPR_KIND_COUNT] = {
        "const", "read", "concat", "extract", "zext", "sext", "ite", "add", "sub", "mul", "udiv",
        "sdiv", "urem", "srem", "and", "or", "xor", "shl", "lshr", "ashr", "not", "eq", "ult", "ule",
        "slt", "sle",
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
