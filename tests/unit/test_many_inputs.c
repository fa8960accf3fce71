/* Many symbolic inputs (issue 29): the N-th input must cost O(1) amortised
 * in every layer it passes. Each layer counts its work, and the count for 4N
 * inputs must stay within 5x the count for N (quadratic work gives 16x):
 * - unique names (expr.c): N arrays made under one name probe the name table
 *   O(N) times, and are named as KLEE names them (name, name_1, name_2, ...,
 *   skipping a suffix taken by an explicit name);
 * - assignments (assignment.c): a model of N arrays is built and read back;
 * - a state's input list (state.c): a path makes N inputs and forks after
 *   each; the list is shared, not copied, and lists them in order. */
#include "check.h"
#include "exec/state.h"
#include "expr/expr.h"
#include "util/util.h"
#include <stdlib.h>
#include <string.h>

enum { N = 500 };

/* A ratio check with the counts in the message. */
static void check_linear(const char *what, uint64_t small, uint64_t large, unsigned n) {
    CHECK_MSG(small >= n && large <= 5 * small, "%s: %llu for %u inputs, %llu for %u", what,
              (unsigned long long)small, n, (unsigned long long)large, 4 * n);
}

static uint64_t names_work(const char *name, unsigned n) {
    uint64_t before = expr_array_name_probes();
    for (unsigned i = 0; i < n; i++) expr_array_new(name, 4, NULL);
    return expr_array_name_probes() - before;
}

static void test_names(void) {
    check_linear("name probes", names_work("v", N), names_work("w", 4 * N), N);
    Array *e = expr_array_new("e_2", 1, NULL);
    Array *a = expr_array_new("e", 1, NULL), *b = expr_array_new("e", 1, NULL);
    Array *c = expr_array_new("e", 1, NULL), *d = expr_array_new("e", 1, NULL);
    CHECK(strcmp(e->name, "e_2") == 0 && strcmp(a->name, "e") == 0 && strcmp(b->name, "e_1") == 0);
    CHECK(strcmp(c->name, "e_3") == 0 && strcmp(d->name, "e_4") == 0);
    Array *f = expr_array_new("e_1", 1, NULL); /* taken: its own suffix */
    CHECK(strcmp(f->name, "e_1_1") == 0);
}

static uint64_t assignment_work(unsigned n) {
    uint64_t before = assignment_probes();
    Assignment m, copy;
    assignment_init(&m);
    assignment_init(&copy);
    Array **arrs = util_malloc(n * sizeof *arrs);
    for (unsigned i = 0; i < n; i++) {
        arrs[i] = expr_array_new("m", 4, NULL);
        uint8_t bytes[4] = {(uint8_t)i, (uint8_t)(i >> 8), 1, 2};
        assignment_set(&m, arrs[i], bytes);
    }
    assignment_copy(&copy, &m);
    bool same = true;
    for (unsigned i = 0; i < n; i++) {
        const uint8_t *b = assignment_get(&copy, arrs[i]);
        same = same && b && b[0] == (uint8_t)i && b[1] == (uint8_t)(i >> 8) && b[3] == 2;
    }
    CHECK(same);
    free(arrs);
    assignment_free(&m);
    assignment_free(&copy);
    return assignment_probes() - before;
}

static void test_assignments(void) { check_linear("assignment probes", assignment_work(N), assignment_work(4 * N), N); }

/* A path making n inputs, forking after each; the children make one of their
 * own. Returns the input-list work. */
static uint64_t fork_work(unsigned n) {
    uint64_t before = state_symbolic_steps();
    State *s = state_new();
    State **kids = util_malloc(n * sizeof *kids);
    Array *mine = expr_array_new("kid", 1, NULL);
    for (unsigned i = 0; i < n; i++) {
        state_add_symbolic(s, expr_array_new("x", 1, NULL), "x");
        kids[i] = state_fork(s, i + 1);
        state_add_symbolic(kids[i], mine, "kid");
    }
    uint64_t work = state_symbolic_steps() - before;
    /* the list in make_symbolic order: the parent's n, then the child's own */
    Symbolic *syms = util_malloc((n + 1) * sizeof *syms);
    State *k = kids[n / 2];
    CHECK(k->nsyms == n / 2 + 2);
    state_symbolics(k, syms);
    bool ordered = true;
    for (unsigned i = 0; i + 2 < k->nsyms; i++) ordered = ordered && syms[i].array->id < syms[i + 1].array->id;
    CHECK(ordered && syms[k->nsyms - 1].array == mine && strcmp(syms[k->nsyms - 1].name, "kid") == 0);
    state_symbolics(s, syms);
    CHECK(s->nsyms == n && strcmp(syms[0].name, "x") == 0 && syms[n - 1].array->id > syms[0].array->id);
    free(syms);
    for (unsigned i = 0; i < n; i++) state_free(kids[i]);
    free(kids);
    state_free(s);
    return work;
}

static void test_input_list(void) { check_linear("input-list steps", fork_work(N), fork_work(4 * N), N); }

int main(void) {
    test_names();
    test_assignments();
    test_input_list();
    expr_shutdown();
    return check_report();
}
