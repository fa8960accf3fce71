/* ir_layout: the load-time memory map.
 *
 * Globals get fixed addresses from 0x100000 up, each aligned to at least 16
 * bytes and followed by a 64-byte red zone so that small overflows land in
 * unmapped space and are reported instead of silently hitting a neighbour.
 * Functions get fake addresses (16 apart) in a range no object can occupy,
 * which makes function pointers plain, comparable integers. Basic blocks whose
 * address a program takes (computed goto) get fake addresses after them, 4
 * apart, one per block of every defined function. */
#define _GNU_SOURCE
#include "ir/ir_internal.h"
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#define IR_GLOBAL_BASE 0x100000ull
#define IR_RED_ZONE 64ull
#define IR_FN_BASE 0x40000000ull
#define IR_MIB (1ull << 20)

static uint64_t align_up(uint64_t x, uint64_t a) { return (x + a - 1) / a * a; }

static int cmp_str(const void *x, const void *y) {
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

static bool is_user_defined(IrBuild *b, const char *name) {
    if (!b->runtime_linked) return true;
    if (!b->nuser_names) return false;
    return bsearch(&name, b->user_names, b->nuser_names, sizeof *b->user_names, cmp_str) != NULL;
}

static char *value_name(LLVMValueRef v) {
    size_t len;
    const char *s = LLVMGetValueName2(v, &len);
    char *out = util_malloc(len + 1);
    memcpy(out, s, len);
    out[len] = 0;
    return out;
}

static uint64_t layout_globals(IrBuild *b) {
    uint32_t n = 0;
    for (LLVMValueRef g = LLVMGetFirstGlobal(b->mod); g; g = LLVMGetNextGlobal(g)) n++;
    IrModule *m = b->m;
    m->globals = util_calloc(n, sizeof *m->globals);
    m->nglobals = n;
    uint64_t next = IR_GLOBAL_BASE;
    uint32_t i = 0;
    for (LLVMValueRef g = LLVMGetFirstGlobal(b->mod); g; g = LLVMGetNextGlobal(g), i++) {
        IrGlobal *ig = &m->globals[i];
        LLVMTypeRef t = LLVMGlobalGetValueType(g);
        uint64_t size = LLVMTypeIsSized(t) ? irc_alloc_size(b, t) : 0;
        uint32_t align = LLVMGetAlignment(g);
        if (!align && LLVMTypeIsSized(t)) align = LLVMABIAlignmentOfType(b->td, t);
        if (!align) align = 1;
        ig->name = value_name(g);
        ig->size = size ? size : 1;
        ig->align = align;
        ig->addr = align_up(next, align > 16 ? align : 16);
        ig->is_constant = LLVMIsGlobalConstant(g);
        ig->is_external = LLVMIsDeclaration(g);
        next = ig->addr + ig->size + IR_RED_ZONE;
        irmap_put(&b->addr_of, IR_KEY(g), ig->addr);
    }
    return next;
}

static void fill_function(IrBuild *b, IrFunction *f, LLVMValueRef fn) {
    LLVMTypeRef ft = LLVMGlobalGetValueType(fn);
    f->name = value_name(fn);
    f->is_declaration = LLVMIsDeclaration(fn);
    f->is_runtime = !f->is_declaration && !is_user_defined(b, f->name);
    f->address_taken = iru_address_taken(fn);
    LLVMLinkage l = LLVMGetLinkage(fn);
    f->exported = l != LLVMInternalLinkage && l != LLVMPrivateLinkage;
    f->variadic = LLVMIsFunctionVarArg(ft);
    f->nparams = LLVMCountParams(fn);
    f->param_types = util_calloc(f->nparams, sizeof *f->param_types);
    for (uint32_t p = 0; p < f->nparams; p++) f->param_types[p] = irc_type(b, LLVMTypeOf(LLVMGetParam(fn, p)));
    f->ret_type = irc_type(b, LLVMGetReturnType(ft));
}

/* A weak declaration that nothing defines (not the program, the runtime, the
 * executor or the host's libraries) resolves to NULL, as a native link makes it:
 * `if (f) f();` is how C code tests for an optional function. */
static bool weak_undefined(IrBuild *b, LLVMValueRef fn, const char *name) {
    if (!LLVMIsDeclaration(fn) || LLVMGetLinkage(fn) != LLVMExternalWeakLinkage) return false;
    if (b->provided && b->provided(name)) return false;
    return dlsym(RTLD_DEFAULT, name) == NULL;
}

/* Intrinsics become IR operations, never callable objects, so they get no entry. */
static void layout_functions(IrBuild *b, uint64_t globals_end) {
    IrModule *m = b->m;
    uint32_t n = 0;
    uint64_t nblocks = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(b->mod); fn; fn = LLVMGetNextFunction(fn)) {
        if (LLVMGetIntrinsicID(fn)) continue;
        irmap_put(&b->first_block, IR_KEY(fn), nblocks);
        nblocks += LLVMCountBasicBlocks(fn);
        n++;
    }
    m->functions = util_calloc(n, sizeof *m->functions);
    m->nfunctions = n;
    m->fn_addr_base = align_up(globals_end, IR_MIB);
    if (m->fn_addr_base < IR_FN_BASE) m->fn_addr_base = IR_FN_BASE;
    m->fn_addr_end = m->fn_addr_base + 16ull * n;
    m->block_addr_base = b->block_addr_base = m->fn_addr_end;
    m->block_addr_end = m->block_addr_base + 4 * nblocks;
    m->heap_base = align_up(m->block_addr_end + 1, IR_MIB);
    m->main_index = m->user_entry_index = -1;
    m->foreign_fn = -1;
    uint32_t i = 0;
    for (LLVMValueRef fn = LLVMGetFirstFunction(b->mod); fn; fn = LLVMGetNextFunction(fn)) {
        if (LLVMGetIntrinsicID(fn)) continue;
        IrFunction *f = &m->functions[i];
        f->index = i;
        f->addr = m->fn_addr_base + 16ull * i;
        fill_function(b, f, fn);
        if (!f->is_declaration && strcmp(f->name, b->entry) == 0)
            m->main_index = (int32_t)i;
        if (!f->is_declaration && strcmp(f->name, b->user_entry) == 0)
            m->user_entry_index = (int32_t)i;
        irmap_put(&b->addr_of, IR_KEY(fn), weak_undefined(b, fn, f->name) ? 0 : f->addr);
        irmap_put(&b->fn_index, IR_KEY(fn), i);
        if (f->address_taken) iru_foreign(b, fn); /* it may be called through a pointer */
        i++;
    }
}

static void layout_aliases(IrBuild *b) {
    for (LLVMValueRef a = LLVMGetFirstGlobalAlias(b->mod); a; a = LLVMGetNextGlobalAlias(a)) {
        ir_u128 bits;
        char *why = NULL;
        if (irc_bits(b, a, &bits, &why)) irmap_put(&b->addr_of, IR_KEY(a), (uint64_t)bits);
        free(why);
    }
}

/* Initializers are converted only once every address is known, since they may
 * point at any global or function. An unconvertible initializer is a warning:
 * the program may never read it. */
static void init_globals(IrBuild *b) {
    uint32_t i = 0;
    for (LLVMValueRef g = LLVMGetFirstGlobal(b->mod); g; g = LLVMGetNextGlobal(g), i++) {
        IrGlobal *ig = &b->m->globals[i];
        ig->init = util_calloc(ig->size, 1);
        LLVMValueRef init = ig->is_external ? NULL : LLVMGetInitializer(g);
        char *why = NULL;
        if (init && !irc_write(b, init, ig->init, ig->size, &why)) {
            util_warn("initializer of global '%s' zero-filled: %s", ig->name, why);
            memset(ig->init, 0, ig->size);
        }
        free(why);
    }
}

bool irc_block_address(IrBuild *b, LLVMValueRef fn, LLVMBasicBlockRef bb, uint64_t *out) {
    uint64_t first;
    if (!irmap_get(&b->first_block, IR_KEY(fn), &first)) return false;
    uint64_t k = 0;
    for (LLVMBasicBlockRef it = LLVMGetFirstBasicBlock(fn); it; it = LLVMGetNextBasicBlock(it), k++)
        if (it == bb) {
            *out = b->block_addr_base + 4 * (first + k);
            return true;
        }
    return false;
}

void irc_layout(IrBuild *b) {
    uint64_t end = layout_globals(b);
    layout_functions(b, end);
    layout_aliases(b);
    init_globals(b);
    iru_module_asm(b);
}
