/* engine_test: a terminated state made into a test, and the test written.
 *
 * A test is made once, as a bundle of everything its files hold: the inputs
 * (a KTest), its tests.csv row, the error report, the path's decisions
 * (--record-path) and its path's hash (a checkpoint's log). The process
 * that writes the output directory writes it (engine_test_write); in a
 * distributed run the other processes ship it there (dist.h), where it is
 * written the same way, so one directory numbers every test once. */
#ifndef SYMPLEX_ENGINE_TEST_H
#define SYMPLEX_ENGINE_TEST_H
#include "engine.h"
#include "../out/pathfile.h"

typedef struct TestBundle {
    KTest *kt;                /* the inputs (owned) */
    TestRecord rec;           /* its tests.csv row (borrowed strings) */
    const char *error_kind;   /* an error's report, or NULL */
    const char *message, *stack, *file;
    uint32_t line;
    bool error_call;          /* the path ends at reach_error() (Test-Comp) */
    bool target;              /* the path reached --target's line */
    PathFile *path;           /* --record-path's decisions (owned), or NULL */
    uint64_t decisions, hash; /* the path's identity (State.decision_hash) */
} TestBundle;

/* Writes b's files; the test's number, or 0 when it could not be written
 * (out_failure says why). */
uint32_t engine_test_write(Engine *e, const TestBundle *b);
void engine_test_bundle_free(TestBundle *b);
/* True when b's path has a test already: written before a crash
 * (engine_checkpoint.h), then counted as written now and its error listed;
 * or, for a path that ended (an exit, an error), written earlier in this
 * run, when a restarting run (--prune) or another rank's copy of the tree
 * meets the path again. A path is its decisions (State.decisions,
 * State.decision_hash: each fork's place and side). Only the writer knows
 * the paths: other ranks ask it by shipping. */
bool engine_test_known(Engine *e, const TestBundle *b);
/* Notes that `test` is the test of that path; counted: among e->tests;
 * ended: the path ended there (an exit, an error), not cut short. */
void engine_tested_note(Engine *e, uint64_t decisions, uint64_t hash, uint32_t test, bool counted, bool ended);
bool engine_error_seen(const Engine *e, const char *kind, const char *file, uint32_t line);
void engine_add_error(Engine *e, const char *kind, const char *message, const char *file, uint32_t line,
                      const char *stack, uint32_t test);

#endif
