/* signal.c: signals under --posix, which a process only sends itself (pid
 * and thread id 42): their actions (rt_sigaction), the blocked mask
 * (rt_sigprocmask) and the pending set, as the kernel keeps them. A signal
 * sent while blocked waits until it is unblocked (musl's raise blocks every
 * signal around its tkill), an ignored one is dropped, and one whose default
 * action is to end the process ends it with the shell's status 128 + N
 * (SIGABRT is abort(), an error the engine reports). What the model cannot
 * do ends the path as unsupported: running a handler, stopping the process,
 * signalling another process or the process group (which, natively, holds
 * the replay's runner too), and waiting for a signal that never comes. */
#include "posix.h"
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>

enum { POSIX_NSIG = 65, POSIX_ACT_SIZE = 32 }; /* struct k_sigaction with its 8-byte mask */

static unsigned char posix_actions[POSIX_NSIG][POSIX_ACT_SIZE];
static uint64_t posix_blocked, posix_pending;

static uint64_t posix_sigbit(long sig) { return (uint64_t)1 << (sig - 1); }

static uintptr_t posix_handler(long sig) {
    uintptr_t h;
    memcpy(&h, posix_actions[sig], sizeof h); /* the first field: the handler, SIG_DFL or SIG_IGN */
    return h;
}

static int posix_default_ignores(long sig) {
    return sig == SIGCHLD || sig == SIGURG || sig == SIGWINCH || sig == SIGCONT;
}

static int posix_default_stops(long sig) {
    return sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN || sig == SIGTTOU;
}

/* The signal's action, taken now. */
static void posix_deliver(long sig, long call) {
    uintptr_t h = posix_handler(sig);
    if (h == (uintptr_t)SIG_IGN || (h == (uintptr_t)SIG_DFL && posix_default_ignores(sig))) return;
    if (h != (uintptr_t)SIG_DFL)
        __symplex_unsupported_syscall(posix_sysname(call), "delivers a signal to a handler, which the model does not run");
    if (posix_default_stops(sig))
        __symplex_unsupported_syscall(posix_sysname(call), "stops the process, which the model cannot do");
    if (sig == SIGABRT) abort();
    __symplex_exit(128 + (int)sig);
}

/* The pending signals the mask no longer blocks, lowest first, as Linux delivers them. */
static void posix_deliver_pending(long call) {
    for (long sig = 1; sig < POSIX_NSIG; sig++) {
        if (!(posix_pending & posix_sigbit(sig)) || (posix_blocked & posix_sigbit(sig))) continue;
        posix_pending &= ~posix_sigbit(sig);
        posix_deliver(sig, call);
    }
}

/* A signal the process sends itself. */
static long posix_send(long sig, long call) {
    if (sig < 0 || sig >= POSIX_NSIG) return -EINVAL;
    if (sig == 0) return 0;
    if (posix_blocked & posix_sigbit(sig)) posix_pending |= posix_sigbit(sig);
    else posix_deliver(sig, call);
    return 0;
}

static long posix_sigaction(long sig, const void *act, void *old, size_t size) {
    if (sig <= 0 || sig >= POSIX_NSIG || size != POSIX_ACT_SIZE) return -EINVAL;
    if (act && (sig == SIGKILL || sig == SIGSTOP)) return -EINVAL;
    if (old) memcpy(old, posix_actions[sig], POSIX_ACT_SIZE);
    if (act) {
        memcpy(posix_actions[sig], act, POSIX_ACT_SIZE);
        if (posix_handler(sig) == (uintptr_t)SIG_IGN) posix_pending &= ~posix_sigbit(sig);
    }
    return 0;
}

static long posix_sigprocmask(long how, const uint64_t *set, uint64_t *old, size_t size, long call) {
    if (size != sizeof(uint64_t)) return -EINVAL;
    if (set && how != SIG_BLOCK && how != SIG_UNBLOCK && how != SIG_SETMASK) return -EINVAL;
    uint64_t was = posix_blocked;
    if (set) {
        uint64_t m = *set & ~(posix_sigbit(SIGKILL) | posix_sigbit(SIGSTOP));
        posix_blocked = how == SIG_BLOCK ? was | m : how == SIG_UNBLOCK ? was & ~m : m;
    }
    if (old) *old = was;
    posix_deliver_pending(call);
    return 0;
}

/* kill(pid, sig): this process is pid 42; 0 and -1 reach others natively. */
static long posix_kill(long pid, long sig, long call) {
    if (pid == 42 || (sig == 0 && (pid == 0 || pid == -1))) return posix_send(sig, call);
    __symplex_unsupported_syscall(posix_sysname(call), "signals another process or a process group");
}

long posix_signal_syscall(long n, long a1, long a2, long a3, long a4, int *handled) {
    *handled = 1;
    switch (n) {
    case SYS_kill: return posix_kill(a1, a2, n);
    case SYS_tkill: return a1 == 42 ? posix_send(a2, n) : posix_kill(-2, a2, n);
    case SYS_tgkill: return a1 == 42 && a2 == 42 ? posix_send(a3, n) : posix_kill(-2, a3, n);
    case SYS_rt_sigaction: return posix_sigaction(a1, (const void *)a2, (void *)a3, (size_t)a4 + 24);
    case SYS_rt_sigprocmask: return posix_sigprocmask(a1, (const uint64_t *)a2, (uint64_t *)a3, (size_t)a4, n);
    case SYS_rt_sigpending:
        if ((size_t)a2 != sizeof(uint64_t)) return -EINVAL;
        *(uint64_t *)a1 = posix_pending & posix_blocked;
        return 0;
    default: *handled = 0; return -ENOSYS;
    }
}
