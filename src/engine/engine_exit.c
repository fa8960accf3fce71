/* KLEE's --exit-on-error and --exit-on-error-type (engine_exit.h). */
#include "engine_exit.h"
#include "engine.h"
#include "../util/util.h"
#include <string.h>

/* The ends a run can be asked to stop at: symplex's error kinds
 * (docs/output.md), then the early ends KLEE counts as errors of type External. */
static const char *const exit_ends[] = {
    "assert", "abort", "div-by-zero", "oob-read", "oob-write", "null-deref", "use-after-free", "double-free",
    "invalid-free", "unreachable", "overflow", "shift", "float-cast", "user", "invalid-call",
    "external call", "undefined function",
};
enum { EXIT_NKINDS = 15, EXIT_NENDS = sizeof exit_ends / sizeof exit_ends[0] };
_Static_assert(EXIT_NENDS <= 32, "a bit per end in EngineExitOn.kinds");

/* KLEE's termination types (its --exit-on-error-type values) as symplex's
 * ends, comma-separated; NULL: symplex reports nothing of that type. KLEE's
 * ReportError is what its runtime's checks report through klee_report_error:
 * that call, division by zero, oversized shifts and the sanitizer's checks;
 * a write to read-only memory is an oob-write here. */
static const struct { const char *type, *ends; } klee_types[] = {
    {"Abort", "abort"},
    {"Assert", "assert"},
    {"Free", "double-free,invalid-free"},
    {"Ptr", "oob-read,oob-write,null-deref,use-after-free"},
    {"ReadOnly", "oob-write"},
    {"Overflow", "overflow"},
    {"ReportError", "user,div-by-zero,shift,float-cast,overflow"},
    {"User", "user"},
    {"Execution", "unreachable,invalid-call"},
    {"Exec", "unreachable,invalid-call"},
    {"UnreachableCall", "unreachable"},
    {"External", "external call,undefined function"},
    {"BadVectorAccess", NULL},
    {"Model", NULL},
    {"InvalidBuiltin", NULL},
    {"ImplicitTruncation", NULL},
    {"ImplicitConversion", NULL},
    {"MissingReturn", NULL},
    {"InvalidLoad", NULL},
    {"NullableAttribute", NULL},
};

static int exit_end(const char *name, size_t len, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (strlen(exit_ends[i]) == len && strncmp(exit_ends[i], name, len) == 0) return (int)i;
    return -1;
}

/* The bits of KLEE's type name[0..len), or false when it is not one. */
static bool exit_klee_type(const char *name, size_t len, uint32_t *bits, bool *none) {
    for (size_t t = 0; t < sizeof klee_types / sizeof klee_types[0]; t++) {
        if (strlen(klee_types[t].type) != len || strncmp(klee_types[t].type, name, len) != 0) continue;
        *bits = 0;
        *none = !klee_types[t].ends;
        for (const char *p = klee_types[t].ends; p && *p;) {
            size_t n = strcspn(p, ",");
            *bits |= 1u << exit_end(p, n, EXIT_NENDS);
            p += n + (p[n] == ',');
        }
        return true;
    }
    return false;
}

bool engine_exit_parse(EngineExitOn *x, const char *value, char **err, char **warn) {
    for (const char *p = value;;) {
        size_t len = strcspn(p, ",");
        int k = exit_end(p, len, EXIT_NKINDS); /* symplex's own kind names */
        uint32_t bits = k >= 0 ? 1u << k : 0;
        bool none = false;
        if (k < 0 && !exit_klee_type(p, len, &bits, &none)) {
            *err = util_format("--exit-on-error-type: unknown type '%.*s' (KLEE's types, such as Assert, Ptr, Free, "
                               "Abort, ReportError, or an error kind of docs/output.md, such as oob-read)", (int)len, p);
            return false;
        }
        if (none && !*warn)
            *warn = util_format("--exit-on-error-type=%.*s: symplex reports no error of that type, so it never "
                                "halts the run", (int)len, p);
        x->kinds |= bits;
        if (!p[len]) return true;
        p += len + 1;
    }
}

void engine_exit_check(Engine *e, const char *kind, const char *reason) {
    const EngineExitOn *x = &e->opt.exit_on;
    if (e->halt_reason || (!x->any_error && !x->kinds)) return;
    const char *end = kind ? kind : reason;
    int i = exit_end(end, strlen(end), kind ? EXIT_NKINDS : EXIT_NENDS);
    if (kind && x->any_error) {
        /* KLEE stops at the first error's test: no tests for the rest */
        e->halt_reason = "exit-on-error";
        e->skip_tests = true;
        e->exit_error = e->errors.len; /* called just after the error was listed */
    } else if (i >= 0 && (x->kinds >> i & 1)) {
        e->halt_reason = "exit-on-error-type";
    }
}
