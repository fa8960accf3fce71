/* syscall.c: the system-call entry of the --posix model, and the calls about
 * the process itself: exit, identity, time, children.
 *
 * The process is deterministic: pid 42, user and group 0 (replay runs in a
 * scratch directory as whoever runs it), a clock that starts at
 * 2026-01-01T00:00:00Z and advances by a millisecond at each reading (so a
 * program that waits for time to pass gets there, and sleeping lets it run
 * on by the time slept), no child (it cannot make one), signals as signal.c
 * keeps them.
 *
 * A call the model cannot make as the kernel would ends the path
 * (__symplex_unsupported_syscall: reason `unsupported system call`, a warning
 * naming it) instead of failing in a way no native run fails: every call
 * without a model (fork, clone, execve, pipe, pipe2, socket, getrandom, ...),
 * and the memory-map calls, whose memory is the engine's heap. */
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

/* The names of musl's x86-64 system calls (generated from its bits/syscall.h). */
static const struct { long n; const char *name; } posix_sysnames[] = {
#define POSIX_SYSNAME(x) {SYS_##x, #x},
#include "posix_sysnames.h"
#undef POSIX_SYSNAME
};

const char *posix_sysname(long n) {
    for (size_t i = 0; i < sizeof posix_sysnames / sizeof posix_sysnames[0]; i++)
        if (posix_sysnames[i].n == n) return posix_sysnames[i].name;
    return "unknown";
}

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

/* Sleeping lets the clock run on by the time asked for (an absolute
 * clock_nanosleep to the time given); an invalid time is EINVAL. */
static long posix_sleep(const struct timespec *req, int absolute) {
    if (req->tv_sec < 0 || req->tv_nsec < 0 || req->tv_nsec >= 1000000000L) return -EINVAL;
    long long ns = (long long)req->tv_sec * 1000000000LL + req->tv_nsec;
    if (absolute && ns > posix_clock_ns) posix_clock_ns = ns;
    else if (!absolute) posix_clock_ns += ns;
    return 0;
}

/* An armed timer's signal would come natively, at a time the model cannot
 * place among the program's steps; disarming one (none is armed) is fine. */
static long posix_setitimer(const struct itimerval *set, struct itimerval *old, long call) {
    if (set && (set->it_value.tv_sec || set->it_value.tv_usec))
        __symplex_unsupported_syscall(posix_sysname(call), "arms a timer, whose signal the model does not deliver");
    if (old) memset(old, 0, sizeof *old);
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
    case SYS_sigaltstack: return 0;
    case SYS_alarm: return a1 ? posix_setitimer(&(struct itimerval){.it_value.tv_sec = a1}, 0, n) : 0;
    case SYS_setitimer: return posix_setitimer((const struct itimerval *)a2, (struct itimerval *)a3, n);
    case SYS_clock_gettime: return posix_clock_gettime((struct timespec *)a2);
    case SYS_gettimeofday: return posix_gettimeofday((struct timeval *)a1);
    case SYS_time: {
        long t = (long)(posix_now() / 1000000000LL);
        if (a1) *(long *)a1 = t;
        return t;
    }
    case SYS_nanosleep: return posix_sleep((const struct timespec *)a1, 0);
    case SYS_clock_nanosleep: return posix_sleep((const struct timespec *)a3, (a2 & TIMER_ABSTIME) != 0);
    case SYS_uname: return posix_uname((struct utsname *)a1);
    case SYS_getrlimit: return posix_prlimit(a1, (struct rlimit *)a2);
    case SYS_prlimit64: return posix_prlimit(a2, (struct rlimit *)a4);
    case SYS_setrlimit: return 0;
    case SYS_sched_yield: return 0;
    case SYS_wait4:
    case SYS_waitid: return -ECHILD; /* no child: the process cannot make one */
    default: *handled = 0; return -ENOSYS;
    }
}

long __symplex_syscall(long n, long a1, long a2, long a3, long a4, long a5, long a6) {
    int handled;
    long r = posix_fs_syscall(n, a1, a2, a3, a4, a5, a6, &handled);
    if (!handled) r = posix_names_syscall(n, a1, a2, a3, a4, a5, &handled);
    if (!handled) r = posix_proc_syscall(n, a1, a2, a3, a4, a5, a6, &handled);
    if (!handled) r = posix_signal_syscall(n, a1, a2, a3, a4, &handled);
    if (!handled) __symplex_unsupported_syscall(posix_sysname(n), "is not modelled by --posix");
    return r;
}
