/* ir_load: from a .c/.i/.bc/.ll path to a lowered IrModule.
 *
 * What the file is, and compiling C with clang: ir_source.c. Then a forked
 * child does all LLVM work on the untrusted bytes and writes the prepared
 * module as bitcode (ir_load_child.c); whatever the child does (fails, aborts,
 * crashes, hangs) becomes one line in *err (ir_load_fork.c). Only then does
 * this process parse a module: the child's bitcode, which LLVM itself wrote
 * from a verified module; it is verified again and lowered. A diagnostic
 * handler is installed on every context because LLVM's default one exits the
 * process on bitcode errors. */
#define _GNU_SOURCE
#include "ir/ir_internal.h"
#include "ir/ir_load.h"
#include <errno.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Generous: the runtime plus a large program load in well under a second. */
#define IR_CHILD_TIMEOUT_S 300

char *irload_first_line(const char *msg) {
    size_t n = strcspn(msg, "\n");
    return util_format("%.*s", (int)n, msg);
}

void irload_diag_handler(LLVMDiagnosticInfoRef di, void *ctx) {
    IrDiag *d = ctx;
    if (LLVMGetDiagInfoSeverity(di) != LLVMDSError || d->msg) return;
    char *s = LLVMGetDiagInfoDescription(di);
    d->msg = irload_first_line(s);
    LLVMDisposeMessage(s);
}

/* ---- the temporary files of one load ---- */

enum { LF_COMPILED, LF_CLANG_LOG, LF_MODULE, LF_NAMES, LF_CHILD_LOG, LF_PATH_BC, LF_PATH_ERR, LF_COUNT };
static const char *const lf_names[LF_COUNT] = {"input.bc", "clang.log", "module.bc", "names", "llvm.log",
                                               "path-module.bc", "path-module.err"};

typedef struct LoadFiles { char *dir; char *path[LF_COUNT]; } LoadFiles;

static bool files_make(LoadFiles *f, const IrLoadOptions *opt, char **err) {
    const char *base = opt->work_dir, *t = getenv("TMPDIR");
    if (!base) base = t && *t ? t : "/tmp";
    f->dir = util_format("%s/symplex-XXXXXX", base);
    if (!mkdtemp(f->dir)) {
        *err = util_format("cannot create a temporary directory in '%s': %s", base, strerror(errno));
        free(f->dir);
        return false;
    }
    for (int i = 0; i < LF_COUNT; i++) f->path[i] = util_format("%s/%s", f->dir, lf_names[i]);
    return true;
}

static void files_remove(LoadFiles *f) {
    for (int i = 0; i < LF_COUNT; i++) {
        unlink(f->path[i]);
        free(f->path[i]);
    }
    rmdir(f->dir);
    free(f->dir);
}

/* ---- the child's bitcode, lowered (here, and first as the child's rehearsal) ---- */

static int cmp_str(const void *x, const void *y) {
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

char **irload_read_names(const char *path, size_t *n) {
    VEC(char *) names = {0};
    FILE *f = fopen(path, "rb");
    char *line = NULL;
    size_t cap = 0;
    while (f && getdelim(&line, &cap, '\0', f) > 0) VEC_PUSH(names, util_strdup(line));
    free(line);
    if (f) fclose(f);
    if (names.len) qsort(names.data, names.len, sizeof *names.data, cmp_str);
    *n = names.len;
    return names.data;
}

IrModule *irload_lower(LLVMModuleRef mod, const IrLoadOptions *opt, char **user_names, size_t nuser) {
    IrBuild b = {.mod = mod, .m = util_calloc(1, sizeof(IrModule))};
    b.td = LLVMCreateTargetData(LLVMGetDataLayoutStr(mod));
    b.runtime_linked = opt->runtime_bc != NULL;
    b.provided = opt->provided;
    b.entry = opt->entry ? opt->entry : "main";
    b.user_entry = opt->user_entry ? opt->user_entry : "main";
    b.user_names = (const char *const *)user_names;
    b.nuser_names = nuser;
    irc_layout(&b);
    irl_lower_module(&b);
    LLVMDisposeTargetData(b.td);
    irmap_free(&b.addr_of);
    irmap_free(&b.fn_index);
    irmap_free(&b.file_ids);
    irmap_free(&b.loc_ids);
    irmap_free(&b.first_block);
    return b.m;
}

static LLVMModuleRef read_trusted(LLVMContextRef ctx, IrDiag *diag, const LoadFiles *f, const char *shown,
                                  char **err) {
    LLVMMemoryBufferRef buf;
    char *msg = NULL;
    LLVMModuleRef mod = NULL;
    if (LLVMCreateMemoryBufferWithContentsOfFile(f->path[LF_MODULE], &buf, &msg)) {
        *err = util_format("cannot load '%s': cannot read the loader's output: %s", shown, msg ? msg : "?");
        LLVMDisposeMessage(msg);
        return NULL;
    }
    bool bad = LLVMParseBitcodeInContext2(ctx, buf, &mod);
    LLVMDisposeMemoryBuffer(buf);
    if (bad) *err = util_format("cannot load '%s': the loader's output does not parse: %s", shown,
                                diag->msg ? diag->msg : "invalid bitcode");
    else if (LLVMVerifyModule(mod, LLVMReturnStatusAction, &msg)) {
        char *line = irload_first_line(msg ? msg : "");
        *err = util_format("cannot load '%s': the loader's output is invalid: %s", shown, line);
        free(line);
    }
    LLVMDisposeMessage(msg);
    if (*err && mod) LLVMDisposeModule(mod);
    return *err ? NULL : mod;
}

static IrModule *load_trusted(const LoadFiles *f, const IrLoadOptions *opt, const char *shown, char **err) {
    LLVMContextRef ctx = LLVMContextCreate();
    IrDiag diag = {0};
    LLVMContextSetDiagnosticHandler(ctx, irload_diag_handler, &diag);
    IrModule *m = NULL;
    LLVMModuleRef mod = read_trusted(ctx, &diag, f, shown, err);
    if (mod) {
        size_t nnames = 0;
        char **names = opt->runtime_bc ? irload_read_names(f->path[LF_NAMES], &nnames) : NULL;
        m = irload_lower(mod, opt, names, nnames);
        for (size_t i = 0; i < nnames; i++) free(names[i]);
        free(names);
        LLVMDisposeModule(mod);
    }
    LLVMContextDispose(ctx);
    free(diag.msg);
    return m;
}

/* The child's native module of --record-path (or why there is none) into m. */
static void load_path_module(IrModule *m, const LoadFiles *f) {
    FILE *in = fopen(f->path[LF_PATH_BC], "rb");
    if (!in) {
        FILE *e = fopen(f->path[LF_PATH_ERR], "r");
        char line[1024] = "the loader did not write it";
        if (e && fgets(line, sizeof line, e)) line[strcspn(line, "\n")] = 0;
        if (e) fclose(e);
        m->path_bc_error = util_strdup(line);
        return;
    }
    size_t cap = 1 << 16;
    m->path_bc = util_malloc(cap);
    for (size_t got; (got = fread(m->path_bc + m->path_bc_len, 1, cap - m->path_bc_len, in)) > 0;) {
        m->path_bc_len += got;
        if (m->path_bc_len == cap) m->path_bc = util_realloc(m->path_bc, cap *= 2);
    }
    fclose(in);
}

IrModule *ir_load(const char *path, const IrLoadOptions *opt, char **err) {
    static const IrLoadOptions defaults = {0};
    if (!opt) opt = &defaults;
    *err = NULL;
    IrInputKind kind;
    LoadFiles f;
    if (access(path, R_OK) != 0) {
        *err = util_format("cannot open '%s': %s", path, strerror(errno));
        return NULL;
    }
    if (!irsrc_kind(path, &kind, err) || !files_make(&f, opt, err)) return NULL;
    bool source = kind == IR_IN_C || kind == IR_IN_CPP_OUTPUT;
    IrModule *m = NULL;
    if (!source || irsrc_compile(opt, path, kind, f.path[LF_COMPILED], f.path[LF_CLANG_LOG], err)) {
        IrChildJob job = {.input = source ? f.path[LF_COMPILED] : path, .shown = path, .textual = kind == IR_IN_LL,
                          .opt = opt, .out_bc = f.path[LF_MODULE],
                          .names_path = f.path[LF_NAMES], .log_path = f.path[LF_CHILD_LOG],
                          .path_bc = f.path[LF_PATH_BC], .path_err = f.path[LF_PATH_ERR],
                          .timeout_s = IR_CHILD_TIMEOUT_S};
        if (irload_in_child(&job, err)) m = load_trusted(&f, opt, path, err);
        if (m && opt->path_module) load_path_module(m, &f);
    }
    files_remove(&f);
    return m;
}
