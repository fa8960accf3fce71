/* ir_cfg: the control-flow graph of a lowered function and the module's call
 * graph, for analyses that walk the program rather than run it (the backward
 * search of targeted input generation walks predecessors, call sites and
 * loops).
 *
 * Blocks: a block starts at instruction 0, at every edge target and after
 * every terminator (jmp, br, switch, ret, unreachable); it ends at the next
 * terminator or before the next start. CFG edges keep the IrFunction edge
 * they come from, so a walk can apply that edge's phi copies. Dominators are
 * Cooper, Harvey and Kennedy's iterative algorithm over reverse postorder;
 * loops are natural loops (a back edge t -> h with h dominating t; the body
 * is h and every block that reaches t without passing h), one per header
 * (back edges to one header share it). */
#ifndef SYMPLEX_IR_CFG_H
#define SYMPLEX_IR_CFG_H
#include "ir.h"

#define IR_CFG_NONE 0xFFFFFFFFu

typedef struct IrCfgEdge {
    uint32_t from, to;   /* blocks */
    uint32_t edge;       /* index into IrFunction.edges (its phi copies), or IR_CFG_NONE for a fall-through */
} IrCfgEdge;

typedef struct IrLoop {
    uint32_t header;
    uint32_t *blocks, nblocks;   /* sorted; includes the header */
    uint32_t parent;             /* index of the innermost enclosing loop, or IR_CFG_NONE */
} IrLoop;

typedef struct IrCfg {
    const IrFunction *fn;
    uint32_t nblocks;
    uint32_t *first, *last;      /* per block: its first and last instruction */
    uint32_t *block_of;          /* per instruction: its block */
    IrCfgEdge *in;               /* every edge, grouped by target: in[in_start[b] .. in_start[b+1]) enter b */
    uint32_t *in_start;
    IrCfgEdge *out;              /* the same edges grouped by source */
    uint32_t *out_start;
    uint32_t nedges;
    uint32_t *idom;              /* immediate dominator; the entry's is itself; IR_CFG_NONE if unreachable */
    IrLoop *loops;               /* outer loops before the loops they contain */
    uint32_t nloops;
    uint32_t *loop_of;           /* per block: its innermost loop, or IR_CFG_NONE */
} IrCfg;

/* The CFG of a function with a body. */
IrCfg *ir_cfg_new(const IrFunction *f);
void ir_cfg_free(IrCfg *g);
/* Does block a dominate block b (both reachable)? */
bool ir_cfg_dominates(const IrCfg *g, uint32_t a, uint32_t b);
/* Is block b inside loop l (its body, nested loops included)? */
bool ir_cfg_in_loop(const IrCfg *g, uint32_t l, uint32_t b);

/* ---- call graph ---- */
typedef struct IrCallSite {
    uint32_t caller;   /* function index */
    uint32_t inst;     /* the IR_CALL instruction in the caller */
} IrCallSite;

typedef struct IrCallGraph {
    IrCallSite *sites;          /* grouped by callee: sites[start[f] .. start[f+1]) call f directly */
    uint32_t *start;
    uint32_t nfunctions;
    bool *address_taken;        /* the function's address is used other than as a direct callee */
    bool *called_from_outside;  /* code the module does not show may call it (IrModule.foreign_fn, has_asm) */
} IrCallGraph;

IrCallGraph *ir_callgraph_new(const IrModule *m);
void ir_callgraph_free(IrCallGraph *cg);

#endif
