#include "homi_features.h"
#include "../util/util.h"
#include <stdlib.h>

void homi_features_init(HomiFeatures *f) {
    ptrmap_init(&f->ids);
    f->exprs = NULL;
    f->n = f->cap = 0;
}

void homi_features_free(HomiFeatures *f) {
    for (uint32_t i = 0; i < f->n; i++) expr_unref(f->exprs[i]);
    free(f->exprs);
    ptrmap_free(&f->ids);
}

/* lv: input bytes read at constant indices (through no writes), joined or extended. */
static bool homi_lvalue(const Expr *e) {
    switch (e->kind) {
    case EXPR_READ:
        return !e->u.read.array->init && !e->u.read.updates && expr_is_const(e->kids[0]);
    case EXPR_CONCAT: return homi_lvalue(e->kids[0]) && homi_lvalue(e->kids[1]);
    case EXPR_ZEXT:
    case EXPR_SEXT: return homi_lvalue(e->kids[0]);
    default: return false;
    }
}

/* cond ::= lv == n (the builders may put the constant on either side) */
static bool homi_cond(const Expr *e) {
    if (e->kind != EXPR_EQ) return false;
    return (expr_is_const(e->kids[0]) && homi_lvalue(e->kids[1])) ||
           (expr_is_const(e->kids[1]) && homi_lvalue(e->kids[0]));
}

bool homi_feature_in_language(const Expr *e) {
    if ((e->kind == EXPR_AND || e->kind == EXPR_OR) && e->width == 1)
        return homi_cond(e->kids[0]) && homi_cond(e->kids[1]);
    return homi_cond(e);
}

static uint32_t homi_features_add(HomiFeatures *f, Expr *e) {
    if (f->n == f->cap) {
        f->cap = f->cap ? 2 * f->cap : 64;
        f->exprs = util_realloc(f->exprs, f->cap * sizeof *f->exprs);
    }
    f->exprs[f->n] = expr_ref(e);
    ptrmap_put(&f->ids, e, f->n);
    return f->n++;
}

static int homi_cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

uint32_t homi_features_of(HomiFeatures *f, const PathCond *pc, bool intern, uint32_t **buf, size_t *cap) {
    uint32_t n = 0;
    for (; pc; pc = pc->next) {
        u128 *id = ptrmap_get(&f->ids, pc->e);
        uint32_t got;
        if (id) got = (uint32_t)*id;
        else if (intern && homi_feature_in_language(pc->e)) got = homi_features_add(f, pc->e);
        else continue;
        if (n == *cap) {
            *cap = *cap ? 2 * *cap : 64;
            *buf = util_realloc(*buf, *cap * sizeof **buf);
        }
        (*buf)[n++] = got;
    }
    if (n > 1) qsort(*buf, n, sizeof **buf, homi_cmp_u32); /* (a NULL buffer when n is 0) */
    uint32_t k = 0; /* a constraint may repeat along a path */
    for (uint32_t i = 0; i < n; i++)
        if (!k || (*buf)[k - 1] != (*buf)[i]) (*buf)[k++] = (*buf)[i];
    return k;
}
