/* ir_load_child: every LLVM call that sees the user's bytes, in a forked child.
 *
 * LLVM's bitcode reader, verifier-on-upgrade and passes are not hardened
 * against malformed input: mutated bitcode makes them crash, abort ("LLVM
 * ERROR: out of memory", "Broken module found") or loop. So the child reads
 * the module, verifies it before anything else touches it, links the runtime,
 * verifies again, runs the passes, writes the result as bitcode, and rehearses
 * what the parent will do with it (parse, verify, lower); the parent only
 * ever parses that. The child tells the parent what went wrong
 * with one line on err_fd and a non-zero exit; a crash or a hang shows up as
 * its death by a signal. It never returns and never frees: _exit ends it. */
#define _GNU_SOURCE
#include "ir/ir_load.h"
#include "util/util.h"
#include <fcntl.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/ErrorHandling.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Support.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

/* Passes that make the module executable by a scalar interpreter. The
 * scalarizer splits vector code (from -O2 input) into lanes; objectsize and
 * is.constant are folded to their conservative answers. */
#define IR_BASE_PASSES "function(mem2reg,lower-constant-intrinsics,scalarizer)"
/* Light clean-up: function-local only, so no inlining moves runtime code into
 * user functions (coverage and error locations stay attributable). */
#define IR_OPT_PASSES "function(sroa,early-cse,instcombine,simplifycfg,gvn,instcombine,simplifycfg,adce),"

static int child_err_fd = -1;

/* The first line of msg (at most 1000 bytes) to the parent, then exit. No
 * allocation: this also runs from LLVM's fatal-error handler, maybe out of memory. */
static _Noreturn void child_fail(int status, const char *msg) {
    size_t n = strcspn(msg, "\n");
    if (n > 1000) n = 1000;
    if (child_err_fd >= 0 && write(child_err_fd, msg, n) < 0) status = IR_CHILD_FAILED;
    _exit(status);
}

static _Noreturn __attribute__((format(printf, 1, 2))) void child_failf(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char *msg = NULL;
    if (vasprintf(&msg, fmt, ap) < 0) msg = NULL;
    va_end(ap);
    child_fail(IR_CHILD_FAILED, msg ? msg : "cannot format an error message");
}

static void child_llvm_fatal(const char *reason) {
    char line[1024];
    snprintf(line, sizeof line, "LLVM failed: %s", reason);
    child_fail(IR_CHILD_LLVM_FATAL, line);
}

/* The child's own data mappings are capped (RLIMIT_DATA, on top of what is
 * already mapped: a sanitizer's shadow counts too), so that a size field
 * damaged into billions makes LLVM fail to allocate instead of eating the
 * machine's memory until the OOM killer comes. */
static void child_cap_memory(void) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    unsigned long long kb = 0;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmData: %llu kB", &kb) == 1) break;
    if (f) fclose(f);
    struct rlimit r = {.rlim_cur = (rlim_t)(kb * 1024 + IR_CHILD_MEMORY_MB * 1048576ull)};
    r.rlim_max = r.rlim_cur;
    if (kb) setrlimit(RLIMIT_DATA, &r);
}

/* The time limit and interrupts kill the child (an interrupt flag the parent
 * set up would be ignored here). Crash signals keep their handlers: under a
 * sanitizer its report tells LLVM's fault from symplex's. LLVM's chatter goes
 * to the log, not to the user's terminal. */
static void child_setup(const IrChildJob *j, int err_fd) {
    static const int sigs[] = {SIGALRM, SIGINT, SIGTERM, SIGPIPE, SIGABRT};
    child_err_fd = err_fd;
    sigset_t all;
    sigfillset(&all);
    sigprocmask(SIG_UNBLOCK, &all, NULL);
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) signal(sigs[i], SIG_DFL);
    int fd = open(j->log_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (fd >= 0) {
        dup2(fd, STDOUT_FILENO);
        dup2(fd, STDERR_FILENO);
        if (fd > STDERR_FILENO) close(fd);
    }
    child_cap_memory();
    prctl(PR_SET_PDEATHSIG, SIGKILL); /* symplex killed at once (a second ^C): no orphan goes on loading */
    LLVMInstallFatalErrorHandler(child_llvm_fatal);
    alarm(j->timeout_s);
}

static LLVMModuleRef child_read(LLVMContextRef ctx, IrDiag *diag, const char *path, const char *shown,
                                bool textual) {
    LLVMMemoryBufferRef buf;
    char *msg = NULL;
    if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg))
        child_failf("cannot read '%s': %s", shown, msg ? msg : "unknown error");
    LLVMModuleRef mod = NULL;
    if (textual) { /* the IR parser takes ownership of buf */
        if (LLVMParseIRInContext(ctx, buf, &mod, &msg)) child_failf("cannot parse '%s': %s", shown, msg ? msg : "parse error");
        return mod;
    }
    if (LLVMParseBitcodeInContext2(ctx, buf, &mod))
        child_failf("cannot parse bitcode '%s': %s", shown, diag->msg ? diag->msg : "invalid bitcode");
    return mod;
}

static void child_verify(LLVMModuleRef mod, const char *what, const char *shown) {
    char *msg = NULL;
    if (LLVMVerifyModule(mod, LLVMReturnStatusAction, &msg))
        child_failf("invalid module%s '%s': %s", what, shown, msg && *msg ? msg : "the verifier rejects it");
    LLVMDisposeMessage(msg);
}

/* Functions the user's module defines, before the runtime joins it: lowering
 * tells user code from runtime code by these names. Each NUL-terminated. */
static void child_write_names(LLVMModuleRef mod, const char *path) {
    FILE *f = fopen(path, "wb");
    if (!f) child_failf("cannot write '%s'", path);
    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
        size_t len;
        const char *s = LLVMGetValueName2(fn, &len);
        if (LLVMIsDeclaration(fn)) continue;
        fwrite(s, 1, strnlen(s, len), f);
        fputc(0, f);
    }
    if (fclose(f) != 0) child_failf("cannot write '%s'", path);
}

static bool child_user_defines(LLVMValueRef user) {
    if (!user || LLVMIsDeclaration(user)) return false;
    LLVMLinkage l = LLVMGetLinkage(user);
    return l != LLVMInternalLinkage && l != LLVMPrivateLinkage;
}

/* The user's definition wins over the runtime's: making the runtime copy
 * available_externally lets the linker keep the user's body and point the
 * runtime's own callers at it, with no "multiply defined" error. */
static void child_yield_to_user(LLVMModuleRef user, LLVMModuleRef rt) {
    for (LLVMValueRef fn = LLVMGetFirstFunction(rt); fn; fn = LLVMGetNextFunction(fn)) {
        size_t len;
        const char *name = LLVMGetValueName2(fn, &len);
        if (!LLVMIsDeclaration(fn) && child_user_defines(LLVMGetNamedFunction(user, name)))
            LLVMSetLinkage(fn, LLVMAvailableExternallyLinkage);
    }
    for (LLVMValueRef g = LLVMGetFirstGlobal(rt); g; g = LLVMGetNextGlobal(g)) {
        size_t len;
        const char *name = LLVMGetValueName2(g, &len);
        if (!LLVMIsDeclaration(g) && child_user_defines(LLVMGetNamedGlobal(user, name)))
            LLVMSetLinkage(g, LLVMAvailableExternallyLinkage);
    }
}

/* Names of what the runtime module defines for the program (not what it
 * yields to the user's definitions), each NUL-terminated in one buffer. */
typedef struct ChildNames { char *buf; size_t len, cap; } ChildNames;

static void child_names_add(ChildNames *n, LLVMValueRef v) {
    size_t len;
    const char *name = LLVMGetValueName2(v, &len);
    if (LLVMIsDeclaration(v) || LLVMGetLinkage(v) == LLVMAvailableExternallyLinkage || !len) return;
    while (n->len + len + 1 > n->cap) n->buf = util_realloc(n->buf, n->cap = n->cap ? 2 * n->cap : 4096);
    memcpy(n->buf + n->len, name, len);
    n->buf[n->len + len] = 0;
    n->len += len + 1;
}

static void child_runtime_names(LLVMModuleRef rt, ChildNames *n) {
    for (LLVMValueRef v = LLVMGetFirstFunction(rt); v; v = LLVMGetNextFunction(v)) child_names_add(n, v);
    for (LLVMValueRef v = LLVMGetFirstGlobal(rt); v; v = LLVMGetNextGlobal(v)) child_names_add(n, v);
    for (LLVMValueRef v = LLVMGetFirstGlobalAlias(rt); v; v = LLVMGetNextGlobalAlias(v)) child_names_add(n, v);
}

/* A whole libc joins the program under --posix: its definitions become
 * internal to the module (all but the entry), so that globaldce drops every
 * one the program cannot reach, before the passes and the lowering pay for it. */
static void child_internalize(LLVMModuleRef mod, const ChildNames *n, const char *entry) {
    for (size_t at = 0; at < n->len; at += strlen(n->buf + at) + 1) {
        const char *name = n->buf + at;
        /* llvm.used and its kin are the linker's lists, not definitions (and keep what they name) */
        if (strcmp(name, entry) == 0 || strncmp(name, "llvm.", 5) == 0) continue;
        LLVMValueRef v = LLVMGetNamedFunction(mod, name);
        if (!v) v = LLVMGetNamedGlobal(mod, name);
        if (!v) v = LLVMGetNamedGlobalAlias(mod, name, strlen(name));
        if (v && !LLVMIsDeclaration(v)) {
            LLVMSetLinkage(v, LLVMInternalLinkage);
            LLVMSetVisibility(v, LLVMDefaultVisibility);
        }
    }
}

/* The runtime to prune, read lazily: a function's body is parsed only when
 * the linker copies it (a libc is 4 MB of bitcode; an empty program needs a
 * few dozen of its functions). */
static LLVMModuleRef child_read_lazy(LLVMContextRef ctx, IrDiag *diag, const char *path) {
    LLVMMemoryBufferRef buf;
    char *msg = NULL;
    LLVMModuleRef mod = NULL;
    if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg))
        child_failf("cannot read '%s': %s", path, msg ? msg : "unknown error");
    if (LLVMGetBitcodeModuleInContext2(ctx, buf, &mod)) /* buf is the module's only if this succeeds */
        child_failf("cannot parse bitcode '%s': %s", path, diag->msg ? diag->msg : "invalid bitcode");
    return mod;
}

/* The runtime's definitions become linkonce (all but the entry, and what
 * yields to the user): the linker then copies one only when something it
 * copies refers to it, starting from the user's module, the entry and the
 * runtime's appending lists: the set globaldce would keep, found without
 * reading the bodies of the rest. */
static void child_link_on_demand(LLVMValueRef v, const char *entry) {
    size_t len;
    const char *name = LLVMGetValueName2(v, &len);
    LLVMLinkage l = LLVMGetLinkage(v);
    if (LLVMIsDeclaration(v) || strcmp(name, entry) == 0 || strncmp(name, "llvm.", 5) == 0) return;
    if (l == LLVMExternalLinkage || l == LLVMWeakAnyLinkage || l == LLVMWeakODRLinkage)
        LLVMSetLinkage(v, LLVMLinkOnceAnyLinkage);
}

static void child_runtime_on_demand(LLVMModuleRef rt, const char *entry) {
    for (LLVMValueRef v = LLVMGetFirstFunction(rt); v; v = LLVMGetNextFunction(v)) child_link_on_demand(v, entry);
    for (LLVMValueRef v = LLVMGetFirstGlobal(rt); v; v = LLVMGetNextGlobal(v)) child_link_on_demand(v, entry);
    for (LLVMValueRef v = LLVMGetFirstGlobalAlias(rt); v; v = LLVMGetNextGlobalAlias(v)) child_link_on_demand(v, entry);
}

static void child_link(LLVMContextRef ctx, IrDiag *diag, LLVMModuleRef mod, const IrLoadOptions *opt) {
    const char *entry = opt->entry ? opt->entry : "main";
    LLVMModuleRef rt = opt->prune_runtime ? child_read_lazy(ctx, diag, opt->runtime_bc)
                                          : child_read(ctx, diag, opt->runtime_bc, opt->runtime_bc, false);
    child_yield_to_user(mod, rt);
    ChildNames names = {0};
    if (opt->prune_runtime) {
        child_runtime_names(rt, &names);
        child_runtime_on_demand(rt, entry);
    }
    if (LLVMLinkModules2(mod, rt)) /* consumes rt either way */
        child_failf("cannot link runtime '%s': %s", opt->runtime_bc, diag->msg ? diag->msg : "link error");
    if (opt->prune_runtime) child_internalize(mod, &names, entry);
}

static void child_passes(LLVMModuleRef mod, bool optimize, bool prune) {
    const char *argv[] = {"symplex", "-scalarize-load-store"}; /* vector loads/stores too, not only arithmetic */
    LLVMParseCommandLineOptions(2, argv, NULL);
    char *pipeline = util_format("%s%s%s", prune ? "globaldce,strip-dead-debug-info," : "", optimize ? IR_OPT_PASSES : "", IR_BASE_PASSES);
    LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
    LLVMErrorRef e = LLVMRunPasses(mod, pipeline, NULL, po);
    if (e) child_failf("LLVM passes failed: %s", LLVMGetErrorMessage(e));
}

/* The parent will parse what was written and lower it: the child does both
 * first, on the written bytes in a fresh context. LLVM reading damaged input
 * can read out of bounds without noticing and build a module that verifies
 * but holds garbage; whatever that garbage does to the writer, the reader or
 * the lowering, it does it here. The parent's run replays one that finished. */
static void child_rehearse(const IrChildJob *j) {
    static IrDiag diag;
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMContextSetDiagnosticHandler(ctx, irload_diag_handler, &diag);
    LLVMMemoryBufferRef buf;
    char *msg = NULL;
    LLVMModuleRef mod = NULL;
    if (LLVMCreateMemoryBufferWithContentsOfFile(j->out_bc, &buf, &msg) || LLVMParseBitcodeInContext2(ctx, buf, &mod))
        child_failf("cannot load '%s': LLVM cannot read back the module it wrote: %s", j->shown,
                    msg ? msg : diag.msg ? diag.msg : "invalid bitcode");
    child_verify(mod, " written from", j->shown);
    size_t n = 0;
    char **names = j->opt->runtime_bc ? irload_read_names(j->names_path, &n) : NULL;
    irload_lower(mod, j->opt, names, n);
}

/* The native module of --record-path, from the module just written (which
 * it changes). Not a failure of the load when it cannot be made: the reason
 * goes to path_err and the run goes on without it. */
static void child_path_module(const IrChildJob *j, LLVMModuleRef mod, const IrNames *user) {
    char *why = NULL;
    const char *entry = j->opt->user_entry ? j->opt->user_entry : "main";
    if (irpath_write_module(mod, user, entry, j->path_bc, &why)) return;
    unlink(j->path_bc);
    FILE *f = fopen(j->path_err, "w");
    if (f) {
        fputs(why, f);
        fclose(f);
    }
}

_Noreturn void irchild_run(const IrChildJob *j, int err_fd) {
    child_setup(j, err_fd);
    static IrDiag diag;
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMContextSetDiagnosticHandler(ctx, irload_diag_handler, &diag);
    LLVMModuleRef mod = child_read(ctx, &diag, j->input, j->shown, j->textual);
    child_verify(mod, "", j->shown);
    irnative_order(mod); /* the program's own code only: before the runtime is linked */
    IrNames user = {0}; /* what the program defines, as opposed to the runtime */
    if (j->opt->runtime_bc) {
        user = irnames_defined(mod);
        child_write_names(mod, j->names_path);
        child_link(ctx, &diag, mod, j->opt);
        child_verify(mod, " after linking the runtime into", j->shown);
    }
    child_passes(mod, j->opt->optimize, j->opt->runtime_bc && j->opt->prune_runtime);
    irbyval_copy(mod);
    irwide_split(mod);
    child_verify(mod, " after copying byval parameters and splitting wide integers:", j->shown);
    irpath_assign_sites(mod, j->opt->runtime_bc ? &user : NULL);
    if (LLVMWriteBitcodeToFile(mod, j->out_bc) != 0) child_failf("cannot write '%s'", j->out_bc);
    child_rehearse(j);
    if (j->opt->path_module) child_path_module(j, mod, j->opt->runtime_bc ? &user : NULL);
    _exit(0);
}
