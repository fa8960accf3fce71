/* start.c: starting the program under --posix, in place of musl's
 * __libc_start_main and TLS set-up (which need an ELF auxiliary vector and
 * mmap). The engine calls __symplex_posix_main instead of main; it sets up
 * the one thread's descriptor and libc's globals, builds the environment from
 * the --sym-* arguments, runs main and exits through musl's exit (atexit
 * handlers, stdio flushed), whose exit_group ends the path in the engine.
 *
 * The only file of the model compiled with musl's internal headers: it fills
 * musl's own structures. */
#include "pthread_impl.h"
#include "libc.h"
#include "posix.h"
#include <stdlib.h>
#include <string.h>

/* The thread descriptor %fs:0 points at natively (arch/pthread_arch.h). */
extern char **__environ; /* musl's, behind environ */
static struct pthread posix_thread;
static size_t posix_auxv[2]; /* AT_NULL: no auxiliary vector */

/* musl's errno is the thread's; the engine's heap functions set it (ENOMEM)
 * through this (exec_heap.c), kept however little of libc the program uses. */
__attribute__((used)) int *const __symplex_errno = &posix_thread.errno_val;

void *__symplex_thread_pointer(void) {
    return &posix_thread;
}

/* Destructors of the program (.fini_array) are not run, as for a program
 * that was not built with them; musl's default would walk linker symbols that
 * do not exist here. */
void __libc_exit_fini(void) {
}

/* musl's internal heap entry points (atexit, posix_spawn file actions, ...)
 * are the engine's heap, like malloc itself. */
void *__libc_malloc(size_t n) { return malloc(n); }
void *__libc_calloc(size_t m, size_t n) { return calloc(m, n); }
void *__libc_realloc(void *p, size_t n) { return realloc(p, n); }
void __libc_free(void *p) { free(p); }

static void posix_start_libc(char **argv, char **envp) {
    posix_thread.self = &posix_thread;
    posix_thread.tid = 42; /* gettid's (syscall.c), which raise signals */
    posix_thread.detach_state = DT_JOINABLE;
    posix_thread.locale = &libc.global_locale;
    posix_thread.robust_list.head = &posix_thread.robust_list.head;
    libc.auxv = posix_auxv;
    libc.page_size = 4096;
    __environ = envp;
    __progname = __progname_full = argv[0] ? argv[0] : "";
    for (char *p = __progname; *p; p++)
        if (*p == '/') __progname = p + 1;
}

int main(int argc, char **argv, char **envp);

int __symplex_posix_main(int argc, char **argv, char **envp) {
    static char *no_env[1];
    if (!envp) envp = no_env;
    posix_start_libc(argv, envp);
    PosixConfig cfg;
    posix_env_init(&argc, &argv, &cfg);
    posix_fs_init(&cfg);
    exit(main(argc, argv, envp));
}
