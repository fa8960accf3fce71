/* ir_path_module: branch sites, and the native module of path-faithful
 * replay (--record-path, symplex-replay --check-path). Runs in the loader's
 * child (ir_load_child.c), after the passes.
 *
 * Sites. Every conditional branch and switch of the program's own functions
 * gets its first branch id here, once, as `!symplex.site !{i32 id}` on the
 * terminator (a branch takes two ids, true then false; a switch one per case
 * and one for the default), in module, block order. The lowering reads the
 * ids from there (ir_lower.c), and the native module below is instrumented
 * from the same metadata, so the engine and the native run name a decision
 * alike by construction.
 *
 * The native module is the explored one with:
 *   - before each site, `__symplex_path_decision(site, succ)`: succ 0/1 for
 *     a branch's true/false side; for a switch the first case index with the
 *     taken destination, or the number of cases for the default (as
 *     exec_switch forks, one path per destination);
 *   - around each call from the program's code to a function it does not
 *     define, `__symplex_path_lib(+1)` and `(-1)`: code such a call runs
 *     back in the program (a qsort comparison) is the library's business,
 *     natively glibc's, under symplex its model's, and decides nothing;
 *   - before the returns of main (or of --entry-point's function) and the
 *     program's calls of exit, _exit, _Exit and quick_exit,
 *     `__symplex_path_end()`: the path ends there;
 *   - the explored order of float operations kept (irnative_pin);
 *   - every runtime definition (libc models, the input API, musl under
 *     --posix) replaced by a declaration of its name, so the native link
 *     binds them to glibc and to the replay library (libsymplex-replay-rt.a),
 *     and what nothing references then dropped (globaldce).
 * The replay library implements the three hooks (runtime/replay/path.c). */
#define _GNU_SOURCE
#include "ir/ir_internal.h"
#include "ir/ir_load.h"
#include <llvm-c/Analysis.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <stdlib.h>
#include <string.h>

#define IR_SITE_MD "symplex.site"

static int names_cmp(const void *x, const void *y) {
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

static void names_add(IrNames *s, LLVMValueRef v) {
    size_t len;
    const char *name = LLVMGetValueName2(v, &len);
    if (!len || LLVMIsDeclaration(v)) return;
    s->names = util_realloc(s->names, (s->n + 1) * sizeof *s->names);
    s->names[s->n++] = util_format("%.*s", (int)len, name);
}

IrNames irnames_defined(LLVMModuleRef mod) {
    IrNames s = {0};
    for (LLVMValueRef v = LLVMGetFirstFunction(mod); v; v = LLVMGetNextFunction(v)) names_add(&s, v);
    for (LLVMValueRef v = LLVMGetFirstGlobal(mod); v; v = LLVMGetNextGlobal(v)) names_add(&s, v);
    for (LLVMValueRef v = LLVMGetFirstGlobalAlias(mod); v; v = LLVMGetNextGlobalAlias(v)) names_add(&s, v);
    if (s.n) qsort(s.names, s.n, sizeof *s.names, names_cmp);
    return s;
}

/* Is v the program's own (NULL set: no runtime was linked, everything is)? */
static bool irnames_user(const IrNames *user, LLVMValueRef v) {
    if (!user) return true;
    size_t len;
    const char *s = LLVMGetValueName2(v, &len);
    char *name = util_format("%.*s", (int)len, s);
    bool found = user->n && bsearch(&name, user->names, user->n, sizeof *user->names, names_cmp);
    free(name);
    return found;
}

/* ---- sites ---- */

static unsigned site_kind(LLVMContextRef ctx) {
    return LLVMGetMDKindIDInContext(ctx, IR_SITE_MD, (unsigned)strlen(IR_SITE_MD));
}

/* Branch ids a terminator takes: 2 for a conditional branch, cases + 1 for a switch. */
static uint32_t site_sides(LLVMValueRef term) {
    LLVMOpcode op = LLVMGetInstructionOpcode(term);
    if (op == LLVMBr) return LLVMIsConditional(term) ? 2 : 0;
    return op == LLVMSwitch ? LLVMGetNumSuccessors(term) : 0;
}

void irpath_assign_sites(LLVMModuleRef mod, const IrNames *user) {
    LLVMContextRef ctx = LLVMGetModuleContext(mod);
    unsigned kind = site_kind(ctx);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
    uint32_t next = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
        bool mine = !LLVMIsDeclaration(fn) && irnames_user(user, fn);
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
            LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
            if (!term) continue;
            uint32_t n = site_sides(term);
            if (!mine || !n) { /* ids the input itself carried mean nothing */
                if (LLVMGetMetadata(term, kind)) LLVMSetMetadata(term, kind, NULL);
                continue;
            }
            LLVMMetadataRef id = LLVMValueAsMetadata(LLVMConstInt(i32, next, 0));
            LLVMSetMetadata(term, kind, LLVMMetadataAsValue(ctx, LLVMMDNodeInContext2(ctx, &id, 1)));
            next += n;
        }
    }
}

uint32_t irpath_site(LLVMValueRef term) {
    LLVMValueRef md = LLVMGetMetadata(term, site_kind(LLVMGetTypeContext(LLVMTypeOf(term))));
    if (!md || LLVMGetMDNodeNumOperands(md) != 1) return IR_NO_BRANCH;
    LLVMValueRef id = NULL;
    LLVMGetMDNodeOperands(md, &id);
    if (!id || !LLVMIsAConstantInt(id)) return IR_NO_BRANCH;
    return (uint32_t)LLVMConstIntGetZExtValue(id);
}

/* ---- the native module ---- */

typedef struct PathBuild {
    LLVMModuleRef mod;
    LLVMContextRef ctx;
    LLVMBuilderRef b;
    const IrNames *user;
    const char *entry; /* the function the run starts in: its return ends the path */
    LLVMTypeRef i32, decide_t, lib_t, end_t;
    LLVMValueRef decide, lib, end;
} PathBuild;

static LLVMValueRef path_call(PathBuild *pb, LLVMTypeRef t, LLVMValueRef fn, LLVMValueRef *args, unsigned n) {
    return LLVMBuildCall2(pb->b, t, fn, args, n, "");
}

static void path_lib(PathBuild *pb, int delta) {
    LLVMValueRef d = LLVMConstInt(pb->i32, (unsigned long long)(long long)delta, 1);
    path_call(pb, pb->lib_t, pb->lib, &d, 1);
}

/* The switch's succ: compares against every case (their values are
 * distinct), each match giving the first case index with its destination. */
static LLVMValueRef path_switch_succ(PathBuild *pb, LLVMValueRef sw) {
    uint32_t ncases = LLVMGetNumSuccessors(sw) - 1;
    LLVMValueRef v = LLVMGetOperand(sw, 0), succ = LLVMConstInt(pb->i32, ncases, 0);
    for (uint32_t i = ncases; i-- > 0;) {
        LLVMBasicBlockRef dest = LLVMGetSuccessor(sw, i + 1);
        uint32_t first = i;
        for (uint32_t j = 0; j < i && first == i; j++)
            if (LLVMGetSuccessor(sw, j + 1) == dest) first = j;
        LLVMValueRef eq = LLVMBuildICmp(pb->b, LLVMIntEQ, v, LLVMGetOperand(sw, 2 + 2 * i), "");
        succ = LLVMBuildSelect(pb->b, eq, LLVMConstInt(pb->i32, first, 0), succ, "");
    }
    return succ;
}

static void path_decision(PathBuild *pb, LLVMValueRef term) {
    uint32_t site = irpath_site(term);
    if (site == IR_NO_BRANCH) return;
    LLVMPositionBuilderBefore(pb->b, term);
    LLVMValueRef succ = LLVMGetInstructionOpcode(term) == LLVMSwitch
                            ? path_switch_succ(pb, term)
                            : LLVMBuildSelect(pb->b, LLVMGetCondition(term), LLVMConstInt(pb->i32, 0, 0),
                                              LLVMConstInt(pb->i32, 1, 0), "");
    LLVMValueRef args[2] = {LLVMConstInt(pb->i32, site, 0), succ};
    path_call(pb, pb->decide_t, pb->decide, args, 2);
}

static bool path_is_exit(const char *name) {
    static const char *const exits[] = {"exit", "_exit", "_Exit", "quick_exit"};
    for (size_t i = 0; i < sizeof exits / sizeof *exits; i++)
        if (strcmp(name, exits[i]) == 0) return true;
    return false;
}

/* A call of a function the program does not define: bracketed, and the end
 * of the path first when it is an exit. */
static void path_call_out(PathBuild *pb, LLVMValueRef call) {
    LLVMValueRef callee = LLVMGetCalledValue(call);
    if (!LLVMIsAFunction(callee) || LLVMGetIntrinsicID(callee) || irnames_user(pb->user, callee)) return;
    if (callee == pb->decide || callee == pb->lib || callee == pb->end) return;
    size_t len;
    const char *s = LLVMGetValueName2(callee, &len);
    char *name = util_format("%.*s", (int)len, s);
    LLVMPositionBuilderBefore(pb->b, call);
    if (path_is_exit(name)) path_call(pb, pb->end_t, pb->end, NULL, 0);
    path_lib(pb, 1);
    LLVMPositionBuilderBefore(pb->b, LLVMGetNextInstruction(call)); /* a call is never a terminator */
    path_lib(pb, -1);
    free(name);
}

static void path_instrument(PathBuild *pb, LLVMValueRef fn) {
    size_t len;
    const char *name = LLVMGetValueName2(fn, &len);
    bool is_entry = len == strlen(pb->entry) && memcmp(name, pb->entry, len) == 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb), next; i; i = next) {
            next = LLVMGetNextInstruction(i);
            LLVMOpcode op = LLVMGetInstructionOpcode(i);
            if (op == LLVMCall) path_call_out(pb, i);
            else if (op == LLVMBr || op == LLVMSwitch) path_decision(pb, i);
            else if (op == LLVMRet && is_entry) {
                LLVMPositionBuilderBefore(pb->b, i);
                path_call(pb, pb->end_t, pb->end, NULL, 0);
            }
        }
    }
}

/* def (a runtime definition) gives its name and its uses to a new external
 * declaration, and becomes internal and unused, for globaldce to drop. */
static void path_redeclare(PathBuild *pb, LLVMValueRef def) {
    size_t len;
    const char *s = LLVMGetValueName2(def, &len);
    char *name = util_format("%.*s", (int)len, s);
    LLVMTypeRef vt = LLVMGlobalGetValueType(def);
    LLVMSetLinkage(def, LLVMInternalLinkage);
    LLVMSetValueName2(def, "", 0);
    LLVMValueRef decl;
    if (LLVMGetTypeKind(vt) == LLVMFunctionTypeKind) {
        decl = LLVMAddFunction(pb->mod, name, vt);
    } else {
        decl = LLVMAddGlobal(pb->mod, vt, name);
        if (LLVMIsAGlobalVariable(def)) LLVMSetThreadLocalMode(decl, LLVMGetThreadLocalMode(def));
    }
    LLVMReplaceAllUsesWith(def, decl);
    free(name);
}

static bool path_is_runtime(PathBuild *pb, LLVMValueRef v) {
    size_t len;
    const char *name = LLVMGetValueName2(v, &len);
    if (LLVMIsDeclaration(v) || (len >= 5 && memcmp(name, "llvm.", 5) == 0)) return false;
    return !irnames_user(pb->user, v);
}

static void path_strip_runtime(PathBuild *pb) {
    VEC(LLVMValueRef) defs = {0};
    for (LLVMValueRef v = LLVMGetFirstFunction(pb->mod); v; v = LLVMGetNextFunction(v))
        if (path_is_runtime(pb, v)) VEC_PUSH(defs, v);
    for (LLVMValueRef v = LLVMGetFirstGlobal(pb->mod); v; v = LLVMGetNextGlobal(v))
        if (path_is_runtime(pb, v)) VEC_PUSH(defs, v);
    for (LLVMValueRef v = LLVMGetFirstGlobalAlias(pb->mod); v; v = LLVMGetNextGlobalAlias(v))
        if (path_is_runtime(pb, v)) VEC_PUSH(defs, v);
    for (size_t i = 0; i < defs.len; i++) path_redeclare(pb, defs.data[i]);
    VEC_FREE(defs);
}

static void path_hooks(PathBuild *pb) {
    LLVMTypeRef v = LLVMVoidTypeInContext(pb->ctx);
    LLVMTypeRef two[2] = {pb->i32, pb->i32};
    pb->decide_t = LLVMFunctionType(v, two, 2, 0);
    pb->lib_t = LLVMFunctionType(v, two, 1, 0);
    pb->end_t = LLVMFunctionType(v, NULL, 0, 0);
    pb->decide = LLVMAddFunction(pb->mod, "__symplex_path_decision", pb->decide_t);
    pb->lib = LLVMAddFunction(pb->mod, "__symplex_path_lib", pb->lib_t);
    pb->end = LLVMAddFunction(pb->mod, "__symplex_path_end", pb->end_t);
}

bool irpath_write_module(LLVMModuleRef mod, const IrNames *user, const char *entry, const char *out, char **why) {
    PathBuild pb = {.mod = mod, .ctx = LLVMGetModuleContext(mod), .user = user, .entry = entry};
    pb.b = LLVMCreateBuilderInContext(pb.ctx);
    pb.i32 = LLVMInt32TypeInContext(pb.ctx);
    path_hooks(&pb);
    /* AddressSanitizer checks the program's code when replay builds it with
     * -fsanitize=address (clang marks functions so only from source): the
     * run then stops at a memory error as symplex's path did */
    unsigned asan = LLVMGetEnumAttributeKindForName("sanitize_address", 16);
    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
        if (LLVMIsDeclaration(fn) || !irnames_user(user, fn)) continue;
        path_instrument(&pb, fn);
        LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(pb.ctx, asan, 0));
    }
    LLVMDisposeBuilder(pb.b);
    path_strip_runtime(&pb);
    /* after the strip, which would take the globals it adds for the runtime's */
    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
        if (!LLVMIsDeclaration(fn) && irnames_user(user, fn)) irnative_pin(mod, fn);
    LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
    LLVMErrorRef e = LLVMRunPasses(mod, "globaldce,strip-dead-prototypes", NULL, po);
    LLVMDisposePassBuilderOptions(po);
    if (e) {
        char *m = LLVMGetErrorMessage(e);
        *why = util_format("LLVM passes failed: %s", m);
        LLVMDisposeErrorMessage(m);
        return false;
    }
    char *msg = NULL;
    /* runtime debug info left behind may not verify: without it, the module does */
    if (LLVMVerifyModule(mod, LLVMReturnStatusAction, &msg)) {
        LLVMDisposeMessage(msg);
        LLVMStripModuleDebugInfo(mod);
        if (LLVMVerifyModule(mod, LLVMReturnStatusAction, &msg)) {
            *why = irload_first_line(msg && *msg ? msg : "the verifier rejects it");
            LLVMDisposeMessage(msg);
            return false;
        }
    }
    LLVMDisposeMessage(msg);
    if (LLVMWriteBitcodeToFile(mod, out) != 0) {
        *why = util_format("cannot write '%s'", out);
        return false;
    }
    return true;
}
