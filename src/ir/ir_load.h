/* ir_load.h: the loader's private seams (not for the rest of symplex).
 *
 *   ir_source.c      what a user's file is (by content, then by name), and
 *                    compiling C with clang into a temporary .bc;
 *   ir_load_child.c  all LLVM work on untrusted bytes, in a forked child:
 *                    read, verify, link the runtime, verify, run passes,
 *                    write the result as bitcode;
 *   ir_load_fork.c   the parent's side of the child: fork, wait, and turn a
 *                    child that failed, crashed or hung into one error line;
 *   ir_load.c        ir_load(): runs the above, then parses the child's
 *                    (trusted) bitcode and lowers it. */
#ifndef SYMPLEX_IR_LOAD_H
#define SYMPLEX_IR_LOAD_H
#include "ir/ir.h"
#include <llvm-c/Core.h>

/* ---- ir_source.c ---- */

typedef enum IrInputKind {
    IR_IN_C,          /* C source: clang -x c */
    IR_IN_CPP_OUTPUT, /* preprocessed C (.i): clang -x cpp-output */
    IR_IN_LL,         /* textual LLVM IR */
    IR_IN_BC          /* bitcode (raw or wrapped) */
} IrInputKind;

/* Decides what path holds (see the README's rule). false + *err when the file
 * cannot be read or cannot be any of the kinds. */
bool irsrc_kind(const char *path, IrInputKind *kind, char **err);
/* Compiles a C or preprocessed C file with clang into out_bc (clang's messages
 * go to log_path). false + *err (one line) on failure. */
bool irsrc_compile(const IrLoadOptions *opt, const char *src, IrInputKind kind, const char *out_bc,
                   const char *log_path, char **err);

/* ---- ir_load_child.c ---- */

typedef struct IrChildJob {
    const char *input;       /* the module to read */
    const char *shown;       /* its name in messages (the user's file) */
    bool textual;            /* input is LLVM IR text, not bitcode */
    const IrLoadOptions *opt; /* runtime to link in, passes, what lowering needs */
    const char *out_bc;      /* where the prepared module is written */
    const char *names_path;  /* functions the user's module defines, each NUL-terminated */
    const char *log_path;    /* the child's stdout and stderr (LLVM's own messages) */
    const char *path_bc;     /* opt->path_module: the native module goes here ... */
    const char *path_err;    /* ... or the one line why not, here */
    unsigned timeout_s;      /* the child is killed by SIGALRM after this long */
} IrChildJob;

/* Cap on the memory the child maps beyond what it inherits. */
#define IR_CHILD_MEMORY_MB 4096ull

/* Exit statuses of the child besides 0 (success): it wrote one line to err_fd. */
#define IR_CHILD_FAILED 3       /* a reported error (bad module, link error, ...) */
#define IR_CHILD_LLVM_FATAL 4   /* LLVM's fatal-error handler ran */

/* Runs in the forked child; never returns (leaves with _exit so that no atexit
 * handler, stdio buffer or leak check of the parent runs twice). */
_Noreturn void irchild_run(const IrChildJob *job, int err_fd);

/* ---- ir_byval.c ---- */

/* Gives every defined function's used byval parameters their copy, made at
 * entry (see ir_byval.c). */
void irbyval_copy(LLVMModuleRef mod);

/* ---- ir_native_order.c ---- */

/* Settles in the program's module, before mem2reg, the NaN bits and signed
 * zeros that x86-64's -O0 code generation decides (see ir_native_order.c). */
void irnative_order(LLVMModuleRef mod);
/* Keeps the native build of fn, a function of the explored module, to the
 * order the engine runs it in (for the native module of path-faithful replay). */
void irnative_pin(LLVMModuleRef mod, LLVMValueRef fn);

/* ---- ir_path_module.c (run by the child) ---- */

/* Names of the globals a module defines (functions, variables, aliases), sorted. */
typedef struct IrNames { char **names; size_t n; } IrNames;
IrNames irnames_defined(LLVMModuleRef mod);
/* Numbers the conditional branches and switches of the functions user defines
 * (NULL: every function is the user's) as !symplex.site metadata. */
void irpath_assign_sites(LLVMModuleRef mod, const IrNames *user);
/* Turns mod (sites assigned) into the native module of path-faithful replay
 * and writes it to out. false + *why when it cannot. */
bool irpath_write_module(LLVMModuleRef mod, const IrNames *user, const char *entry, const char *out, char **why);

/* ---- ir_wide.c ---- */

/* Rewrites every function's integers wider than 128 bits into 64-bit words
 * (see ir_wide.c); functions it cannot rewrite stay as they are. */
void irwide_split(LLVMModuleRef mod);

/* ---- ir_load_fork.c ---- */

/* Forks the child for job and waits for it; false + *err (one line) unless it
 * wrote job->out_bc. */
bool irload_in_child(const IrChildJob *job, char **err);

/* ---- ir_load.c, shared with the child ---- */

typedef struct IrDiag { char *msg; } IrDiag;
/* Keeps the first error diagnostic's first line in ((IrDiag *)ctx)->msg; LLVM's
 * default handler would exit the process on a bitcode error. */
void irload_diag_handler(LLVMDiagnosticInfoRef di, void *ctx);
/* First line of msg, as a fresh string. */
char *irload_first_line(const char *msg);
/* The names file the child wrote, sorted (NULL, 0 when there is none). */
char **irload_read_names(const char *path, size_t *n);
/* Lowers a verified module (the parent's last step, the child's rehearsal of it). */
IrModule *irload_lower(LLVMModuleRef mod, const IrLoadOptions *opt, char **user_names, size_t nuser);

#endif
