/* --entry-point=FN (entry_point.h). */
#include "entry_point.h"
#include "../util/util.h"
#include <stdio.h>
#include <stdlib.h>

char *cli_entry_check(const IrModule *m, CliOptions *o) {
    if (m->main_index < 0 || m->user_entry_index < 0)
        return o->entry ? util_format("--entry-point: %s defines no function '%s'", o->engine.program, o->entry)
                        : util_format("%s: no 'main' function", o->engine.program);
    if (!o->entry) return NULL;
    const IrFunction *f = &m->functions[m->user_entry_index];
    if (f->is_runtime) return util_format("--entry-point: '%s' is symplex's, not a function of the program", o->entry);
    if (!f->exported)
        return util_format("--entry-point: '%s' is static: a native replay cannot call it from outside its file", o->entry);
    static const uint8_t main_kinds[3] = {IR_TY_INT, IR_TY_PTR, IR_TY_PTR};
    bool fits = f->nparams <= 3 && !f->variadic &&
                (f->ret_type.kind == IR_TY_VOID || (f->ret_type.kind == IR_TY_INT && f->ret_type.bits <= 64));
    for (uint32_t i = 0; fits && i < f->nparams; i++)
        fits = f->param_types[i].kind == main_kinds[i] && (i || f->param_types[i].bits == 32);
    if (!fits)
        return util_format("--entry-point: '%s' must take main's parameters (int, char **, char **) or fewer and "
                           "return an integer or nothing", o->entry);
    o->entry_params = (int)f->nparams;
    o->entry_returns = f->ret_type.kind != IR_TY_VOID;
    return NULL;
}

char *cli_entry_write_driver(const OutDir *out, const CliOptions *o) {
    if (!o->entry) return NULL;
    static const char *const params[3] = {"int", "char **", "char **"}, *const args[3] = {"argc", "argv", "envp"};
    char *p = out_path(out, "entry.c");
    FILE *f = fopen(p, "w");
    if (!f) { free(p); return NULL; }
    fprintf(f, "/* symplex --entry-point=%s: native runs start in %s, as the run did */\n", o->entry, o->entry);
    fprintf(f, "extern %s %s(", o->entry_returns ? "int" : "void", o->entry);
    for (int i = 0; i < o->entry_params; i++) fprintf(f, "%s%s", i ? ", " : "", params[i]);
    fprintf(f, "%s);\nint __wrap_main(int argc, char **argv, char **envp) {\n", o->entry_params ? "" : "void");
    fputs("    (void)argc, (void)argv, (void)envp;\n    ", f);
    fprintf(f, "%s%s(", o->entry_returns ? "return " : "", o->entry);
    for (int i = 0; i < o->entry_params; i++) fprintf(f, "%s%s", i ? ", " : "", args[i]);
    fprintf(f, ");%s\n}\n", o->entry_returns ? "" : "\n    return 0;");
    if (fclose(f) != 0) { free(p); return NULL; }
    return p;
}
