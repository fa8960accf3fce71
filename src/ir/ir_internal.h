/* ir_internal: state shared by the loader files while an LLVM module is being
 * lowered (ir_load.c, ir_const.c, ir_lower*.c, ir_intrinsic.c). Nothing here
 * survives ir_load(): the LLVM context is gone once lowering ends. */
#ifndef SYMPLEX_IR_INTERNAL_H
#define SYMPLEX_IR_INTERNAL_H
#include "ir/ir.h"
#include "util/util.h"
#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

/* Open-addressing map from a non-zero 64-bit key (usually an LLVM pointer) to
 * a 64-bit value. Loading touches every value once, so a flat table is enough. */
typedef struct IrMap { uint64_t *keys, *vals; size_t cap, len; } IrMap;
void irmap_put(IrMap *m, uint64_t key, uint64_t val);
bool irmap_get(const IrMap *m, uint64_t key, uint64_t *val);
void irmap_free(IrMap *m);
#define IR_KEY(p) ((uint64_t)(uintptr_t)(p))

/* Whole-module lowering context. */
typedef struct IrBuild {
    LLVMModuleRef mod;
    LLVMTargetDataRef td;
    IrModule *m;
    IrMap addr_of;         /* global variable / function value -> concrete address */
    IrMap fn_index;        /* function value -> IrModule.functions index */
    IrMap file_ids;        /* hash of path -> file index (collisions checked) */
    IrMap loc_ids;         /* (file << 32 | line) + 1 -> loc index */
    VEC(char *) files;
    VEC(IrLoc) locs;
    VEC(bool) loc_user;
    VEC(char *) strings;
    bool runtime_linked;   /* else every defined function is the user's */
    const char *const *user_names; size_t nuser_names; /* sorted; functions the user module defines */
    bool (*provided)(const char *name); /* functions the executor implements (may be NULL) */
    const char *entry;     /* the function execution starts in */
    const char *user_entry; /* the program's own (IrLoadOptions.user_entry, or main) */
    IrMap first_block;     /* function value -> global index of its first basic block */
    uint64_t block_addr_base; /* fake address of global block k: base + 4k (blockaddress) */
} IrBuild;

/* --- ir_const.c: types, constants, global layout --- */
uint64_t irc_alloc_size(IrBuild *b, LLVMTypeRef t);
uint64_t irc_store_size(IrBuild *b, LLVMTypeRef t);
/* Register width of a value of type t in bits: ints their width, pointers 64,
 * floats 32/64/80, aggregates alloc size * 8. 0 for void; UINT32_MAX when the
 * type cannot live in a register (vectors, half, fp128, > 128 bits). */
uint32_t irc_value_bits(IrBuild *b, LLVMTypeRef t);
IrType irc_type(IrBuild *b, LLVMTypeRef t);
/* IrFloatKind of t, or -1. */
int irc_float_kind(LLVMTypeRef t);
/* Concrete little-endian bytes of constant c into buf[0..size). On failure
 * returns false and sets *why (caller frees). */
bool irc_write(IrBuild *b, LLVMValueRef c, uint8_t *buf, uint64_t size, char **why);
/* Constant as register bits (width <= 128). */
bool irc_bits(IrBuild *b, LLVMValueRef c, ir_u128 *out, char **why);
/* Assigns addresses to globals and functions and converts initializers. */
void irc_layout(IrBuild *b);
/* The fake address of basic block bb of function fn (blockaddress, indirectbr). */
bool irc_block_address(IrBuild *b, LLVMValueRef fn, LLVMBasicBlockRef bb, uint64_t *out);

/* --- ir_lower.c --- */
void irl_lower_module(IrBuild *b);
uint32_t irl_string(IrBuild *b, char *owned_msg);

/* Per-function lowering context. */
typedef struct IrFnBuild {
    IrBuild *b;
    IrFunction *f;
    LLVMValueRef fn;
    IrMap regs;          /* LLVM value -> register */
    IrMap blocks;        /* basic block -> block number */
    VEC(uint32_t) block_start; /* block number -> first inst index */
    VEC(Inst) insts;
    VEC(ir_u128) consts;
    IrMap const_ids;     /* constant bits (low 64) + 1 -> pool index, only for values < 2^64 */
    VEC(IrEdge) edges;   /* target holds a block number until the end of lowering */
    VEC(IrCopy) copies;
    VEC(IrSwitch) switches;
    VEC(IrGep) geps;
    VEC(IrCall) calls;
    uint32_t nregs;
    uint32_t loc;        /* location of the instruction being lowered */
    LLVMBasicBlockRef cur_block;
    char *err;           /* first operand that could not be lowered (owned) */
} IrFnBuild;

/* Operand for v: its register, or a constant-pool entry. On failure records
 * the reason in fb->err and returns a zero constant. */
Opnd irl_opnd(IrFnBuild *fb, LLVMValueRef v);
Opnd irl_const(IrFnBuild *fb, ir_u128 bits);
uint32_t irl_reg(IrFnBuild *fb, LLVMValueRef v);
uint32_t irl_new_reg(IrFnBuild *fb);
Inst *irl_emit(IrFnBuild *fb, IrOp op, LLVMValueRef result);
void irl_unsupported(IrFnBuild *fb, LLVMValueRef inst, char *owned_msg);
/* Records why the current instruction cannot be lowered (first reason wins);
 * the instruction then becomes IR_UNSUPPORTED. */
void irl_fail(IrFnBuild *fb, char *owned_msg);
void irl_lower_inst(IrFnBuild *fb, LLVMValueRef inst);
void irl_lower_terminator(IrFnBuild *fb, LLVMValueRef inst, LLVMOpcode op);
const char *irl_opcode_name(LLVMOpcode op);
/* Lowers a call instruction (ir_lower_call.c). */
void irl_call(IrFnBuild *fb, LLVMValueRef inst);
void irl_gep(IrFnBuild *fb, LLVMValueRef inst);
/* Is inst a zext or sext that its users, all in its own block, make
 * themselves, so that it is not lowered? A GEP extends an index to i64
 * itself (IrGep.idx_zext); an unsigned or equality compare of a zext with a
 * constant that fits the narrower width compares at that width. -O0 code
 * widens every int index and loop bound this way. */
bool irl_ext_folds(LLVMValueRef inst);
/* An integer load of whole bytes whose one use is a zext (to at most 64
 * bits) in its block: the load writes the zext's register, zero-extended
 * (IR_LOAD's width above 8 * aux), and the zext is not lowered. */
LLVMValueRef irl_load_widened_by(LLVMValueRef load);
/* icmp (zext x), C whose zext folds: x and C (at x's width); false otherwise. */
bool irl_icmp_narrows(LLVMValueRef icmp, LLVMValueRef *x, uint64_t *c);
void irl_aggregate(IrFnBuild *fb, LLVMValueRef inst, LLVMOpcode op);
bool irl_is_user_fn(IrFnBuild *fb);
/* Fills c->pieces: how x86-64 passes each argument of call (ir_abi.c). */
void irabi_pieces(IrBuild *b, LLVMValueRef call, IrCall *c);

/* --- ir_flags.c --- */
/* The nsw/nuw/exact flags (IR_FLAG_*) of an integer binary instruction, in
 * time linear in the instruction; false when LLVM's printing of it is not
 * understood. */
bool irflags_read(LLVMValueRef inst, uint8_t *flags);

/* --- ir_uses.c --- */
/* Is fn's address used other than as the callee of a call? */
bool iru_address_taken(LLVMValueRef fn);
/* The program calls fn or takes its address: a declaration the executor does
 * not implement is native code (IrModule.foreign_fn). */
void iru_foreign(IrBuild *b, LLVMValueRef fn);
/* Module-level assembly (IrModule.has_asm). */
void iru_module_asm(IrBuild *b);
/* --- ir_path_module.c --- */
/* The first branch id the loader's child gave a conditional branch or switch
 * of user code, or IR_NO_BRANCH. */
uint32_t irpath_site(LLVMValueRef term);

/* --- ir_intrinsic.c --- */
/* Lowers a call to intrinsic `name`. */
void iri_lower(IrFnBuild *fb, LLVMValueRef call, const char *name);
/* True if insertelement `v` only feeds vector reductions the lowering expands. */
bool iri_vector_only_reduced(LLVMValueRef v);
/* A call to a C math function IEEE-754 defines exactly (sqrt, fabs, floor,
 * fmin, fma, ... and their f forms) lowered as the same operation as its
 * intrinsic; false (nothing emitted) for any other callee or signature. */
bool iri_lower_libm(IrFnBuild *fb, LLVMValueRef call, const char *name);

#endif
