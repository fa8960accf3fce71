/* engine_exit: which ends of a path end the whole run, as KLEE's
 * --exit-on-error and --exit-on-error-type ask.
 *
 * --exit-on-error: the first error ends the run; the states alive get no
 * test and symplex exits with status 1 (KLEE exits at once, status 1).
 * --exit-on-error-type=T (repeatable): a path that ends with an error of
 * type T halts the run as a limit does; the states alive get their tests
 * and the exit status is 0 (KLEE halts and dumps the states). T is one of
 * KLEE's termination types, mapped to symplex's error kinds (docs/output.md),
 * or one of those kinds by its own name. */
#ifndef SYMPLEX_ENGINE_EXIT_H
#define SYMPLEX_ENGINE_EXIT_H
#include <stdbool.h>
#include <stdint.h>

typedef struct EngineExitOn {
    bool any_error;  /* --exit-on-error */
    uint32_t kinds;  /* --exit-on-error-type: a bit per end in engine_exit.c's table */
} EngineExitOn;

/* Adds --exit-on-error-type's value (a type, or several separated by
 * commas); false + *err (one line, caller frees) for a name it does not
 * know. *warn (caller frees) is set, or left NULL, to a line saying a type
 * names no error symplex reports. */
bool engine_exit_parse(EngineExitOn *x, const char *value, char **err, char **warn);

struct Engine;
/* A path ended with an error of `kind`, or early with `reason` (one of the
 * two NULL): halts the run when the options ask for it. */
void engine_exit_check(struct Engine *e, const char *kind, const char *reason);

#endif
