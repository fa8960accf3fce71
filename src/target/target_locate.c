/* Which instructions a --target=FILE:LINE names (target.h). */
#include "target.h"
#include "../util/util.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

bool target_parse(const char *arg, TargetSpec *out, char **err) {
    const char *colon = strrchr(arg, ':');
    if (!colon || colon == arg || !colon[1]) {
        *err = util_format("--target: expected FILE:LINE, got '%s'", arg);
        return false;
    }
    char *end;
    errno = 0;
    unsigned long line = strtoul(colon + 1, &end, 10);
    if (*end || errno || line == 0 || line > UINT32_MAX || colon[1] == '-' || colon[1] == '+') {
        *err = util_format("--target: '%s' is not a line number", colon + 1);
        return false;
    }
    out->file = util_format("%.*s", (int)(colon - arg), arg);
    out->line = (uint32_t)line;
    return true;
}

void target_spec_free(TargetSpec *t) {
    free(t->file);
    t->file = NULL;
}

/* Does the module's file name `have` name the file the user gave? Equal, or
 * `have` ends with "/want" (the module keeps the path clang was given). */
static bool target_file_matches(const char *have, const char *want) {
    while (want[0] == '.' && want[1] == '/') want += 2;
    size_t lh = strlen(have), lw = strlen(want);
    if (lw > lh) return false;
    if (strcmp(have + lh - lw, want) != 0) return false;
    return lh == lw || have[lh - lw - 1] == '/';
}

uint8_t *target_locs(const IrModule *m, const TargetSpec *t, char **err) {
    uint8_t *locs = util_calloc(m->nlocs + 1, 1);
    bool file_seen = false;
    size_t n = 0;
    for (uint32_t i = 1; i < m->nlocs; i++) {
        const IrLoc *l = &m->locs[i];
        if (!target_file_matches(m->files[l->file], t->file)) continue;
        file_seen = true;
        if (l->line == t->line && m->loc_is_user[i]) {
            locs[i] = 1;
            n++;
        }
    }
    if (n) return locs;
    free(locs);
    if (!file_seen) *err = util_format("--target: no code from a file '%s' in the program", t->file);
    else *err = util_format("--target: no code at %s:%u (a line with a statement is needed)", t->file, t->line);
    return NULL;
}

const char *target_status_name(TargetStatus s) {
    switch (s) {
    case TARGET_UNREACHABLE: return "unreachable";
    case TARGET_TRACES: return "traces";
    default: return "unknown";
    }
}
