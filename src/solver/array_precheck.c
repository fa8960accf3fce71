/* The ILP pre-check of an abstracted array query (array_precheck.h). */
#include "array_precheck.h"
#include "../util/util.h"

enum { PRECHECK_SCAN_MAX = 65536 }; /* positions looked at for a read's value interval */

/* A read's index range that GLPK narrowed beyond what propagation proved,
 * with what it was computed over: the first nrows rows of the system. */
typedef struct PrecheckNarrowed {
    size_t nrows;
    LinTerm t;
    IlpRange range;
} PrecheckNarrowed;

typedef VEC(PrecheckNarrowed) NarrowedVec;

/* The least and greatest value read r can take: its content at every
 * candidate position, and 0 if its index may leave the array (the array
 * semantics, array_abs.h). */
static void precheck_values(ArrayAbs *abs, uint32_t r, u128 *lo, u128 *hi) {
    const AbsRead copy = abs->reads.data[r], *rd = &copy; /* contents may add reads: the vector moves */
    uint64_t size = rd->array->size, last = rd->hi < size ? rd->hi : size - 1;
    *lo = 255;
    *hi = 0;
    if (rd->hi >= size) { /* past the end: 0, or what a write there put */
        *lo = 0;
        for (UpdateNode *u = rd->flat; u; u = u->next)
            if (u->index->u.value >= size) *hi = 255;
    }
    if (size == 0 || rd->lo > last) return;
    if ((last - rd->lo) / rd->modulus >= PRECHECK_SCAN_MAX) {
        *lo = 0;
        *hi = 255;
        return;
    }
    for (uint64_t j = rd->lo; j <= last && (*lo > 0 || *hi < 255); j++) {
        if (!array_abs_candidate_at(abs, r, j)) continue;
        Expr *c = array_abs_content(abs, r, (uint32_t)j);
        u128 a = 0, b = 255;
        if (expr_is_const(c)) a = b = c->u.value;
        if (a < *lo) *lo = a;
        if (b > *hi) *hi = b;
        expr_unref(c);
    }
}

/* The interval of read r's index; ILP_INFEASIBLE: the system has no integer
 * point (the query none, once the narrowed ranges are confirmed). */
static IlpResult precheck_index(LinSystem *sys, AbsRead *rd, NarrowedVec *narrowed, IlpStats *st) {
    PrecheckNarrowed n;
    if (!linear_system_term(sys, rd->index, &n.t)) return ILP_UNKNOWN;
    IlpResult r = ilp_range(sys, &n.t, ARRAY_PRECHECK_ILP_MS, &n.range, st);
    if (r == ILP_INFEASIBLE) return r;
    rd->lo = n.range.lo < 0 ? 0 : (uint64_t)n.range.lo;
    rd->hi = n.range.hi > UINT32_MAX ? UINT32_MAX : (uint64_t)n.range.hi;
    if (n.range.lo > n.range.exact_lo || n.range.hi < n.range.exact_hi) {
        n.nrows = linear_system_nrows(sys);
        VEC_PUSH(*narrowed, n);
    }
    return r;
}

/* Every narrowed range, in the order they were computed: each one's rows
 * hold the value bounds that the ones before it gave, so each is sound once
 * those are. */
static bool precheck_confirm(LinSystem *sys, const NarrowedVec *narrowed) {
    for (size_t i = 0; i < narrowed->len; i++) {
        const PrecheckNarrowed *n = &narrowed->data[i];
        if (!ilp_confirm_range(sys, n->nrows, &n->t, &n->range)) return false;
    }
    return true;
}

IlpResult array_precheck(ArrayAbs *abs, bool prune, IlpStats *st) {
    LinSystem *sys = linear_system_new();
    for (size_t i = 0; i < abs->cs.len; i++) linear_system_add(sys, abs->cs.data[i]);
    IlpResult r = linear_system_contradiction(sys) ? ILP_INFEASIBLE : ILP_UNKNOWN;
    NarrowedVec narrowed = {0};
    /* only reads the constraints made: contents abstracted below may add more */
    uint32_t nreads = (uint32_t)abs->reads.len;
    for (uint32_t i = 0; i < nreads && r != ILP_INFEASIBLE; i++) {
        AbsRead saved = abs->reads.data[i];
        if (precheck_index(sys, &abs->reads.data[i], &narrowed, st) == ILP_INFEASIBLE) r = ILP_INFEASIBLE;
        u128 vlo, vhi;
        precheck_values(abs, i, &vlo, &vhi);
        LinTerm t;
        if (vlo <= vhi && linear_system_term(sys, abs->reads.data[i].var, &t))
            linear_system_row(sys, &t, true, (i128)vlo, true, (i128)vhi);
        if (!prune) { /* the intervals served the value bounds only */
            abs->reads.data[i].lo = saved.lo;
            abs->reads.data[i].hi = saved.hi;
        }
    }
    if (r != ILP_INFEASIBLE && ilp_feasible(sys, ARRAY_PRECHECK_ILP_MS, st) == ILP_INFEASIBLE) r = ILP_INFEASIBLE;
    /* the value bounds rest on GLPK's ranges: an UNSAT needs them proven */
    if (r == ILP_INFEASIBLE && !precheck_confirm(sys, &narrowed)) {
        r = ILP_UNKNOWN;
        if (st) st->unconfirmed++;
    }
    VEC_FREE(narrowed);
    linear_system_free(sys);
    return r;
}
