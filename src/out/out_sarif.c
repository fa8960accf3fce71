/* results.sarif: the run's errors as SARIF 2.1.0, what code-scanning
 * services and editors read. One rule per error kind; one result per error
 * reported (as in summary.json: one per kind and location unless
 * --emit-all-errors), at its file and line, with its call stack and the test
 * that reproduces it attached (relative to the output directory, the base
 * OUTDIR). */
#define _GNU_SOURCE
#include "out.h"
#include "../util/util.h"
#include <stdlib.h>
#include <string.h>

/* What each kind means, for the rule's description; kinds not listed get a
 * generic one. */
static const struct { const char *kind, *text; } sarif_kinds[] = {
    {"assert", "An assertion fails"},
    {"abort", "abort() is called"},
    {"null-deref", "A null pointer is dereferenced"},
    {"oob-read", "A read outside the bounds of an object"},
    {"oob-write", "A write outside the bounds of an object, or to a read-only one"},
    {"use-after-free", "An access to freed heap memory, or to a stack object after its function returned"},
    {"double-free", "A heap block is freed twice"},
    {"invalid-free", "free() of a pointer that is not a heap block's start"},
    {"div-by-zero", "An integer division or remainder by zero"},
    {"overflow", "Signed integer overflow"},
    {"shift", "A shift by the bit width or more"},
    {"unreachable", "An unreachable program point is reached"},
    {"reach_error", "reach_error() is called"},
};

static const char *sarif_kind_text(const char *kind) {
    for (size_t i = 0; i < sizeof sarif_kinds / sizeof sarif_kinds[0]; i++)
        if (strcmp(sarif_kinds[i].kind, kind) == 0) return sarif_kinds[i].text;
    return NULL;
}

/* A path as a URI reference: absolute paths become file:// URIs; bytes other
 * than unreserved ones and '/' are percent-encoded. */
static void sarif_uri(FILE *f, const char *path) {
    fputc('"', f);
    if (path[0] == '/') fputs("file://", f);
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || strchr("-._~/", *p))
            fputc(*p, f);
        else
            fprintf(f, "%%%02X", *p);
    }
    fputc('"', f);
}

static void sarif_location(FILE *f, const char *file, uint32_t line, const char *function) {
    fputs("{\"physicalLocation\": {\"artifactLocation\": {\"uri\": ", f);
    sarif_uri(f, file);
    fputc('}', f);
    if (line) fprintf(f, ", \"region\": {\"startLine\": %u}", line);
    fputc('}', f);
    if (function) {
        fputs(", \"logicalLocations\": [{\"name\": ", f);
        out_json_string(f, function);
        fputs(", \"kind\": \"function\"}]", f);
    }
    fputc('}', f);
}

/* One frame of a stack as exec_stack_string writes it: "  #N fn at file:line".
 * false when the line is not a frame with a file and line. */
static bool sarif_frame(const char *text, size_t len, char *fn, size_t fn_cap, char *file, size_t file_cap,
                        uint32_t *line) {
    char buf[1024];
    if (len >= sizeof buf) return false;
    memcpy(buf, text, len);
    buf[len] = 0;
    char *at = strstr(buf, " at ");
    char *name = strchr(buf, '#') ? strchr(strchr(buf, '#'), ' ') : NULL;
    char *colon = at ? strrchr(at + 4, ':') : NULL;
    if (!at || !name || !colon || name > at) return false;
    char *end;
    unsigned long l = strtoul(colon + 1, &end, 10);
    if (*end || l == 0 || l > UINT32_MAX) return false;
    snprintf(fn, fn_cap, "%.*s", (int)(at - name - 1), name + 1);
    snprintf(file, file_cap, "%.*s", (int)(colon - at - 4), at + 4);
    *line = (uint32_t)l;
    return true;
}

static void sarif_stack(FILE *f, const char *stack) {
    fputs(", \"stacks\": [{\"frames\": [", f);
    bool first = true;
    for (const char *p = stack; p && *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        char fn[256], file[768];
        uint32_t line;
        if (sarif_frame(p, len, fn, sizeof fn, file, sizeof file, &line)) {
            fputs(first ? "{\"location\": " : ", {\"location\": ", f);
            sarif_location(f, file, line, fn);
            fputc('}', f);
            first = false;
        }
        p += len + (nl != NULL);
    }
    fputs("]}]", f);
}

/* The first error of errs[i]'s kind. */
static size_t sarif_first(const SarifError *errs, size_t i) {
    size_t k = 0;
    while (strcmp(errs[k].kind, errs[i].kind) != 0) k++;
    return k;
}

static void sarif_rules(FILE *f, const SarifError *errs, size_t n) {
    fputs("\"rules\": [", f);
    bool first = true;
    for (size_t i = 0; i < n; i++) {
        if (sarif_first(errs, i) < i) continue; /* the kind's rule is written at its first error */
        const char *text = sarif_kind_text(errs[i].kind);
        fputs(first ? "\n        {\"id\": " : ",\n        {\"id\": ", f);
        out_json_string(f, errs[i].kind);
        fputs(", \"shortDescription\": {\"text\": ", f);
        if (text) out_json_string(f, text);
        else fprintf(f, "\"Error of kind %s\"", errs[i].kind);
        fputs("}, \"defaultConfiguration\": {\"level\": \"error\"}}", f);
        first = false;
    }
    fputs("]", f);
}

/* errs[i]'s rule's index: rules are the kinds in order of first appearance. */
static size_t sarif_rule_index(const SarifError *errs, size_t i) {
    size_t first = sarif_first(errs, i), index = 0;
    for (size_t k = 0; k < first; k++) index += sarif_first(errs, k) == k;
    return index;
}

static void sarif_result(FILE *f, const SarifError *errs, size_t i) {
    const SarifError *e = &errs[i];
    fputs("\n        {\"ruleId\": ", f);
    out_json_string(f, e->kind);
    fprintf(f, ", \"ruleIndex\": %zu, \"level\": \"error\", \"message\": {\"text\": ", sarif_rule_index(errs, i));
    out_json_string(f, e->message && e->message[0] ? e->message : e->kind);
    fputs("}", f);
    if (e->file && e->file[0]) {
        fputs(", \"locations\": [", f);
        sarif_location(f, e->file, e->line, NULL);
        fputs("]", f);
    }
    if (e->stack && e->stack[0]) sarif_stack(f, e->stack);
    fprintf(f, ", \"attachments\": [{\"description\": {\"text\": \"the test that reproduces it\"}, "
               "\"artifactLocation\": {\"uri\": \"test%06u.ktest\", \"uriBaseId\": \"OUTDIR\"}}]}", e->test);
}

bool out_write_sarif(OutDir *o, const char *version, const SarifError *errs, size_t n) {
    char *p = out_path(o, "results.sarif");
    FILE *f = fopen(p, "w");
    free(p);
    if (!f) return false;
    char *abs = realpath(o->path, NULL);
    fputs("{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n"
          "  \"runs\": [{\n    \"tool\": {\"driver\": {\"name\": \"symplex\", \"version\": ",
          f);
    out_json_string(f, version);
    fputs(",\n      ", f);
    sarif_rules(f, errs, n);
    fputs("}},\n", f);
    if (abs) {
        size_t len = strlen(abs);
        fputs("    \"originalUriBaseIds\": {\"OUTDIR\": {\"uri\": ", f);
        char *dir = util_format("%s%s", abs, len && abs[len - 1] == '/' ? "" : "/");
        sarif_uri(f, dir);
        free(dir);
        fputs("}},\n", f);
    }
    fputs("    \"results\": [", f);
    for (size_t i = 0; i < n; i++) {
        sarif_result(f, errs, i);
        if (i + 1 < n) fputc(',', f);
    }
    fputs("]\n  }]\n}\n", f);
    free(abs);
    return fclose(f) == 0;
}
