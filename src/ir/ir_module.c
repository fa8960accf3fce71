/* ir_module: lookups on and disposal of a lowered module. */
#include "ir/ir_internal.h"
#include <stdlib.h>
#include <string.h>

IrFunction *ir_function_by_name(IrModule *m, const char *name) {
    for (uint32_t i = 0; i < m->nfunctions; i++)
        if (strcmp(m->functions[i].name, name) == 0) return &m->functions[i];
    return NULL;
}

IrFunction *ir_function_by_addr(IrModule *m, uint64_t addr) {
    if (addr < m->fn_addr_base || addr >= m->fn_addr_end || (addr - m->fn_addr_base) % 16) return NULL;
    return &m->functions[(addr - m->fn_addr_base) / 16];
}

static void free_function(IrFunction *f) {
    free(f->name);
    free(f->param_types);
    free(f->insts);
    free(f->consts);
    free(f->edges);
    free(f->copies);
    for (uint32_t i = 0; i < f->nswitches; i++) {
        free(f->switches[i].values);
        free(f->switches[i].edges);
    }
    free(f->switches);
    for (uint32_t i = 0; i < f->ngeps; i++) {
        free(f->geps[i].idx);
        free(f->geps[i].idx_width);
        free(f->geps[i].idx_zext);
        free(f->geps[i].scale);
    }
    free(f->geps);
    for (uint32_t i = 0; i < f->ncalls; i++) {
        free(f->calls[i].args);
        free(f->calls[i].arg_types);
        free(f->calls[i].pieces);
    }
    free(f->calls);
}

void ir_module_free(IrModule *m) {
    if (!m) return;
    for (uint32_t i = 0; i < m->nfunctions; i++) free_function(&m->functions[i]);
    free(m->functions);
    for (uint32_t i = 0; i < m->nglobals; i++) {
        free(m->globals[i].name);
        free(m->globals[i].init);
    }
    free(m->globals);
    for (uint32_t i = 0; i < m->nfiles; i++) free(m->files[i]);
    free(m->files);
    free(m->locs);
    free(m->loc_is_user);
    for (uint32_t i = 0; i < m->nstrings; i++) free(m->strings[i]);
    free(m->strings);
    free(m->path_bc);
    free(m->path_bc_error);
    free(m);
}
