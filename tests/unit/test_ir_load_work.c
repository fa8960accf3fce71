/* Loading costs work linear in the module's size (issue 29: lowering printed
 * every function to read nsw/nuw/exact, and each print made LLVM number the
 * whole module's metadata first: du's bitcode took 30 s to load).
 *
 * LLVM's printer is the one step of the lowering whose cost is not set by what
 * it is given: printing a value that lives in a module makes LLVM's
 * SlotTracker walk the module before a character is written. This test stands
 * between the lowering and the printer: it defines LLVMPrintValueToString and
 * LLVMPrintModuleToString, so the library's calls bind to them, forwards to
 * LLVM's, and counts each call's work as the text it returns plus, when the
 * value printed (or, for an instruction outside any function, one of its
 * operands) is in a module, that module's size in instructions and globals.
 * Two generated modules, one twice the other's size, must cost about twice as
 * much; the quadratic lowering made it four times. A count, not a timing. */
#define _GNU_SOURCE
#include "check.h"
#include "load_source.h"
#include <dlfcn.h>
#include <llvm-c/Core.h>
#include <string.h>

static unsigned long long print_work, print_calls;

static unsigned long long module_size(LLVMModuleRef m) {
    unsigned long long n = 0;
    for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) n++;
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
        n++;
        for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b))
            for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) n++;
    }
    return n;
}

/* The module v lives in, NULL for a constant or an instruction outside any function. */
static LLVMModuleRef home(LLVMValueRef v) {
    if (LLVMIsAGlobalValue(v)) return LLVMGetGlobalParent(v);
    if (LLVMIsAArgument(v)) return LLVMGetGlobalParent(LLVMGetParamParent(v));
    if (LLVMValueIsBasicBlock(v)) return LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMValueAsBasicBlock(v)));
    if (LLVMIsAInstruction(v) && LLVMGetInstructionParent(v))
        return LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(v)));
    return NULL;
}

/* Where LLVM's printer numbers a module for v: its own, or an operand's
 * (it does so to name a local operand of an instruction outside any function). */
static LLVMModuleRef numbered_module(LLVMValueRef v) {
    LLVMModuleRef m = home(v);
    if (m || !LLVMIsAInstruction(v)) return m;
    for (int k = 0; k < LLVMGetNumOperands(v) && !m; k++) m = home(LLVMGetOperand(v, k));
    return m;
}

static void *llvm_symbol(const char *name) {
    void *p = dlsym(RTLD_NEXT, name);
    if (!p) {
        fprintf(stderr, "no %s after this test's own: %s\n", name, dlerror());
        exit(1);
    }
    return p;
}

char *LLVMPrintValueToString(LLVMValueRef v) {
    static char *(*real)(LLVMValueRef);
    if (!real) *(void **)&real = llvm_symbol("LLVMPrintValueToString");
    LLVMModuleRef m = numbered_module(v);
    char *s = real(v);
    print_calls++;
    print_work += strlen(s) + (m ? module_size(m) : 0);
    return s;
}

char *LLVMPrintModuleToString(LLVMModuleRef m) {
    static char *(*real)(LLVMModuleRef);
    if (!real) *(void **)&real = llvm_symbol("LLVMPrintModuleToString");
    char *s = real(m);
    print_calls++;
    print_work += strlen(s) + module_size(m);
    return s;
}

/* n functions of five lines, with signed, unsigned and exact (pointer difference) arithmetic. */
static char *generated_source(int n) {
    size_t cap = (size_t)n * 200 + 200, len = 0;
    char *src = util_malloc(cap);
    for (int k = 0; k < n; k++)
        len += (size_t)snprintf(src + len, cap - len,
                                "int f%d(int x, unsigned u) {\n  int a[4], y = x * %d + 1;\n  u = u / 4 + %du;\n"
                                "  if (y > x) y -= x;\n  return y + (int)(&a[u & 3] - a);\n}\n", k, k + 2, k);
    len += (size_t)snprintf(src + len, cap - len, "int main(void) { return f0(1, 2u); }\n");
    return src;
}

/* The printing work of loading n generated functions; *nsw: whether one was read. */
static unsigned long long load_work(int n, bool *nsw) {
    char dir[] = "/tmp/symplex-test-load-work-XXXXXX";
    char *src = generated_source(n);
    unsigned long long before = print_work;
    IrModule *m = load_source(src, dir, "gen.c");
    unsigned long long work = print_work - before;
    *nsw = false;
    for (uint32_t f = 0; m && f < m->nfunctions; f++)
        for (uint32_t i = 0; i < m->functions[f].ninsts; i++) {
            const Inst *in = &m->functions[f].insts[i];
            if (in->op == IR_MUL && (in->sub & IR_FLAG_NSW)) *nsw = true;
        }
    if (m) ir_module_free(m);
    free(src);
    return work;
}

static void test_linear_printing(void) {
    bool nsw_small, nsw_large;
    unsigned long long small = load_work(150, &nsw_small), large = load_work(300, &nsw_large);
    CHECK_MSG(nsw_small && nsw_large, "the flags of the generated arithmetic were not read");
    CHECK_MSG(print_calls > 0, "the lowering printed nothing: this test measures nothing");
    CHECK_MSG(large * 10 <= small * 25, "printing work %llu for 150 functions, %llu for 300: not linear", small, large);
    printf("printing work: %llu for 150 functions, %llu for 300 (%llu calls)\n", small, large, print_calls);
}

int main(void) {
    test_linear_printing();
    return check_report();
}
