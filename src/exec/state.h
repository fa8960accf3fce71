/* state: one execution state — stack of frames, address space, path condition.
 * Forking shares the address space contents and the path-condition prefix
 * (copy-on-write and a persistent list), so a fork costs O(frames + objects). */
#ifndef SYMPLEX_STATE_H
#define SYMPLEX_STATE_H
#include "../ir/ir.h"
#include "mem.h"
#include "path_branches.h"
#include "path_log.h"

/* What is known about the path condition from the root to a node. A node is
 * SAT once a query (or Proposition 1, see exec_feasibility.c) showed it; a
 * node pushed by a speculative branch starts UNCHECKED. Knowledge is
 * monotone: below a SAT node every node is SAT, above an UNSAT node every
 * node is UNSAT, so states that share a node share what is known of it. */
typedef enum PcStatus { PC_SAT, PC_UNCHECKED, PC_UNSAT, PC_GAVE_UP } PcStatus;

/* The constraints a query needs of a path condition: the path's own, newest
 * first, less those a newer one implies (a loop with a symbolic trip count
 * adds `k < n` for k = 0, 1, 2, ...; only the last stays). Persistent like
 * the path condition, so a query's cost follows the constraints that matter,
 * not the path's length. */
typedef struct PcView {
    Expr *e;
    struct PcView *next;
    uint32_t refs;
    uint32_t len;
} PcView;

/* Persistent path condition: newest constraint first, shared suffixes. */
typedef struct PathCond {
    Expr *e;
    struct PathCond *next;
    PcView *view;             /* the constraints up to here that a query needs (owned) */
    /* The other side of the same two-way branch (same next, negated
     * constraint), or NULL; weak: cleared when the twin is freed. */
    struct PathCond *twin;
    uint32_t refs;
    uint32_t len;
    /* The branch side a path takes where this constraint is false (the other
     * side of the two-way branch that added it), or IR_NO_BRANCH: what an
     * input violating it first would cover (engine_muse.c). */
    uint32_t flip;
    /* The decisions the path had recorded when this constraint was added
     * (--record-path; saturating): a test of the prefix before an unchecked
     * constraint keeps that many (exec_feasibility.c, feas_end). */
    uint32_t path_at;
    uint8_t status;           /* PcStatus */
    /* A model of the path up to here, kept by a speculative check that had
     * to query this node (owned, or NULL): the states that share the node and
     * are checked later start from it, so their queries have a base as the
     * eager engine's have (exec_feasibility.c). */
    Assignment *model;
} PathCond;

/* New node; takes a reference to e and to next. */
PathCond *pc_push(PathCond *next, Expr *e, PcStatus status);
void pc_unref(PathCond *p);
static inline uint32_t pc_len(const PathCond *p) { return p ? p->len : 0; }
/* Oldest-first array of the constraints (borrowed pointers) into *out (grown). */
void pc_flatten(const PathCond *p, Expr ***out, size_t *cap);
/* The same for p's view (equivalent constraints, none implied by another
 * near it); returns their count. */
size_t pc_flatten_view(const PathCond *p, Expr ***out, size_t *cap);
/* pc_flatten_view into a buffer that remembers the view it last held: only
 * the nodes past the one the two views share are written, so a query one
 * branch further than the last, or on a sibling, costs what changed rather
 * than a walk of the whole path (a pointer chase per constraint: on a path
 * of 64,000 constraints it was 84% of the run). */
typedef struct PcFlat {
    Expr **buf;
    size_t cap;
    struct PcView *head; /* the view buf holds (a reference: its nodes stay) */
} PcFlat;
size_t pc_flat_view(const PathCond *p, PcFlat *f);
void pc_flat_free(PcFlat *f);

/* A variadic call's argument object (register save area, then the stack
 * arguments) and what va_start puts in a va_list (exec_varargs.c); all zero
 * for a call of a function that is not variadic. */
typedef struct VaFrame {
    MemObject *mo;
    uint64_t overflow;             /* overflow_arg_area: the first variadic stack argument */
    uint32_t gp_offset, fp_offset; /* save area bytes the named arguments' registers take */
} VaFrame;

typedef struct Frame {
    IrFunction *fn;
    /* The registers, shared with the states forked while this frame was not
     * running (state_fork): only the top frame runs, and it is always the
     * state's own, so the dispatch loop writes registers without a check. */
    Value *regs;
    uint32_t pc;            /* next instruction index */
    uint32_t call_pc;       /* in the caller: index of the IR_CALL being executed (for the result) */
    MemObject **allocas;    /* objects to release on return */
    uint32_t nallocas, capallocas;
    VaFrame va;             /* variadic arguments of this call */
    /* Called, directly or not, by a runtime function (a libc model), not
     * by the program's own code: its branches are not the path's decisions
     * (--record-path), since natively another libc makes such calls. The
     * bottom frame never is, so main under --posix's start code is not. */
    bool in_runtime;
} Frame;

/* A symbolic input object: its array and name. */
typedef struct Symbolic {
    Array *array;
    const char *name;   /* the name the program gave (owned by the executor) */
} Symbolic;

/* A state's inputs as a persistent list, newest first: a fork shares the
 * list and a new input adds one node, so a path that makes N inputs and
 * forks at each costs O(N) in all, not O(N^2) in copies. */
typedef struct SymNode {
    struct SymNode *prev;   /* the input made before, or NULL */
    Symbolic sym;
    uint32_t refs;
} SymNode;

typedef struct PTreeNode PTreeNode;

/* A concrete input: the bytes the program's make_symbolic calls get, in call
 * order (a ktest's objects). Shared (reference counted) between the queue
 * that holds it and the states that run it. */
typedef struct Seed {
    uint32_t n;
    uint32_t *sizes;
    uint8_t **bytes;
    uint32_t refs;
    uint64_t hash;           /* of the sizes and bytes: equal seeds, equal hashes */
    bool from_partial;       /* a partial solution (not a query's answer) */
    Assignment *partial;     /* a partial solution's own assignment (over the arrays of the
                                state whose query met it), or NULL; owned */
} Seed;

Seed *seed_new(uint32_t n);  /* n empty objects; set sizes/bytes with seed_set, then seed_seal */
void seed_set(Seed *sd, uint32_t i, const uint8_t *bytes, uint32_t size);
void seed_seal(Seed *sd);    /* computes the hash */
/* a holds seed object i's bytes for arr: cut to arr's size, zeros past its
 * end (all zeros when the seed has no object i) */
void seed_assign(const Seed *sd, uint32_t i, Array *arr, Assignment *a);
Seed *seed_ref(Seed *sd);
void seed_unref(Seed *sd);

typedef struct State {
    uint64_t id;
    Frame *frames;
    uint32_t nframes, capframes;
    AddressSpace as;
    PathCond *pc;
    SymNode *syms;            /* its inputs, newest first (shared with forks) */
    uint32_t nsyms;
    uint64_t depth;           /* symbolic branches taken */
    uint64_t steps_since_cov; /* instructions since it last covered something new */
    bool covered_new;         /* covered a new line or branch since its last test */
    bool fork_disabled;       /* klee_set_forking(0): a branch with two feasible sides takes one */
    uint8_t fp_round;         /* the ExprRound fesetround set (EXPR_RNE, 0, by default) */
    PTreeNode *ptree;         /* its leaf in the execution tree (random-path) */
    /* An assignment satisfying the whole path condition, or NULL. It decides one
     * side of a branch without a query, concretizes without one, and is the test
     * when the state ends. state_add_constraint drops it when it stops fitting. */
    Assignment *model;
    /* Speculation (exec_feasibility.c). A state whose newest path-condition
     * node is not SAT has an unchecked segment: it has no model, but may keep
     * one of its oldest prefix_len nodes as the base of the segment's check.
     * Coverage it meets meanwhile waits in pending_cov (locs, and branch ids
     * tagged with EXEC_PENDING_BRANCH) until the segment is shown feasible. */
    Assignment *prefix_model;
    uint32_t prefix_len;
    uint32_t *pending_cov;
    uint32_t npending, cappending;
    bool doomed;              /* found infeasible where it could not be ended: ended before its next instruction */
    /* Concolic execution (MuSE's DSE loop, and the runs that filter partial
     * solutions): the inputs are symbolic, but the state's model holds the
     * seed's bytes and decides every branch, with no query and no fork; each
     * side not taken is reported to the engine (ExecHooks.on_open). */
    Seed *seed;               /* the input it runs, or NULL (symbolic state) */
    uint32_t seed_next;       /* the seed object the next make_symbolic takes */
    bool concolic;
    uint64_t path_hash;       /* of the branch decisions so far (concolic) */
    /* KLEE's seeding (engine_seeding.c): its model is a seed's input, so its
     * branches follow the seed while the other sides fork off as usual. The
     * mark goes with that model at a fork (state_pass_model). On a concolic
     * state: the seed it runs is a user's (--only-replay-seeds), and its path
     * is one of the run's. */
    bool seeded;
    /* Rebuilding a state from its input (engine_swap.c): every fork point on
     * its path (exec_fork, exec_fork_unchecked) counts as a decision, and
     * where it was made and the side taken go into decision_hash, which so
     * names the path. A rebuild runs concolically
     * until its decisions reach replay_to, then goes on symbolically; a
     * decision_hash other than replay_hash there means the run strayed (a
     * native call that answered differently, say). */
    uint64_t decisions, decision_hash;
    uint64_t replay_to, replay_hash;
    bool swapped_out;         /* ended to be rebuilt later: its end is not a path's end */
    /* Its path took the other side of a fork whose condition came from a
     * model (a symbolic pointer resolved near the model's address, a value
     * enumerated from it): a rebuild from its input would meet other forks
     * there and stray, so it is never rebuilt (engine_record.c). Forks
     * inherit it. */
    bool rebuild_unsafe;
    /* A child a check forked (a zero divisor, an oversized shift, ...) sits
     * at the instruction it was forked at and runs it again: the fork it
     * meets there is this condition's, at this decision count, and its false
     * side is the only one left. It is taken with no query and counted as no
     * decision, as a rebuild (which never forks there) counts it. */
    Expr *refork_cond;
    uint64_t refork_at;
    size_t pool_index;        /* position in the engine's state pool */
    uint8_t group;            /* its search (searcher_split_new): set on a root, inherited by forks */
    PathBranches branches;    /* the branch sides its path took (only with ExecOptions.path_branches) */
    PathLog path;             /* its branch decisions in order (only with ExecOptions.record_path) */
} State;

State *state_new(void);
/* A copy sharing memory contents, path condition and the registers of every
 * frame but the top one. */
State *state_fork(const State *s, uint64_t id);
void state_free(State *s);
Frame *state_push_frame(State *s, IrFunction *fn);
/* Pops the top frame; the caller's registers become this state's own. */
void state_pop_frame(State *s);
/* The bytes of registers this state holds: each frame's, divided among the
 * states that share it. */
size_t state_register_bytes(const State *s);
static inline Frame *state_top(State *s) { return &s->frames[s->nframes - 1]; }
/* Adds a constraint (borrowed) to the path condition. The caller has shown
 * it feasible with the path (or it is implied): the node is as known as the
 * path before it. */
void state_add_constraint(State *s, Expr *e);
/* The same for a constraint the state's model (if any) satisfies, as its
 * caller knows: a concretization of e to its value under the model, say.
 * Skips evaluating it, O(size of e), again. */
void state_add_fitting(State *s, Expr *e);
/* Adds a constraint nobody checked (a speculative branch side): the new node
 * is UNCHECKED, and the model becomes the prefix model of the older nodes. */
void state_add_unchecked(State *s, Expr *e);
/* The same two for a side of a two-way branch: flip is the branch side where
 * e is false (PathCond.flip). */
void state_add_branch(State *s, Expr *e, uint32_t flip);
void state_add_unchecked_branch(State *s, Expr *e, uint32_t flip);
/* Does s have an unchecked segment (its newest node not known SAT)? */
static inline bool state_unchecked(const State *s) { return s->pc && s->pc->status != PC_SAT; }
/* Drops the newest nodes of the path condition down to `keep` (a node of it, or NULL). */
void state_truncate_pc(State *s, PathCond *keep);
void state_add_symbolic(State *s, Array *array, const char *name);
/* s's inputs in make_symbolic order into out[0 .. s->nsyms). */
void state_symbolics(const State *s, Symbolic *out);
/* Input-list nodes made or walked so far, process-wide: the work count the
 * tests hold linear in the number of inputs. */
uint64_t state_symbolic_steps(void);
/* Replaces the state's model (takes ownership; NULL drops it). */
void state_set_model(State *s, Assignment *model);
/* At a fork where the parent's model fits the child's side: the child
 * (which has none yet) takes it, with the seed's mark, and the parent takes
 * `replacement` (owned, or NULL). */
void state_pass_model(State *parent, State *child, Assignment *replacement);
/* Replaces the prefix model, a model of the oldest len nodes (takes ownership). */
void state_set_prefix_model(State *s, Assignment *model, uint32_t len);
void frame_add_alloca(Frame *f, MemObject *mo);

#endif
