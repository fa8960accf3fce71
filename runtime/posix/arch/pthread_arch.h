/* The thread pointer for symplex: the one thread's descriptor is a static
 * object of the environment model (runtime/posix/start.c), not %fs:0. */
void *__symplex_thread_pointer(void);

static inline uintptr_t __get_tp(void) { return (uintptr_t)__symplex_thread_pointer(); }

#define MC_PC gregs[REG_RIP]
