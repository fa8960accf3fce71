/* ir: symplex's own compact program representation.
 *
 * LLVM is used only while loading: bitcode is read (or compiled from C), the
 * runtime bitcode linked in, passes run, and every function lowered to an array
 * of fixed-size Inst records whose operands are register slots or constant-pool
 * entries. Then the LLVM context is disposed. The interpreter's dispatch loop
 * never calls into LLVM (compare Lua's lopcodes.h).
 *
 * Memory layout is decided here, at load time: every global gets a fixed
 * concrete address and its initializer is resolved to bytes (pointers to other
 * globals or functions become their addresses). Functions get fake, non-
 * dereferenceable addresses so that function pointers are plain integers.
 */
#ifndef SYMPLEX_IR_H
#define SYMPLEX_IR_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef unsigned __int128 ir_u128;

/* An operand: >= 0 is a register slot of the current frame; < 0 is the
 * constant-pool entry ~o of the function. */
typedef int32_t Opnd;
#define IR_NONE ((Opnd)INT32_MIN) /* absent operand (e.g. `ret void`) */
static inline bool ir_is_const(Opnd o) { return o < 0 && o != IR_NONE; }
static inline uint32_t ir_const_index(Opnd o) { return (uint32_t)~o; }

/* Kinds of value types; used where the interpreter must know more than a width
 * (floating point arithmetic, libffi calls, printing). */
typedef enum IrTypeKind {
    IR_TY_VOID, IR_TY_INT, IR_TY_PTR, IR_TY_FLOAT, IR_TY_DOUBLE, IR_TY_FP80, IR_TY_AGG
} IrTypeKind;

typedef struct IrType {
    uint8_t kind;   /* IrTypeKind */
    uint16_t bits;  /* value width in bits: INT n; PTR 64; FLOAT 32; DOUBLE 64; FP80 80; AGG store size*8 */
} IrType;

typedef enum IrOp {
    IR_NOP,
    IR_MOVE,          /* dst = a (bitcast, same-width ptr<->int, freeze, llvm.expect) */
    /* integer binary: dst = a OP b, all `width` bits. sub: IR_FLAG_NSW|IR_FLAG_NUW */
    IR_ADD, IR_SUB, IR_MUL, IR_UDIV, IR_SDIV, IR_UREM, IR_SREM,
    IR_AND, IR_OR, IR_XOR, IR_SHL, IR_LSHR, IR_ASHR,
    IR_ICMP,          /* sub = IrIcmpPred, aux = operand width, width = 1 */
    IR_TRUNC, IR_ZEXT, IR_SEXT, /* aux = source width */
    IR_SELECT,        /* dst = a ? b : c */
    /* floating point (concrete only in this version). sub = IrFloatKind of operands */
    IR_FADD, IR_FSUB, IR_FMUL, IR_FDIV, IR_FREM, IR_FNEG,
    IR_FCMP,          /* sub = IrFcmpPred, aux = IrFloatKind of operands */
    IR_FPTRUNC, IR_FPEXT, /* sub = destination IrFloatKind, aux = source IrFloatKind */
    IR_FPTOUI, IR_FPTOSI, /* aux = source IrFloatKind, width = result width */
    IR_UITOFP, IR_SITOFP, /* sub = destination IrFloatKind, aux = source int width */
    IR_FMATH,         /* sub = IrFmathFn, aux = IrFloatKind, operands a, b, c as the function needs */
    /* control flow */
    IR_JMP,           /* aux = edge */
    IR_BR,            /* a = cond; aux = edge if true, aux2 = edge if false; c = first of two branch ids (true: c, false: c+1), IR_NO_BRANCH if none */
    IR_SWITCH,        /* a = value, aux = switch table index, aux2 = operand width */
    IR_RET,           /* a = value or IR_NONE */
    IR_UNREACHABLE,
    /* memory */
    IR_ALLOCA,        /* a = element count (aux2 = its width), aux = element size in bytes, sub = log2(align) */
    IR_LOAD,          /* dst = *(a), aux = bytes, width = result bits */
    IR_STORE,         /* *(b) = a, aux = bytes */
    IR_GEP,           /* dst = a + offset computed by gep table entry aux */
    /* calls */
    IR_CALL,          /* aux = call table index; dst valid if width > 0 */
    /* aggregates, flattened little-endian at data-layout offsets */
    IR_EXTRACTVALUE,  /* dst = bits [aux, aux+width) of a */
    IR_INSERTVALUE,   /* dst = a with bits [aux, aux+aux2) replaced by b */
    /* atomics on one thread */
    IR_ATOMICRMW,     /* sub = IrRmwOp, a = ptr, b = value, aux = bytes; dst = old value */
    IR_CMPXCHG,       /* a = ptr, b = expected, c = new, aux = bytes; dst = {old, ok} with ok at bit aux2 */
    IR_FENCE,
    /* intrinsics */
    IR_MEMCPY,        /* a = dst, b = src, c = length (aux = length width) */
    IR_MEMMOVE,
    IR_MEMSET,        /* a = dst, b = byte, c = length (aux = length width) */
    IR_OVERFLOW,      /* sub = IrOverflowOp, a, b; aux = operand width; result {val, ovf} with ovf at bit aux2 */
    IR_FSHL, IR_FSHR, /* a, b, c */
    IR_CTPOP, IR_CTLZ, IR_CTTZ, IR_BSWAP, IR_ABS, /* a */
    IR_SMAX, IR_SMIN, IR_UMAX, IR_UMIN,          /* a, b */
    IR_STACKSAVE,     /* dst = opaque token */
    IR_STACKRESTORE,  /* a = token */
    IR_ASSUME,        /* a = cond */
    IR_TRAP,
    IR_VASTART,       /* a = va_list pointer */
    IR_VACOPY,        /* a = dst va_list, b = src va_list */
    IR_VAEND,
    IR_UNSUPPORTED,   /* aux = index into IrModule.strings naming what was not lowered; executing it stops the state */
    IR_OP_COUNT
} IrOp;

#define IR_FLAG_NSW 1
#define IR_FLAG_NUW 2
#define IR_FLAG_EXACT 4
#define IR_NO_BRANCH 0xFFFFFFFFu /* IR_BR stores its branch id in (uint32_t)c */
#define IR_NO_EDGE 0xFFFFFFFFu   /* IrSwitch.default_edge of an indirectbr: any other target is an error */

typedef enum IrIcmpPred { IR_EQ, IR_NE, IR_UGT, IR_UGE, IR_ULT, IR_ULE, IR_SGT, IR_SGE, IR_SLT, IR_SLE } IrIcmpPred;
/* Same encoding as LLVMRealPredicate: bit 0 = less... use the ordered/unordered names */
typedef enum IrFcmpPred {
    IR_FCMP_FALSE, IR_FCMP_OEQ, IR_FCMP_OGT, IR_FCMP_OGE, IR_FCMP_OLT, IR_FCMP_OLE, IR_FCMP_ONE, IR_FCMP_ORD,
    IR_FCMP_UNO, IR_FCMP_UEQ, IR_FCMP_UGT, IR_FCMP_UGE, IR_FCMP_ULT, IR_FCMP_ULE, IR_FCMP_UNE, IR_FCMP_TRUE
} IrFcmpPred;
typedef enum IrFloatKind { IR_FK_FLOAT, IR_FK_DOUBLE, IR_FK_FP80 } IrFloatKind;
typedef enum IrFmathFn {
    IR_FM_FABS, IR_FM_SQRT, IR_FM_FLOOR, IR_FM_CEIL, IR_FM_TRUNC, IR_FM_ROUND, IR_FM_RINT,
    IR_FM_COPYSIGN, IR_FM_MINNUM, IR_FM_MAXNUM, IR_FM_FMA, IR_FM_FMULADD,
    IR_FM_LIBM /* and up: IR_FM_LIBM + MathFn, an opaque math function (util/mathfn.h); float or double only */
} IrFmathFn;
typedef enum IrRmwOp {
    IR_RMW_XCHG, IR_RMW_ADD, IR_RMW_SUB, IR_RMW_AND, IR_RMW_NAND, IR_RMW_OR, IR_RMW_XOR,
    IR_RMW_MAX, IR_RMW_MIN, IR_RMW_UMAX, IR_RMW_UMIN
} IrRmwOp;
typedef enum IrOverflowOp { IR_OV_SADD, IR_OV_UADD, IR_OV_SSUB, IR_OV_USUB, IR_OV_SMUL, IR_OV_UMUL } IrOverflowOp;

typedef struct Inst {
    uint8_t op;      /* IrOp */
    uint8_t sub;     /* opcode-specific, see IrOp */
    uint16_t width;  /* result width in bits; 0 = no result */
    uint32_t dst;    /* result register */
    Opnd a, b, c;
    uint32_t loc;    /* index into IrModule.locs; 0 = unknown location */
    uint32_t aux, aux2;
} Inst;

/* A CFG edge: where to go and which phi copies to make on the way (parallel
 * assignment semantics: all sources are read before any destination is written). */
typedef struct IrEdge {
    uint32_t target;      /* instruction index */
    uint32_t copy_start;  /* into IrFunction.copies */
    uint32_t ncopies;
    bool in_order;        /* no copy reads what an earlier one writes: one by one, they are parallel */
} IrEdge;

typedef struct IrCopy { uint32_t dst; Opnd src; } IrCopy;

typedef struct IrSwitch {
    uint32_t ncases;
    ir_u128 *values;
    uint32_t *edges;      /* edge per case */
    uint32_t default_edge; /* IR_NO_EDGE: no default (indirectbr) */
    uint32_t branch_id;   /* first branch id: case i is branch_id+i, default is branch_id+ncases; IR_NO_BRANCH if not counted */
} IrSwitch;

/* dst = base + offset + sum(sext(index_i) * scale_i) */
/* address = base + offset + sum of idx[i] * scale[i], each idx[i] extended
 * to 64 bits from idx_width[i] bits: sign-extended, or zero-extended where
 * idx_zext[i] (a zext folded into the GEP, ir_lower_call.c). */
typedef struct IrGep {
    int64_t offset;
    uint32_t nidx;
    Opnd *idx;
    uint16_t *idx_width;
    uint8_t *idx_zext;
    int64_t *scale;
} IrGep;

/* Where the x86-64 System V convention puts one piece of a call argument, as
 * LLVM's backend lowers the IR argument: a general register, a vector
 * register, or (always, or once the registers are used up) the stack. A
 * variadic callee's va_list sees the arguments this way (exec_varargs.c). */
typedef enum IrArgClass {
    IR_ARG_GPR,   /* an eightbyte for rdi..r9, else an 8-byte stack slot */
    IR_ARG_SSE,   /* one of xmm0..7, else a stack slot */
    IR_ARG_STACK, /* always on the stack (x86_fp80, an aggregate) */
    IR_ARG_BYVAL  /* the argument points at `size` bytes copied onto the stack */
} IrArgClass;

typedef struct IrArgPiece {
    uint32_t arg;    /* the call argument it belongs to */
    uint32_t size;   /* its bytes (in a register, or on the stack before rounding up to 8) */
    uint32_t align;  /* its stack slot's alignment (>= 8) */
    uint16_t offset; /* its first byte in the argument's value */
    uint8_t cls;     /* IrArgClass */
} IrArgPiece;

typedef struct IrCall {
    int32_t callee;      /* function index, or -1 for a call through a pointer */
    Opnd callee_ptr;     /* when callee < 0 */
    uint32_t nargs;
    Opnd *args;
    IrType *arg_types;
    IrType ret_type;
    uint32_t nfixed;     /* parameters of the callee's type (the rest are varargs) */
    bool variadic;       /* the callee's type is variadic */
    /* The arguments' pieces in order (ir_abi.c); only for a call that may
     * reach a variadic function (npieces 0 otherwise). */
    IrArgPiece *pieces;
    uint32_t npieces;
} IrCall;

typedef struct IrFunction {
    char *name;
    uint32_t index;
    uint64_t addr;         /* fake address of the function */
    bool is_declaration;   /* no body: special, modelled or external */
    bool is_runtime;       /* comes from symplex's runtime bitcode, not from the user program */
    bool address_taken;    /* used other than as the callee of a call (LLVM's uses): may be called through a pointer */
    bool exported;         /* not internal: code outside the module can name it */
    bool variadic;
    uint32_t nparams;      /* parameters occupy registers 0..nparams-1 */
    IrType *param_types;
    IrType ret_type;
    uint32_t nregs;
    uint32_t ninsts;
    Inst *insts;           /* entry block starts at 0 */
    ir_u128 *consts;       /* constant pool */
    uint32_t nconsts;
    IrEdge *edges; uint32_t nedges;
    IrCopy *copies; uint32_t ncopies;
    IrSwitch *switches; uint32_t nswitches;
    IrGep *geps; uint32_t ngeps;
    IrCall *calls; uint32_t ncalls;
    uint32_t loc;          /* location of the definition (0 if unknown) */
} IrFunction;

typedef struct IrGlobal {
    char *name;
    uint64_t addr;
    uint64_t size;         /* alloc size in bytes (>= 1) */
    uint32_t align;
    uint8_t *init;         /* size bytes, relocated; zeroes for external/zero-initialised */
    bool is_constant;
    bool is_external;      /* declared but not defined anywhere (zero-filled, warned about) */
} IrGlobal;

typedef struct IrLoc { uint32_t file; uint32_t line; } IrLoc;

typedef struct IrModule {
    IrFunction *functions; uint32_t nfunctions;
    IrGlobal *globals; uint32_t nglobals;
    char **files; uint32_t nfiles;   /* source file names (index 0 = "") */
    IrLoc *locs; uint32_t nlocs;     /* index 0 = unknown */
    uint32_t nbranches;              /* branch ids are 0..nbranches-1 (user code only) */
    bool *loc_is_user;               /* per loc: belongs to a user (non-runtime) function */
    char **strings; uint32_t nstrings; /* messages referenced by IR_UNSUPPORTED */
    int32_t main_index;              /* the function the run starts in; -1 if not defined */
    int32_t user_entry_index;        /* the program's own (main, or --entry-point's); -1 if not defined */
    uint64_t fn_addr_base, fn_addr_end;  /* range of fake function addresses */
    uint64_t block_addr_base, block_addr_end; /* fake addresses of basic blocks (blockaddress), 4 apart */
    uint64_t heap_base;              /* first address free for the executor's objects */
    /* Code the module does not show, which may call its functions (ir_uses.c):
     * a function it calls or takes the address of that has no body here and
     * that the executor does not implement (so native code: it can call any
     * exported function, dlsym can hand out any), and assembly (which can name
     * any function). */
    int32_t foreign_fn;              /* the first such function, or -1 */
    bool has_asm;                    /* inline or module-level assembly */
    /* IrLoadOptions.path_module: the native module of path-faithful replay
     * (bitcode, path_bc_len bytes), or NULL and why not in path_bc_error */
    uint8_t *path_bc;
    size_t path_bc_len;
    char *path_bc_error;
} IrModule;

typedef struct IrLoadOptions {
    const char *runtime_bc;   /* runtime bitcode to link in; NULL for none */
    const char *include_dir;  /* runtime include dir for compiling .c input */
    const char *clang;        /* clang-16 binary */
    bool optimize;            /* run -O2-like pipeline after mem2reg */
    const char *work_dir;     /* where the load's temporary directory goes (NULL: $TMPDIR or /tmp) */
    const char *const *cflags; /* extra clang arguments for .c/.i input (--cflags, -I, -D) */
    size_t ncflags;
    /* Functions the executor implements (NULL: none). A weak declaration of any
     * other function that nothing defines has the address NULL, as when linked natively. */
    bool (*provided)(const char *name);
    /* --posix: the function the engine starts in (NULL: main), the C library
     * headers .c input is compiled against instead of the host's (NULL: the
     * host's), and whether runtime code the program cannot reach is dropped
     * after linking (a whole libc is linked in; lowering it all would cost
     * more than the run). */
    const char *entry;
    const char *libc_include;
    bool prune_runtime;
    /* The program's own function the run starts in (--entry-point; NULL:
     * main): under --posix the environment model calls main, else it is
     * `entry`. A path ends at its return. */
    const char *user_entry;
    /* --record-path: also make the module a native build of which replays a
     * test's branch decisions (IrModule.path_bc; ir_path_module.c). */
    bool path_module;
} IrLoadOptions;

/* Loads a .c or .i file (compiled with clang-16), bitcode or LLVM IR; what the
 * file is, its content decides before its name (ir_source.c). LLVM reads the
 * untrusted bytes in a forked child (ir_load_child.c). On failure returns NULL
 * and sets *err to a one-line message (caller frees). */
IrModule *ir_load(const char *path, const IrLoadOptions *opt, char **err);
void ir_module_free(IrModule *m);
IrFunction *ir_function_by_name(IrModule *m, const char *name);
/* Function whose fake address is addr, or NULL. */
IrFunction *ir_function_by_addr(IrModule *m, uint64_t addr);
/* "file:line" of a location into buf. */
const char *ir_loc_str(const IrModule *m, uint32_t loc, char *buf, size_t n);
void ir_dump(FILE *f, const IrModule *m);
const char *ir_op_name(IrOp op);

#endif
