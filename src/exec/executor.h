/* executor: instruction semantics over States. It knows nothing about which
 * state runs next; it reports forks and terminations to the engine through
 * ExecHooks. */
#ifndef SYMPLEX_EXECUTOR_H
#define SYMPLEX_EXECUTOR_H
#include "../ir/ir.h"
#include "../solver/solver.h"
#include "state.h"

typedef enum TermKind {
    TERM_EXIT,    /* normal termination; exit_status valid */
    TERM_ERROR,   /* a bug; error kind valid */
    TERM_EARLY,   /* stopped by a limit or an unsupported feature; reason valid */
    TERM_SILENT   /* klee_silent_exit / infeasible: no test */
} TermKind;

typedef struct Termination {
    TermKind kind;
    int exit_status;
    const char *error_kind;   /* "assert", "oob-read", ... */
    const char *reason;       /* early-termination reason */
    char *message;            /* owned by the Termination (freed by the engine) */
    uint32_t loc;             /* where (IrModule loc) */
    const char *file;         /* when non-NULL: reported file/line instead of loc (e.g. __assert_fail's arguments) */
    uint32_t line;
    char *stack;              /* formatted call stack, owned */
    bool error_call;          /* an error inside SV-COMP's reach_error/__VERIFIER_error (Test-Comp coversError) */
} Termination;

/* Which functions without a body or a model may run natively (--external-calls). */
typedef enum ExternalPolicy {
    EXTERNAL_SAFE,   /* default: only the documented allow-list (exec_external_allow.c) */
    EXTERNAL_ALL,    /* any function (the pre-0.2 behaviour) */
    EXTERNAL_NONE    /* none */
} ExternalPolicy;

typedef struct ExecOptions {
    bool check_overflow;
    bool check_shift;         /* on by default, as KLEE's --check-overshift */
    bool silent_klee_assume;  /* a provably false klee_assume ends the path silently instead of an error */
    ExternalPolicy external;
    uint64_t max_depth;       /* 0 = unlimited */
    bool limit_forks;         /* --max-forks: once max_forks forks are made, a branch goes on one side */
    uint64_t max_forks;
    uint32_t max_frames;      /* --max-stack-frames: a call past this many frames ends the path (0: no limit) */
    /* The feasibility policy (exec_feasibility.c). */
    uint32_t speculate;       /* --speculate=K: check a state's sides once K branches are unchecked (<= 1: at once) */
    bool absurdity;           /* Proposition 1: a two-way branch whose first side is UNSAT has a SAT other side */
    bool true_first;          /* --branch-order=true-first: the child of a branch takes the true side */
    bool no_state_model;      /* debugging: states keep no model (every side is a query) */
    bool path_branches;       /* each state keeps the set of branch sides its path took (State.branches) */
    bool record_path;         /* --record-path: each state keeps its branch decisions in order (State.path) */
    /* Runs restart from the initial state (a pruner's runs): the i-th input
     * object of a state is the same array in every state and every run when
     * its name and size match, so one run's constraints, and the solver's
     * caches, mean the same in the next. */
    bool shared_inputs;
    /* --target: per IrModule loc, is it on the target line? (NULL: no
     * target). A state about to run such an instruction ends there, early,
     * with reason "target": its test is the input that reaches the line. */
    const uint8_t *target_locs;
    /* A math function (sin, exp, ...) on a symbolic argument is an opaque
     * symbol (EXPR_FCALL) rather than a concretized call: on when a search
     * layer (--fp-search, --solver=cw) can solve constraints over it. */
    bool fp_opaque;
    /* A branch side the solver gives up on is dropped, and the state goes on
     * along the side its model satisfies (exec_fork), instead of ending: on
     * with the same search layers, whose UNKNOWN on a feasible side is common
     * (they cannot prove UNSAT). */
    bool keep_model_side;
    char **env;               /* main's environment (NAME=VALUE, NULL-terminated), or NULL: symplex's own */
} ExecOptions;

typedef struct Executor Executor;
typedef struct ExecHooks {
    void *ctx;
    /* A new state was forked off `parent`; the engine now owns `child`. */
    void (*on_fork)(void *ctx, State *parent, State *child);
    /* `s` terminated; the engine writes the test and frees the state. */
    void (*on_terminate)(void *ctx, State *s, Termination *t);
    /* A concolic `s` did not take the side `cond` of a branch: s->pc is the
     * path up to it (may be NULL). */
    void (*on_open)(void *ctx, State *s, Expr *cond);
} ExecHooks;

typedef struct ExecStats {
    uint64_t instructions;
    uint64_t forks;
    uint64_t external_calls;
    /* feasibility of branch sides */
    uint64_t queries_feasibility; /* queries asking whether a side (or a segment, or a prefix of one) is feasible */
    uint64_t view_left_out;       /* path constraints queries did without: a newer one implies them (PcView) */
    uint64_t queries_speculative; /* of those: checks of a whole unchecked segment */
    uint64_t queries_bisect;      /* of those: prefixes queried to find a segment's first infeasible branch */
    uint64_t absurdity_saved;     /* sides shown feasible by Proposition 1 instead of a query */
    uint64_t model_decided;       /* branch sides the state's model showed feasible with no query */
    uint64_t sides_answered_cheaply; /* speculation: sides the solver's cheap layers decided at the branch */
    uint64_t speculation_cut;     /* states ended because their unchecked segment was infeasible */
    uint64_t symbolic_sizes;      /* objects allocated with a symbolic size (exec_symsize.c) */
    uint64_t fp_symbolic;         /* float/double instructions with a symbolic operand (exec_float.c) */
    uint64_t fp80_concretized;    /* long double instructions whose symbolic operands were concretized */
    uint64_t fp_calls_opaque;     /* math function calls on a symbolic argument kept as opaque symbols */
    uint64_t fp_calls_concretized; /* math function calls whose symbolic arguments were concretized */
    uint64_t undecided_sides_dropped; /* branch sides the solver gave up on, dropped for the model's side */
    uint64_t forks_inhibited;     /* branches with both sides open that went on one side: memory was short
                                   * (--max-memory-inhibit) or --max-forks was reached */
    uint64_t rebuilds_done;       /* rebuilt states that reached their decision (engine_swap.c) ... */
    uint64_t rebuilds_strayed;    /* ... of which this many got there along another path */
} ExecStats;

/* When the sides of a two-way branch are checked (exec_feasibility.c). The
 * eager policy asks at the branch; a deferring one takes both sides
 * unchecked and says when a state's unchecked segment is due. Whatever the
 * policy, a segment is checked before the state has any effect that must not
 * come from an infeasible path (a test, an error, coverage, an assumption,
 * output, a native call, any other solver use). */
typedef struct FeasibilityPolicy FeasibilityPolicy;
struct FeasibilityPolicy {
    const char *name;
    /* May s take both sides of a two-way branch unchecked? */
    bool (*defer)(const FeasibilityPolicy *p, const State *s);
    /* Must s's segment of `unchecked` nodes be checked before s runs on? */
    bool (*due)(const FeasibilityPolicy *p, const State *s, uint32_t unchecked);
    uint32_t k;
};
/* The policy for the options: eager, or speculative with depth k. */
FeasibilityPolicy exec_feasibility_policy(const ExecOptions *opt);

typedef enum SpecialFn SpecialFn;

struct Executor {
    IrModule *m;
    Solver *solver;
    ExecOptions opt;
    ExecHooks hooks;
    ExecStats stats;
    FeasibilityPolicy feas;
    /* Set by the engine's memory cap (engine_memory.c) while memory is short:
     * a branch goes on one side instead of forking (KLEE's
     * --max-memory-inhibit), so states run to their ends and free memory
     * rather than being terminated in thousands. */
    bool forks_inhibited;
    PartialSink *sink;         /* partial solutions of feasibility queries go here (NULL: nowhere) */
    State *querying;           /* the state whose feasibility query runs now (for the sink) */
    uint32_t br_side[2];       /* exec_br: the branch side where the forked condition is false / true */
    uint32_t open_side;        /* the branch side of the open branch being reported (on_open) */
    uint64_t open_key, taken_key; /* the path after the side not taken / taken (on_open) */
    /* Concolic runs (and, with shared_inputs, restarting runs) share their
     * input arrays: the i-th make_symbolic call of every run reads the same
     * array, so one run's expressions are the next run's, and the solver's
     * caches work across runs (exec_special.c). */
    Array **shared_arrays;
    char **shared_names;      /* the name each was made with (owned) */
    uint32_t nshared_arrays;
    PathCond **seg_buf; size_t seg_cap; /* scratch: an unchecked segment's nodes */
    uint64_t next_state_id;
    uint8_t *line_covered;     /* per IrModule loc */
    uint8_t *branch_covered;   /* per branch id */
    uint32_t lines_covered, branches_covered;
    uint32_t total_lines;      /* user locs that carry at least one instruction */
    uint8_t *special;          /* per function: SpecialFn or 0 */
    MemObject **global_objs;   /* per IrGlobal */
    MemObject *last_mo;        /* object of the last concrete access (lookup cache) */
    Expr **cs_buf; size_t cs_cap; /* scratch for flattened path conditions */
    PcFlat view_flat;             /* the last path view a query used (state.h) */
    char **names; uint32_t nnames, capnames; /* user names of symbolic objects (owned), each once */
    uint32_t *name_slots, name_cap;          /* open addressing over names: index + 1, 0 empty */
    /* set by special functions that report at a location other than the current instruction */
    char *pending_file; uint32_t pending_line; /* owned; consumed by the next termination */
    bool pending_error_call;  /* the next termination is a call of a declared-only reach_error */
    uint64_t errno_addr;      /* the runtime's errno (exec_heap.c); 0: none to set */
};

Executor *exec_new(IrModule *m, Solver *solver, const ExecOptions *opt, const ExecHooks *hooks);
void exec_free(Executor *ex);
/* The initial state: globals bound, a frame for main with argc/argv. */
State *exec_initial_state(Executor *ex, int argc, char **argv);
/* Run `s` until it forks, terminates or has run `budget` instructions.
 * Returns false if the state terminated (the engine has already been told). */
bool exec_run(Executor *ex, State *s, uint64_t budget);
/* Terminate a state from outside (limits): reports TERM_EARLY with reason. */
void exec_terminate_early(Executor *ex, State *s, const char *reason);
/* Called by the engine before s runs: false if s was ended (its unchecked
 * segment was infeasible, or the solver gave up on it). Checks the segment
 * when the feasibility policy says it is due. */
bool exec_ready(Executor *ex, State *s);
/* Called by the engine after s used a whole quantum: an unchecked state that
 * ran that long without branching is checked (dead code may loop forever).
 * false if s was ended. */
bool exec_after_quantum(Executor *ex, State *s);
/* Ends s after the solver could not answer, with solver_gave_up_reason():
 * "solver timeout", or "max-time" / "interrupted" / "max-memory" when the
 * run's deadline, an interrupt or the memory limit cut the query short. */
void exec_solver_gave_up(Executor *ex, State *s);

/* ---- shared between exec_*.c (not for the engine) ---- */
/* The object containing addr, or NULL (cached: repeated lookups are cheap). */
MemObject *exec_object_at(Executor *ex, uint64_t addr);
void exec_terminate(Executor *ex, State *s, TermKind kind, const char *what, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
#define exec_error(ex, s, kind, ...) exec_terminate(ex, s, TERM_ERROR, kind, __VA_ARGS__)
Value exec_operand(const Frame *f, Opnd o);
/* Makes s's path condition known feasible, checking its unchecked segment if
 * it has one. false if s was ended: the segment was infeasible (no test: the
 * state never existed) or the solver gave up on it. */
bool exec_settled(Executor *ex, State *s);
/* The same where s cannot be ended (inside an instruction that goes on):
 * false marks s doomed, and it ends before its next instruction. */
bool exec_settled_quietly(Executor *ex, State *s);
/* A two-way branch taken without a query (the deferring policies): s takes
 * cond, the child its negation, each side unchecked unless s's model decides
 * it. Returns 1, *child the new state. */
int exec_fork_unchecked(Executor *ex, State *s, Expr *cond, State **child);
/* A fork point of s's path (side: the one s took): counted and hashed (State.decisions). */
void exec_decision(State *s, int side);
/* True when s meets again the fork of a check it was the child of (State.refork_cond). */
bool exec_refork(State *s, Expr *cond);
/* Drops s's model when it is too big to copy at every fork. */
void exec_trim_model(State *s);
/* Addresses below it are the null page: an access there is an error unless a
 * fixed object (klee_define_fixed_object) lies there. */
#define EXEC_NULL_PAGE 4096u
/* Marks a pending coverage entry as a branch id (else it is a loc). */
#define EXEC_PENDING_BRANCH 0x80000000u
void exec_cover_branch(Executor *ex, State *s, uint32_t id);
/* The constraints a query over the path needs (its view: the path condition
 * less what a newer constraint implies), as an array valid until the next call. */
Expr *const *exec_constraints(Executor *ex, const State *s, size_t *n);
/* Branch on a symbolic condition: returns 1 if `cond` holds in `s`, 0 if not;
 * if both are feasible forks (the child gets the false side). -1 if the state was
 * terminated (solver failure). *child receives the forked state or NULL. */
int exec_fork(Executor *ex, State *s, Expr *cond, State **child);
SolverResult exec_check_extend(Executor *ex, State *s, Expr *e, Assignment **out);
/* The same over the constraints cs[0..n); with cheap, only the solver layers
 * that do not search answer (SOLVER_UNKNOWN when they cannot: Query.cheap),
 * and an unanswered query is not counted as a feasibility query. */
SolverResult exec_check_extend_as(Executor *ex, State *s, Expr *const *cs, size_t n, Expr *e, bool cheap,
                                  Assignment **out);
/* Frees a heap-allocated model (NULL: nothing). */
void exec_drop_model(Assignment *m);
/* A state with a model at a two-way branch whose other side (the one the
 * model does not satisfy) was already asked: the eager fork with that answer
 * (r, and model when SAT, owned by the fork from here); pre NULL: exec_fork. */
typedef struct ForkAnswer { SolverResult r; Assignment *model; } ForkAnswer;
int exec_fork_answered(Executor *ex, State *s, Expr *cond, const ForkAnswer *pre, State **child);
/* Fixes symbolic e to one feasible value *out in s and forks a child, with
 * e != *out, that runs the current instruction again: the way to go one path
 * per value (a callee, a heap block). false if s was terminated. */
bool exec_fork_value(Executor *ex, State *s, Expr *e, u128 *out);
/* A concrete value for v (adding the equality to the path condition so the
 * state stays consistent). */
u128 exec_concretize(Executor *ex, State *s, Value v, unsigned width, const char *why);
/* Whether a branch side the solver chain gave up on (not cut by the
 * deadline, a signal or memory) may be dropped rather than end its state
 * (ExecOptions.keep_model_side): exec_fork then follows the side the state's
 * model satisfies, as a concretized value would have, and under speculation
 * the state that took the undecided side ends unseen. */
bool exec_may_drop_undecided(const Executor *ex);
/* Whether a branch goes on along one side only: memory is short
 * (--max-memory-inhibit) or --max-forks forks are made (as KLEE's). */
bool exec_forks_stopped(const Executor *ex);
/* fesetround/fegetround on the state's rounding mode (C's FE_* values of the
 * host, x86-64): false for a mode that is not one of the four. */
bool exec_float_set_round(State *s, int mode);
int exec_float_get_round(const State *s);
/* A value e can take in s (the model's, else the solver's); false if the
 * solver gave up, s then being terminated. */
bool exec_feasible_value(Executor *ex, State *s, Expr *e, u128 *out);
/* A feasible value for v without constraining the state (for output only). */
u128 exec_example(Executor *ex, State *s, Value v);
/* Memory access; returns false if the state terminated. */
bool exec_load(Executor *ex, State *s, Value ptr, unsigned nbytes, Value *out);
bool exec_store(Executor *ex, State *s, Value ptr, unsigned nbytes, Value val);
/* Reports why [addr, addr+n) is not a valid access (null, freed, out of bounds). */
void exec_report_bad_access(Executor *ex, State *s, uint64_t addr, uint64_t n, bool write, MemObject *mo);
/* ---- objects of symbolic size (exec_symsize.c) ----
 * An object of size size64 (symbolic) for s: 1 with *out, 0 when the size may
 * not fit the cap here (the caller concretizes), -1 if s ended. A child where
 * it exceeds the cap runs the instruction again. */
int exec_symsize_alloc(Executor *ex, State *s, Expr *size64, MemKind kind, uint32_t align, uint32_t loc,
                       MemObject **out);
/* The in-bounds condition of an n-byte access at off64 into mo, against its size expression. */
Expr *exec_symsize_in_bounds(const MemObject *mo, Expr *off64, unsigned n);
/* Forks [addr, addr+n) in and out of mo's symbolic size; true on the in-bounds side. */
bool exec_symsize_check(Executor *ex, State *s, MemObject *mo, uint64_t addr, uint64_t n, bool write);
/* memset / memcpy (memmove) of a symbolic length with concrete pointers. */
bool exec_symsize_set(Executor *ex, State *s, uint64_t dst, Value byte, Expr *len64);
bool exec_symsize_copy(Executor *ex, State *s, uint64_t dst, uint64_t src, Expr *len64);
/* ---- the heap functions (exec_heap.c), answering as the native replay build
 * does; sizes and alignments are 64-bit values, symbolic ones forked on where
 * the answer differs. Each sets the call's result; false if s ended. */
void exec_heap_init(Executor *ex);
bool exec_heap_malloc(Executor *ex, State *s, const Inst *in, Value size);
bool exec_heap_calloc(Executor *ex, State *s, const Inst *in, Value n, Value size);
bool exec_heap_realloc(Executor *ex, State *s, const Inst *in, Value p, Value size);
bool exec_heap_free(Executor *ex, State *s, const Inst *in, Value p);
/* aligned_alloc (whole_units: size must be a multiple of the alignment) and memalign */
bool exec_heap_memalign(Executor *ex, State *s, const Inst *in, const char *fn, Value align, Value size,
                        bool whole_units);
bool exec_heap_posix_memalign(Executor *ex, State *s, const Inst *in, Value out, Value align, Value size);
bool exec_heap_valloc(Executor *ex, State *s, const Inst *in, Value size);
bool exec_heap_pvalloc(Executor *ex, State *s, const Inst *in, Value size);
/* Resolve a concrete address range [addr, addr+n) to a live, writable object. */
ObjectState *exec_resolve_concrete(Executor *ex, State *s, uint64_t addr, uint64_t n, bool write, MemObject **mo);
/* Reads a NUL-terminated concrete string (symbolic bytes concretized); caller frees. NULL if terminated. */
char *exec_read_string(Executor *ex, State *s, uint64_t addr);
/* The same; with pin == false symbolic bytes are sampled, not constrained. */
char *exec_read_string_pin(Executor *ex, State *s, uint64_t addr, bool pin);
/* As KLEE reads the strings its API is given: up to the NUL or the end of the
 * object addr points into (*cut: no NUL before it). NULL if terminated. */
char *exec_read_string_in_object(Executor *ex, State *s, uint64_t addr, bool *cut);
MemObject *exec_alloc(Executor *ex, State *s, uint64_t size, MemKind kind, uint32_t align, uint32_t loc, const char *name);
void exec_cover_loc(Executor *ex, State *s, uint32_t loc);
/* Calls */
bool exec_call(Executor *ex, State *s, const Inst *in);
bool exec_return(Executor *ex, State *s, const Inst *in);
/* A call to variadic fn: its register save area and stack arguments in a new
 * object, and the va_list fields va_start gives (exec_varargs.c). false if
 * the state was terminated (a byval argument that cannot be read). */
bool exec_varargs_push(Executor *ex, State *s, const IrFunction *fn, const IrCall *call, Value *args, uint32_t loc,
                       VaFrame *out);
/* va_start at ptr, for the current frame. */
bool exec_varargs_start(Executor *ex, State *s, Value ptr);
/* memcpy of n bytes, either pointer symbolic (exec_intrinsic.c). */
bool exec_block_copy(Executor *ex, State *s, Value dst, Value src, uint64_t n);
/* p + k as a pointer value (a new reference). */
Value exec_ptr_plus(Value p, uint64_t k);
bool exec_call_special(Executor *ex, State *s, IrFunction *fn, const Inst *in, const IrCall *call, Value *args);
bool exec_call_external(Executor *ex, State *s, IrFunction *fn, const Inst *in, const IrCall *call, Value *args);
void exec_special_init(Executor *ex);
/* Is name a function the executor implements itself (IrLoadOptions.provided)? */
bool exec_special_provides(const char *name);
/* KLEE API handlers (exec_klee.c); false if the state was terminated. */
bool exec_klee_define_fixed(Executor *ex, State *s, const Inst *in, const IrCall *call, Value *args);
bool exec_klee_get_obj_size(Executor *ex, State *s, const Inst *in, const IrCall *call, Value *args);
bool exec_klee_check_access(Executor *ex, State *s, const Inst *in, const IrCall *call, Value *args);
bool exec_klee_set_forking(Executor *ex, State *s, const Inst *in, const IrCall *call, Value *args);
bool exec_klee_stack_trace(Executor *ex, State *s, const Inst *in);
bool exec_klee_merge(Executor *ex, State *s, IrFunction *fn, const Inst *in);
bool exec_klee_print_range(Executor *ex, State *s, const Inst *in, const IrCall *call, Value *args);
/* Sets the current call's result register and moves past the call. */
void exec_set_result(State *s, const Inst *in, Value v);
/* printf-style formatting over a va_list in simulated memory (exec_printf.c). */
bool exec_vformat(Executor *ex, State *s, uint64_t fmt_addr, uint64_t va_list_addr, bool pin, char **out, size_t *len);
/* Floating point (exec_float.c); returns false if the state terminated. */
bool exec_float(Executor *ex, State *s, const Inst *in);
/* Integer semantics (exec_arith.c): symbolic or concrete, width-generic. */
Value arith_binary(IrOp op, Value a, Value b, unsigned width);
Value arith_icmp(IrIcmpPred p, Value a, Value b, unsigned width);
Value arith_cast(IrOp op, Value a, unsigned from, unsigned to);
Value arith_select(Value c, Value t, Value f, unsigned width);
Expr *arith_icmp_expr(IrIcmpPred p, Expr *a, Expr *b);
bool exec_intrinsic(Executor *ex, State *s, const Inst *in);
bool exec_inst_load(Executor *ex, State *s, const Inst *in);
bool exec_inst_store(Executor *ex, State *s, const Inst *in);
bool exec_inst_gep(Executor *ex, State *s, const Inst *in);
const char *exec_stack_string(Executor *ex, State *s, char *scratch, size_t n);

#endif
