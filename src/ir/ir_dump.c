/* ir_dump: a readable listing of a lowered module, one line per Inst, for
 * debugging the loader and for tests that want to eyeball the lowering. */
#include "ir/ir_internal.h"
#include <inttypes.h>
#include <string.h>

const char *ir_op_name(IrOp op) {
    static const char *const names[IR_OP_COUNT] = {
        [IR_NOP] = "nop", [IR_MOVE] = "move", [IR_ADD] = "add", [IR_SUB] = "sub", [IR_MUL] = "mul",
        [IR_UDIV] = "udiv", [IR_SDIV] = "sdiv", [IR_UREM] = "urem", [IR_SREM] = "srem", [IR_AND] = "and",
        [IR_OR] = "or", [IR_XOR] = "xor", [IR_SHL] = "shl", [IR_LSHR] = "lshr", [IR_ASHR] = "ashr",
        [IR_ICMP] = "icmp", [IR_TRUNC] = "trunc", [IR_ZEXT] = "zext", [IR_SEXT] = "sext",
        [IR_SELECT] = "select", [IR_FADD] = "fadd", [IR_FSUB] = "fsub", [IR_FMUL] = "fmul",
        [IR_FDIV] = "fdiv", [IR_FREM] = "frem", [IR_FNEG] = "fneg", [IR_FCMP] = "fcmp",
        [IR_FPTRUNC] = "fptrunc", [IR_FPEXT] = "fpext", [IR_FPTOUI] = "fptoui", [IR_FPTOSI] = "fptosi",
        [IR_UITOFP] = "uitofp", [IR_SITOFP] = "sitofp", [IR_FMATH] = "fmath", [IR_JMP] = "jmp",
        [IR_BR] = "br", [IR_SWITCH] = "switch", [IR_RET] = "ret", [IR_UNREACHABLE] = "unreachable",
        [IR_ALLOCA] = "alloca", [IR_LOAD] = "load", [IR_STORE] = "store", [IR_GEP] = "gep",
        [IR_CALL] = "call", [IR_EXTRACTVALUE] = "extractvalue", [IR_INSERTVALUE] = "insertvalue",
        [IR_ATOMICRMW] = "atomicrmw", [IR_CMPXCHG] = "cmpxchg", [IR_FENCE] = "fence",
        [IR_MEMCPY] = "memcpy", [IR_MEMMOVE] = "memmove", [IR_MEMSET] = "memset",
        [IR_OVERFLOW] = "overflow", [IR_FSHL] = "fshl", [IR_FSHR] = "fshr", [IR_CTPOP] = "ctpop",
        [IR_CTLZ] = "ctlz", [IR_CTTZ] = "cttz", [IR_BSWAP] = "bswap", [IR_ABS] = "abs",
        [IR_SMAX] = "smax", [IR_SMIN] = "smin", [IR_UMAX] = "umax", [IR_UMIN] = "umin",
        [IR_STACKSAVE] = "stacksave", [IR_STACKRESTORE] = "stackrestore", [IR_ASSUME] = "assume",
        [IR_TRAP] = "trap", [IR_VASTART] = "va_start", [IR_VACOPY] = "va_copy", [IR_VAEND] = "va_end",
        [IR_UNSUPPORTED] = "unsupported",
    };
    return (unsigned)op < IR_OP_COUNT && names[op] ? names[op] : "?";
}

const char *ir_loc_str(const IrModule *m, uint32_t loc, char *buf, size_t n) {
    if (loc == 0 || loc >= m->nlocs) snprintf(buf, n, "?");
    else snprintf(buf, n, "%s:%" PRIu32, m->files[m->locs[loc].file], m->locs[loc].line);
    return buf;
}

static void dump_u128(FILE *f, ir_u128 v) {
    if ((v >> 64) == 0) fprintf(f, "%" PRIu64, (uint64_t)v);
    else fprintf(f, "0x%" PRIx64 "%016" PRIx64, (uint64_t)(v >> 64), (uint64_t)v);
}

static void dump_opnd(FILE *f, const IrFunction *fn, Opnd o) {
    if (o == IR_NONE) fputs("_", f);
    else if (ir_is_const(o) && ir_const_index(o) < fn->nconsts) { fputc('#', f); dump_u128(f, fn->consts[ir_const_index(o)]); }
    else if (ir_is_const(o)) fputs("#?", f);
    else fprintf(f, "r%" PRId32, o);
}

static void dump_edge(FILE *f, const IrFunction *fn, uint32_t e) {
    if (e >= fn->nedges) { fputs(" ->?", f); return; }
    const IrEdge *ed = &fn->edges[e];
    fprintf(f, " ->%" PRIu32, ed->target);
    for (uint32_t i = 0; i < ed->ncopies; i++) {
        const IrCopy *c = &fn->copies[ed->copy_start + i];
        fprintf(f, "%sr%" PRIu32 "=", i ? "," : "[", c->dst);
        dump_opnd(f, fn, c->src);
    }
    if (ed->ncopies) fputc(']', f);
}

static void dump_call(FILE *f, const IrModule *m, const IrFunction *fn, const IrCall *c) {
    if (c->callee >= 0 && (uint32_t)c->callee < m->nfunctions) fprintf(f, " @%s(", m->functions[c->callee].name);
    else { fputs(" *", f); dump_opnd(f, fn, c->callee_ptr); fputc('(', f); }
    for (uint32_t i = 0; i < c->nargs; i++) {
        if (i) fputs(", ", f);
        dump_opnd(f, fn, c->args[i]);
    }
    fprintf(f, ")%s", c->variadic ? " varargs" : "");
}

static void dump_extra(FILE *f, const IrModule *m, const IrFunction *fn, const Inst *in) {
    switch (in->op) {
    case IR_JMP: dump_edge(f, fn, in->aux); break;
    case IR_BR:
        dump_edge(f, fn, in->aux);
        dump_edge(f, fn, in->aux2);
        if ((uint32_t)in->c != IR_NO_BRANCH) fprintf(f, " branch=%" PRIu32, (uint32_t)in->c);
        break;
    case IR_SWITCH:
        if (in->aux < fn->nswitches) {
            const IrSwitch *s = &fn->switches[in->aux];
            for (uint32_t i = 0; i < s->ncases; i++) { fputs(" case ", f); dump_u128(f, s->values[i]); dump_edge(f, fn, s->edges[i]); }
            if (s->default_edge != IR_NO_EDGE) {
                fputs(" default", f);
                dump_edge(f, fn, s->default_edge);
            }
        }
        break;
    case IR_GEP:
        if (in->aux < fn->ngeps) {
            const IrGep *g = &fn->geps[in->aux];
            fprintf(f, " +%" PRId64, g->offset);
            for (uint32_t i = 0; i < g->nidx; i++) {
                fprintf(f, " +%s", g->idx_zext[i] ? "zext " : "");
                dump_opnd(f, fn, g->idx[i]);
                fprintf(f, "*%" PRId64, g->scale[i]);
            }
        }
        break;
    case IR_CALL: if (in->aux < fn->ncalls) dump_call(f, m, fn, &fn->calls[in->aux]); break;
    case IR_UNSUPPORTED: if (in->aux < m->nstrings) fprintf(f, " \"%s\"", m->strings[in->aux]); break;
    default: fprintf(f, " sub=%u aux=%" PRIu32 " aux2=%" PRIu32, in->sub, in->aux, in->aux2); break;
    }
}

static void dump_function(FILE *f, const IrModule *m, const IrFunction *fn) {
    char buf[512];
    fprintf(f, "%s %s #%" PRIu32 " @0x%" PRIx64 " params=%" PRIu32 "%s%s", fn->is_declaration ? "declare" : "define",
            fn->name, fn->index, fn->addr, fn->nparams, fn->variadic ? " variadic" : "", fn->is_runtime ? " runtime" : "");
    if (fn->is_declaration) { fputc('\n', f); return; }
    fprintf(f, " regs=%" PRIu32 " ; %s\n", fn->nregs, ir_loc_str(m, fn->loc, buf, sizeof buf));
    for (uint32_t i = 0; i < fn->ninsts; i++) {
        const Inst *in = &fn->insts[i];
        fprintf(f, "  %4" PRIu32 ": ", i);
        if (in->width) fprintf(f, "r%" PRIu32 ":i%u = ", in->dst, in->width);
        fputs(ir_op_name((IrOp)in->op), f);
        Opnd ops[3] = {in->a, in->b, in->c};
        int nops = in->op == IR_BR ? 1 : 3;
        for (int k = 0; k < nops; k++)
            if (ops[k] != IR_NONE) { fputc(' ', f); dump_opnd(f, fn, ops[k]); }
        dump_extra(f, m, fn, in);
        fprintf(f, " ; %s\n", ir_loc_str(m, in->loc, buf, sizeof buf));
    }
}

void ir_dump(FILE *f, const IrModule *m) {
    for (uint32_t i = 0; i < m->nglobals; i++) {
        const IrGlobal *g = &m->globals[i];
        fprintf(f, "global %s @0x%" PRIx64 " size=%" PRIu64 " align=%" PRIu32 "%s%s\n", g->name, g->addr, g->size,
                g->align, g->is_constant ? " const" : "", g->is_external ? " external" : "");
    }
    for (uint32_t i = 0; i < m->nfunctions; i++) dump_function(f, m, &m->functions[i]);
}
