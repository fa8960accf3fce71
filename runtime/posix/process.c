/* process.c: musl's process and thread creation, replaced (linked with
 * --override). Natively both make a new process or thread with clone; musl
 * built for symplex has no clone (its portable src/thread/clone.c answers
 * ENOSYS) and no TLS set-up (pthread_create answers ENOSYS), failures no
 * native run has, which would send the program (popen, system,
 * posix_spawn, pthread_create) down a path its replay does not take. The
 * path ends as unsupported instead. fork and vfork reach the model's
 * system-call entry, which does the same. */
#include "posix.h"
#include <pthread.h>

static const char posix_no_clone[] = "creates a process or thread, which the model cannot run";

int __clone(int (*func)(void *), void *stack, int flags, void *arg, ...) {
    (void)func, (void)stack, (void)flags, (void)arg;
    __symplex_unsupported_syscall("clone", posix_no_clone);
}

int __pthread_create(pthread_t *restrict res, const pthread_attr_t *restrict attr, void *(*entry)(void *),
                     void *restrict arg) {
    (void)res, (void)attr, (void)entry, (void)arg;
    __symplex_unsupported_syscall("clone", posix_no_clone);
}
