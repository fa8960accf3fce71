/* ir_load: from a .c/.bc/.ll path to a lowered IrModule.
 *
 * Every LLVM failure path is caught here and turned into one line in *err:
 * a diagnostic handler is installed on the private context because LLVM's
 * default one exits the process on bitcode errors. */
#define _GNU_SOURCE
#include "ir/ir_internal.h"
#include <errno.h>
#include <fcntl.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Support.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* Passes that make the module executable by a scalar interpreter. The
 * scalarizer splits vector code (from -O2 input) into lanes; objectsize and
 * is.constant are folded to their conservative answers. */
#define IR_BASE_PASSES "function(mem2reg,lower-constant-intrinsics,scalarizer)"
/* Light clean-up: function-local only, so no inlining moves runtime code into
 * user functions (coverage and error locations stay attributable). */
#define IR_OPT_PASSES "function(sroa,early-cse,instcombine,simplifycfg,gvn,instcombine,simplifycfg,adce),"

static bool ends_with(const char *s, const char *suf) {
    size_t n = strlen(s), k = strlen(suf);
    return n >= k && strcmp(s + n - k, suf) == 0;
}

/* First line of msg, as a fresh string. */
static char *first_line(const char *msg) {
    size_t n = strcspn(msg, "\n");
    return util_format("%.*s", (int)n, msg);
}

/* ---- compiling .c input with clang ---- */

static char *read_error_line(const char *log_path) {
    FILE *f = fopen(log_path, "r");
    char line[1024], *first = NULL, *err = NULL;
    while (f && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        if (!first && line[0]) first = util_strdup(line);
        if (strstr(line, "error:")) { err = util_strdup(line); break; }
    }
    if (f) fclose(f);
    if (err) { free(first); return err; }
    return first;
}

static int run_clang(const IrLoadOptions *opt, const char *src, const char *out, const char *log_path) {
    const char *clang = opt->clang ? opt->clang : "clang-16";
    char *inc = opt->include_dir ? util_format("-I%s", opt->include_dir) : util_strdup("-w");
    const char *argv[] = {clang, "-emit-llvm", "-c", "-g", "-O0", "-Xclang", "-disable-O0-optnone",
                          inc, "-o", out, src, NULL};
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, log_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    pid_t pid;
    int rc = posix_spawnp(&pid, clang, &fa, NULL, (char *const *)argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    free(inc);
    if (rc != 0) return -1;
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

/* Compiles src into dir; returns the .bc path or NULL with *err set. */
static char *compile_c(const IrLoadOptions *opt, const char *src, const char *dir, char **err) {
    const char *base = strrchr(src, '/') ? strrchr(src, '/') + 1 : src;
    char *bc = util_format("%s/%.*s.bc", dir, (int)(strlen(base) - 2), base);
    char *log_path = util_format("%s.log", bc);
    int rc = run_clang(opt, src, bc, log_path);
    if (rc != 0) {
        char *line = rc < 0 ? NULL : read_error_line(log_path);
        *err = rc < 0 ? util_format("cannot run clang '%s'", opt->clang ? opt->clang : "clang-16")
               : line ? util_format("clang failed on '%s': %s", src, line)
                      : util_format("clang failed on '%s' (exit status %d)", src, rc);
        free(line);
        free(bc);
        bc = NULL;
    }
    unlink(log_path);
    free(log_path);
    return bc;
}

/* ---- reading and linking modules ---- */

typedef struct Diag { char *msg; } Diag;

static void diag_handler(LLVMDiagnosticInfoRef di, void *ctx) {
    Diag *d = ctx;
    if (LLVMGetDiagInfoSeverity(di) != LLVMDSError || d->msg) return;
    char *s = LLVMGetDiagInfoDescription(di);
    d->msg = first_line(s);
    LLVMDisposeMessage(s);
}

static LLVMModuleRef read_module(LLVMContextRef ctx, Diag *diag, const char *path, char **err) {
    LLVMMemoryBufferRef buf;
    char *msg = NULL;
    if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg)) {
        *err = util_format("cannot read '%s': %s", path, msg ? msg : "unknown error");
        LLVMDisposeMessage(msg);
        return NULL;
    }
    LLVMModuleRef mod = NULL;
    if (ends_with(path, ".ll")) { /* the IR parser takes ownership of buf */
        if (LLVMParseIRInContext(ctx, buf, &mod, &msg)) {
            char *line = first_line(msg ? msg : "parse error");
            *err = util_format("cannot parse '%s': %s", path, line);
            free(line);
            LLVMDisposeMessage(msg);
            return NULL;
        }
        return mod;
    }
    bool bad = LLVMParseBitcodeInContext2(ctx, buf, &mod);
    LLVMDisposeMemoryBuffer(buf);
    if (bad) {
        *err = util_format("cannot parse bitcode '%s': %s", path, diag->msg ? diag->msg : "invalid bitcode");
        return NULL;
    }
    return mod;
}

static int cmp_str(const void *x, const void *y) {
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

static char **defined_names(LLVMModuleRef mod, size_t *n) {
    VEC(char *) names = {0};
    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
        size_t len;
        const char *s = LLVMGetValueName2(fn, &len);
        if (!LLVMIsDeclaration(fn)) VEC_PUSH(names, util_format("%.*s", (int)len, s));
    }
    if (names.len) qsort(names.data, names.len, sizeof *names.data, cmp_str);
    *n = names.len;
    return names.data;
}

static bool user_defines(LLVMValueRef user) {
    if (!user || LLVMIsDeclaration(user)) return false;
    LLVMLinkage l = LLVMGetLinkage(user);
    return l != LLVMInternalLinkage && l != LLVMPrivateLinkage;
}

/* The user's definition wins over the runtime's: making the runtime copy
 * available_externally lets the linker keep the user's body and point the
 * runtime's own callers at it, with no "multiply defined" error. */
static void yield_to_user(LLVMModuleRef user, LLVMModuleRef rt) {
    for (LLVMValueRef fn = LLVMGetFirstFunction(rt); fn; fn = LLVMGetNextFunction(fn)) {
        size_t len;
        const char *name = LLVMGetValueName2(fn, &len);
        if (!LLVMIsDeclaration(fn) && user_defines(LLVMGetNamedFunction(user, name)))
            LLVMSetLinkage(fn, LLVMAvailableExternallyLinkage);
    }
    for (LLVMValueRef g = LLVMGetFirstGlobal(rt); g; g = LLVMGetNextGlobal(g)) {
        size_t len;
        const char *name = LLVMGetValueName2(g, &len);
        if (!LLVMIsDeclaration(g) && user_defines(LLVMGetNamedGlobal(user, name)))
            LLVMSetLinkage(g, LLVMAvailableExternallyLinkage);
    }
}

static bool link_runtime(LLVMContextRef ctx, Diag *diag, LLVMModuleRef mod, const char *rt_path, char **err) {
    LLVMModuleRef rt = read_module(ctx, diag, rt_path, err);
    if (!rt) return false;
    yield_to_user(mod, rt);
    if (LLVMLinkModules2(mod, rt)) { /* consumes rt either way */
        *err = util_format("cannot link runtime '%s': %s", rt_path, diag->msg ? diag->msg : "link error");
        return false;
    }
    return true;
}

static bool prepare(LLVMModuleRef mod, bool optimize, char **err) {
    static bool cl_done;
    if (!cl_done) { /* scalarize vector loads/stores too, not only arithmetic */
        const char *argv[] = {"symplex", "-scalarize-load-store"};
        LLVMParseCommandLineOptions(2, argv, NULL);
        cl_done = true;
    }
    char *msg = NULL;
    if (LLVMVerifyModule(mod, LLVMReturnStatusAction, &msg)) {
        char *line = first_line(msg ? msg : "");
        *err = util_format("invalid module: %s", line);
        free(line);
        LLVMDisposeMessage(msg);
        return false;
    }
    LLVMDisposeMessage(msg);
    char *pipeline = util_format("%s%s", optimize ? IR_OPT_PASSES : "", IR_BASE_PASSES);
    LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
    LLVMErrorRef e = LLVMRunPasses(mod, pipeline, NULL, po);
    LLVMDisposePassBuilderOptions(po);
    free(pipeline);
    if (e) {
        char *m = LLVMGetErrorMessage(e);
        *err = util_format("LLVM passes failed: %s", m);
        LLVMDisposeErrorMessage(m);
        return false;
    }
    return true;
}

static IrModule *lower(LLVMModuleRef mod, bool runtime_linked, char **user_names, size_t nuser) {
    IrBuild b = {.mod = mod, .m = util_calloc(1, sizeof(IrModule))};
    b.td = LLVMCreateTargetData(LLVMGetDataLayoutStr(mod));
    b.runtime_linked = runtime_linked;
    b.user_names = (const char *const *)user_names;
    b.nuser_names = nuser;
    irc_layout(&b);
    irl_lower_module(&b);
    LLVMDisposeTargetData(b.td);
    irmap_free(&b.addr_of);
    irmap_free(&b.fn_index);
    irmap_free(&b.file_ids);
    irmap_free(&b.loc_ids);
    return b.m;
}

static IrModule *load_llvm(const char *path, const IrLoadOptions *opt, char **err) {
    LLVMContextRef ctx = LLVMContextCreate();
    Diag diag = {0};
    LLVMContextSetDiagnosticHandler(ctx, diag_handler, &diag);
    IrModule *m = NULL;
    char **names = NULL;
    size_t nnames = 0;
    LLVMModuleRef mod = read_module(ctx, &diag, path, err);
    if (mod && opt->runtime_bc) {
        names = defined_names(mod, &nnames);
        if (!link_runtime(ctx, &diag, mod, opt->runtime_bc, err)) goto done;
    }
    if (mod && prepare(mod, opt->optimize, err)) m = lower(mod, opt->runtime_bc != NULL, names, nnames);
done:
    for (size_t i = 0; i < nnames; i++) free(names[i]);
    free(names);
    if (mod) LLVMDisposeModule(mod);
    LLVMContextDispose(ctx);
    free(diag.msg);
    return m;
}

IrModule *ir_load(const char *path, const IrLoadOptions *opt, char **err) {
    static const IrLoadOptions defaults = {0};
    if (!opt) opt = &defaults;
    *err = NULL;
    if (access(path, R_OK) != 0) {
        *err = util_format("cannot open '%s': %s", path, strerror(errno));
        return NULL;
    }
    if (!ends_with(path, ".c")) return load_llvm(path, opt, err);
    char *tmp = NULL;
    const char *dir = opt->work_dir;
    if (!dir) {
        const char *t = getenv("TMPDIR");
        tmp = util_format("%s/symplex-XXXXXX", t && *t ? t : "/tmp");
        if (!mkdtemp(tmp)) {
            *err = util_format("cannot create a temporary directory: %s", strerror(errno));
            free(tmp);
            return NULL;
        }
        dir = tmp;
    }
    IrModule *m = NULL;
    char *bc = compile_c(opt, path, dir, err);
    if (bc) m = load_llvm(bc, opt, err);
    if (tmp) {
        if (bc) unlink(bc);
        rmdir(tmp);
        free(tmp);
    }
    free(bc);
    return m;
}
