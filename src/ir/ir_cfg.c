/* Blocks, edges, dominators and natural loops of a function; the module's
 * call graph (ir_cfg.h). */
#include "ir_cfg.h"
#include "../util/util.h"
#include <stdlib.h>
#include <string.h>

static bool cfg_is_terminator(uint8_t op) {
    return op == IR_JMP || op == IR_BR || op == IR_SWITCH || op == IR_RET || op == IR_UNREACHABLE;
}

/* ---- blocks and edges ---- */
static void cfg_blocks(IrCfg *g) {
    const IrFunction *f = g->fn;
    bool *leader = util_calloc(f->ninsts + 1, sizeof *leader);
    leader[0] = true;
    for (uint32_t e = 0; e < f->nedges; e++)
        if (f->edges[e].target < f->ninsts) leader[f->edges[e].target] = true;
    for (uint32_t i = 0; i + 1 < f->ninsts; i++)
        if (cfg_is_terminator(f->insts[i].op)) leader[i + 1] = true;
    g->block_of = util_malloc((f->ninsts + 1) * sizeof *g->block_of);
    g->first = util_malloc((f->ninsts + 1) * sizeof *g->first);
    g->last = util_malloc((f->ninsts + 1) * sizeof *g->last);
    for (uint32_t i = 0; i < f->ninsts; i++) {
        if (leader[i]) {
            if (g->nblocks) g->last[g->nblocks - 1] = i - 1;
            g->first[g->nblocks++] = i;
        }
        g->block_of[i] = g->nblocks - 1;
    }
    if (g->nblocks) g->last[g->nblocks - 1] = f->ninsts - 1;
    free(leader);
}

typedef VEC(IrCfgEdge) EdgeVec;

static void cfg_add(IrCfg *g, EdgeVec *v, uint32_t from, uint32_t edge) {
    if (edge == IR_NO_EDGE || edge >= g->fn->nedges) return;
    VEC_PUSH(*v, ((IrCfgEdge){from, g->block_of[g->fn->edges[edge].target], edge}));
}

static void cfg_block_edges(IrCfg *g, EdgeVec *v, uint32_t b) {
    const Inst *t = &g->fn->insts[g->last[b]];
    switch (t->op) {
    case IR_JMP: cfg_add(g, v, b, t->aux); break;
    case IR_BR: cfg_add(g, v, b, t->aux); cfg_add(g, v, b, t->aux2); break;
    case IR_SWITCH: {
        const IrSwitch *sw = &g->fn->switches[t->aux];
        for (uint32_t k = 0; k < sw->ncases; k++) cfg_add(g, v, b, sw->edges[k]);
        cfg_add(g, v, b, sw->default_edge);
        break;
    }
    case IR_RET: case IR_UNREACHABLE: break;
    default: /* falls through into the next block */
        if (b + 1 < g->nblocks) VEC_PUSH(*v, ((IrCfgEdge){b, b + 1, IR_CFG_NONE}));
    }
}

static int cfg_by_to(const void *x, const void *y) {
    const IrCfgEdge *a = x, *b = y;
    return a->to != b->to ? (a->to < b->to ? -1 : 1) : a->from != b->from ? (a->from < b->from ? -1 : 1) : 0;
}
static int cfg_by_from(const void *x, const void *y) {
    const IrCfgEdge *a = x, *b = y;
    return a->from != b->from ? (a->from < b->from ? -1 : 1) : a->to != b->to ? (a->to < b->to ? -1 : 1) : 0;
}

static uint32_t *cfg_starts(const IrCfgEdge *es, uint32_t n, uint32_t nblocks, bool by_to) {
    uint32_t *start = util_calloc(nblocks + 2, sizeof *start);
    for (uint32_t k = 0; k < n; k++) start[(by_to ? es[k].to : es[k].from) + 1]++;
    for (uint32_t b = 0; b < nblocks; b++) start[b + 1] += start[b];
    return start;
}

static void cfg_edges(IrCfg *g) {
    EdgeVec v = {0};
    for (uint32_t b = 0; b < g->nblocks; b++) cfg_block_edges(g, &v, b);
    g->nedges = (uint32_t)v.len;
    g->in = util_malloc((v.len + 1) * sizeof *g->in);
    g->out = util_malloc((v.len + 1) * sizeof *g->out);
    if (v.len) {
        memcpy(g->in, v.data, v.len * sizeof *v.data);
        memcpy(g->out, v.data, v.len * sizeof *v.data);
        qsort(g->in, v.len, sizeof *g->in, cfg_by_to);
        qsort(g->out, v.len, sizeof *g->out, cfg_by_from);
    }
    g->in_start = cfg_starts(g->in, g->nedges, g->nblocks, true);
    g->out_start = cfg_starts(g->out, g->nedges, g->nblocks, false);
    VEC_FREE(v);
}

/* ---- dominators ---- */
/* Reverse postorder of the blocks reachable from the entry (iterative DFS). */
static uint32_t cfg_rpo(const IrCfg *g, uint32_t *order, uint32_t *rank) {
    uint32_t *stack = util_malloc((g->nblocks + 1) * sizeof *stack), *next = util_calloc(g->nblocks + 1, sizeof *next);
    bool *seen = util_calloc(g->nblocks + 1, sizeof *seen);
    uint32_t sp = 0, n = 0;
    stack[sp++] = 0;
    seen[0] = true;
    while (sp) {
        uint32_t b = stack[sp - 1], k = g->out_start[b] + next[b];
        if (k < g->out_start[b + 1]) {
            next[b]++;
            uint32_t s = g->out[k].to;
            if (!seen[s]) seen[s] = true, stack[sp++] = s;
        } else {
            order[n++] = b; /* postorder */
            sp--;
        }
    }
    for (uint32_t i = 0; i < n / 2; i++) {
        uint32_t t = order[i];
        order[i] = order[n - 1 - i];
        order[n - 1 - i] = t;
    }
    for (uint32_t b = 0; b < g->nblocks; b++) rank[b] = IR_CFG_NONE;
    for (uint32_t i = 0; i < n; i++) rank[order[i]] = i;
    free(stack);
    free(next);
    free(seen);
    return n;
}

static uint32_t cfg_intersect(const uint32_t *idom, const uint32_t *rank, uint32_t a, uint32_t b) {
    while (a != b) {
        while (rank[a] > rank[b]) a = idom[a];
        while (rank[b] > rank[a]) b = idom[b];
    }
    return a;
}

static void cfg_dominators(IrCfg *g) {
    uint32_t *order = util_malloc((g->nblocks + 1) * sizeof *order), *rank = util_malloc((g->nblocks + 1) * sizeof *rank);
    uint32_t n = cfg_rpo(g, order, rank);
    g->idom = util_malloc((g->nblocks + 1) * sizeof *g->idom);
    for (uint32_t b = 0; b < g->nblocks; b++) g->idom[b] = IR_CFG_NONE;
    g->idom[0] = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t i = 1; i < n; i++) {
            uint32_t b = order[i], nd = IR_CFG_NONE;
            for (uint32_t k = g->in_start[b]; k < g->in_start[b + 1]; k++) {
                uint32_t p = g->in[k].from;
                if (g->idom[p] == IR_CFG_NONE) continue;
                nd = nd == IR_CFG_NONE ? p : cfg_intersect(g->idom, rank, p, nd);
            }
            if (nd != g->idom[b]) g->idom[b] = nd, changed = true;
        }
    }
    free(order);
    free(rank);
}

bool ir_cfg_dominates(const IrCfg *g, uint32_t a, uint32_t b) {
    if (g->idom[a] == IR_CFG_NONE || g->idom[b] == IR_CFG_NONE) return false;
    for (;;) {
        if (b == a) return true;
        if (b == 0) return false;
        b = g->idom[b];
    }
}

/* ---- natural loops ---- */
/* The body of the loop with header h: h and every block reaching one of its back edges' tails without passing h. */
static IrLoop cfg_loop_body(const IrCfg *g, uint32_t h) {
    bool *in = util_calloc(g->nblocks + 1, sizeof *in);
    uint32_t *work = util_malloc((g->nblocks + 1) * sizeof *work), nw = 0;
    in[h] = true;
    for (uint32_t k = g->in_start[h]; k < g->in_start[h + 1]; k++) {
        uint32_t t = g->in[k].from;
        if (ir_cfg_dominates(g, h, t) && !in[t]) in[t] = true, work[nw++] = t;
    }
    while (nw) {
        uint32_t b = work[--nw];
        for (uint32_t k = g->in_start[b]; k < g->in_start[b + 1]; k++) {
            uint32_t p = g->in[k].from;
            if (!in[p] && g->idom[p] != IR_CFG_NONE) in[p] = true, work[nw++] = p;
        }
    }
    IrLoop l = {h, util_malloc((g->nblocks + 1) * sizeof(uint32_t)), 0, IR_CFG_NONE};
    for (uint32_t b = 0; b < g->nblocks; b++)
        if (in[b]) l.blocks[l.nblocks++] = b;
    free(in);
    free(work);
    return l;
}

static int cfg_by_size(const void *x, const void *y) {
    const IrLoop *a = x, *b = y;
    return a->nblocks != b->nblocks ? (a->nblocks > b->nblocks ? -1 : 1) : (a->header < b->header ? -1 : 1);
}

bool ir_cfg_in_loop(const IrCfg *g, uint32_t l, uint32_t b) {
    const IrLoop *lp = &g->loops[l];
    uint32_t lo = 0, hi = lp->nblocks;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        if (lp->blocks[mid] < b) lo = mid + 1;
        else hi = mid;
    }
    return lo < lp->nblocks && lp->blocks[lo] == b;
}

static void cfg_loops(IrCfg *g) {
    VEC(IrLoop) ls = {0};
    for (uint32_t h = 0; h < g->nblocks; h++) {
        bool header = false;
        for (uint32_t k = g->in_start[h]; k < g->in_start[h + 1] && !header; k++)
            header = ir_cfg_dominates(g, h, g->in[k].from);
        if (header) VEC_PUSH(ls, cfg_loop_body(g, h));
    }
    /* larger first: an enclosing loop has strictly more blocks than the loops inside it */
    if (ls.len) qsort(ls.data, ls.len, sizeof *ls.data, cfg_by_size);
    g->loops = ls.data;
    g->nloops = (uint32_t)ls.len;
    g->loop_of = util_malloc((g->nblocks + 1) * sizeof *g->loop_of);
    for (uint32_t b = 0; b < g->nblocks; b++) g->loop_of[b] = IR_CFG_NONE;
    for (uint32_t l = 0; l < g->nloops; l++) {
        g->loops[l].parent = g->loop_of[g->loops[l].header];
        for (uint32_t k = 0; k < g->loops[l].nblocks; k++) g->loop_of[g->loops[l].blocks[k]] = l;
    }
}

IrCfg *ir_cfg_new(const IrFunction *f) {
    IrCfg *g = util_calloc(1, sizeof *g);
    g->fn = f;
    if (f->ninsts == 0) {
        g->idom = util_calloc(1, sizeof *g->idom);
        g->in_start = util_calloc(2, sizeof *g->in_start);
        g->out_start = util_calloc(2, sizeof *g->out_start);
        return g;
    }
    cfg_blocks(g);
    cfg_edges(g);
    cfg_dominators(g);
    cfg_loops(g);
    return g;
}

void ir_cfg_free(IrCfg *g) {
    if (!g) return;
    for (uint32_t l = 0; l < g->nloops; l++) free(g->loops[l].blocks);
    free(g->loops);
    free(g->loop_of);
    free(g->first);
    free(g->last);
    free(g->block_of);
    free(g->in);
    free(g->in_start);
    free(g->out);
    free(g->out_start);
    free(g->idom);
    free(g);
}

/* ---- call graph ---- */
IrCallGraph *ir_callgraph_new(const IrModule *m) {
    IrCallGraph *cg = util_calloc(1, sizeof *cg);
    cg->nfunctions = m->nfunctions;
    cg->start = util_calloc(m->nfunctions + 2, sizeof *cg->start);
    cg->address_taken = util_calloc(m->nfunctions + 1, sizeof *cg->address_taken);
    cg->called_from_outside = util_calloc(m->nfunctions + 1, sizeof *cg->called_from_outside);
    VEC(IrCallSite) all = {0};
    for (uint32_t f = 0; f < m->nfunctions; f++) {
        const IrFunction *fn = &m->functions[f];
        for (uint32_t i = 0; i < fn->ninsts; i++)
            if (fn->insts[i].op == IR_CALL && fn->calls[fn->insts[i].aux].callee >= 0) {
                VEC_PUSH(all, ((IrCallSite){f, i}));
                cg->start[fn->calls[fn->insts[i].aux].callee + 1]++;
            }
        cg->address_taken[f] = fn->address_taken;
        /* assembly can name any symbol, native code any exported one */
        cg->called_from_outside[f] = m->has_asm || (m->foreign_fn >= 0 && fn->exported);
    }
    for (uint32_t f = 0; f < m->nfunctions; f++) cg->start[f + 1] += cg->start[f];
    cg->sites = util_malloc((all.len + 1) * sizeof *cg->sites);
    uint32_t *fill = util_calloc(m->nfunctions + 1, sizeof *fill);
    for (size_t k = 0; k < all.len; k++) {
        const IrFunction *fn = &m->functions[all.data[k].caller];
        uint32_t callee = (uint32_t)fn->calls[fn->insts[all.data[k].inst].aux].callee;
        cg->sites[cg->start[callee] + fill[callee]++] = all.data[k];
    }
    free(fill);
    VEC_FREE(all);
    return cg;
}

void ir_callgraph_free(IrCallGraph *cg) {
    if (!cg) return;
    free(cg->sites);
    free(cg->start);
    free(cg->address_taken);
    free(cg->called_from_outside);
    free(cg);
}
