/* The persistent assignment (src/expr/assignment.c), against a plain table
 * per version: random sets, copies, in-place writes, merges and clears over
 * several versions that share structure, each version checked whole (its
 * lookups, its enumeration in id order, its counts) after every step. A
 * change that reached a version sharing the changed node or leaf, or a
 * release that freed one still shared (ASan), fails it. */
#include "check.h"
#include "expr/expr.h"
#include "util/util.h"
#include <stdlib.h>
#include <string.h>

enum { NV = 6, NA = 1200, NFAR = 4, MAXSZ = 8 };

static Array *arrs[NA + NFAR]; /* the last NFAR come after thousands of others: deep, sparse paths */
static Assignment ver[NV];
static uint8_t has[NV][NA + NFAR], val[NV][NA + NFAR][MAXSZ];
static Rng rng;

static unsigned pick_array(void) {
    return rng_below(&rng, 20) == 0 ? NA + (unsigned)rng_below(&rng, NFAR) : (unsigned)rng_below(&rng, NA);
}

static void rand_bytes(uint8_t *b) {
    for (unsigned k = 0; k < MAXSZ; k++) b[k] = (uint8_t)rng_below(&rng, 256);
}

typedef struct Walk { unsigned v, seen; bool ordered, right; uint32_t last; } Walk;

static unsigned index_of(const Array *a) {
    for (unsigned i = 0; i < NA + NFAR; i++)
        if (arrs[i] == a) return i;
    return NA + NFAR;
}

static void visit(Array *a, const uint8_t *bytes, void *ctx) {
    Walk *w = ctx;
    unsigned i = index_of(a);
    w->ordered = w->ordered && (w->seen == 0 || a->id > w->last);
    w->last = a->id;
    w->seen++;
    w->right = w->right && i < NA + NFAR && has[w->v][i] && memcmp(bytes, val[w->v][i], a->size) == 0;
}

static bool version_matches(unsigned v) {
    size_t n = 0;
    uint64_t total = 0;
    uint32_t largest = 0;
    for (unsigned i = 0; i < NA + NFAR; i++) {
        const uint8_t *b = assignment_get(&ver[v], arrs[i]);
        if (!has[v][i] ? b != NULL : !b || memcmp(b, val[v][i], arrs[i]->size) != 0) return false;
        n += has[v][i];
        total += has[v][i] ? arrs[i]->size : 0;
        if (has[v][i] && arrs[i]->size > largest) largest = arrs[i]->size;
    }
    Walk w = {v, 0, true, true, 0};
    assignment_each(&ver[v], visit, &w);
    return w.ordered && w.right && w.seen == n && ver[v].n == n && ver[v].total_bytes == total &&
           ver[v].largest == largest;
}

static void step(void) {
    unsigned v = (unsigned)rng_below(&rng, NV), u = (unsigned)rng_below(&rng, NV), i = pick_array();
    uint8_t b[MAXSZ];
    rand_bytes(b);
    switch (rng_below(&rng, 10)) {
    case 0: case 1: case 2: case 3: /* set */
        assignment_set(&ver[v], arrs[i], b);
        has[v][i] = 1;
        memcpy(val[v][i], b, MAXSZ);
        break;
    case 4: case 5: /* copy */
        assignment_copy(&ver[v], &ver[u]);
        memcpy(has[v], has[u], sizeof has[v]);
        memcpy(val[v], val[u], sizeof val[v]);
        break;
    case 6: { /* write in place */
        uint8_t *m = assignment_bytes_mut(&ver[v], arrs[i]);
        CHECK((m != NULL) == (has[v][i] != 0));
        if (m) {
            memcpy(m, b, arrs[i]->size);
            memcpy(val[v][i], b, MAXSZ);
        }
        break;
    }
    case 7: /* merge */
        assignment_merge(&ver[v], &ver[u]);
        for (unsigned k = 0; k < NA + NFAR; k++)
            if (has[u][k]) {
                has[v][k] = 1;
                memcpy(val[v][k], val[u][k], MAXSZ);
            }
        break;
    case 8: /* set from bytes another version (or this one) holds */
        if (has[u][i]) {
            assignment_set(&ver[v], arrs[i], assignment_get(&ver[u], arrs[i]));
            has[v][i] = 1;
            memcpy(val[v][i], val[u][i], MAXSZ);
        }
        break;
    default:
        if (rng_below(&rng, 8) == 0) { /* clear, now and then */
            assignment_clear(&ver[v]);
            memset(has[v], 0, sizeof has[v]);
        }
        break;
    }
}

static void test_against_tables(void) {
    rng_seed(&rng, 7);
    char name[24];
    for (unsigned i = 0; i < NA; i++) {
        snprintf(name, sizeof name, "asg%u", i);
        arrs[i] = expr_array_new(name, 1 + i % MAXSZ, NULL);
    }
    for (unsigned i = 0; i < 40000; i++) { /* ids past 32768: four levels */
        snprintf(name, sizeof name, "filler%u", i);
        expr_array_new(name, 1, NULL);
    }
    for (unsigned i = 0; i < NFAR; i++) {
        snprintf(name, sizeof name, "far%u", i);
        arrs[NA + i] = expr_array_new(name, 1 + i, NULL);
    }
    for (unsigned v = 0; v < NV; v++) assignment_init(&ver[v]);
    int rounds = check_scale(4000, 40000);
    bool all = true;
    for (int r = 0; r < rounds && all; r++) {
        step();
        for (unsigned v = 0; v < NV && all; v++)
            if (!version_matches(v)) {
                CHECK_MSG(false, "version %u differs from its table after step %d", v, r);
                all = false;
            }
    }
    CHECK(all);
    for (unsigned v = 0; v < NV; v++) assignment_free(&ver[v]);
}

/* A copy costs no lookups and no bytes; a change then copies the one path. */
static void test_copy_shares(void) {
    Assignment a, b;
    assignment_init(&a);
    assignment_init(&b);
    uint8_t z[MAXSZ] = {0};
    for (unsigned i = 0; i < NA; i++) assignment_set(&a, arrs[i], z);
    uint64_t before = assignment_probes();
    assignment_copy(&b, &a);
    CHECK(assignment_probes() == before && b.root == a.root && b.n == NA);
    uint8_t one[MAXSZ] = {1};
    assignment_set(&b, arrs[5], one);
    CHECK(b.root != a.root && assignment_get(&a, arrs[5])[0] == 0 && assignment_get(&b, arrs[5])[0] == 1);
    CHECK(assignment_get(&a, arrs[6]) == assignment_get(&b, arrs[6])); /* the other leaves stay shared */
    assignment_free(&a);
    CHECK(assignment_get(&b, arrs[6])[0] == 0 && b.n == NA);
    assignment_free(&b);
}

int main(void) {
    test_against_tables();
    test_copy_shares();
    expr_shutdown();
    return check_report();
}
