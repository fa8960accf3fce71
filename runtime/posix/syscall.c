/* syscall.c: the system-call entry of the --posix model, and the calls about
 * the process itself: exit, identity, signals, time, memory mappings.
 *
 * The process is deterministic: pid 42, user and group 0 (replay runs in a
 * scratch directory as whoever runs it), a clock that starts at
 * 2026-01-01T00:00:00Z and advances by a millisecond at each reading (so a
 * program that waits for time to pass gets there), no signals delivered but
 * the ones it raises itself. mmap fails (ENOMEM): the heap is the engine's
 * malloc, which musl's own allocations use too. */
#include "posix.h"
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <symplex.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/utsname.h>
#include <time.h>

static long long posix_clock_ns = 1767225600LL * 1000000000LL;

static long long posix_now(void) {
    posix_clock_ns += 1000000;
    return posix_clock_ns;
}

static long posix_clock_gettime(struct timespec *ts) {
    long long now = posix_now();
    ts->tv_sec = now / 1000000000LL;
    ts->tv_nsec = now % 1000000000LL;
    return 0;
}

static long posix_gettimeofday(struct timeval *tv) {
    if (!tv) return 0;
    long long now = posix_now();
    tv->tv_sec = now / 1000000000LL;
    tv->tv_usec = now % 1000000000LL / 1000;
    return 0;
}

static long posix_uname(struct utsname *u) {
    memset(u, 0, sizeof *u);
    strcpy(u->sysname, "Linux");
    strcpy(u->nodename, "symplex");
    strcpy(u->release, "6.1.0");
    strcpy(u->version, "#1 SMP");
    strcpy(u->machine, "x86_64");
    return 0;
}

/* A signal the program sends itself: SIGABRT is abort() (an error the engine
 * reports); any other ends the process as its default action would, with the
 * shell's status 128 + signal. */
static long posix_raise(long sig) {
    if (sig == 0) return 0;
    if (sig == SIGABRT) abort();
    if (sig == SIGCHLD || sig == SIGURG || sig == SIGWINCH || sig == SIGCONT) return 0; /* ignored by default */
    __symplex_exit(128 + (int)sig);
}

static long posix_sigaction(long sig, void *old, size_t size) {
    if (sig <= 0 || sig >= 65 || sig == SIGKILL || sig == SIGSTOP) return -EINVAL;
    if (old) memset(old, 0, size); /* the previous action: SIG_DFL */
    return 0;
}

static long posix_prlimit(long resource, struct rlimit *old) {
    if (!old) return 0;
    old->rlim_cur = old->rlim_max = RLIM_INFINITY;
    if (resource == RLIMIT_STACK) old->rlim_cur = 8 << 20;
    if (resource == RLIMIT_NOFILE) old->rlim_cur = old->rlim_max = POSIX_MAX_FDS;
    return 0;
}

long posix_proc_syscall(long n, long a1, long a2, long a3, long a4, long a5, long a6, int *handled) {
    (void)a3, (void)a5, (void)a6;
    *handled = 1;
    switch (n) {
    case SYS_exit:
    case SYS_exit_group: __symplex_exit((int)a1);
    case SYS_getpid:
    case SYS_gettid: return 42;
    case SYS_getppid: return 1;
    case SYS_getuid:
    case SYS_geteuid:
    case SYS_getgid:
    case SYS_getegid: return 0;
    case SYS_getgroups: return 0;
    case SYS_setsid:
    case SYS_getpgid:
    case SYS_getsid:
    case SYS_getpgrp: return 42;
    case SYS_set_tid_address: return 42;
    case SYS_umask: return 022;
    case SYS_kill:
    case SYS_tkill: return a1 == 42 || a1 == 0 ? posix_raise(a2) : -ESRCH;
    case SYS_tgkill: return a2 == 42 ? posix_raise(a3) : -ESRCH;
    case SYS_rt_sigaction: return posix_sigaction(a1, (void *)a3, (size_t)a4 + 24);
    case SYS_rt_sigprocmask:
        if (a3) memset((void *)a3, 0, (size_t)a4);
        return 0;
    case SYS_sigaltstack:
    case SYS_alarm:
    case SYS_setitimer:
    case SYS_pause: return 0;
    case SYS_clock_gettime: return posix_clock_gettime((struct timespec *)a2);
    case SYS_gettimeofday: return posix_gettimeofday((struct timeval *)a1);
    case SYS_time: {
        long t = (long)(posix_now() / 1000000000LL);
        if (a1) *(long *)a1 = t;
        return t;
    }
    case SYS_nanosleep:
    case SYS_clock_nanosleep: return 0;
    case SYS_uname: return posix_uname((struct utsname *)a1);
    case SYS_getrlimit: return posix_prlimit(a1, (struct rlimit *)a2);
    case SYS_prlimit64: return posix_prlimit(a2, (struct rlimit *)a4);
    case SYS_setrlimit: return 0;
    case SYS_brk: return 0;           /* musl then uses mmap, which fails: malloc is the engine's */
    case SYS_mmap: return -ENOMEM;
    case SYS_munmap:
    case SYS_mprotect:
    case SYS_madvise: return 0;
    case SYS_sched_yield: return 0;
    case SYS_getrandom: return -ENOSYS;
    default: *handled = 0; return -ENOSYS;
    }
}

long __symplex_syscall(long n, long a1, long a2, long a3, long a4, long a5, long a6) {
    int handled;
    long r = posix_fs_syscall(n, a1, a2, a3, a4, a5, a6, &handled);
    if (handled) return r;
    r = posix_proc_syscall(n, a1, a2, a3, a4, a5, a6, &handled);
    return handled ? r : -ENOSYS;
}
