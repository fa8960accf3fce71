/* target: targeted input generation (--target=FILE:LINE), after Dinges's
 * symcretic execution (thesis ch. 3-4).
 *
 * Phase I (target_backward.c) searches backward from the target line over the
 * control-flow graph and the call graph to the entry function, building the
 * path condition over per-visit names and checking it as it grows: an UNSAT
 * prefix is cut at once, and when every backward path is cut the target is
 * proved unreachable. What it cannot decide is deferred, never guessed: a
 * query the solver gives up on drops its new conjuncts, a call with no body
 * (or past the inlining depth) leaves its result free, and a loop past the
 * unroll bound L is summarised (every register the loop defines free, memory
 * clobbered), so each cut stays a proof.
 *
 * Memory, which the thesis's prototype left out: the backward walk keeps the
 * loads met later on the path (pointer, width, value) until something before
 * them may write there. A load of the same pointer and width takes the same
 * value; a store through the same pointer gives the loaded value; a store that
 * may alias (pointers that are not provably apart: distinct stack objects, or a
 * stack object and a global, are apart), a memory intrinsic or a call without
 * a body forgets them. Loads nothing explains are free. This
 * over-approximates what memory can hold, so an UNSAT path condition is still
 * a proof.
 *
 * Phase II (engine_target_guide.c) is the forward engine guided by what Phase I
 * found, never restricted by it: each trace's model, read back as an input
 * (target_bwinput.c), runs first as a concolic state, then the directed
 * search runs beside a search that runs the corridor of the traces' blocks
 * first, each over its own tree. Deferred constraints are solved where they
 * meet forward execution, by the solver chain with the concolic walk layer
 * (--solver=cw). A state reaching the target line ends with a test, which
 * replays natively. */
#ifndef SYMPLEX_TARGET_H
#define SYMPLEX_TARGET_H
#include "../ir/ir_cfg.h"
#include "../solver/solver.h"

struct Seed;

typedef struct TargetSpec {
    char *file;   /* as given: matched against the module's file names by path suffix */
    uint32_t line;
} TargetSpec;

/* Parses "FILE:LINE". On failure returns false and sets *err (caller frees). */
bool target_parse(const char *arg, TargetSpec *out, char **err);
void target_spec_free(TargetSpec *t);
/* Per loc of m (m->nlocs flags): does it lie on the target line of a user
 * function? NULL with *err set when no instruction does. */
uint8_t *target_locs(const IrModule *m, const TargetSpec *t, char **err);

typedef enum TargetStatus {
    TARGET_UNKNOWN,      /* no trace found within the budget (or a bound cut a path) */
    TARGET_UNREACHABLE,  /* every backward path was refuted: a proof */
    TARGET_TRACES        /* at least one backward path to the entry survived */
} TargetStatus;

typedef struct TargetOptions {
    uint32_t unroll;       /* L: traversals of one CFG edge per path before the loop is summarised */
    uint32_t max_depth;    /* callee frames inlined at once */
    uint32_t max_traces;   /* traces collected for Phase II */
    uint64_t max_steps;    /* backward steps (block or call choices) */
    double max_time;       /* seconds (0: none) */
    double check_time;     /* seconds one check may take before its conjuncts are deferred (0: no own limit) */
    bool forward_only;     /* no Phase I: forward search alone stops at the target (the baseline) */
} TargetOptions;

typedef struct TargetPlan {
    TargetStatus status;
    uint32_t nfunctions;
    IrCfg **cfgs;            /* per function with a body, built on demand (NULL otherwise) */
    uint8_t **corridor;      /* per function: a flag per block on some trace; NULL: on none */
    struct Seed **seeds;     /* the distinct inputs the traces' models stand for (target_bwinput.c) */
    uint32_t nseeds;
    /* what the search did */
    uint64_t traces, steps, checks, refuted, unknown;
    uint64_t deferred;       /* constraints deferred: unknown queries' conjuncts, free call results, summarised loops */
    uint64_t loops_summarised, calls_deferred;
    bool incomplete;         /* a bound or the budget cut a path: no proof of unreachability */
    bool stalled;            /* stopped early: no new trace for as long as the traces so far took */
    double time_s;
} TargetPlan;

/* Phase I from every instruction of `locs` (target_locs), to the function
 * `entry`. The solver chain decides the path conditions. */
TargetPlan *target_backward(const IrModule *m, uint32_t entry, const uint8_t *locs, Solver *solver,
                            const TargetOptions *opt);
void target_plan_free(TargetPlan *p);
const char *target_status_name(TargetStatus s);

#endif
