/* ir_cfg: blocks, edges, dominators, natural loops and the call graph of a
 * small C program with two nested loops, two direct calls (one inside the
 * loops) and a function called only through a pointer. */
#define _GNU_SOURCE
#include "check.h"
#include "load_source.h"
#include "ir/ir.h"
#include "ir/ir_cfg.h"
#include "util/util.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *src =
    "__attribute__((noinline)) static int g(int x) { return x + 1; }\n"
    "__attribute__((noinline)) static int h(int x) { return x * 2; }\n"
    "int (*fp)(int) = h;\n"
    "int main(int argc, char **argv) {\n"
    "    (void)argv;\n"
    "    int s = argc;\n"
    "    for (int i = 0; i < 10; i++) {\n"
    "        for (int j = 0; j < i; j++)\n"
    "            s += j;\n"
    "        if (i == argc) s += g(i);\n"
    "    }\n"
    "    if (s > 5) s = g(s);\n"
    "    return s + fp(s);\n"
    "}\n";

static IrModule *load(void) {
    char dir[] = "/tmp/symplex-test-cfg-XXXXXX";
    return load_source(src, dir, "cfg.c");
}

/* Every edge is in both groupings, and each block's in-edges end there. */
static void check_edges(const IrCfg *g) {
    bool ok = true;
    for (uint32_t b = 0; b < g->nblocks; b++) {
        for (uint32_t k = g->in_start[b]; k < g->in_start[b + 1]; k++) ok = ok && g->in[k].to == b;
        for (uint32_t k = g->out_start[b]; k < g->out_start[b + 1]; k++) {
            ok = ok && g->out[k].from == b;
            bool found = false;
            uint32_t t = g->out[k].to;
            for (uint32_t j = g->in_start[t]; j < g->in_start[t + 1]; j++) found = found || g->in[j].from == b;
            ok = ok && found;
        }
        ok = ok && g->first[b] <= g->last[b] && g->block_of[g->first[b]] == b && g->block_of[g->last[b]] == b;
    }
    CHECK(ok);
    CHECK(g->in_start[g->nblocks] == g->nedges && g->out_start[g->nblocks] == g->nedges);
}

static void check_dominance(const IrCfg *g) {
    bool entry = true, headers = true;
    for (uint32_t b = 0; b < g->nblocks; b++)
        if (g->idom[b] != IR_CFG_NONE) entry = entry && ir_cfg_dominates(g, 0, b);
    for (uint32_t l = 0; l < g->nloops; l++)
        for (uint32_t k = 0; k < g->loops[l].nblocks; k++)
            headers = headers && ir_cfg_dominates(g, g->loops[l].header, g->loops[l].blocks[k]);
    CHECK(entry);
    CHECK(headers);
}

/* Two nested loops: the inner's parent is the outer, which holds its header; the outer has an exit. */
static void check_loops(const IrCfg *g) {
    CHECK_MSG(g->nloops == 2, "%u loops", g->nloops);
    if (g->nloops != 2) return;
    CHECK(g->loops[0].parent == IR_CFG_NONE && g->loops[1].parent == 0);
    CHECK(ir_cfg_in_loop(g, 0, g->loops[1].header) && !ir_cfg_in_loop(g, 1, g->loops[0].header));
    CHECK(g->loops[0].nblocks > g->loops[1].nblocks);
    bool exits = false;
    for (uint32_t k = 0; k < g->nedges; k++)
        exits = exits || (ir_cfg_in_loop(g, 0, g->out[k].from) && !ir_cfg_in_loop(g, 0, g->out[k].to));
    CHECK(exits);
    CHECK(g->loop_of[0] == IR_CFG_NONE);
}

static void check_calls(const IrModule *m, const IrCfg *g, const IrFunction *main_fn) {
    IrFunction *gf = ir_function_by_name((IrModule *)m, "g"), *hf = ir_function_by_name((IrModule *)m, "h");
    CHECK(gf && hf);
    if (!gf || !hf) return;
    IrCallGraph *cg = ir_callgraph_new(m);
    uint32_t n = cg->start[gf->index + 1] - cg->start[gf->index];
    CHECK_MSG(n == 2, "%u call sites of g", n);
    int in_loop = 0;
    for (uint32_t k = cg->start[gf->index]; k < cg->start[gf->index + 1]; k++) {
        CHECK(cg->sites[k].caller == main_fn->index);
        in_loop += g->loop_of[g->block_of[cg->sites[k].inst]] != IR_CFG_NONE;
    }
    CHECK(in_loop == 1);
    CHECK(cg->start[hf->index + 1] == cg->start[hf->index]);
    CHECK(cg->address_taken[hf->index] && !cg->address_taken[gf->index]);
    ir_callgraph_free(cg);
}

int main(void) {
    IrModule *m = load();
    if (!m) return check_report();
    IrFunction *main_fn = ir_function_by_name(m, "main");
    CHECK(main_fn != NULL);
    if (main_fn) {
        IrCfg *g = ir_cfg_new(main_fn);
        CHECK(g->nblocks >= 8);
        check_edges(g);
        check_dominance(g);
        check_loops(g);
        check_calls(m, g, main_fn);
        ir_cfg_free(g);
    }
    ir_module_free(m);
    return check_report();
}
