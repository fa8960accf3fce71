/* Unit tests for src/ir: small C programs are compiled with clang-16, loaded,
 * lowered, and the resulting IR checked value by value. */
#define _GNU_SOURCE
#include "check.h"
#include "ir/ir.h"
#include "util/util.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char tmpdir[] = "/tmp/symplex-test-ir-XXXXXX";
static VEC(char *) created;

static char *write_file(const char *name, const char *text) {
    char *path = util_format("%s/%s", tmpdir, name);
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
    VEC_PUSH(created, path);
    return path;
}

static IrModule *load_opts(const char *path, const char *runtime_bc, char **err) {
    IrLoadOptions o = {.runtime_bc = runtime_bc, .include_dir = SYMPLEX_SOURCE_DIR "/runtime/include",
                       .clang = SYMPLEX_CLANG_PATH, .work_dir = NULL};
    return ir_load(path, &o, err);
}

static IrModule *load_src(const char *name, const char *text) {
    char *err = NULL;
    IrModule *m = load_opts(write_file(name, text), NULL, &err);
    CHECK_MSG(m != NULL, "%s: %s", name, err ? err : "");
    free(err);
    return m;
}

static IrGlobal *global(IrModule *m, const char *name) {
    for (uint32_t i = 0; i < m->nglobals; i++)
        if (strcmp(m->globals[i].name, name) == 0) return &m->globals[i];
    return NULL;
}

static uint64_t le64(const uint8_t *p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}

/* First instruction of f with opcode op at or after index *from. */
static Inst *find_op(IrFunction *f, IrOp op, uint32_t *from) {
    for (uint32_t i = from ? *from : 0; i < f->ninsts; i++)
        if (f->insts[i].op == op) {
            if (from) *from = i + 1;
            return &f->insts[i];
        }
    return NULL;
}

static uint32_t count_op(IrModule *m, IrOp op) {
    uint32_t n = 0;
    for (uint32_t i = 0; i < m->nfunctions; i++)
        for (uint32_t k = 0; k < m->functions[i].ninsts; k++) n += m->functions[i].insts[k].op == op;
    return n;
}

static const char *globals_src =
    "struct S { char c; int x; long y; };\n"
    "int arr[5] = {1, 2, 3, 4, 5};\n"
    "const char *msg = \"hello\";\n"
    "int *parr = &arr[2];\n"
    "long addr3 = (long)&arr[3];\n"
    "struct S gs = {'a', 7, -2};\n"
    "long double ld = 3.25L;\n"
    "extern int ext_var;\n"
    "int f(int x) { return x + ext_var; }\n"
    "int (*fp)(int) = f;\n"
    "int main(void) { return f(arr[1]) + *parr + gs.x; }\n";

static void test_globals(void) {
    IrModule *m = load_src("globals.c", globals_src);
    if (!m) return;
    IrFunction *mainf = ir_function_by_name(m, "main"), *f = ir_function_by_name(m, "f");
    CHECK(mainf && m->main_index == (int32_t)mainf->index && !mainf->is_declaration);
    IrGlobal *arr = global(m, "arr"), *parr = global(m, "parr"), *msg = global(m, "msg"), *gs = global(m, "gs");
    IrGlobal *ld = global(m, "ld"), *fp = global(m, "fp"), *ext = global(m, "ext_var"), *a3 = global(m, "addr3");
    CHECK(arr && parr && msg && gs && ld && fp && ext && a3 && f);
    if (!arr || !parr || !msg || !gs || !ld || !fp || !ext || !a3 || !f) { ir_module_free(m); return; }
    static const uint8_t arr_bytes[20] = {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0, 5, 0, 0, 0};
    CHECK(arr->size == 20 && memcmp(arr->init, arr_bytes, 20) == 0);
    CHECK(arr->addr >= 0x100000 && arr->addr % 16 == 0);
    CHECK(le64(parr->init) == arr->addr + 8);
    CHECK(le64(a3->init) == arr->addr + 12);
    CHECK(le64(fp->init) == f->addr);
    CHECK(ir_function_by_addr(m, f->addr) == f);
    CHECK(ir_function_by_addr(m, f->addr + 1) == NULL);
    /* msg points at the string constant "hello" */
    IrGlobal *str = NULL;
    for (uint32_t i = 0; i < m->nglobals; i++)
        if (m->globals[i].addr == le64(msg->init)) str = &m->globals[i];
    CHECK(str && str->size == 6 && memcmp(str->init, "hello", 6) == 0 && str->is_constant);
    /* struct S {char; int; long} = {'a', 7, -2}: fields at 0, 4, 8 */
    CHECK(gs->size == 16 && gs->init[0] == 'a' && gs->init[4] == 7 && le64(gs->init + 8) == (uint64_t)-2);
    long double want = 3.25L;
    CHECK(ld->size == 16 && memcmp(ld->init, &want, 10) == 0);
    CHECK(ext->is_external && ext->size == 4 && ext->init[0] == 0);
    /* every global is disjoint and separated by a red zone; functions and heap lie above */
    for (uint32_t i = 0; i + 1 < m->nglobals; i++)
        CHECK(m->globals[i].addr + m->globals[i].size + 64 <= m->globals[i + 1].addr);
    IrGlobal *last = &m->globals[m->nglobals - 1];
    CHECK(m->fn_addr_base >= last->addr + last->size && m->fn_addr_end == m->fn_addr_base + 16 * m->nfunctions);
    CHECK(m->heap_base >= m->fn_addr_end && m->heap_base % (1u << 20) == 0);
    ir_module_free(m);
}

static const char *flow_src =
    "struct S { char c; int x; long y; };\n"            /* 1 */
    "int g(int x, struct S *s) {\n"                      /* 2 */
    "  int r = 0;\n"                                     /* 3 */
    "  for (int i = 0; i < x; i++)\n"                    /* 4 */
    "    r += i;\n"                                      /* 5 */
    "  switch (x) {\n"                                   /* 6 */
    "  case 1: return s->x;\n"                           /* 7 */
    "  case 5: return (int)s->y;\n"                      /* 8 */
    "  }\n"                                              /* 9 */
    "  if (r > 100) r = 0;\n"                            /* 10 */
    "  return r + s[x].x;\n"                             /* 11 */
    "}\n"                                                /* 12 */
    "int main(void) { struct S s = {0}; return g(3, &s); }\n";

static void test_control_flow(void) {
    IrModule *m = load_src("flow.c", flow_src);
    if (!m) return;
    IrFunction *g = ir_function_by_name(m, "g");
    CHECK(g && !g->is_declaration && g->nparams == 2);
    if (!g) { ir_module_free(m); return; }
    /* branch ids: loop condition 2 (true/false) + switch (2 cases + default) 3 + if 2; main has none */
    CHECK_MSG(m->nbranches == 7, "nbranches %u", m->nbranches);
    /* loop: some edge goes backwards and carries the phi copies for r and i */
    bool back_copies = false;
    for (uint32_t i = 0; i < g->ninsts; i++) {
        Inst *in = &g->insts[i];
        uint32_t es[2] = {in->aux, in->aux2};
        int ne = in->op == IR_JMP ? 1 : in->op == IR_BR ? 2 : 0;
        for (int k = 0; k < ne; k++)
            if (g->edges[es[k]].target <= i && g->edges[es[k]].ncopies >= 2) back_copies = true;
    }
    CHECK(back_copies);
    Inst *sw = find_op(g, IR_SWITCH, NULL);
    CHECK(sw && g->nswitches == 1);
    if (sw) {
        IrSwitch *s = &g->switches[sw->aux];
        CHECK(s->ncases == 2 && s->values[0] == 1 && s->values[1] == 5 && sw->aux2 == 32);
        CHECK(s->branch_id != IR_NO_BRANCH && s->branch_id + s->ncases < m->nbranches);
        CHECK(g->edges[s->default_edge].target < g->ninsts);
    }
    /* GEPs: s->x at offset 4, s->y at 8, s[x] scaled by sizeof(struct S) = 16,
     * its int index sign-extended by the GEP itself (the sext folded in) */
    bool off4 = false, off8 = false, scale16 = false;
    for (uint32_t i = 0; i < g->ngeps; i++) {
        IrGep *gp = &g->geps[i];
        if (gp->nidx == 0 && gp->offset == 4) off4 = true;
        if (gp->nidx == 0 && gp->offset == 8) off8 = true;
        if (gp->nidx == 1 && gp->scale[0] == 16 && gp->idx_width[0] == 32 && !gp->idx_zext[0]) scale16 = true;
    }
    CHECK(off4 && off8 && scale16);
    /* locations: after mem2reg the first instruction is the loop header (line 4); the loop body is line 5 */
    CHECK(g->loc && m->locs[g->loc].line == 4);
    CHECK(g->loc && strstr(m->files[m->locs[g->loc].file], "flow.c") != NULL);
    bool line5 = false, line11 = false;
    for (uint32_t i = 0; i < g->ninsts; i++) {
        uint32_t line = m->locs[g->insts[i].loc].line;
        line5 |= line == 5 && g->insts[i].op == IR_ADD;
        line11 |= line == 11 && g->insts[i].op == IR_LOAD;
    }
    CHECK(line5 && line11);
    CHECK(m->loc_is_user[g->loc] && m->nfiles >= 2 && strcmp(m->files[0], "") == 0);
    char buf[256];
    CHECK(strstr(ir_loc_str(m, g->loc, buf, sizeof buf), "flow.c:4") != NULL);
    ir_module_free(m);
}

static const char *calls_src =
    "#include <stdio.h>\n"
    "int add(int a, int b) { int r; if (__builtin_add_overflow(a, b, &r)) return -1; return r; }\n"
    "int main(void) { double d = 2.5; int (*p)(int, int) = add;\n"
    "  printf(\"%d %f\\n\", add(1, 2), d); return p(3, 4); }\n";

static void test_calls(void) {
    IrModule *m = load_src("calls.c", calls_src);
    if (!m) return;
    IrFunction *mainf = ir_function_by_name(m, "main"), *add = ir_function_by_name(m, "add");
    IrFunction *printf_fn = ir_function_by_name(m, "printf");
    CHECK(mainf && add && printf_fn && printf_fn->is_declaration && printf_fn->variadic);
    if (!mainf || !add || !printf_fn) { ir_module_free(m); return; }
    bool direct = false, indirect = false, varcall = false;
    for (uint32_t i = 0; i < mainf->ncalls; i++) {
        IrCall *c = &mainf->calls[i];
        if (c->callee == (int32_t)add->index) direct = c->nargs == 2 && !c->variadic && c->ret_type.bits == 32;
        if (c->callee < 0) indirect = c->callee_ptr != IR_NONE;
        if (c->callee == (int32_t)printf_fn->index)
            varcall = c->variadic && c->nargs == 3 && c->nfixed == 1 && c->arg_types[0].kind == IR_TY_PTR &&
                      c->arg_types[1].kind == IR_TY_INT && c->arg_types[1].bits == 32 &&
                      c->arg_types[2].kind == IR_TY_DOUBLE && c->arg_types[2].bits == 64;
    }
    CHECK(direct);
    CHECK(varcall);
    CHECK(indirect || mainf->ncalls == 3); /* mem2reg may fold p into a direct call */
    Inst *ov = find_op(add, IR_OVERFLOW, NULL);
    CHECK(ov && ov->sub == IR_OV_SADD && ov->aux == 32 && ov->aux2 == 32 && ov->width == 64);
    uint32_t at = 0;
    Inst *ex = find_op(add, IR_EXTRACTVALUE, &at);
    CHECK(ex && (ex->aux == 0 || ex->aux == 32));
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    ir_dump(f, m);
    fclose(f);
    CHECK(strstr(text, "overflow") && strstr(text, "@printf(") && strstr(text, "declare printf"));
    free(text);
    ir_module_free(m);
}

static void test_unsupported(void) {
    IrModule *m = load_src("asm.c",
                           "int main(void) { int x = 1; __asm__ volatile(\"nop\" : : \"r\"(x)); return x; }\n");
    if (!m) return;
    IrFunction *mainf = ir_function_by_name(m, "main");
    Inst *u = mainf ? find_op(mainf, IR_UNSUPPORTED, NULL) : NULL;
    CHECK(u && u->aux < m->nstrings && strstr(m->strings[u->aux], "inline assembly"));
    ir_module_free(m);
}

static const char *misc_src =
    "typedef struct { long a, b; } P;\n"
    "P mk(long a, long b) { P p = {a, b}; return p; }\n"
    "__int128 big = ((__int128)1 << 100) + 5;\n"
    "long double lf(long double x) { return x * 1.5L; }\n"
    "_Thread_local int tls = 3;\n"
    "int get_tls(void) { return tls; }\n"
    "int at(_Atomic int *p) { int e = 1; __c11_atomic_fetch_add(p, 3, 5);\n"
    "  return __c11_atomic_compare_exchange_strong(p, &e, 5, 5, 5); }\n"
    "int sadd(int a, int b) { return a + b; }\n"
    "unsigned uadd(unsigned a, unsigned b) { return a + b; }\n"
    "int main(void) { return 0; }\n";

static void test_misc(void) {
    IrModule *m = load_src("misc.c", misc_src);
    if (!m) return;
    CHECK(count_op(m, IR_UNSUPPORTED) == 0);
    IrGlobal *big = global(m, "big");
    CHECK(big && big->size == 16 && le64(big->init) == 5 && le64(big->init + 8) == (1ull << 36));
    IrFunction *mk = ir_function_by_name(m, "mk"), *lf = ir_function_by_name(m, "lf");
    IrFunction *at = ir_function_by_name(m, "at"), *sadd = ir_function_by_name(m, "sadd");
    IrFunction *uadd = ir_function_by_name(m, "uadd");
    CHECK(mk && lf && at && sadd && uadd);
    if (!mk || !lf || !at || !sadd || !uadd) { ir_module_free(m); return; }
    CHECK(mk->ret_type.kind == IR_TY_AGG && mk->ret_type.bits == 128);
    Inst *fm = find_op(lf, IR_FMUL, NULL);
    CHECK(fm && fm->width == 80 && fm->sub == IR_FK_FP80 && ir_is_const(fm->b) &&
          lf->consts[ir_const_index(fm->b)] == (((ir_u128)0x3fff << 64) | 0xc000000000000000ull));
    CHECK(lf->param_types[0].kind == IR_TY_FP80 && lf->param_types[0].bits == 80);
    Inst *rmw = find_op(at, IR_ATOMICRMW, NULL), *cx = find_op(at, IR_CMPXCHG, NULL);
    CHECK(rmw && rmw->sub == IR_RMW_ADD && rmw->aux == 4 && rmw->width == 32);
    CHECK(cx && cx->aux == 4 && cx->aux2 == 32 && cx->width == 64);
    Inst *sa = find_op(sadd, IR_ADD, NULL), *ua = find_op(uadd, IR_ADD, NULL);
    CHECK(sa && sa->sub == IR_FLAG_NSW && ua && ua->sub == 0);
    ir_module_free(m);
}

static void check_error(IrModule *m, char *err, const char *needle) {
    CHECK(m == NULL);
    CHECK_MSG(err && err[0] && !strchr(err, '\n') && strstr(err, needle), "err = %s", err ? err : "(null)");
    ir_module_free(m);
    free(err);
}

static void test_errors(void) {
    char *err = NULL;
    IrModule *m = load_opts("/nonexistent/dir/x.c", NULL, &err);
    check_error(m, err, "cannot open");
    err = NULL;
    m = load_opts(write_file("garbage.bc", "this is not bitcode at all"), NULL, &err);
    check_error(m, err, "bitcode");
    err = NULL;
    m = load_opts(write_file("broken.c", "int main(void) { return undeclared_x; }\n"), NULL, &err);
    check_error(m, err, "error");
    err = NULL;
    m = load_opts(write_file("ok.c", "int main(void) { return 0; }\n"), "/nonexistent/runtime.bc", &err);
    check_error(m, err, "runtime.bc");
}

/* Compiles src with extra clang flags to a .bc in the temp dir. */
static char *compile_bc(const char *name, const char *src, const char *flags) {
    char *c = write_file(name, src);
    char *bc = util_format("%s.bc", c);
    char *cmd = util_format("%s -emit-llvm -c -g %s -o %s %s", SYMPLEX_CLANG_PATH, flags, bc, c);
    int rc = system(cmd);
    CHECK(rc == 0);
    free(cmd);
    VEC_PUSH(created, bc);
    return bc;
}

static void test_vectorised(void) {
    char *bc = compile_bc("vec.c",
                          "int sum(int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }\n"
                          "void scale(int *a, int n) { for (int i = 0; i < n; i++) a[i] = a[i] * 3 + 1; }\n"
                          "int main(void) { int a[64]; for (int i = 0; i < 64; i++) a[i] = i;\n"
                          "  scale(a, 64); return sum(a, 64); }\n",
                          "-O2");
    char *err = NULL;
    IrModule *m = load_opts(bc, NULL, &err);
    CHECK_MSG(m != NULL, "%s", err ? err : "");
    free(err);
    if (!m) return;
    uint32_t nun = count_op(m, IR_UNSUPPORTED);
    CHECK_MSG(nun == 0, "%u unsupported", nun);
    for (uint32_t i = 0; nun && i < m->nstrings; i++) fprintf(stderr, "  unsupported: %s\n", m->strings[i]);
    IrFunction *sum = ir_function_by_name(m, "sum");
    CHECK(sum && sum->ninsts > 0 && find_op(sum, IR_ADD, NULL) && find_op(sum, IR_RET, NULL));
    ir_module_free(m);
}

/* The -O2-like pipeline must keep the module lowerable and branch-free main intact. */
static void test_optimize(void) {
    IrLoadOptions o = {.include_dir = SYMPLEX_SOURCE_DIR "/runtime/include", .clang = SYMPLEX_CLANG_PATH,
                       .optimize = true};
    char *err = NULL;
    IrModule *m = ir_load(write_file("opt.c", flow_src), &o, &err);
    CHECK_MSG(m != NULL, "%s", err ? err : "");
    free(err);
    if (!m) return;
    CHECK(count_op(m, IR_UNSUPPORTED) == 0 && m->main_index >= 0);
    IrFunction *g = ir_function_by_name(m, "g");
    CHECK(g && g->ninsts > 0 && find_op(g, IR_RET, NULL));
    ir_module_free(m);
}

static void test_runtime_link(void) {
    char *rt = compile_bc("rt.c",
                          "int rt_helper(int x) { return x + 1; }\n"
                          "int shared(void) { return 1; }\n"
                          "int rt_uses_shared(void) { return shared() + 40; }\n",
                          "-O0 -Xclang -disable-O0-optnone");
    char *user = write_file("user.c",
                            "int rt_helper(int x);\n"
                            "int rt_uses_shared(void);\n"
                            "int shared(void) { return 2; }\n"
                            "int main(void) { return rt_helper(1) + rt_uses_shared(); }\n");
    char *err = NULL;
    IrModule *m = load_opts(user, rt, &err);
    CHECK_MSG(m != NULL, "%s", err ? err : "");
    free(err);
    if (!m) return;
    IrFunction *h = ir_function_by_name(m, "rt_helper"), *s = ir_function_by_name(m, "shared");
    IrFunction *mainf = ir_function_by_name(m, "main"), *u = ir_function_by_name(m, "rt_uses_shared");
    CHECK(h && s && mainf && u);
    if (h && s && mainf && u) {
        CHECK(h->is_runtime && !h->is_declaration && u->is_runtime);
        CHECK(!mainf->is_runtime && !s->is_runtime && !s->is_declaration);
        Inst *ret = find_op(s, IR_RET, NULL); /* the user's body (return 2) won */
        CHECK(ret && ir_is_const(ret->a) && s->consts[ir_const_index(ret->a)] == 2);
        CHECK(u->ncalls == 1 && u->calls[0].callee == (int32_t)s->index);
        CHECK(h->loc && !m->loc_is_user[h->loc] && m->loc_is_user[mainf->loc]);
    }
    ir_module_free(m);
}

int main(void) {
    if (!mkdtemp(tmpdir)) return 1;
    test_globals();
    test_control_flow();
    test_calls();
    test_unsupported();
    test_misc();
    test_errors();
    test_vectorised();
    test_runtime_link();
    test_optimize();
    for (size_t i = 0; i < created.len; i++) {
        unlink(created.data[i]);
        free(created.data[i]);
    }
    VEC_FREE(created);
    rmdir(tmpdir);
    return check_report();
}
