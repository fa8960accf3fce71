/* ir_const: LLVM types and constants to concrete sizes and bits.
 *
 * Everything the interpreter sees as a constant is resolved here, once:
 * pointers to globals and functions become their load-time addresses and
 * constant expressions are folded, so the executor never meets a relocation. */
#include "ir/ir_internal.h"
#include <llvm-c/Core.h>
#include <stdlib.h>
#include <string.h>

uint64_t irc_alloc_size(IrBuild *b, LLVMTypeRef t) { return LLVMABISizeOfType(b->td, t); }
uint64_t irc_store_size(IrBuild *b, LLVMTypeRef t) { return LLVMStoreSizeOfType(b->td, t); }

int irc_float_kind(LLVMTypeRef t) {
    switch (LLVMGetTypeKind(t)) {
    case LLVMFloatTypeKind: return IR_FK_FLOAT;
    case LLVMDoubleTypeKind: return IR_FK_DOUBLE;
    case LLVMX86_FP80TypeKind: return IR_FK_FP80;
    default: return -1;
    }
}

uint32_t irc_value_bits(IrBuild *b, LLVMTypeRef t) {
    switch (LLVMGetTypeKind(t)) {
    case LLVMVoidTypeKind: return 0;
    case LLVMIntegerTypeKind: {
        unsigned w = LLVMGetIntTypeWidth(t);
        return w <= 128 ? w : UINT32_MAX;
    }
    case LLVMPointerTypeKind: return 64;
    case LLVMFloatTypeKind: return 32;
    case LLVMDoubleTypeKind: return 64;
    case LLVMX86_FP80TypeKind: return 80;
    case LLVMStructTypeKind:
    case LLVMArrayTypeKind: {
        uint64_t bits = irc_alloc_size(b, t) * 8;
        return bits <= 128 ? (uint32_t)bits : UINT32_MAX;
    }
    default: return UINT32_MAX;
    }
}

IrType irc_type(IrBuild *b, LLVMTypeRef t) {
    IrType ty = {IR_TY_AGG, 0};
    switch (LLVMGetTypeKind(t)) {
    case LLVMVoidTypeKind: ty.kind = IR_TY_VOID; return ty;
    case LLVMIntegerTypeKind: ty.kind = IR_TY_INT; ty.bits = (uint16_t)LLVMGetIntTypeWidth(t); return ty;
    case LLVMPointerTypeKind: ty.kind = IR_TY_PTR; ty.bits = 64; return ty;
    case LLVMFloatTypeKind: ty.kind = IR_TY_FLOAT; ty.bits = 32; return ty;
    case LLVMDoubleTypeKind: ty.kind = IR_TY_DOUBLE; ty.bits = 64; return ty;
    case LLVMX86_FP80TypeKind: ty.kind = IR_TY_FP80; ty.bits = 80; return ty;
    default: {
        /* Unsized types (labels, metadata, tokens) have no layout. */
        uint64_t bits = LLVMTypeIsSized(t) ? irc_alloc_size(b, t) * 8 : 0;
        ty.bits = (uint16_t)(bits > 65535 ? 65535 : bits);
        return ty;
    }
    }
}

static ir_u128 irc_mask(ir_u128 v, unsigned width) {
    return width >= 128 ? v : v & (((ir_u128)1 << width) - 1);
}

static ir_u128 irc_sext(ir_u128 v, unsigned width) {
    if (width == 0 || width >= 128) return v;
    ir_u128 sign = (ir_u128)1 << (width - 1);
    v = irc_mask(v, width);
    return (v ^ sign) - sign;
}

static unsigned irc_int_width(LLVMTypeRef t) {
    LLVMTypeKind k = LLVMGetTypeKind(t);
    if (k == LLVMIntegerTypeKind) return LLVMGetIntTypeWidth(t);
    return k == LLVMPointerTypeKind ? 64 : 0;
}

/* Integers wider than 64 bits have no C accessor: read LLVM's own decimal. */
static bool irc_wide_int(LLVMValueRef c, ir_u128 *out) {
    char *s = LLVMPrintValueToString(c);
    const char *p = strchr(s, ' ');
    bool neg = false, ok = p != NULL;
    ir_u128 v = 0;
    if (ok) {
        p++;
        if (*p == '-') { neg = true; p++; }
        if (strcmp(p, "true") == 0) v = 1;
        for (; *p >= '0' && *p <= '9'; p++) v = v * 10 + (ir_u128)(*p - '0');
    }
    LLVMDisposeMessage(s);
    *out = neg ? (ir_u128)0 - v : v;
    return ok;
}

/* x86_fp80 constants print as 0xK followed by 20 hex digits (sign+exponent, mantissa). */
static bool irc_fp80(LLVMValueRef c, ir_u128 *out) {
    char *s = LLVMPrintValueToString(c);
    const char *p = strstr(s, "0xK");
    bool ok = p != NULL;
    ir_u128 v = 0;
    if (ok) {
        for (p += 3; *p; p++) {
            int d = (*p >= '0' && *p <= '9') ? *p - '0' : (*p >= 'A' && *p <= 'F') ? *p - 'A' + 10 : -1;
            if (d < 0) break;
            v = (v << 4) | (ir_u128)d;
        }
    }
    LLVMDisposeMessage(s);
    *out = v;
    return ok;
}

static bool irc_fp(LLVMValueRef c, ir_u128 *out, char **why) {
    LLVMTypeRef t = LLVMTypeOf(c);
    LLVMBool loses = 0;
    switch (LLVMGetTypeKind(t)) {
    case LLVMFloatTypeKind: {
        float f = (float)LLVMConstRealGetDouble(c, &loses);
        uint32_t u;
        memcpy(&u, &f, 4);
        *out = u;
        return true;
    }
    case LLVMDoubleTypeKind: {
        double d = LLVMConstRealGetDouble(c, &loses);
        uint64_t u;
        memcpy(&u, &d, 8);
        *out = u;
        return true;
    }
    case LLVMX86_FP80TypeKind:
        if (irc_fp80(c, out)) return true;
        break;
    default: break;
    }
    *why = util_strdup("unsupported floating-point constant type");
    return false;
}

static bool irc_scalar(IrBuild *b, LLVMValueRef c, ir_u128 *out, char **why);

static bool irc_operand(IrBuild *b, LLVMValueRef c, unsigned i, ir_u128 *out, char **why) {
    return irc_scalar(b, LLVMGetOperand(c, i), out, why);
}

/* Byte offset of a constant GEP, walking the source element type. */
static bool irc_gep(IrBuild *b, LLVMValueRef c, ir_u128 *out, char **why) {
    ir_u128 base;
    if (!irc_operand(b, c, 0, &base, why)) return false;
    LLVMTypeRef ty = LLVMGetGEPSourceElementType(c);
    int n = LLVMGetNumOperands(c);
    int64_t off = 0;
    for (int i = 1; i < n; i++) {
        LLVMValueRef ic = LLVMGetOperand(c, (unsigned)i);
        ir_u128 raw;
        if (!irc_scalar(b, ic, &raw, why)) return false;
        int64_t idx = (int64_t)irc_sext(raw, irc_int_width(LLVMTypeOf(ic)));
        if (i == 1) {
            off += idx * (int64_t)irc_alloc_size(b, ty);
        } else if (LLVMGetTypeKind(ty) == LLVMStructTypeKind) {
            off += (int64_t)LLVMOffsetOfElement(b->td, ty, (unsigned)idx);
            ty = LLVMStructGetTypeAtIndex(ty, (unsigned)idx);
        } else {
            ty = LLVMGetElementType(ty);
            off += idx * (int64_t)irc_alloc_size(b, ty);
        }
    }
    *out = base + (ir_u128)(uint64_t)off;
    *out = irc_mask(*out, 64);
    return true;
}

static bool irc_icmp(LLVMIntPredicate p, ir_u128 x, ir_u128 y, unsigned w) {
    __int128 sx = (__int128)irc_sext(x, w), sy = (__int128)irc_sext(y, w);
    switch (p) {
    case LLVMIntEQ: return x == y;
    case LLVMIntNE: return x != y;
    case LLVMIntUGT: return x > y;
    case LLVMIntUGE: return x >= y;
    case LLVMIntULT: return x < y;
    case LLVMIntULE: return x <= y;
    case LLVMIntSGT: return sx > sy;
    case LLVMIntSGE: return sx >= sy;
    case LLVMIntSLT: return sx < sy;
    default: return sx <= sy;
    }
}

static bool irc_binop(LLVMOpcode op, ir_u128 x, ir_u128 y, unsigned w, ir_u128 *out) {
    switch (op) {
    case LLVMAdd: *out = x + y; break;
    case LLVMSub: *out = x - y; break;
    case LLVMMul: *out = x * y; break;
    case LLVMAnd: *out = x & y; break;
    case LLVMOr: *out = x | y; break;
    case LLVMXor: *out = x ^ y; break;
    case LLVMShl: *out = y < w ? x << y : 0; break;
    case LLVMLShr: *out = y < w ? x >> y : 0; break;
    case LLVMAShr: *out = y < w ? (ir_u128)((__int128)irc_sext(x, w) >> y) : 0; break;
    default: return false;
    }
    *out = irc_mask(*out, w);
    return true;
}

static bool irc_expr(IrBuild *b, LLVMValueRef c, ir_u128 *out, char **why) {
    LLVMOpcode op = LLVMGetConstOpcode(c);
    unsigned w = irc_int_width(LLVMTypeOf(c));
    ir_u128 x = 0, y = 0, z = 0;
    switch (op) {
    case LLVMGetElementPtr: return irc_gep(b, c, out, why);
    case LLVMBitCast: case LLVMAddrSpaceCast:
        return irc_operand(b, c, 0, out, why);
    case LLVMPtrToInt: case LLVMIntToPtr: case LLVMTrunc: case LLVMZExt:
        if (!irc_operand(b, c, 0, &x, why)) return false;
        *out = irc_mask(x, w);
        return true;
    case LLVMSExt:
        if (!irc_operand(b, c, 0, &x, why)) return false;
        *out = irc_mask(irc_sext(x, irc_int_width(LLVMTypeOf(LLVMGetOperand(c, 0)))), w);
        return true;
    case LLVMICmp:
        if (!irc_operand(b, c, 0, &x, why) || !irc_operand(b, c, 1, &y, why)) return false;
        *out = irc_icmp(LLVMGetICmpPredicate(c), x, y, irc_int_width(LLVMTypeOf(LLVMGetOperand(c, 0))));
        return true;
    case LLVMSelect:
        if (!irc_operand(b, c, 0, &x, why) || !irc_operand(b, c, 1, &y, why) ||
            !irc_operand(b, c, 2, &z, why))
            return false;
        *out = (x & 1) ? y : z;
        return true;
    default:
        if (LLVMGetNumOperands(c) == 2 && w) {
            if (!irc_operand(b, c, 0, &x, why) || !irc_operand(b, c, 1, &y, why)) return false;
            if (irc_binop(op, x, y, w, out)) return true;
        }
        *why = util_format("unsupported constant expression '%s'", irl_opcode_name(op));
        return false;
    }
}

/* A constant of non-aggregate type as bits. */
static bool irc_scalar(IrBuild *b, LLVMValueRef c, ir_u128 *out, char **why) {
    uint64_t addr;
    *out = 0;
    if (LLVMIsUndef(c) || LLVMIsAConstantPointerNull(c) || LLVMIsAConstantAggregateZero(c) ||
        LLVMIsAConstantTokenNone(c))
        return true;
    if (LLVMIsAConstantInt(c)) {
        unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(c));
        if (w <= 64) *out = LLVMConstIntGetZExtValue(c);
        else if (!irc_wide_int(c, out)) { *why = util_strdup("unreadable wide integer constant"); return false; }
        *out = irc_mask(*out, w);
        return true;
    }
    if (LLVMIsAConstantFP(c)) return irc_fp(c, out, why);
    if (LLVMIsAGlobalAlias(c)) return irc_scalar(b, LLVMAliasGetAliasee(c), out, why);
    if (LLVMIsAGlobalValue(c)) {
        if (irmap_get(&b->addr_of, IR_KEY(c), &addr)) { *out = addr; return true; }
        size_t len;
        *why = util_format("no address for '%s'", LLVMGetValueName2(c, &len));
        return false;
    }
    if (LLVMIsAConstantExpr(c)) return irc_expr(b, c, out, why);
    if (LLVMIsABlockAddress(c)) { /* operands: the function, then the block */
        uint64_t a;
        if (irc_block_address(b, LLVMGetOperand(c, 0), LLVMValueAsBasicBlock(LLVMGetOperand(c, 1)), &a)) {
            *out = a;
            return true;
        }
        *why = util_strdup("blockaddress of an unknown block");
        return false;
    }
    *why = util_strdup("unsupported constant");
    return false;
}

static bool irc_write_elems(IrBuild *b, LLVMValueRef c, uint8_t *buf, uint64_t size, char **why) {
    LLVMTypeRef t = LLVMTypeOf(c);
    bool is_struct = LLVMGetTypeKind(t) == LLVMStructTypeKind;
    bool is_cds = LLVMIsAConstantDataSequential(c) != NULL;
    unsigned n = is_struct ? LLVMCountStructElementTypes(t)
                 : LLVMGetTypeKind(t) == LLVMArrayTypeKind ? LLVMGetArrayLength(t) : LLVMGetVectorSize(t);
    uint64_t stride = is_struct ? 0 : irc_alloc_size(b, LLVMGetElementType(t));
    if (is_cds && stride == 1) { /* strings: copy the raw bytes in one go */
        size_t len;
        const char *s = LLVMGetAsString(c, &len);
        memcpy(buf, s, len < size ? len : size);
        return true;
    }
    for (unsigned i = 0; i < n; i++) {
        uint64_t off = is_struct ? LLVMOffsetOfElement(b->td, t, i) : i * stride;
        if (off >= size) break;
        LLVMValueRef e = LLVMGetAggregateElement(c, i);
        if (!irc_write(b, e, buf + off, size - off, why)) return false;
    }
    return true;
}

bool irc_write(IrBuild *b, LLVMValueRef c, uint8_t *buf, uint64_t size, char **why) {
    LLVMTypeRef t = LLVMTypeOf(c);
    LLVMTypeKind k = LLVMGetTypeKind(t);
    if (k == LLVMStructTypeKind || k == LLVMArrayTypeKind || k == LLVMVectorTypeKind) {
        if (LLVMIsUndef(c) || LLVMIsAConstantAggregateZero(c)) {
            uint64_t n = irc_alloc_size(b, t);
            memset(buf, 0, n < size ? n : size);
            return true;
        }
        return irc_write_elems(b, c, buf, size, why);
    }
    ir_u128 v;
    if (!irc_scalar(b, c, &v, why)) return false;
    uint64_t n = irc_store_size(b, t);
    for (uint64_t i = 0; i < n && i < size && i < 16; i++) buf[i] = (uint8_t)(v >> (8 * i));
    return true;
}

bool irc_bits(IrBuild *b, LLVMValueRef c, ir_u128 *out, char **why) {
    LLVMTypeKind k = LLVMGetTypeKind(LLVMTypeOf(c));
    if (k != LLVMStructTypeKind && k != LLVMArrayTypeKind && k != LLVMVectorTypeKind)
        return irc_scalar(b, c, out, why);
    uint8_t buf[16] = {0};
    if (irc_alloc_size(b, LLVMTypeOf(c)) > 16) {
        *why = util_strdup("aggregate constant wider than 128 bits");
        return false;
    }
    if (!irc_write(b, c, buf, sizeof buf, why)) return false;
    *out = 0;
    for (int i = 15; i >= 0; i--) *out = (*out << 8) | buf[i];
    return true;
}
