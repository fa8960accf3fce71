/* Unit tests that need a lowered program: write C source to a fresh
 * directory made from the mkdtemp template `dir` (which keeps its name, for
 * tests that match paths), load it with ir_load, and remove the file again. */
#ifndef SYMPLEX_TEST_LOAD_SOURCE_H
#define SYMPLEX_TEST_LOAD_SOURCE_H
#include "check.h"
#include "ir/ir.h"
#include "util/util.h"
#include <stdlib.h>
#include <unistd.h>

static inline IrModule *load_source(const char *src, char *dir, const char *file) {
    bool made = mkdtemp(dir) != NULL;
    CHECK_MSG(made, "cannot make a directory from %s", dir);
    if (!made) return NULL;
    char *path = util_format("%s/%s", dir, file);
    FILE *f = fopen(path, "w");
    fputs(src, f);
    fclose(f);
    IrLoadOptions o = {.include_dir = SYMPLEX_SOURCE_DIR "/runtime/include", .clang = SYMPLEX_CLANG_PATH};
    char *err = NULL;
    IrModule *m = ir_load(path, &o, &err);
    CHECK_MSG(m != NULL, "load: %s", err ? err : "");
    free(err);
    unlink(path);
    rmdir(dir);
    free(path);
    return m;
}

#endif
