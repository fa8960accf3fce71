/* Register files shared between forked states (src/exec/state.c): a fork
 * copies the top frame's registers and shares the callers'; a return makes
 * the caller's the state's own before anything is written there. Random
 * call stacks, forks, writes, calls and returns over a family of states,
 * each checked against its own table of register values after every step;
 * ASan and the expression count catch a file freed while shared or never
 * freed. */
#include "check.h"
#include "exec/state.h"
#include "expr/expr.h"
#include "util/util.h"
#include <stdlib.h>
#include <string.h>

enum { NFN = 3, MAXS = 8, MAXDEPTH = 6, MAXREGS = 40 };

static IrFunction fns[NFN];
static Array *input;
static Rng rng;

/* A state and the values it must see: per frame, per register, a number
 * (0: unwritten); odd numbers are stored as symbolic values. */
typedef struct Shadow {
    State *s;
    uint32_t depth;
    uint32_t vals[MAXDEPTH][MAXREGS];
} Shadow;

static Shadow fam[MAXS];
static unsigned nfam;

/* input[k % 4] + k (8 bits): a new reference (the builders borrow their kids). */
static Expr *sym_value(uint32_t k) {
    Expr *idx = expr_const(k % 4, 32), *rd = expr_read(input, NULL, idx), *c = expr_const(k, 8);
    Expr *e = expr_add(rd, c);
    expr_unref(idx);
    expr_unref(rd);
    expr_unref(c);
    return e;
}

static Value make_value(uint32_t k) {
    if (!(k & 1)) return value_concrete(k);
    Value v = {0, sym_value(k), 0};
    return v;
}

static bool value_is(const Value *v, uint32_t k) {
    if (k == 0) return v->e == NULL && v->c == 0;
    if (!(k & 1)) return v->e == NULL && v->c == k;
    Expr *want = sym_value(k);
    bool same = v->e == want; /* hash-consed */
    expr_unref(want);
    return same;
}

static void write_top(Shadow *sh, uint32_t r, uint32_t k) {
    Frame *f = state_top(sh->s);
    value_release(&f->regs[r]);
    f->regs[r] = make_value(k);
    sh->vals[sh->depth - 1][r] = k;
}

static bool shadow_matches(const Shadow *sh) {
    if (sh->s->nframes != sh->depth) return false;
    for (uint32_t d = 0; d < sh->depth; d++) {
        const Frame *f = &sh->s->frames[d];
        for (uint32_t r = 0; r < f->fn->nregs; r++)
            if (!value_is(&f->regs[r], sh->vals[d][r])) return false;
    }
    return true;
}

static void push(Shadow *sh) {
    state_push_frame(sh->s, &fns[rng_below(&rng, NFN)]);
    memset(sh->vals[sh->depth], 0, sizeof sh->vals[0]);
    sh->depth++;
}

static void step(void) {
    Shadow *sh = &fam[rng_below(&rng, nfam)];
    switch (rng_below(&rng, 6)) {
    case 0: case 1: /* an instruction writes a register of the running frame */
        write_top(sh, (uint32_t)rng_below(&rng, state_top(sh->s)->fn->nregs), 1 + (uint32_t)rng_below(&rng, 1000));
        break;
    case 2: /* a call */
        if (sh->depth < MAXDEPTH) push(sh);
        break;
    case 3: /* a return, and the result written into the caller */
        if (sh->depth > 1) {
            state_pop_frame(sh->s);
            sh->depth--;
            write_top(sh, 0, 2 + 2 * (uint32_t)rng_below(&rng, 500));
        }
        break;
    default: /* a fork */
        if (nfam < MAXS) {
            fam[nfam] = *sh;
            fam[nfam].s = state_fork(sh->s, nfam);
            nfam++;
        } else { /* or a state ends, making room */
            unsigned i = (unsigned)(sh - fam);
            state_free(sh->s);
            fam[i] = fam[--nfam];
        }
        break;
    }
}

static void test_random_family(void) {
    rng_seed(&rng, 11);
    input = expr_array_new("regs_in", 4, NULL);
    for (unsigned i = 0; i < NFN; i++) fns[i].nregs = 5 + 17 * i; /* 5, 22, 39 */
    int rounds = check_scale(20000, 200000);
    bool all = true;
    for (int round = 0; round < 20 && all; round++) {
        nfam = 1;
        fam[0].s = state_new();
        fam[0].depth = 0;
        push(&fam[0]);
        for (int i = 0; i < rounds / 20 && all; i++) {
            step();
            for (unsigned k = 0; k < nfam && all; k++)
                if (!shadow_matches(&fam[k])) {
                    CHECK_MSG(false, "state %u's registers differ from its table (round %d, step %d)", k, round, i);
                    all = false;
                }
        }
        for (unsigned k = 0; k < nfam; k++) state_free(fam[k].s);
    }
    CHECK(all);
}

/* What is shared and what is copied, and the bytes each state is charged. */
static void test_sharing(void) {
    State *s = state_new();
    state_push_frame(s, &fns[2]);
    state_push_frame(s, &fns[0]);
    State *c = state_fork(s, 1);
    CHECK(c->frames[0].regs == s->frames[0].regs && c->frames[1].regs != s->frames[1].regs);
    size_t whole = (fns[2].nregs + fns[0].nregs) * sizeof(Value);
    CHECK(state_register_bytes(s) == fns[2].nregs * sizeof(Value) / 2 + fns[0].nregs * sizeof(Value));
    state_pop_frame(s);
    CHECK(s->frames[0].regs != c->frames[0].regs); /* the caller is the state's own again */
    CHECK(state_register_bytes(c) == whole);
    state_free(s);
    state_free(c);
}

int main(void) {
    test_random_family();
    test_sharing();
    CHECK(expr_live_count() == 0);
    expr_shutdown();
    return check_report();
}
