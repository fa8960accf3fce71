/* Linked into the programs symplex-cov builds with gcov instrumentation.
 * libgcov writes its counters only at a normal exit, so a test that ends in a
 * crash, an abort (a failed assert), or the harness's time-limit SIGTERM
 * would lose all of its coverage. These handlers write the counters first and
 * then die of the same signal, so the exit status stays what it was. */
#define _GNU_SOURCE
#include <signal.h>
#include <string.h>

extern void __gcov_dump(void);

static void cov_flush_and_die(int sig) {
    __gcov_dump();
    signal(sig, SIG_DFL);
    raise(sig);
}

__attribute__((constructor)) static void cov_install_handlers(void) {
    static const int sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTERM, SIGTRAP};
    /* a stack overflow's SIGSEGV can only be handled on a stack of its own */
    static char alt[1 << 16];
    stack_t ss = {.ss_sp = alt, .ss_size = sizeof alt, .ss_flags = 0};
    sigaltstack(&ss, NULL);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = cov_flush_and_die;
    sa.sa_flags = SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++) sigaction(sigs[i], &sa, NULL);
}
