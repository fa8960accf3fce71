/* The linear relaxation of a bit-vector query (see linear.h). */
#include "linear.h"
#include "../util/util.h"
#include <stdlib.h>
#include <string.h>

/* What is collected before the Simplex is made (it needs the variable count);
 * kept open as a LinSystem for the ILP pre-check (linear_system_*). */
struct LinSystem {
    LinProblem *p;
    VEC(LinRow) rows;
    VEC(i128) vlo;   /* per variable */
    VEC(i128) vhi;
    LinProblem own;  /* p for an open system */
};
typedef LinSystem LinBuild;

static bool lin_mul(i128 a, i128 b, i128 *out) { return !__builtin_mul_overflow(a, b, out); }
static bool lin_add(i128 a, i128 b, i128 *out) { return !__builtin_add_overflow(a, b, out); }

/* The range of a w-bit value read unsigned or signed. */
static void lin_width_range(unsigned w, bool is_signed, i128 *lo, i128 *hi) {
    if (w >= 127) { /* not representable with room to spare: nothing this wide is kept */
        *lo = 1;
        *hi = 0;
        return;
    }
    if (is_signed) {
        *hi = ((i128)1 << (w - 1)) - 1;
        *lo = -*hi - 1;
    } else {
        *lo = 0;
        *hi = ((i128)1 << w) - 1;
    }
}

static uint32_t lin_new_var(LinBuild *b, i128 lo, i128 hi) {
    VEC_PUSH(b->vlo, lo);
    VEC_PUSH(b->vhi, hi);
    return b->p->nvars++;
}

static void lin_add_row(LinBuild *b, const LinTerm *t, bool has_lo, i128 lo, bool has_hi, i128 hi) {
    LinRow r = {t->n, util_malloc((t->n + 1) * sizeof(uint32_t)), util_malloc((t->n + 1) * sizeof(i128)), lo, hi,
                has_lo, has_hi};
    memcpy(r.vars, t->vars, t->n * sizeof(uint32_t));
    memcpy(r.coefs, t->coefs, t->n * sizeof(i128));
    VEC_PUSH(b->rows, r);
}

/* The view variable of an input integer; the first time both views exist
 * they are tied by u - s - 2^w b = 0, which is exact. */
static uint32_t lin_view(LinBuild *b, LinInt *li, bool is_signed) {
    if (li->view[is_signed] >= 0) return (uint32_t)li->view[is_signed];
    i128 lo, hi;
    lin_width_range(8 * li->nbytes, is_signed, &lo, &hi);
    li->view[is_signed] = (int32_t)lin_new_var(b, lo, hi);
    if (li->view[!is_signed] >= 0) {
        uint32_t bit = lin_new_var(b, 0, 1);
        LinTerm t = {.n = 3};
        t.vars[0] = (uint32_t)li->view[0];
        t.coefs[0] = 1;
        t.vars[1] = (uint32_t)li->view[1];
        t.coefs[1] = -1;
        t.vars[2] = bit;
        t.coefs[2] = -((i128)1 << (8 * li->nbytes));
        lin_add_row(b, &t, true, 0, true, 0);
    }
    return (uint32_t)li->view[is_signed];
}

/* The input integer e reads (a byte, or a little-endian run of bytes at
 * constant indices of one array with no writes), or NULL. */
static bool lin_byte(Expr *e, Array **a, uint32_t *idx) {
    if (e->kind != EXPR_READ || e->u.read.updates || e->kids[0]->kind != EXPR_CONST || e->u.read.array->init)
        return false;
    *a = e->u.read.array;
    *idx = (uint32_t)e->kids[0]->u.value;
    return true;
}

static bool lin_run(Expr *e, Array **a, uint32_t *off, uint32_t *nbytes) {
    if (e->kind == EXPR_READ) {
        *nbytes = 1;
        return lin_byte(e, a, off);
    }
    if (e->kind == EXPR_EXTRACT && e->u.off % 8 == 0 && e->width % 8 == 0) { /* whole bytes of a run */
        if (!lin_run(e->kids[0], a, off, nbytes)) return false;
        *off += e->u.off / 8;
        *nbytes = e->width / 8;
        return true;
    }
    if (e->kind != EXPR_CONCAT || e->width > 128) return false;
    Array *ah, *al;
    uint32_t oh, nh, ol, nl;
    if (!lin_run(e->kids[0], &ah, &oh, &nh) || !lin_run(e->kids[1], &al, &ol, &nl)) return false;
    if (ah != al || oh != ol + nl) return false;
    *a = al;
    *off = ol;
    *nbytes = nh + nl;
    return true;
}

static LinInt *lin_int(LinBuild *b, Array *a, uint32_t off, uint32_t nbytes) {
    LinProblem *p = b->p;
    for (uint32_t i = 0; i < p->nints; i++)
        if (p->ints[i].array == a && p->ints[i].off == off && p->ints[i].nbytes == nbytes) return &p->ints[i];
    if (p->nints == p->capints) {
        p->capints = p->capints ? 2 * p->capints : 8;
        p->ints = util_realloc(p->ints, p->capints * sizeof *p->ints);
    }
    p->ints[p->nints] = (LinInt){a, off, nbytes, {-1, -1}, false};
    return &p->ints[p->nints++];
}

static bool lin_term(LinBuild *b, Expr *e, bool is_signed, LinTerm *t);

/* t = x * k + y * m (k, m constants), with its range */
static bool lin_combine(LinTerm *t, const LinTerm *x, i128 k, const LinTerm *y, i128 m) {
    LinTerm r = {0};
    const LinTerm *src[2] = {x, y};
    i128 mul[2] = {k, m};
    for (int s = 0; s < 2; s++) {
        if (!src[s] || !mul[s]) continue;
        for (uint32_t i = 0; i < src[s]->n; i++) {
            i128 c;
            if (!lin_mul(src[s]->coefs[i], mul[s], &c)) return false;
            uint32_t j = 0;
            while (j < r.n && r.vars[j] != src[s]->vars[i]) j++;
            if (j == r.n) {
                if (r.n == LIN_MAX_TERMS) return false;
                r.vars[r.n] = src[s]->vars[i];
                r.coefs[r.n++] = 0;
            }
            if (!lin_add(r.coefs[j], c, &r.coefs[j])) return false;
        }
        i128 c, lo, hi;
        if (!lin_mul(src[s]->c, mul[s], &c) || !lin_add(r.c, c, &r.c)) return false;
        if (!lin_mul(src[s]->lo, mul[s], &lo) || !lin_mul(src[s]->hi, mul[s], &hi)) return false;
        if (mul[s] < 0) { i128 tmp = lo; lo = hi; hi = tmp; }
        if (!lin_add(r.lo, lo, &r.lo) || !lin_add(r.hi, hi, &r.hi)) return false;
    }
    *t = r;
    return true;
}

static void lin_const(LinTerm *t, i128 v) {
    memset(t, 0, sizeof *t);
    t->c = t->lo = t->hi = v;
}

/* A constant as the smaller in magnitude of its unsigned and signed readings:
 * both are congruent, and the small one keeps ranges tight (-1, not 2^w - 1). */
static i128 lin_small_const(const Expr *e) {
    i128 s = expr_signed(e->u.value, e->width);
    return s < 0 || e->width >= 127 ? s : (i128)e->u.value;
}

/* Is t's value exactly e's reading (signed or not) at e's width? */
static bool lin_fits(const LinTerm *t, unsigned w, bool is_signed) {
    i128 lo, hi;
    lin_width_range(w, is_signed, &lo, &hi);
    return t->lo >= lo && t->hi <= hi;
}

/* t congruent to e modulo 2^width (exact where a reader checks its range). */
static bool lin_mod_term(LinBuild *b, Expr *e, bool is_signed, LinTerm *t) {
    LinTerm x, y;
    switch ((ExprKind)e->kind) {
    case EXPR_CONST: lin_const(t, lin_small_const(e)); return e->width < 127;
    case EXPR_ADD:
    case EXPR_SUB:
        return lin_mod_term(b, e->kids[0], is_signed, &x) && lin_mod_term(b, e->kids[1], is_signed, &y) &&
               lin_combine(t, &x, 1, &y, e->kind == EXPR_ADD ? 1 : -1);
    case EXPR_MUL: {
        int k = e->kids[0]->kind == EXPR_CONST ? 0 : e->kids[1]->kind == EXPR_CONST ? 1 : -1;
        if (k < 0 || e->kids[k]->width >= 127) return false;
        return lin_mod_term(b, e->kids[1 - k], is_signed, &x) && lin_combine(t, &x, lin_small_const(e->kids[k]), NULL, 0);
    }
    case EXPR_SHL:
        if (e->kids[1]->kind != EXPR_CONST || e->kids[1]->u.value >= e->width || e->width >= 127) return false;
        return lin_mod_term(b, e->kids[0], is_signed, &x) &&
               lin_combine(t, &x, (i128)1 << (unsigned)e->kids[1]->u.value, NULL, 0);
    case EXPR_NOT: /* ~x = -x - 1 */
        if (e->width == 1 || !lin_mod_term(b, e->kids[0], is_signed, &x)) return false;
        lin_const(&y, -1);
        return lin_combine(t, &x, -1, &y, 1);
    case EXPR_EXTRACT: /* truncation keeps congruence modulo the narrower width */
        return e->u.off == 0 && lin_mod_term(b, e->kids[0], is_signed, t);
    default:
        return lin_term(b, e, is_signed, t);
    }
}

/* floor(a / d) and ceil(a / d) for d > 0 */
static i128 lin_floor_div(i128 a, i128 d) { return a >= 0 ? a / d : -((-a + d - 1) / d); }
static i128 lin_ceil_div(i128 a, i128 d) { return -lin_floor_div(-a, d); }

/* t read at width w as signed or not, exactly: t itself where its range fits,
 * else a fresh r in the reading's range with t - 2^w k - r = 0 for an integer
 * k, which is what wrapping around is. */
static bool lin_wrap(LinBuild *b, LinTerm *t, unsigned w, bool is_signed) {
    if (lin_fits(t, w, is_signed)) return true;
    i128 lo, hi;
    lin_width_range(w, is_signed, &lo, &hi);
    if (lo > hi || t->n + 2 > LIN_MAX_TERMS) return false;
    i128 m = (i128)1 << w, klo, khi;
    if (__builtin_sub_overflow(t->lo, hi, &klo) || __builtin_sub_overflow(t->hi, lo, &khi)) return false;
    klo = lin_ceil_div(klo, m);
    khi = lin_floor_div(khi, m);
    uint32_t r = lin_new_var(b, lo, hi), k = lin_new_var(b, klo, khi);
    LinTerm row = *t;
    row.vars[row.n] = k;
    row.coefs[row.n++] = -m;
    row.vars[row.n] = r;
    row.coefs[row.n++] = -1;
    i128 c = -t->c; /* the constant part goes into the bounds */
    lin_add_row(b, &row, true, c, true, c);
    memset(t, 0, sizeof *t);
    t->n = 1;
    t->vars[0] = r;
    t->coefs[0] = 1;
    t->lo = lo;
    t->hi = hi;
    return true;
}

/* t equal to e read signed or unsigned. */
static bool lin_term(LinBuild *b, Expr *e, bool is_signed, LinTerm *t) {
    Array *a;
    uint32_t off, nbytes;
    if (lin_run(e, &a, &off, &nbytes) && nbytes <= 15) {
        memset(t, 0, sizeof *t);
        t->n = 1;
        t->vars[0] = lin_view(b, lin_int(b, a, off, nbytes), is_signed);
        t->coefs[0] = 1;
        lin_width_range(8 * nbytes, is_signed, &t->lo, &t->hi);
        return true;
    }
    switch ((ExprKind)e->kind) {
    case EXPR_CONST:
        if (e->width >= 127) return false;
        lin_const(t, is_signed ? expr_signed(e->u.value, e->width) : (i128)e->u.value);
        return true;
    case EXPR_ZEXT: /* the narrow value read unsigned, which fits any reading of the wider one */
        return lin_term(b, e->kids[0], false, t);
    case EXPR_CONCAT: { /* hi * 2^w(lo) + lo, both read unsigned */
        LinTerm hi, lo;
        if (e->width >= 127 || !lin_term(b, e->kids[0], false, &hi) || !lin_term(b, e->kids[1], false, &lo)) return false;
        return lin_combine(t, &hi, (i128)1 << e->kids[1]->width, &lo, 1) && lin_wrap(b, t, e->width, is_signed);
    }
    case EXPR_SEXT:
        return lin_term(b, e->kids[0], true, t) && lin_wrap(b, t, e->width, is_signed);
    case EXPR_ADD: case EXPR_SUB: case EXPR_MUL: case EXPR_SHL: case EXPR_NOT: case EXPR_EXTRACT:
        return lin_mod_term(b, e, is_signed, t) && lin_wrap(b, t, e->width, is_signed);
    default:
        return false;
    }
}

/* x - y into a row bounded by [lo, hi] (has_lo/has_hi), if both are exact. */
static bool lin_compare(LinBuild *b, Expr *x, Expr *y, bool is_signed, bool has_lo, i128 lo, bool has_hi, i128 hi) {
    LinTerm tx, ty, d;
    if (x->width >= 127 || !lin_term(b, x, is_signed, &tx) || !lin_term(b, y, is_signed, &ty)) return false;
    if (!lin_combine(&d, &tx, 1, &ty, -1)) return false;
    /* the constant part moves into the bounds */
    if ((has_lo && __builtin_sub_overflow(lo, d.c, &lo)) || (has_hi && __builtin_sub_overflow(hi, d.c, &hi))) return false;
    if (d.n == 0) { /* constant: true, or the whole query is false */
        if ((has_lo && lo > 0) || (has_hi && hi < 0)) b->p->contradiction = true;
        return true;
    }
    lin_add_row(b, &d, has_lo, lo, has_hi, hi);
    return true;
}

/* x != y, a disjunction, made exact with a binary b and [lo, hi] the range of
 * d = x - y: d <= -1 + (hi + 1) b and d >= lo + (1 - lo) b, so b = 0 forces
 * x < y and b = 1 forces x > y. */
static bool lin_differ(LinBuild *b, Expr *x, Expr *y, bool is_signed) {
    LinTerm tx, ty, d;
    if (x->width >= 127 || !lin_term(b, x, is_signed, &tx) || !lin_term(b, y, is_signed, &ty)) return false;
    if (!lin_combine(&d, &tx, 1, &ty, -1)) return false;
    if (d.n == 0) {
        if (d.c == 0) b->p->contradiction = true;
        return true;
    }
    if (d.n + 1 > LIN_MAX_TERMS) return false;
    /* with D = d - c the variable part: D - m1 bit <= -1 - c and D - m2 bit >= lo - c */
    i128 m1, m2, h1, l2;
    if (__builtin_add_overflow(d.hi, 1, &m1) || __builtin_sub_overflow(1, d.lo, &m2)) return false;
    if (__builtin_sub_overflow(-1, d.c, &h1) || __builtin_sub_overflow(d.lo, d.c, &l2)) return false;
    if (m1 < 0) m1 = 0; /* d < 0 always: x != y holds whatever the bit */
    if (m2 < 0) m2 = 0;
    uint32_t bit = lin_new_var(b, 0, 1);
    LinTerm r = d;
    r.vars[r.n] = bit;
    r.coefs[r.n++] = -m1;
    lin_add_row(b, &r, false, 0, true, h1);
    r.coefs[r.n - 1] = -m2;
    lin_add_row(b, &r, true, l2, false, 0);
    return true;
}

/* One conjunct, or its negation; false if it is dropped. */
static bool lin_atom(LinBuild *b, Expr *e, bool neg) {
    if (e->kind == EXPR_NOT && e->width == 1) return lin_atom(b, e->kids[0], !neg);
    if (e->kind == EXPR_CONST) {
        if (!e->u.value != neg) b->p->contradiction = true;
        return true;
    }
    if (e->kind == EXPR_AND && e->width == 1 && !neg) {
        bool l = lin_atom(b, e->kids[0], false), r = lin_atom(b, e->kids[1], false);
        return l && r;
    }
    if (e->nkids != 2 || e->kids[0]->width == 1) return false;
    Expr *x = e->kids[0], *y = e->kids[1];
    switch ((ExprKind)e->kind) {
    case EXPR_EQ:
        if (neg) return lin_differ(b, x, y, false) || lin_differ(b, x, y, true);
        return lin_compare(b, x, y, false, true, 0, true, 0) || lin_compare(b, x, y, true, true, 0, true, 0);
    case EXPR_ULT: case EXPR_SLT: /* x < y: x - y <= -1; negated: y <= x */
        return neg ? lin_compare(b, y, x, e->kind == EXPR_SLT, false, 0, true, 0)
                   : lin_compare(b, x, y, e->kind == EXPR_SLT, false, 0, true, -1);
    case EXPR_ULE: case EXPR_SLE: /* x <= y; negated: y < x */
        return neg ? lin_compare(b, y, x, e->kind == EXPR_SLE, false, 0, true, -1)
                   : lin_compare(b, x, y, e->kind == EXPR_SLE, false, 0, true, 0);
    default:
        return false;
    }
}

static void lin_conjunct(LinBuild *b, Expr *e) {
    b->p->atoms++;
    if (lin_atom(b, e, false)) b->p->kept++;
}

static int lin_int_order(const void *x, const void *y) {
    const LinInt *a = x, *b = y;
    if (a->array->id != b->array->id) return a->array->id < b->array->id ? -1 : 1;
    if (a->off != b->off) return a->off < b->off ? -1 : 1;
    return a->nbytes < b->nbytes ? -1 : a->nbytes > b->nbytes;
}

/* Variables are made in the order the expressions are walked; the Simplex
 * (whose pivoting rule goes by index) gets them in a canonical order: the
 * inputs' views by array creation and offset, then the auxiliary variables. */
static uint32_t *lin_renumber(LinBuild *b) {
    LinProblem *p = b->p;
    uint32_t *perm = util_malloc((p->nvars + 1) * sizeof(uint32_t));
    for (uint32_t v = 0; v < p->nvars; v++) perm[v] = UINT32_MAX;
    if (p->nints) qsort(p->ints, p->nints, sizeof *p->ints, lin_int_order);
    uint32_t next = 0;
    for (uint32_t i = 0; i < p->nints; i++)
        for (int k = 0; k < 2; k++)
            if (p->ints[i].view[k] >= 0) {
                perm[p->ints[i].view[k]] = next;
                p->ints[i].view[k] = (int32_t)next++;
            }
    for (uint32_t v = 0; v < p->nvars; v++)
        if (perm[v] == UINT32_MAX) perm[v] = next++;
    return perm;
}

/* Integers that share bytes would be independent variables: each one that
 * overlaps another is tied to its bytes, u = sum 256^k byte_k, exactly. */
static void lin_tie_overlaps(LinBuild *b) {
    LinProblem *p = b->p;
    uint32_t nints = p->nints;
    for (uint32_t i = 0; i < nints; i++) {
        LinInt li = p->ints[i];
        if (li.tied) continue;
        bool overlaps = false;
        for (uint32_t j = 0; j < nints && !overlaps; j++)
            overlaps = j != i && p->ints[j].array == li.array && p->ints[j].off < li.off + li.nbytes &&
                       li.off < p->ints[j].off + p->ints[j].nbytes;
        if (!overlaps || li.nbytes == 1 || li.nbytes + 1 > LIN_MAX_TERMS) continue;
        p->ints[i].tied = true;
        LinTerm t = {.n = 1};
        t.vars[0] = lin_view(b, &p->ints[i], false);
        t.coefs[0] = 1;
        for (uint32_t k = 0; k < li.nbytes; k++) {
            t.vars[t.n] = lin_view(b, lin_int(b, li.array, li.off + k, 1), false);
            t.coefs[t.n++] = -((i128)1 << (8 * k));
        }
        lin_add_row(b, &t, true, 0, true, 0);
    }
}

bool linear_build(Expr *const *cs, size_t n, Expr *goal, LinProblem *p) {
    memset(p, 0, sizeof *p);
    LinBuild b = {.p = p};
    for (size_t i = 0; i < n; i++) lin_conjunct(&b, cs[i]);
    if (goal) lin_conjunct(&b, goal);
    lin_tie_overlaps(&b);
    bool any = b.rows.len > 0 || p->contradiction;
    uint32_t *perm = lin_renumber(&b);
    if (any) {
        p->sx = simplex_new(p->nvars);
        for (uint32_t v = 0; v < p->nvars; v++) simplex_bound(p->sx, perm[v], &b.vlo.data[v], &b.vhi.data[v]);
    }
    for (size_t i = 0; i < b.rows.len; i++) {
        LinRow *r = &b.rows.data[i];
        for (uint32_t k = 0; k < r->n; k++) r->vars[k] = perm[r->vars[k]];
        if (any) simplex_add_row(p->sx, r->n, r->vars, r->coefs, r->has_lo ? &r->lo : NULL, r->has_hi ? &r->hi : NULL);
        free(r->vars);
        free(r->coefs);
    }
    free(perm);
    VEC_FREE(b.rows);
    VEC_FREE(b.vlo);
    VEC_FREE(b.vhi);
    return any;
}

void linear_free(LinProblem *p) {
    simplex_free(p->sx);
    free(p->ints);
    memset(p, 0, sizeof *p);
}

void linear_assignment(const LinProblem *p, const i128 *values, const Assignment *base, Assignment *out) {
    if (base) assignment_copy(out, base);
    for (uint32_t i = 0; i < p->nints; i++) {
        const LinInt *li = &p->ints[i];
        const uint8_t *old = assignment_get(out, li->array);
        uint8_t *bytes = util_calloc(li->array->size + 1, 1);
        if (old) memcpy(bytes, old, li->array->size);
        i128 v = values[li->view[0] >= 0 ? li->view[0] : li->view[1]];
        unsigned __int128 u = (unsigned __int128)v; /* two's complement: the bytes of either view */
        for (uint32_t k = 0; k < li->nbytes && li->off + k < li->array->size; k++) bytes[li->off + k] = (uint8_t)(u >> (8 * k));
        assignment_set(out, li->array, bytes);
        free(bytes);
    }
}

/* ---- open systems ---- */
LinSystem *linear_system_new(void) {
    LinSystem *s = util_calloc(1, sizeof *s);
    s->p = &s->own;
    return s;
}

void linear_system_free(LinSystem *s) {
    if (!s) return;
    for (size_t i = 0; i < s->rows.len; i++) {
        free(s->rows.data[i].vars);
        free(s->rows.data[i].coefs);
    }
    VEC_FREE(s->rows);
    VEC_FREE(s->vlo);
    VEC_FREE(s->vhi);
    free(s->own.ints);
    free(s);
}

bool linear_keeps(Expr *conjunct) {
    LinSystem *s = linear_system_new();
    bool kept = linear_system_add(s, conjunct);
    linear_system_free(s);
    return kept;
}

bool linear_system_add(LinSystem *s, Expr *conjunct) {
    s->p->atoms++;
    bool kept = lin_atom(s, conjunct, false);
    s->p->kept += kept;
    return kept;
}

bool linear_system_term(LinSystem *s, Expr *e, LinTerm *t) {
    return e->width < 127 && lin_term(s, e, false, t);
}

void linear_system_row(LinSystem *s, const LinTerm *t, bool has_lo, i128 lo, bool has_hi, i128 hi) {
    /* the constant part moves into the bounds */
    if ((has_lo && __builtin_sub_overflow(lo, t->c, &lo)) || (has_hi && __builtin_sub_overflow(hi, t->c, &hi))) return;
    if (t->n == 0) {
        if ((has_lo && lo > 0) || (has_hi && hi < 0)) s->p->contradiction = true;
        return;
    }
    lin_add_row(s, t, has_lo, lo, has_hi, hi);
}

void linear_system_close(LinSystem *s) { lin_tie_overlaps(s); }
bool linear_system_contradiction(const LinSystem *s) { return s->p->contradiction; }
uint32_t linear_system_nvars(const LinSystem *s) { return s->p->nvars; }

void linear_system_bounds(const LinSystem *s, uint32_t v, i128 *lo, i128 *hi) {
    *lo = s->vlo.data[v];
    *hi = s->vhi.data[v];
}

size_t linear_system_nrows(const LinSystem *s) { return s->rows.len; }
const LinRow *linear_system_rows(const LinSystem *s) { return s->rows.data; }
