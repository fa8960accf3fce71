#define _GNU_SOURCE
#include "interrupt.h"
#include <errno.h>
#include <semaphore.h>
#include <signal.h>
#include <string.h>
#include <time.h>

/* The handler may run on any thread and at any instruction, so it touches
 * nothing but a sig_atomic_t and sem_post(), which POSIX lists as
 * async-signal-safe (unlike any lock, malloc, stdio or Z3 call). */
static volatile sig_atomic_t interrupt_flag;
static sem_t interrupt_sem;
static bool interrupt_installed;

static void interrupt_handler(int sig) {
    int saved = errno;
    if (interrupt_flag) {
        /* second signal: the default action (termination by this signal) as
         * soon as the handler returns and the signal is unblocked */
        signal(sig, SIG_DFL);
        raise(sig);
    } else {
        interrupt_flag = 1;
        sem_post(&interrupt_sem);
    }
    errno = saved;
}

void interrupt_install(void) {
    if (interrupt_installed) return;
    interrupt_installed = true;
    sem_init(&interrupt_sem, 0, 0);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = interrupt_handler;
    /* both signals blocked while either is handled, so a SIGTERM cannot
     * interleave with the first SIGINT's bookkeeping */
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGINT);
    sigaddset(&sa.sa_mask, SIGTERM);
    sa.sa_flags = SA_RESTART; /* the engine polls the flag: interrupted reads and writes just go on */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

bool interrupt_requested(void) { return interrupt_flag != 0; }

bool interrupt_wait(void) {
    while (sem_wait(&interrupt_sem) != 0 && errno == EINTR) {
    }
    return interrupt_requested();
}

bool interrupt_wait_for(double seconds) {
    struct timespec until;
    clock_gettime(CLOCK_MONOTONIC, &until);
    long ns = until.tv_nsec + (long)(seconds * 1e9);
    until.tv_sec += ns / 1000000000L;
    until.tv_nsec = ns % 1000000000L;
    while (sem_clockwait(&interrupt_sem, CLOCK_MONOTONIC, &until) != 0 && errno == EINTR) {
    }
    return interrupt_requested();
}

void interrupt_wake(void) {
    if (interrupt_installed) sem_post(&interrupt_sem);
}
