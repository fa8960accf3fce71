/* ir_lower: LLVM functions to Inst arrays.
 *
 * Registers are numbered up front (parameters, then every value-producing
 * instruction including phis) so that any operand, even one defined later in
 * block order, resolves to a slot in a single pass. Phis vanish: each CFG edge
 * carries the parallel copies its target's phis need. Edge targets hold block
 * numbers while lowering and become instruction indices at the end. */
#include "ir/ir_internal.h"
#include <stdlib.h>
#include <string.h>

uint32_t irl_string(IrBuild *b, char *owned_msg) {
    VEC_PUSH(b->strings, owned_msg);
    return (uint32_t)(b->strings.len - 1);
}

/* ---- debug locations ---- */

static uint32_t file_id(IrBuild *b, const char *path) {
    uint64_t key = util_hash_bytes(path, strlen(path)) | 1, id;
    if (irmap_get(&b->file_ids, key, &id) && strcmp(b->files.data[id], path) == 0) return (uint32_t)id;
    for (size_t i = 1; i < b->files.len; i++)
        if (strcmp(b->files.data[i], path) == 0) return (uint32_t)i;
    VEC_PUSH(b->files, util_strdup(path));
    irmap_put(&b->file_ids, key, b->files.len - 1);
    return (uint32_t)(b->files.len - 1);
}

static uint32_t loc_of(IrBuild *b, LLVMValueRef inst, bool user) {
    unsigned line = LLVMGetDebugLocLine(inst);
    if (!line) return 0;
    unsigned flen = 0, dlen = 0;
    const char *fname = LLVMGetDebugLocFilename(inst, &flen);
    const char *dir = LLVMGetDebugLocDirectory(inst, &dlen);
    char *path = (!fname || !flen || fname[0] == '/' || !dir || !dlen)
                     ? util_format("%.*s", (int)flen, fname ? fname : "")
                     : util_format("%.*s/%.*s", (int)dlen, dir, (int)flen, fname);
    uint32_t file = file_id(b, path);
    free(path);
    uint64_t key = ((uint64_t)file << 32) | line, id;
    if (!irmap_get(&b->loc_ids, key, &id)) {
        VEC_PUSH(b->locs, ((IrLoc){file, line}));
        VEC_PUSH(b->loc_user, false);
        id = b->locs.len - 1;
        irmap_put(&b->loc_ids, key, id);
    }
    if (user) b->loc_user.data[id] = true;
    return (uint32_t)id;
}

/* ---- registers, constants, instructions ---- */

uint32_t irl_new_reg(IrFnBuild *fb) { return fb->nregs++; }

uint32_t irl_reg(IrFnBuild *fb, LLVMValueRef v) {
    uint64_t r = 0;
    irmap_get(&fb->regs, IR_KEY(v), &r);
    return (uint32_t)r;
}

Opnd irl_const(IrFnBuild *fb, ir_u128 bits) {
    uint64_t key = (uint64_t)bits + 1, id;
    bool small = (bits >> 64) == 0 && key != 0;
    if (small && irmap_get(&fb->const_ids, key, &id)) return ~(Opnd)id;
    VEC_PUSH(fb->consts, bits);
    id = fb->consts.len - 1;
    if (small) irmap_put(&fb->const_ids, key, id);
    return ~(Opnd)id;
}

void irl_fail(IrFnBuild *fb, char *owned_msg) {
    if (fb->err) free(owned_msg);
    else fb->err = owned_msg;
}

Opnd irl_opnd(IrFnBuild *fb, LLVMValueRef v) {
    uint64_t r;
    if (irmap_get(&fb->regs, IR_KEY(v), &r)) return (Opnd)r;
    LLVMTypeRef t = LLVMTypeOf(v);
    if (irc_value_bits(fb->b, t) == UINT32_MAX) {
        irl_fail(fb, util_strdup(LLVMGetTypeKind(t) == LLVMVectorTypeKind ? "vector operand" : "operand of unsupported type"));
        return irl_const(fb, 0);
    }
    if (LLVMIsConstant(v)) {
        ir_u128 bits = 0;
        char *why = NULL;
        if (!irc_bits(fb->b, v, &bits, &why)) irl_fail(fb, why);
        return irl_const(fb, bits);
    }
    irl_fail(fb, util_strdup("operand that is neither a value nor a constant"));
    return irl_const(fb, 0);
}

Inst *irl_emit(IrFnBuild *fb, IrOp op, LLVMValueRef result) {
    Inst in = {.op = (uint8_t)op, .a = IR_NONE, .b = IR_NONE, .c = IR_NONE, .loc = fb->loc};
    if (result && LLVMGetTypeKind(LLVMTypeOf(result)) != LLVMVoidTypeKind) {
        uint32_t w = irc_value_bits(fb->b, LLVMTypeOf(result));
        if (w == UINT32_MAX) irl_fail(fb, util_strdup("result of unsupported type"));
        else in.width = (uint16_t)w;
        in.dst = irl_reg(fb, result);
    }
    VEC_PUSH(fb->insts, in);
    return &fb->insts.data[fb->insts.len - 1];
}

void irl_unsupported(IrFnBuild *fb, LLVMValueRef inst, char *owned_msg) {
    Inst in = {.op = IR_UNSUPPORTED, .a = IR_NONE, .b = IR_NONE, .c = IR_NONE, .loc = fb->loc};
    in.aux = irl_string(fb->b, owned_msg);
    VEC_PUSH(fb->insts, in);
}

bool irl_is_user_fn(IrFnBuild *fb) { return !fb->f->is_runtime; }

/* The first of the n branch ids of a terminator of user code: the loader's
 * child numbered them and left the number on it (ir_path_module.c), so that
 * the native module of --record-path names every site as the engine does. */
static uint32_t branch_ids(IrFnBuild *fb, LLVMValueRef term, uint32_t n) {
    if (!irl_is_user_fn(fb)) return IR_NO_BRANCH;
    uint32_t first = irpath_site(term);
    if (first != IR_NO_BRANCH && first + n > fb->b->m->nbranches) fb->b->m->nbranches = first + n;
    return first;
}

/* ---- control flow ---- */

/* Edge from the current block to succ, with one copy per phi of succ. */
static uint32_t edge_to(IrFnBuild *fb, LLVMBasicBlockRef succ) {
    uint64_t blk = 0;
    irmap_get(&fb->blocks, IR_KEY(succ), &blk);
    IrEdge e = {(uint32_t)blk, (uint32_t)fb->copies.len, 0, true};
    for (LLVMValueRef phi = LLVMGetFirstInstruction(succ); phi && LLVMIsAPHINode(phi);
         phi = LLVMGetNextInstruction(phi)) {
        unsigned n = LLVMCountIncoming(phi);
        for (unsigned k = 0; k < n; k++) {
            if (LLVMGetIncomingBlock(phi, k) != fb->cur_block) continue;
            IrCopy c = {irl_reg(fb, phi), irl_opnd(fb, LLVMGetIncomingValue(phi, k))};
            for (uint32_t j = e.copy_start; j < fb->copies.len; j++)
                if (c.src >= 0 && fb->copies.data[j].dst == (uint32_t)c.src) e.in_order = false;
            VEC_PUSH(fb->copies, c);
            e.ncopies++;
            break;
        }
    }
    VEC_PUSH(fb->edges, e);
    return (uint32_t)(fb->edges.len - 1);
}

static void lower_br(IrFnBuild *fb, LLVMValueRef inst) {
    if (!LLVMIsConditional(inst)) {
        LLVMBasicBlockRef succ = LLVMGetSuccessor(inst, 0);
        uint32_t e = edge_to(fb, succ);
        /* A jump to the block laid out next, with no phi copies on its edge,
         * is a fall-through: -O0 code has one on most loop bodies, each a
         * dispatch of its own (the edge made is left unused). */
        if (succ == LLVMGetNextBasicBlock(fb->cur_block) && !fb->edges.data[e].ncopies) return;
        irl_emit(fb, IR_JMP, NULL)->aux = e;
        return;
    }
    Opnd cond = irl_opnd(fb, LLVMGetCondition(inst));
    uint32_t et = edge_to(fb, LLVMGetSuccessor(inst, 0));
    uint32_t ef = edge_to(fb, LLVMGetSuccessor(inst, 1));
    Inst *in = irl_emit(fb, IR_BR, NULL);
    in->a = cond;
    in->aux = et;
    in->aux2 = ef;
    in->c = (Opnd)branch_ids(fb, inst, 2); /* taken: id, not taken: id + 1 */
}

/* Switch operands are [cond, default, (value, dest)*]; successor i+1 is case i. */
static void lower_switch(IrFnBuild *fb, LLVMValueRef inst) {
    LLVMValueRef cond = LLVMGetOperand(inst, 0); /* LLVMGetCondition is for br only */
    uint32_t ncases = (uint32_t)LLVMGetNumOperands(inst) / 2 - 1;
    IrSwitch sw = {.ncases = ncases};
    sw.values = util_calloc(ncases, sizeof *sw.values);
    sw.edges = util_calloc(ncases, sizeof *sw.edges);
    for (uint32_t i = 0; i < ncases; i++) {
        char *why = NULL;
        if (!irc_bits(fb->b, LLVMGetOperand(inst, 2 + 2 * i), &sw.values[i], &why)) irl_fail(fb, why);
        sw.edges[i] = edge_to(fb, LLVMGetSuccessor(inst, i + 1));
    }
    sw.default_edge = edge_to(fb, LLVMGetSuccessor(inst, 0));
    sw.branch_id = branch_ids(fb, inst, ncases + 1);
    VEC_PUSH(fb->switches, sw);
    Opnd a = irl_opnd(fb, cond);
    Inst *in = irl_emit(fb, IR_SWITCH, NULL);
    in->a = a;
    in->aux = (uint32_t)(fb->switches.len - 1);
    in->aux2 = irc_value_bits(fb->b, LLVMTypeOf(cond));
}

/* A computed goto: a switch over the fake addresses of the blocks it may
 * reach, with no default (any other address is an invalid jump). Not counted
 * as branches: gcov, the coverage reference, does not count it either. */
static void lower_indirectbr(IrFnBuild *fb, LLVMValueRef inst) {
    uint32_t n = LLVMGetNumSuccessors(inst);
    IrSwitch sw = {.ncases = n, .default_edge = IR_NO_EDGE, .branch_id = IR_NO_BRANCH};
    sw.values = util_calloc(n ? n : 1, sizeof *sw.values);
    sw.edges = util_calloc(n ? n : 1, sizeof *sw.edges);
    for (uint32_t i = 0; i < n; i++) {
        LLVMBasicBlockRef dest = LLVMGetSuccessor(inst, i);
        uint64_t a = 0;
        if (!irc_block_address(fb->b, fb->fn, dest, &a)) irl_fail(fb, util_strdup("indirectbr target without an address"));
        sw.values[i] = a;
        sw.edges[i] = edge_to(fb, dest);
    }
    VEC_PUSH(fb->switches, sw);
    Opnd a = irl_opnd(fb, LLVMGetOperand(inst, 0));
    Inst *in = irl_emit(fb, IR_SWITCH, NULL);
    in->a = a;
    in->aux = (uint32_t)(fb->switches.len - 1);
    in->aux2 = 64;
}

static void lower_ret(IrFnBuild *fb, LLVMValueRef inst) {
    Opnd a = LLVMGetNumOperands(inst) > 0 ? irl_opnd(fb, LLVMGetOperand(inst, 0)) : IR_NONE;
    irl_emit(fb, IR_RET, NULL)->a = a;
}

/* ---- functions ---- */

static void number_values(IrFnBuild *fb) {
    fb->nregs = fb->f->nparams;
    for (uint32_t p = 0; p < fb->f->nparams; p++) irmap_put(&fb->regs, IR_KEY(LLVMGetParam(fb->fn, p)), p);
    uint32_t nblocks = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fb->fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
        irmap_put(&fb->blocks, IR_KEY(bb), nblocks++);
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
            if (LLVMGetTypeKind(LLVMTypeOf(i)) != LLVMVoidTypeKind)
                irmap_put(&fb->regs, IR_KEY(i), fb->nregs++);
    }
}

static void lower_block(IrFnBuild *fb, LLVMBasicBlockRef bb) {
    fb->cur_block = bb;
    VEC_PUSH(fb->block_start, (uint32_t)fb->insts.len);
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        if (LLVMIsAPHINode(i)) continue;
        fb->loc = loc_of(fb->b, i, false);
        if (fb->loc && !fb->f->loc) fb->f->loc = fb->loc;
        size_t mark = fb->insts.len;
        irl_lower_inst(fb, i);
        /* a line counts for coverage only if something executable stands on it
         * (not, e.g., a declaration whose only trace is llvm.dbg.value) */
        if (fb->loc && fb->insts.len > mark && irl_is_user_fn(fb)) fb->b->loc_user.data[fb->loc] = true;
        if (fb->err) { /* an operand or type could not be lowered: the whole instruction is unsupported */
            fb->insts.len = mark;
            irl_unsupported(fb, i, util_format("unsupported instruction '%s': %s",
                                               irl_opcode_name(LLVMGetInstructionOpcode(i)), fb->err));
            free(fb->err);
            fb->err = NULL;
        }
    }
}

static void finish_function(IrFnBuild *fb) {
    IrFunction *f = fb->f;
    for (size_t e = 0; e < fb->edges.len; e++) fb->edges.data[e].target = fb->block_start.data[fb->edges.data[e].target];
    f->nregs = fb->nregs;
    f->insts = fb->insts.data; f->ninsts = (uint32_t)fb->insts.len;
    f->consts = fb->consts.data; f->nconsts = (uint32_t)fb->consts.len;
    f->edges = fb->edges.data; f->nedges = (uint32_t)fb->edges.len;
    f->copies = fb->copies.data; f->ncopies = (uint32_t)fb->copies.len;
    f->switches = fb->switches.data; f->nswitches = (uint32_t)fb->switches.len;
    f->geps = fb->geps.data; f->ngeps = (uint32_t)fb->geps.len;
    f->calls = fb->calls.data; f->ncalls = (uint32_t)fb->calls.len;
    irmap_free(&fb->regs);
    irmap_free(&fb->blocks);
    irmap_free(&fb->const_ids);
    VEC_FREE(fb->block_start);
}

static void lower_function(IrBuild *b, IrFunction *f, LLVMValueRef fn) {
    IrFnBuild fb = {.b = b, .f = f, .fn = fn};
    number_values(&fb);
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) lower_block(&fb, bb);
    finish_function(&fb);
}

void irl_lower_module(IrBuild *b) {
    IrModule *m = b->m;
    VEC_PUSH(b->files, util_strdup(""));
    VEC_PUSH(b->locs, ((IrLoc){0, 0}));
    VEC_PUSH(b->loc_user, false);
    uint32_t i = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(b->mod); fn; fn = LLVMGetNextFunction(fn)) {
        if (LLVMGetIntrinsicID(fn)) continue;
        IrFunction *f = &m->functions[i++];
        if (!f->is_declaration) lower_function(b, f, fn);
    }
    m->files = b->files.data; m->nfiles = (uint32_t)b->files.len;
    m->locs = b->locs.data; m->nlocs = (uint32_t)b->locs.len;
    m->loc_is_user = b->loc_user.data;
    m->strings = b->strings.data; m->nstrings = (uint32_t)b->strings.len;
    b->files.data = NULL; b->locs.data = NULL; b->loc_user.data = NULL; b->strings.data = NULL;
}

void irl_lower_terminator(IrFnBuild *fb, LLVMValueRef inst, LLVMOpcode op) {
    switch (op) {
    case LLVMBr: lower_br(fb, inst); break;
    case LLVMSwitch: lower_switch(fb, inst); break;
    case LLVMIndirectBr: lower_indirectbr(fb, inst); break;
    case LLVMRet: lower_ret(fb, inst); break;
    default: irl_emit(fb, IR_UNREACHABLE, NULL); break;
    }
}
