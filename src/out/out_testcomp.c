/* Test-Comp output: the test-suite/ folder of the Test-Comp exchange format
 * (test-format 1.1): metadata.xml describing the run, and one testcase file
 * per test with the values of the nondet calls in call order. */
#define _GNU_SOURCE
#include "out.h"
#include "testcomp.h"
#include "../util/sha256.h"
#include "../util/util.h"
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define TESTCOMP_DOCTYPE(root, dtd) \
    "<!DOCTYPE " root " PUBLIC \"+//IDN sosy-lab.org//DTD test-format " root " 1.1//EN\" " \
    "\"https://sosy-lab.org/test-format/" dtd "\">\n"

static void out_xml_text(FILE *f, const char *s) {
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

/* Test-Comp passes the property as a .prp file; its text is the spec. */
static char *out_testcomp_spec(const char *spec) {
    FILE *f = spec ? fopen(spec, "r") : NULL;
    if (!f) return util_strdup(spec ? spec : "COVER( init(main()), FQL(COVER EDGES(@DECISIONEDGE)) )");
    char buf[4096];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    while (n && strchr(" \t\r\n", buf[n - 1])) buf[--n] = 0;
    return util_strdup(buf);
}

bool out_testcomp_open(OutDir *o, const char *program, const char *spec, char **err) {
    o->testcomp_dir = out_path(o, "test-suite");
    if (mkdir(o->testcomp_dir, 0755) != 0 && errno != EEXIST) {
        *err = util_format("cannot create '%s': %s", o->testcomp_dir, strerror(errno));
        return false;
    }
    char hash[65];
    if (!sha256_file_hex(program, hash)) {
        *err = util_format("cannot read '%s' to hash it", program);
        return false;
    }
    char *p = util_format("%s/metadata.xml", o->testcomp_dir);
    FILE *f = fopen(p, "w");
    free(p);
    if (!f) {
        *err = util_format("cannot write '%s/metadata.xml'", o->testcomp_dir);
        return false;
    }
    char when[32];
    time_t now = time(NULL);
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    char *text = out_testcomp_spec(spec);
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
          TESTCOMP_DOCTYPE("test-metadata", "test-metadata-1.1.dtd") "<test-metadata>\n"
          "  <sourcecodelang>C</sourcecodelang>\n  <producer>symplex</producer>\n  <specification>", f);
    out_xml_text(f, text);
    fputs("</specification>\n  <programfile>", f);
    out_xml_text(f, program);
    /* symplex explores x86-64 (LP64) code */
    fprintf(f, "</programfile>\n  <programhash>%s</programhash>\n  <entryfunction>main</entryfunction>\n"
               "  <architecture>64bit</architecture>\n  <creationtime>%s</creationtime>\n</test-metadata>\n",
            hash, when);
    free(text);
    bool ok = fclose(f) == 0;
    if (!ok) *err = util_format("cannot write '%s/metadata.xml'", o->testcomp_dir);
    return ok;
}

bool out_testcomp_write(OutDir *o, uint32_t test, const KTest *kt, bool covers_error) {
    /* all literals first: a test with one value that has no literal gets no file */
    char (*values)[64] = util_calloc(kt->nobjects + 1, sizeof *values);
    bool ok = true;
    for (uint32_t i = 0; i < kt->nobjects && ok; i++) {
        const KTestObject *obj = &kt->objects[i];
        ok = testcomp_format_value(obj->name, obj->bytes, obj->nbytes, values[i], sizeof values[i]);
    }
    char *p = ok ? util_format("%s/test%06u.xml", o->testcomp_dir, test) : NULL;
    FILE *f = p ? fopen(p, "w") : NULL;
    free(p);
    if (ok && !f) util_warn_once("testcomp-write", "cannot write Test-Comp tests into '%s'", o->testcomp_dir);
    if (f) {
        fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
                   TESTCOMP_DOCTYPE("testcase", "testcase-1.1.dtd") "<testcase%s>\n",
                covers_error ? " coversError=\"true\"" : "");
        for (uint32_t i = 0; i < kt->nobjects; i++)
            fprintf(f, "  <input type=\"%s\">%s</input>\n", testcomp_type_of(kt->objects[i].name), values[i]);
        fputs("</testcase>\n", f);
        fclose(f);
    }
    free(values);
    return ok;
}
