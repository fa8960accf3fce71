/* ir_wide: integers wider than 128 bits split into 64-bit words before lowering.
 *
 * clang keeps a run of adjacent bit-fields in one integer as wide as the run:
 * a packed struct with 162 bits of bit-fields is read and written as an i168
 * (load, shifts by constants, and/or, trunc, zext/sext, store). symplex's
 * registers and expressions hold at most 128 bits, so in each function every
 * such value becomes ceil(N/64) values, word k holding bits [64k, 64k+64)
 * (the last one narrower when N is not a multiple of 64), and each instruction
 * on it is rebuilt over the words with ordinary LLVM instructions. This runs
 * in the loader's child, after the passes, so the lowering never sees a wide
 * integer it could have executed.
 *
 * The same goes for C23's _BitInt(N) with N > 128, whose locals become SSA
 * values (phi, select) and which adds, subtracts and compares (carries and
 * comparisons chained over the words). A function whose wide values meet
 * anything else (multiplication, division, an argument, a call, a return, a
 * shift by a variable amount, a width that is not whole bytes) is left as it
 * was: the lowering then ends
 * the path there as unsupported, as it always did. */
#include "ir/ir_internal.h"
#include "ir/ir_load.h"
#include <stdlib.h>

#define WIDE_MIN_BITS 129

/* One function's rewriting. parts maps a wide value (an instruction, or a
 * constant met as an operand) to its words, an array of words owns. */
typedef struct WideFn {
    LLVMContextRef ctx;
    LLVMBuilderRef b;
    unsigned dbg_kind;
    IrMap parts;
    VEC(LLVMValueRef *) words;
    VEC(LLVMValueRef) insts; /* the function's instructions that make or use a wide value */
} WideFn;

/* A source of bits: a wide value's words, or one value of at most 128 bits;
 * signed: what lies beyond its top bit (copies of it, or zeros). */
typedef struct WideSrc {
    const LLVMValueRef *w; /* words, or NULL */
    LLVMValueRef narrow;
    unsigned bits;
    bool sign;
} WideSrc;

static bool wide_type(LLVMTypeRef t) {
    return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) >= WIDE_MIN_BITS;
}

static bool wide_val(LLVMValueRef v) { return wide_type(LLVMTypeOf(v)); }

static unsigned wide_nwords(unsigned bits) { return (bits + 63) / 64; }

static unsigned wide_word_bits(unsigned bits, unsigned k) { return bits - 64 * k < 64 ? bits - 64 * k : 64; }

static LLVMTypeRef wide_int(WideFn *f, unsigned bits) { return LLVMIntTypeInContext(f->ctx, bits); }

static LLVMValueRef wide_c64(WideFn *f, unsigned long long v) { return LLVMConstInt(wide_int(f, 64), v, 0); }

/* ---- which functions can be split ---- */

static bool wide_shift_ok(LLVMValueRef in) {
    LLVMValueRef amount = LLVMGetOperand(in, 1);
    return LLVMIsAConstantInt(amount) != NULL;
}

/* Whether this instruction's use or making of wide values is one this file rebuilds. */
static bool wide_inst_ok(LLVMValueRef in) {
    switch (LLVMGetInstructionOpcode(in)) {
    case LLVMLoad:
    case LLVMStore:
        return !LLVMGetOrdering(in) || LLVMGetOrdering(in) == LLVMAtomicOrderingNotAtomic;
    case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMAdd: case LLVMSub:
    case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMPHI: case LLVMFreeze: case LLVMICmp:
        return true;
    case LLVMShl: case LLVMLShr: case LLVMAShr:
        return wide_shift_ok(in);
    case LLVMSelect:
        return !wide_val(LLVMGetOperand(in, 0));
    default:
        return false;
    }
}

/* A wide operand must be an instruction of the set or a plain constant. */
static bool wide_operand_ok(LLVMValueRef v) {
    if (!wide_val(v)) return true;
    if (LLVMGetIntTypeWidth(LLVMTypeOf(v)) % 8) return false; /* memory holds whole bytes */
    return LLVMIsAInstruction(v) || LLVMIsAConstantInt(v) || LLVMIsUndef(v) || LLVMIsPoison(v);
}

static bool wide_touches(LLVMValueRef in) {
    if (wide_val(in)) return true;
    int n = LLVMGetNumOperands(in);
    for (int i = 0; i < n; i++)
        if (wide_val(LLVMGetOperand(in, i))) return true;
    return false;
}

/* Collects the function's wide instructions; false when one cannot be split. */
static bool wide_collect(WideFn *f, LLVMValueRef fn) {
    for (LLVMValueRef a = LLVMGetFirstParam(fn); a; a = LLVMGetNextParam(a))
        if (wide_val(a)) return false;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
            if (!wide_touches(in)) continue;
            if (!wide_inst_ok(in)) return false;
            int n = LLVMGetNumOperands(in);
            for (int i = 0; i < n; i++)
                if (!wide_operand_ok(LLVMGetOperand(in, i))) return false;
            if (wide_val(in) && LLVMGetIntTypeWidth(LLVMTypeOf(in)) % 8) return false;
            VEC_PUSH(f->insts, in);
        }
    return true;
}

/* ---- words of values ---- */

static LLVMValueRef *wide_words_of(WideFn *f, LLVMValueRef v) {
    uint64_t at;
    return irmap_get(&f->parts, IR_KEY(v), &at) ? (LLVMValueRef *)(uintptr_t)at : NULL;
}

/* New (NULL-filled) words for v, recorded as its words. */
static LLVMValueRef *wide_reserve(WideFn *f, LLVMValueRef v) {
    LLVMValueRef *w = util_calloc(wide_nwords(LLVMGetIntTypeWidth(LLVMTypeOf(v))), sizeof *w);
    VEC_PUSH(f->words, w);
    irmap_put(&f->parts, IR_KEY(v), IR_KEY(w));
    return w;
}

/* The words of a constant operand (made the first time it is met). */
static const LLVMValueRef *wide_const_words(WideFn *f, LLVMValueRef c) {
    const LLVMValueRef *w = wide_words_of(f, c);
    if (w) return w;
    unsigned bits = LLVMGetIntTypeWidth(LLVMTypeOf(c));
    LLVMValueRef *out = wide_reserve(f, c);
    for (unsigned k = 0; k < wide_nwords(bits); k++) {
        LLVMTypeRef t = wide_int(f, wide_word_bits(bits, k));
        LLVMValueRef x;
        if (LLVMIsPoison(c)) x = LLVMGetPoison(t);
        else if (LLVMIsUndef(c)) x = LLVMGetUndef(t);
        else x = LLVMConstTrunc(LLVMConstLShr(c, LLVMConstInt(LLVMTypeOf(c), 64ull * k, 0)), t);
        out[k] = x;
    }
    return out;
}

static WideSrc wide_src(WideFn *f, LLVMValueRef v, bool sign) {
    WideSrc s = {NULL, NULL, LLVMGetIntTypeWidth(LLVMTypeOf(v)), sign};
    if (!wide_val(v)) s.narrow = v;
    else s.w = LLVMIsAInstruction(v) ? wide_words_of(f, v) : wide_const_words(f, v);
    return s;
}

static LLVMValueRef wide_ext(WideFn *f, LLVMValueRef v, unsigned bits, bool sign) {
    if (LLVMGetIntTypeWidth(LLVMTypeOf(v)) == bits) return v;
    return sign ? LLVMBuildSExt(f->b, v, wide_int(f, bits), "") : LLVMBuildZExt(f->b, v, wide_int(f, bits), "");
}

/* Bits [64j, 64j+64) of the source, extended past its top as it says, as an i64. */
static LLVMValueRef wide_word64(WideFn *f, WideSrc s, long j) {
    if (j < 0) return wide_c64(f, 0);
    if (s.narrow) {
        LLVMValueRef x = wide_ext(f, s.narrow, 128, s.sign);
        if (j >= 2) x = s.sign ? LLVMBuildAShr(f->b, x, LLVMConstInt(wide_int(f, 128), 127, 0), "") : NULL;
        else if (j == 1) x = LLVMBuildLShr(f->b, x, LLVMConstInt(wide_int(f, 128), 64, 0), "");
        return x ? LLVMBuildTrunc(f->b, x, wide_int(f, 64), "") : wide_c64(f, 0);
    }
    long n = (long)wide_nwords(s.bits);
    if (j < n) return wide_ext(f, s.w[j], 64, s.sign);
    if (!s.sign) return wide_c64(f, 0);
    return LLVMBuildAShr(f->b, wide_ext(f, s.w[n - 1], 64, true), wide_c64(f, 63), "");
}

/* Bits [off, off+width) of the source (off may be negative: zeros below bit
 * 0), width <= 64. */
static LLVMValueRef wide_window(WideFn *f, WideSrc s, long off, unsigned width) {
    long j = off >= 0 ? off / 64 : -((-off + 63) / 64);
    unsigned sh = (unsigned)(off - 64 * j);
    if (s.w && sh == 0 && j >= 0 && j < (long)wide_nwords(s.bits) && width == wide_word_bits(s.bits, (unsigned)j))
        return s.w[j]; /* a whole word as it is */
    LLVMValueRef x = wide_word64(f, s, j);
    if (sh) {
        LLVMValueRef lo = LLVMBuildLShr(f->b, x, wide_c64(f, sh), "");
        LLVMValueRef hi = LLVMBuildShl(f->b, wide_word64(f, s, j + 1), wide_c64(f, 64 - sh), "");
        x = LLVMBuildOr(f->b, lo, hi, "");
    }
    return width == 64 ? x : LLVMBuildTrunc(f->b, x, wide_int(f, width), "");
}

/* Bits [0, width) of the source as one value, width <= 128. */
static LLVMValueRef wide_narrow(WideFn *f, WideSrc s, unsigned width) {
    if (width <= 64) return wide_window(f, s, 0, width);
    LLVMTypeRef t = wide_int(f, width);
    LLVMValueRef lo = LLVMBuildZExt(f->b, wide_window(f, s, 0, 64), t, "");
    LLVMValueRef hi = LLVMBuildZExt(f->b, wide_window(f, s, 64, width - 64), t, "");
    hi = LLVMBuildShl(f->b, hi, LLVMConstInt(t, 64, 0), "");
    return LLVMBuildOr(f->b, hi, lo, "");
}

/* ---- the instructions ---- */

/* The words of in's result: bits [off + 64k, ...) of the source. */
static void wide_shifted(WideFn *f, LLVMValueRef in, WideSrc s, long off) {
    unsigned bits = LLVMGetIntTypeWidth(LLVMTypeOf(in));
    LLVMValueRef *w = wide_reserve(f, in);
    for (unsigned k = 0; k < wide_nwords(bits); k++) w[k] = wide_window(f, s, off + 64l * k, wide_word_bits(bits, k));
}

static unsigned wide_align(unsigned align, unsigned k) {
    unsigned a = align ? align : 1;
    while (k && (8 * k) % a) a /= 2;
    return a;
}

static LLVMValueRef wide_word_ptr(WideFn *f, LLVMValueRef p, unsigned k) {
    if (!k) return p;
    LLVMValueRef idx = wide_c64(f, 8ull * k);
    return LLVMBuildGEP2(f->b, wide_int(f, 8), p, &idx, 1, "");
}

static void wide_load(WideFn *f, LLVMValueRef in) {
    unsigned bits = LLVMGetIntTypeWidth(LLVMTypeOf(in));
    LLVMValueRef *w = wide_reserve(f, in);
    for (unsigned k = 0; k < wide_nwords(bits); k++) {
        LLVMValueRef ld = LLVMBuildLoad2(f->b, wide_int(f, wide_word_bits(bits, k)),
                                         wide_word_ptr(f, LLVMGetOperand(in, 0), k), "");
        LLVMSetVolatile(ld, LLVMGetVolatile(in));
        LLVMSetAlignment(ld, wide_align(LLVMGetAlignment(in), k));
        w[k] = ld;
    }
}

static void wide_store(WideFn *f, LLVMValueRef in) {
    WideSrc s = wide_src(f, LLVMGetOperand(in, 0), false);
    for (unsigned k = 0; k < wide_nwords(s.bits); k++) {
        LLVMValueRef st = LLVMBuildStore(f->b, s.w[k], wide_word_ptr(f, LLVMGetOperand(in, 1), k));
        LLVMSetVolatile(st, LLVMGetVolatile(in));
        LLVMSetAlignment(st, wide_align(LLVMGetAlignment(in), k));
    }
}

/* and, or, xor, select, freeze: word by word. */
static void wide_wordwise(WideFn *f, LLVMValueRef in) {
    LLVMOpcode op = LLVMGetInstructionOpcode(in);
    unsigned bits = LLVMGetIntTypeWidth(LLVMTypeOf(in));
    int first = op == LLVMSelect ? 1 : 0;
    WideSrc a = wide_src(f, LLVMGetOperand(in, first), false), b = a;
    if (op != LLVMFreeze) b = wide_src(f, LLVMGetOperand(in, first + 1), false);
    LLVMValueRef *w = wide_reserve(f, in);
    for (unsigned k = 0; k < wide_nwords(bits); k++) {
        LLVMValueRef x;
        if (op == LLVMSelect) x = LLVMBuildSelect(f->b, LLVMGetOperand(in, 0), a.w[k], b.w[k], "");
        else if (op == LLVMFreeze) x = LLVMBuildFreeze(f->b, a.w[k], "");
        else x = LLVMBuildBinOp(f->b, op, a.w[k], b.w[k], "");
        w[k] = x;
    }
}

/* Word k of a + b or a - b, with the carry (borrow) *c into it replaced by
 * the one out of it. */
static LLVMValueRef wide_add_word(WideFn *f, bool sub, LLVMValueRef a, LLVMValueRef b, LLVMValueRef *c) {
    LLVMValueRef cin = *c ? LLVMBuildZExt(f->b, *c, LLVMTypeOf(a), "") : NULL;
    LLVMValueRef r = sub ? LLVMBuildSub(f->b, a, b, "") : LLVMBuildAdd(f->b, a, b, "");
    LLVMValueRef out = LLVMBuildICmp(f->b, LLVMIntULT, sub ? a : r, sub ? b : a, "");
    if (cin) {
        LLVMValueRef r2 = sub ? LLVMBuildSub(f->b, r, cin, "") : LLVMBuildAdd(f->b, r, cin, "");
        LLVMValueRef out2 = LLVMBuildICmp(f->b, LLVMIntULT, sub ? r : r2, sub ? cin : r, "");
        out = LLVMBuildOr(f->b, out, out2, "");
        r = r2;
    }
    *c = out;
    return r;
}

static void wide_add(WideFn *f, LLVMValueRef in) {
    bool sub = LLVMGetInstructionOpcode(in) == LLVMSub;
    WideSrc a = wide_src(f, LLVMGetOperand(in, 0), false), b = wide_src(f, LLVMGetOperand(in, 1), false);
    LLVMValueRef *w = wide_reserve(f, in), carry = NULL;
    for (unsigned k = 0; k < wide_nwords(a.bits); k++) w[k] = wide_add_word(f, sub, a.w[k], b.w[k], &carry);
}

/* a < b over the words, from the lowest: a word decides unless it is equal,
 * the top one compared signed when sign. */
static LLVMValueRef wide_less(WideFn *f, WideSrc a, WideSrc b, bool sign) {
    LLVMValueRef lt = NULL;
    unsigned n = wide_nwords(a.bits);
    for (unsigned k = 0; k < n; k++) {
        LLVMValueRef l = LLVMBuildICmp(f->b, sign && k == n - 1 ? LLVMIntSLT : LLVMIntULT, a.w[k], b.w[k], "");
        if (lt) {
            LLVMValueRef eq = LLVMBuildICmp(f->b, LLVMIntEQ, a.w[k], b.w[k], "");
            l = LLVMBuildOr(f->b, l, LLVMBuildAnd(f->b, eq, lt, ""), "");
        }
        lt = l;
    }
    return lt;
}

static void wide_icmp(WideFn *f, LLVMValueRef in) {
    LLVMIntPredicate p = LLVMGetICmpPredicate(in);
    WideSrc a = wide_src(f, LLVMGetOperand(in, 0), false), b = wide_src(f, LLVMGetOperand(in, 1), false);
    LLVMValueRef r = NULL;
    if (p == LLVMIntEQ || p == LLVMIntNE) {
        for (unsigned k = 0; k < wide_nwords(a.bits); k++) {
            LLVMValueRef e = LLVMBuildICmp(f->b, LLVMIntEQ, a.w[k], b.w[k], "");
            r = r ? LLVMBuildAnd(f->b, r, e, "") : e;
        }
        if (p == LLVMIntNE) r = LLVMBuildNot(f->b, r, "");
    } else {
        bool sign = p == LLVMIntSLT || p == LLVMIntSLE || p == LLVMIntSGT || p == LLVMIntSGE;
        bool swap = p == LLVMIntUGT || p == LLVMIntSGT || p == LLVMIntULE || p == LLVMIntSLE;
        bool negate = p == LLVMIntULE || p == LLVMIntSLE || p == LLVMIntUGE || p == LLVMIntSGE;
        r = swap ? wide_less(f, b, a, sign) : wide_less(f, a, b, sign); /* a > b is b < a; a <= b is !(b < a) */
        if (negate) r = LLVMBuildNot(f->b, r, "");
    }
    LLVMReplaceAllUsesWith(in, r);
}

static void wide_cast(WideFn *f, LLVMValueRef in) {
    LLVMOpcode op = LLVMGetInstructionOpcode(in);
    WideSrc s = wide_src(f, LLVMGetOperand(in, 0), op == LLVMSExt);
    if (wide_val(in)) wide_shifted(f, in, s, 0);
    else LLVMReplaceAllUsesWith(in, wide_narrow(f, s, LLVMGetIntTypeWidth(LLVMTypeOf(in))));
}

static void wide_shift(WideFn *f, LLVMValueRef in) {
    LLVMOpcode op = LLVMGetInstructionOpcode(in);
    unsigned bits = LLVMGetIntTypeWidth(LLVMTypeOf(in));
    unsigned long long c = LLVMConstIntGetZExtValue(LLVMGetOperand(in, 1));
    WideSrc s = wide_src(f, LLVMGetOperand(in, 0), op == LLVMAShr);
    if (c >= bits) { /* poison, as LLVM defines it */
        LLVMValueRef *w = wide_reserve(f, in);
        for (unsigned k = 0; k < wide_nwords(bits); k++)
            w[k] = LLVMGetPoison(wide_int(f, wide_word_bits(bits, k)));
        return;
    }
    wide_shifted(f, in, s, op == LLVMShl ? -(long)c : (long)c);
}

/* New instructions go before in, with its source location. */
static void wide_position(WideFn *f, LLVMValueRef in) {
    LLVMValueRef loc = LLVMGetMetadata(in, f->dbg_kind);
    LLVMPositionBuilderBefore(f->b, in);
    LLVMSetCurrentDebugLocation2(f->b, loc ? LLVMValueAsMetadata(loc) : NULL);
}

/* Empty word phis first, so that a loop's back edge finds its words. */
static void wide_phi_words(WideFn *f, LLVMValueRef in) {
    unsigned bits = LLVMGetIntTypeWidth(LLVMTypeOf(in));
    LLVMValueRef *w = wide_reserve(f, in);
    wide_position(f, in);
    for (unsigned k = 0; k < wide_nwords(bits); k++)
        w[k] = LLVMBuildPhi(f->b, wide_int(f, wide_word_bits(bits, k)), "");
}

static void wide_phi_incoming(WideFn *f, LLVMValueRef in) {
    const LLVMValueRef *w = wide_words_of(f, in);
    unsigned n = LLVMCountIncoming(in), bits = LLVMGetIntTypeWidth(LLVMTypeOf(in));
    for (unsigned i = 0; i < n; i++) {
        LLVMBasicBlockRef from = LLVMGetIncomingBlock(in, i);
        WideSrc s = wide_src(f, LLVMGetIncomingValue(in, i), false);
        for (unsigned k = 0; k < wide_nwords(bits); k++) {
            LLVMValueRef v = s.w[k];
            LLVMAddIncoming(w[k], &v, &from, 1);
        }
    }
}

/* Whether every wide instruction in's operands are has its words already. */
static bool wide_ready(WideFn *f, LLVMValueRef in) {
    int n = LLVMGetNumOperands(in);
    for (int i = 0; i < n; i++) {
        LLVMValueRef v = LLVMGetOperand(in, i);
        if (wide_val(v) && LLVMIsAInstruction(v) && !wide_words_of(f, v)) return false;
    }
    return true;
}

static void wide_rebuild(WideFn *f, LLVMValueRef in) {
    wide_position(f, in);
    switch (LLVMGetInstructionOpcode(in)) {
    case LLVMLoad: wide_load(f, in); break;
    case LLVMStore: wide_store(f, in); break;
    case LLVMICmp: wide_icmp(f, in); break;
    case LLVMAdd: case LLVMSub: wide_add(f, in); break;
    case LLVMTrunc: case LLVMZExt: case LLVMSExt: wide_cast(f, in); break;
    case LLVMShl: case LLVMLShr: case LLVMAShr: wide_shift(f, in); break;
    default: wide_wordwise(f, in); break;
    }
}

/* Rebuilds every wide instruction once its operands have words (SSA order:
 * some pass over the list always finds one ready), then deletes the old ones. */
static void wide_split_fn(WideFn *f) {
    for (size_t i = 0; i < f->insts.len; i++)
        if (LLVMGetInstructionOpcode(f->insts.data[i]) == LLVMPHI && wide_val(f->insts.data[i]))
            wide_phi_words(f, f->insts.data[i]);
    bool *done = util_calloc(f->insts.len ? f->insts.len : 1, sizeof *done);
    for (size_t left = f->insts.len, progress = 1; left && progress;) {
        progress = 0;
        for (size_t i = 0; i < f->insts.len; i++) {
            LLVMValueRef in = f->insts.data[i];
            if (done[i] || !wide_ready(f, in)) continue;
            if (LLVMGetInstructionOpcode(in) == LLVMPHI) wide_phi_incoming(f, in);
            else wide_rebuild(f, in);
            done[i] = true;
            left--, progress++;
        }
    }
    free(done);
    for (size_t i = 0; i < f->insts.len; i++)
        if (LLVMGetTypeKind(LLVMTypeOf(f->insts.data[i])) != LLVMVoidTypeKind)
            LLVMReplaceAllUsesWith(f->insts.data[i], LLVMGetPoison(LLVMTypeOf(f->insts.data[i])));
    for (size_t i = 0; i < f->insts.len; i++) LLVMInstructionEraseFromParent(f->insts.data[i]);
}

void irwide_split(LLVMModuleRef mod) {
    WideFn f = {.ctx = LLVMGetModuleContext(mod)};
    f.b = LLVMCreateBuilderInContext(f.ctx);
    f.dbg_kind = LLVMGetMDKindIDInContext(f.ctx, "dbg", 3);
    for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
        f.insts.len = 0;
        if (wide_collect(&f, fn) && f.insts.len) wide_split_fn(&f);
        for (size_t i = 0; i < f.words.len; i++) free(f.words.data[i]);
        f.words.len = 0;
        irmap_free(&f.parts);
    }
    VEC_FREE(f.words);
    VEC_FREE(f.insts);
    LLVMDisposeBuilder(f.b);
}
