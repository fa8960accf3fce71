/* ir_uses: which functions may be called through a pointer (every way C can
 * take a function's address, the packed-struct initializer of issue 28 among
 * them, against functions only ever called directly), and which code the
 * module does not show may call its functions: a function it has no body for
 * (native code, which can call any exported function) and assembly. */
#define _GNU_SOURCE
#include "check.h"
#include "load_source.h"
#include "ir/ir.h"
#include "ir/ir_cfg.h"
#include "util/util.h"
#include <stdlib.h>
#include <string.h>

static const char *taken_src =
    "#define F(name) static int name(int v) { return v + __LINE__; }\n"
    "F(in_packed) F(in_expr) F(stored) F(passed) F(compared) F(selected) F(to_int) F(direct) F(nested)\n"
    "struct __attribute__((packed)) entry { char tag; int (*fn)(int); };\n"
    "struct entry table[1] = {{'h', in_packed}};\n"            /* an initializer at offset 1 */
    "char *past = (char *)in_expr + 1;\n"                       /* inside a constant expression */
    "int (*slot)(int);\n"
    "static int call(int (*f)(int), int v) { return f(v); }\n"
    "int main(int argc, char **argv) {\n"
    "    (void)argv;\n"
    "    slot = stored;\n"                                      /* a store */
    "    int r = call(passed, argc);\n"                          /* a call argument */
    "    if (slot == compared) r++;\n"                           /* a comparison */
    "    int (*f)(int) = argc > 1 ? selected : stored;\n"        /* a select or phi operand */
    "    r += f(argc);\n"
    "    r += (int)(long)to_int;\n"                               /* a cast to an integer */
    "    return r + direct(argc) + nested(direct(r));\n"     /* direct calls only */
    "}\n";

static const char *outside_src =
    "int lookup(const char *name);\n"                           /* no body here: native code */
    "static int hidden(int v) { return v + 1; }\n"
    "int visible(int v) { return hidden(v) * 2; }\n"
    "int main(void) { return visible(lookup(\"visible\")); }\n";

static const char *asm_src =
    "static int hidden(int v) { return v + 1; }\n"
    "int main(void) { __asm__ volatile(\"\" ::: \"memory\"); return hidden(1); }\n";

static bool taken(IrModule *m, const char *name) {
    IrFunction *f = ir_function_by_name(m, name);
    CHECK_MSG(f != NULL, "no function %s", name);
    return f && f->address_taken;
}

static void check_taken(void) {
    char dir[] = "/tmp/symplex-test-uses-XXXXXX";
    IrModule *m = load_source(taken_src, dir, "taken.c");
    if (!m) return;
    static const char *const yes[] = {"in_packed", "in_expr", "stored", "passed", "compared", "selected", "to_int"};
    for (size_t i = 0; i < sizeof yes / sizeof *yes; i++) CHECK_MSG(taken(m, yes[i]), "%s: address taken", yes[i]);
    CHECK_MSG(!taken(m, "direct") && !taken(m, "nested") && !taken(m, "call") && !taken(m, "main"),
              "only called directly: not address taken");
    CHECK(m->foreign_fn < 0 && !m->has_asm);
    IrCallGraph *cg = ir_callgraph_new(m);
    IrFunction *p = ir_function_by_name(m, "in_packed"), *d = ir_function_by_name(m, "direct");
    if (p && d) CHECK(cg->address_taken[p->index] && !cg->address_taken[d->index] && !cg->called_from_outside[d->index]);
    ir_callgraph_free(cg);
    ir_module_free(m);
}

static void check_outside(void) {
    char dir[] = "/tmp/symplex-test-uses-XXXXXX";
    IrModule *m = load_source(outside_src, dir, "outside.c");
    if (!m) return;
    CHECK_MSG(m->foreign_fn >= 0 && strcmp(m->functions[m->foreign_fn].name, "lookup") == 0, "lookup is native code");
    IrCallGraph *cg = ir_callgraph_new(m);
    IrFunction *h = ir_function_by_name(m, "hidden"), *v = ir_function_by_name(m, "visible");
    CHECK(h && v);
    /* native code can name an exported function, not a static one */
    if (h && v) CHECK(cg->called_from_outside[v->index] && !cg->called_from_outside[h->index] && v->exported && !h->exported);
    ir_callgraph_free(cg);
    ir_module_free(m);

    char dir2[] = "/tmp/symplex-test-uses-XXXXXX";
    m = load_source(asm_src, dir2, "asm.c");
    if (!m) return;
    CHECK(m->has_asm && m->foreign_fn < 0);
    cg = ir_callgraph_new(m);
    h = ir_function_by_name(m, "hidden");
    /* assembly can name any symbol */
    if (h) CHECK(cg->called_from_outside[h->index]);
    ir_callgraph_free(cg);
    ir_module_free(m);
}

int main(void) {
    check_taken();
    check_outside();
    return check_report();
}
