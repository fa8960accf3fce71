/* Phase I's inputs: the calls on a backward path that make program inputs,
 * and the input a trace's model stands for (target.h: TargetPlan.seeds).
 *
 * Phase I names values, not inputs: a nondet call's result is a fresh symbol,
 * and an object klee_make_symbolic filled is read by loads that nothing on the
 * path explains (the call clobbers what the walk knew of memory). So the walk
 * notes, at each such call, the symbol of its result, or the loads of the
 * object met later on the path; under a model of the trace's path condition
 * those give the input's bytes. Objects come in the order forward execution
 * makes them (the walk meets them last first), which is how a Seed is read.
 * Inputs made where the walk did not go (a deferred callee, a summarised
 * loop) are missing, and later objects shift: the seed is then a worse guide,
 * never a wrong answer, since Phase II runs it as a concolic state whose
 * reaching test is an ordinary test. */
#include "target_bw.h"
#include "../exec/executor.h"
#include <stdlib.h>
#include <string.h>

#define BW_INPUT_MAX_BYTES 65536u /* bytes of one object the seed holds (the rest are zeros) */

/* Runtime functions that return one new input (api.c): one object each. */
static bool bw_value_input(const char *name) {
    static const char *const names[] = {"klee_int", "symplex_int", "klee_range", "symplex_range", "klee_choose"};
    if (strncmp(name, "__VERIFIER_nondet_", 18) == 0) return true;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i]) == 0) return true;
    return false;
}

static bool bw_object_input(const char *name) {
    return strcmp(name, "klee_make_symbolic") == 0 || strcmp(name, "symplex_make_symbolic") == 0;
}

BwInput *bw_input_ref(BwInput *in) {
    in->refs++;
    return in;
}

void bw_input_unref(BwInput *in) {
    if (!in || --in->refs) return;
    expr_unref(in->value);
    expr_unref(in->ptr);
    for (uint32_t i = 0; i < in->nloads; i++) expr_unref(in->loads[i].ptr), expr_unref(in->loads[i].value);
    free(in->loads);
    free(in);
}

/* The loads met later on the path that read the object at p (the same new
 * object, or both at constant addresses), each with its own references. */
static void bw_input_take_loads(const Bw *bw, BwInput *in, const BwState *s) {
    const Expr *object = bw_object_of(bw, in->ptr);
    in->loads = util_malloc((s->loads.len + 1) * sizeof *in->loads);
    for (size_t i = 0; i < s->loads.len; i++) {
        const BwLoad *l = &s->loads.data[i];
        if (bw_object_of(bw, l->ptr) != object || (!object && !expr_is_const(in->ptr))) continue;
        in->loads[in->nloads++] = *l;
        expr_ref(l->ptr), expr_ref(l->value);
    }
}

/* make_symbolic(ptr, size, name): the object's bytes are the input's. Its
 * size is known when it is a constant (sizeof); otherwise the loads' extent
 * gives the seed's, and all memory is forgotten. */
static void bw_input_object(Bw *bw, BwState *s, const IrFunction *fn, const IrCall *call, BwInput *in) {
    BwFrame *f = bw_top(s);
    in->ptr = bw_pointer(bw, f, call->args[0]);
    in->bytes = UINT32_MAX;
    if (ir_is_const(call->args[1])) {
        u128 n = fn->consts[ir_const_index(call->args[1])];
        in->bytes = n < BW_INPUT_MAX_BYTES ? (uint32_t)n : BW_INPUT_MAX_BYTES;
    }
    if (in->ptr) bw_input_take_loads(bw, in, s);
    /* loads of it are explained (free bytes), and nothing else is written */
    if (in->ptr && in->bytes != UINT32_MAX && in->bytes < BW_INPUT_MAX_BYTES) bw_forget(bw, s, in->ptr, in->bytes);
    else bw_clobber(s);
}

bool bw_input_call(Bw *bw, BwState *s, uint32_t i) {
    BwFrame *f = bw_top(s);
    const IrFunction *fn = &bw->m->functions[f->fn];
    const Inst *inst = &fn->insts[i];
    const IrCall *call = &fn->calls[inst->aux];
    if (call->callee < 0) return false;
    const char *name = bw->m->functions[call->callee].name;
    bool value = bw_value_input(name) && inst->width > 0, object = bw_object_input(name) && call->nargs >= 2;
    if (!value && !object) return false;
    BwInput *in = util_calloc(1, sizeof *in);
    in->refs = 1;
    /* the call's result: a nondet value is the input (free, as it was), make_symbolic's is nothing */
    Expr *result = inst->width > 0 && inst->dst < fn->nregs ? bw_take(f, inst->dst) : NULL;
    if (value) {
        in->bytes = (inst->width + 7u) / 8u;
        in->value = result;
    } else {
        expr_unref(result);
        bw_input_object(bw, s, fn, call, in);
    }
    VEC_PUSH(s->inputs, in);
    return true;
}

/* The value v (of `bytes` bytes) into out[off..], little-endian, as far as it fits. */
static void bw_input_put(uint8_t *out, uint32_t size, int64_t off, u128 v, uint32_t bytes) {
    for (uint32_t k = 0; k < bytes && k < 16; k++)
        if (off + k >= 0 && off + k < size) out[off + k] = (uint8_t)(v >> (8 * k));
}

/* The object's size under the model: its constant size, or as far as its loads reach. */
static uint32_t bw_input_size(const BwInput *in, const Assignment *model, uint64_t base) {
    if (in->bytes != UINT32_MAX) return in->bytes;
    uint64_t end = 0;
    for (uint32_t i = 0; i < in->nloads; i++) {
        uint64_t off = (uint64_t)expr_eval(in->loads[i].ptr, model) - base + in->loads[i].bytes;
        if (off <= BW_INPUT_MAX_BYTES && off > end) end = off;
    }
    return (uint32_t)end;
}

/* The bytes of one input under the model (a new buffer of *size bytes). */
static uint8_t *bw_input_bytes(const BwInput *in, const Assignment *model, uint32_t *size) {
    if (!in->ptr) { /* a value, or an object whose address Phase I could not name */
        *size = in->bytes == UINT32_MAX ? 0 : in->bytes;
        uint8_t *out = util_calloc(*size + 1, 1);
        if (in->value) bw_input_put(out, *size, 0, expr_eval(in->value, model), *size);
        return out;
    }
    uint64_t base = (uint64_t)expr_eval(in->ptr, model);
    *size = bw_input_size(in, model, base);
    uint8_t *out = util_calloc(*size + 1, 1);
    /* a load of another object lands outside [0, size) and is left out */
    for (uint32_t i = 0; i < in->nloads; i++) {
        int64_t off = (int64_t)((uint64_t)expr_eval(in->loads[i].ptr, model) - base);
        bw_input_put(out, *size, off, expr_eval(in->loads[i].value, model), in->loads[i].bytes);
    }
    return out;
}

Seed *bw_input_seed(const BwState *s, const Assignment *model) {
    uint32_t n = (uint32_t)s->inputs.len;
    if (!n) return NULL;
    Seed *sd = seed_new(n);
    for (uint32_t k = 0; k < n; k++) {
        uint32_t size;
        uint8_t *bytes = bw_input_bytes(s->inputs.data[n - 1 - k], model, &size); /* the walk met the last first */
        seed_set(sd, k, bytes, size);
        free(bytes);
    }
    seed_seal(sd);
    return sd;
}
