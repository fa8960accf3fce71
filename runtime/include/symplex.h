/* symplex.h: the API a program under test uses to talk to symplex.
 *
 * Under `symplex` these calls are interpreted by the engine; under
 * `symplex-replay` they are served natively from a .ktest file, in the same
 * order, so every generated test re-runs the path it was generated for. */
#ifndef SYMPLEX_H
#define SYMPLEX_H
#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Make the `nbytes` bytes at `addr` symbolic. `name` labels the object in the
 * .ktest file; each call creates one object, in call order. */
void symplex_make_symbolic(void *addr, size_t nbytes, const char *name);

/* Constrain the current path: paths on which `cond` is zero are discarded
 * silently (not reported as errors). */
void symplex_assume(uintptr_t cond);

/* Non-zero when `value` is symbolic on the current path. */
unsigned symplex_is_symbolic(uintptr_t value);

/* One concrete value `expr` can take on this path; the path is constrained
 * to that value (useful before printing or using a value as a size). */
int64_t symplex_get_value_i64(int64_t expr);

/* End the current path without writing a test for it. */
__attribute__((noreturn)) void symplex_silent_exit(int status);

/* Report a user-defined error at FILE:LINE with message `msg`; `suffix`
 * names the error kind (KLEE uses it as the .err file suffix). */
__attribute__((noreturn)) void symplex_report_error(const char *file, int line,
                                                   const char *msg,
                                                   const char *suffix);

/* A symbolic int constrained to the half-open range [lo, hi), like
 * klee_range. lo >= hi is reported as an error; when hi == lo + 1 the result
 * is lo and no symbolic object is created. */
int symplex_range(int lo, int hi, const char *name);

/* A fresh unconstrained symbolic int named `name`. */
int symplex_int(const char *name);

/* Low-level output used by the runtime's stdio models: write n bytes to the
 * host's fd (1 or 2). */
void symplex_output(int fd, const void *buf, size_t n);

/* printf-style formatting done by the engine. fd >= 0: write the result to
 * that fd; fd < 0: write at most `cap` bytes (NUL-terminated when cap > 0)
 * into `buf`. Returns the full formatted length, like vsnprintf. */
int symplex_vformat(int fd, char *buf, size_t cap, const char *fmt, va_list ap);

#ifdef __cplusplus
}
#endif
#endif
