/* The state of Phase I's backward search (target_backward.c), the
 * backward effect of one instruction on it (target_bwstate.c) and its memory
 * (target_bwmem.c). Private to src/target. */
#ifndef SYMPLEX_TARGET_BW_H
#define SYMPLEX_TARGET_BW_H
#include "target.h"
#include "../util/util.h"

/* One activation walked backward: its registers' values at the point the walk
 * has reached (NULL: not needed later on the path, or not met yet). Looking up
 * an unbound register makes a fresh symbol; passing its definition unbinds
 * it, so a register defined again on the path (a loop, a second call) gets a
 * new name per visit. */
typedef struct BwFrame {
    uint32_t fn;
    Expr **env;          /* per register */
    uint32_t call_inst;  /* in the frame below: the call this activation returns to */
} BwFrame;

/* A load met later on the path that nothing before it has explained yet. */
typedef struct BwLoad {
    Expr *ptr, *value;
    uint32_t bytes;
} BwLoad;

typedef struct BwCount { uint32_t fn, key, n; } BwCount;

/* A call on the path that makes an input (target_bwinput.c): what gives its
 * bytes under a model. Immutable once made, shared by the clones. */
typedef struct BwInput {
    Expr *value;        /* a nondet call's result, when the path reads it */
    Expr *ptr;          /* make_symbolic: the object's address */
    BwLoad *loads;      /* ... and the loads of it met later on the path */
    uint32_t nloads;
    uint32_t bytes;     /* its size (UINT32_MAX: as far as the loads reach) */
    uint32_t refs;
} BwInput;

typedef struct BwState {
    VEC(BwFrame) frames;
    VEC(Expr *) pc;          /* the path condition, conjuncts in the order met */
    size_t checked;          /* pc[0..checked) is known satisfiable */
    bool dead;               /* a conjunct folded to false */
    VEC(BwLoad) loads;
    VEC(BwCount) tau;        /* traversals per (function, CFG edge) on this path */
    VEC(BwCount) trace;      /* (function, block) in the order walked (backward) */
    VEC(BwCount) summarised; /* (function, loop) summarised on this path */
    VEC(BwInput *) inputs;   /* input calls, in the order walked (backward) */
    uint64_t deferred;
} BwState;

/* Per function, built on demand. */
typedef struct BwFn {
    IrCfg *cfg;
    uint32_t *def;   /* per register: its defining instruction, IR_CFG_NONE for parameters and phis */
} BwFn;

typedef struct Bw {
    const IrModule *m;
    Solver *solver;
    TargetOptions opt;
    TargetPlan *plan;
    IrCallGraph *cg;
    uint32_t entry;
    BwFn *fns;
    VEC(Expr *) bases;   /* symbols of stack objects' addresses (distinct objects never overlap) */
    double deadline;
    double start, last_trace; /* when the walk began, and found its latest trace */
    bool stop;
} Bw;

BwFn *bw_fn(Bw *bw, uint32_t fn);
static inline BwFrame *bw_top(BwState *s) { return &s->frames.data[s->frames.len - 1]; }

BwState *bw_state_new(void);
BwState *bw_state_clone(const Bw *bw, const BwState *s);
void bw_state_free(const Bw *bw, BwState *s);
void bw_push_frame(Bw *bw, BwState *s, uint32_t fn, uint32_t call_inst);
void bw_pop_frame(Bw *bw, BwState *s);

/* Value of operand o (width bits) in frame f: a new reference, or NULL for a
 * width the expressions cannot hold. */
Expr *bw_get(Bw *bw, BwFrame *f, Opnd o, unsigned width);
/* Pointer operand o in frame f as an expression over the objects it is
 * derived from (address arithmetic and casts followed to a stack object,
 * parameter, load or constant), so that two pointers to one place are one
 * expression and pointers into distinct objects are told apart. */
Expr *bw_pointer(Bw *bw, BwFrame *f, Opnd o);
/* Removes the binding of register r and returns it (the caller owns it). */
Expr *bw_take(BwFrame *f, uint32_t r);
/* Operand o must equal v: binds an unbound register to v, else a conjunct. */
void bw_bind(Bw *bw, BwState *s, BwFrame *f, Opnd o, Expr *v);
void bw_assert(BwState *s, Expr *c);
/* a == b as a conjunct (b brought to a's width); nothing if either is NULL. */
void bw_assert_eq(BwState *s, Expr *a, Expr *b);
/* ---- memory (target_bwmem.c) ---- */
/* The address a GEP computes, over bw_pointer of its base. */
Expr *bw_gep(Bw *bw, BwFrame *f, const Inst *in);
/* A load or a store crossed backward. */
void bw_load(Bw *bw, BwState *s, BwFrame *f, const Inst *in);
void bw_store(Bw *bw, BwState *s, BwFrame *f, const Inst *in);
/* Forgets the loads met later that [p, p+bytes) may overlap: something
 * before them writes there. */
void bw_forget(Bw *bw, BwState *s, const Expr *p, uint32_t bytes);
/* The new object (stack slot, heap block) p points into, found through its
 * sums; NULL for none (a constant address, a pointer loaded or passed in). */
const Expr *bw_object_of(const Bw *bw, const Expr *p);
/* Forgets the loads met later: something before them may write anywhere. */
void bw_clobber(BwState *s);
/* The backward effect of instruction i of the top frame (not a call that is
 * inlined: target_backward.c walks those). */
void bw_apply(Bw *bw, BwState *s, uint32_t i);
/* The effect of a call whose callee is not walked: its result is free and
 * memory is clobbered (an assumption's condition is kept). */
void bw_defer_call(Bw *bw, BwState *s, uint32_t i);
/* ---- inputs (target_bwinput.c) ---- */
/* Call i of the top frame, not walked into: if it makes an input, notes it
 * and applies its effect (its result or its object's bytes are the input's,
 * nothing else is written) and returns true. */
bool bw_input_call(Bw *bw, BwState *s, uint32_t i);
BwInput *bw_input_ref(BwInput *in);
void bw_input_unref(BwInput *in);
/* The input the path's input calls take under `model`, in forward order
 * (NULL: the path makes none). */
struct Seed *bw_input_seed(const BwState *s, const Assignment *model);
/* Crossing CFG edge e (into the block the walk is at) backward: its phi
 * copies, then the condition under which its source's terminator takes it. */
void bw_cross_edge(Bw *bw, BwState *s, const IrCfgEdge *e);
/* Every register loop l of the top frame's function defines becomes free. */
void bw_unbind_loop(Bw *bw, BwState *s, uint32_t l);

#endif
