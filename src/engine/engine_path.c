/* engine_path: the files of --record-path. Once per run, path-module.bc (the
 * native module the loader's child made, ir_path_module.c) and
 * path-sites.txt (each site's source line, for replay's messages); for every
 * test, testNNNNNN.path (its path's decisions, out/pathfile.h). */
#include "engine.h"
#include "../out/pathfile.h"
#include "../util/util.h"
#include <stdio.h>
#include <stdlib.h>

static void engine_path_sites(Engine *e, const IrModule *m) {
    char *p = out_path(e->out, "path-sites.txt");
    FILE *f = fopen(p, "w");
    free(p);
    if (!f) { util_warn("--record-path: cannot write path-sites.txt"); return; }
    char where[512];
    for (uint32_t i = 0; i < m->nfunctions; i++) {
        const IrFunction *fn = &m->functions[i];
        if (fn->is_declaration || fn->is_runtime) continue;
        for (uint32_t k = 0; k < fn->ninsts; k++) {
            const Inst *in = &fn->insts[k];
            uint32_t site = in->op == IR_BR ? (uint32_t)in->c
                            : in->op == IR_SWITCH ? fn->switches[in->aux].branch_id : IR_NO_BRANCH;
            if (site != IR_NO_BRANCH) fprintf(f, "%u\t%s\n", site, ir_loc_str(m, in->loc, where, sizeof where));
        }
    }
    fclose(f);
}

void engine_path_start(Engine *e, const IrModule *m) {
    if (!e->ex->opt.record_path || !e->out) return; /* a rank that writes no output */
    engine_path_sites(e, m);
    if (!m->path_bc) {
        util_warn("--record-path: no native module for replay to check paths on (%s)",
                  m->path_bc_error ? m->path_bc_error : "not made");
        return;
    }
    char *p = out_path(e->out, "path-module.bc");
    FILE *f = fopen(p, "wb");
    bool ok = f && fwrite(m->path_bc, 1, m->path_bc_len, f) == m->path_bc_len;
    if (f && fclose(f) != 0) ok = false;
    if (!ok) util_warn("--record-path: cannot write '%s'", p);
    free(p);
}

PathFile *engine_path_of(Engine *e, const State *s, const Termination *t) {
    if (!e->ex->opt.record_path) return NULL;
    PathFile *pf = util_malloc(sizeof *pf);
    *pf = (PathFile){.end = t->kind == TERM_EXIT ? PATH_END_EXIT : PATH_END_CUT, .count = s->path.count,
                     .hash = s->path.hash, .stored = path_log_stored(&s->path)};
    pf->d = util_malloc((pf->stored ? pf->stored : 1) * sizeof *pf->d);
    path_log_flatten(&s->path, pf->d);
    return pf;
}

void engine_path_write(Engine *e, uint32_t test, const PathFile *pf) {
    char name[64], *err = NULL;
    snprintf(name, sizeof name, "test%06u.path", test);
    char *p = out_path(e->out, name);
    if (!pathfile_write(p, pf, &err)) {
        util_warn("%s", err ? err : "cannot write a path file");
        free(err);
    }
    free(p);
}
