/* klee/klee.h: the KLEE API, so existing KLEE harnesses build unchanged
 * against symplex. Written for symplex; semantics follow KLEE's manual. */
#ifndef SYMPLEX_KLEE_H
#define SYMPLEX_KLEE_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Make `nbytes` bytes at `addr` symbolic, as one object labelled `name`. */
void klee_make_symbolic(void *addr, size_t nbytes, const char *name);

/* A symbolic int in [begin, end) (end excluded); begin >= end is an error. */
int klee_range(int begin, int end, const char *name);

/* A fresh unconstrained symbolic int. */
int klee_int(const char *name);

/* Discard the paths on which `condition` is zero. */
void klee_assume(uintptr_t condition);

/* Non-zero when `n` is symbolic. */
unsigned klee_is_symbolic(uintptr_t n);

/* End this path silently (no test case). */
__attribute__((noreturn)) void klee_silent_exit(int status);

/* Report an error at file:line; `suffix` is the error kind. */
__attribute__((noreturn)) void klee_report_error(const char *file, int line,
                                                 const char *message,
                                                 const char *suffix);

/* Abort the path as an error. */
__attribute__((noreturn)) void klee_abort(void);

/* One concrete value the expression can take on this path (the path is
 * constrained to it). */
int32_t klee_get_value_i32(int32_t expr);
int64_t klee_get_value_i64(int64_t expr);
long klee_get_valuel(long expr);
long long klee_get_valuell(long long expr);
float klee_get_valuef(float expr);
double klee_get_valued(double expr);

/* Hint: prefer counterexamples in which `condition` holds for `object`. */
void klee_prefer_cex(void *object, uintptr_t condition);

void klee_warning(const char *message);
void klee_warning_once(const char *message);

/* Print `msg` followed by the (symbolic) expression of the next argument. */
void klee_print_expr(const char *msg, ...);

/* Print the range of values `value` can take on this path. */
void klee_print_range(const char *name, int value);

/* A symbolic value in [0, n); other values end the path silently. */
uintptr_t klee_choose(uintptr_t n);

/* Hints KLEE's POSIX runtime and memory model take; accepted, no effect. */
void klee_posix_prefer_cex(void *object, uintptr_t condition);
void klee_mark_global(void *object);

/* Create a zero-filled object of `nbytes` bytes at the fixed address `addr`
 * (which must not overlap any other object). Native replay maps the pages. */
void klee_define_fixed_object(void *addr, size_t nbytes);

/* Size of the object `ptr` points into (native replay: heap blocks only). */
size_t klee_get_obj_size(void *ptr);

/* An error (out-of-bounds read) unless [address, address + size) lies in one
 * live object; checked natively too (AddressSanitizer's shadow memory). */
void klee_check_memory_access(const void *address, size_t size);

/* klee_set_forking(0): a branch with two feasible sides follows one of them
 * (the path condition records which); klee_set_forking(1) forks again. */
void klee_set_forking(unsigned enable);

/* Print the current call stack to stderr. */
void klee_stack_trace(void);

/* State merging regions: accepted with a warning; symplex does not merge,
 * so the paths inside are explored separately. */
void klee_open_merge(void);
void klee_close_merge(void);

unsigned klee_is_replay(void);            /* 1 under native replay */
int klee_get_errno(void);

/* glibc's assertion failure entry point (also declared by <assert.h>). */
void __assert_fail(const char *assertion, const char *file, unsigned int line,
                   const char *function) __attribute__((noreturn));

/* Unlike assert(), klee_assert is not disabled by NDEBUG. */
#define klee_assert(expr)                                                      \
    ((expr) ? (void)0 : __assert_fail(#expr, __FILE__, __LINE__, __func__))

#ifdef __cplusplus
}
#endif
#endif
