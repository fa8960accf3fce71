/* out: the output directory and everything written into it (the output
 * contract: tests, .err reports, tests.csv, stats.csv, summary.json, info). */
#ifndef SYMPLEX_OUT_H
#define SYMPLEX_OUT_H
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "ktest.h"

typedef struct OutDir {
    char *path;
    FILE *tests_csv;
    FILE *stats_csv;
    uint32_t ntests;
    double start;        /* timer_now() at open */
    char *testcomp_dir;  /* test-suite/ when Test-Comp output is on */
    char *failure;       /* the first write that failed (a full disk, a vanished directory), or NULL */
    char *reserve;       /* a file holding space for the run's last words (summary.json, info), or NULL */
} OutDir;

/* Creates `dir`, or the next free symplex-out-N in the current directory when
 * dir is NULL, and points symplex-last at it. NULL + *err on failure. */
OutDir *out_open(const char *dir, char **err);
/* An output directory a run wrote before (--resume): tests are numbered
 * after the last one in it, tests.csv and stats.csv are appended to. */
OutDir *out_reopen(const char *dir, char **err);
/* Removes the files and tests.csv rows of the tests numbered after `last`
 * (what a killed run left half written), and numbers on from there. */
bool out_forget_tests_after(OutDir *o, uint32_t last, char **err);
void out_close(OutDir *o);
/* The first write that failed, as one line ("cannot write test000042.ktest:
 * No space left on device"), or NULL. After one, no test is written: the
 * caller stops the run. */
const char *out_failure(const OutDir *o);
/* Records a failed write of `name` (err: the errno), unless one was
 * recorded before; out_fail also removes what was half written of it (a
 * test), out_note_failure leaves it (a log that holds earlier rows). */
void out_fail(OutDir *o, const char *name, int err);
void out_note_failure(OutDir *o, const char *name, int err);
/* Frees the space held since out_open for the files written at the end of a
 * run, so a run that filled its disk still says so in summary.json. */
void out_release_reserve(OutDir *o);

typedef struct TestRecord {
    const char *outcome;   /* "exit", "error", "early" */
    const char *kind;      /* error kind or early reason, or "" */
    const char *file;
    uint32_t line;
    int exit_status;
} TestRecord;

/* Writes testNNNNNN.ktest and its tests.csv row; returns the test number, or
 * 0 when it could not be written (out_failure says why; nothing half written
 * is left). */
uint32_t out_write_test(OutDir *o, const KTest *kt, const TestRecord *r);
/* Writes testNNNNNN.<kind>.err (a failure is recorded for out_failure). */
void out_write_err(OutDir *o, uint32_t test, const char *kind, const char *message, const char *file,
                   uint32_t line, const char *stack);
/* Test-Comp output (--testcomp): creates test-suite/ with metadata.xml for
 * `program` and the property text `spec` (or a .prp file naming it; NULL:
 * branch coverage). False + *err when that fails. */
bool out_testcomp_open(OutDir *o, const char *program, const char *spec, char **err);
/* Writes test-suite/testNNNNNN.xml. False when the test has an object that no
 * __VERIFIER_nondet_* call created: such a test has no Test-Comp form. */
bool out_testcomp_write(OutDir *o, uint32_t test, const KTest *kt, bool covers_error);
/* Full path of a file inside the output directory (caller frees). */
char *out_path(const OutDir *o, const char *name);
/* JSON string literal of s (quotes included) to f. */
void out_json_string(FILE *f, const char *s);

/* An error for results.sarif (borrowed strings; stack as the .err file has it). */
typedef struct SarifError {
    const char *kind, *message, *file, *stack;
    uint32_t line, test;
} SarifError;
/* Writes results.sarif (SARIF 2.1.0); false if it cannot be written. */
bool out_write_sarif(OutDir *o, const char *version, const SarifError *errs, size_t n);

#endif
