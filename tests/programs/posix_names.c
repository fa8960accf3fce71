/* symplex-test
 * args: --posix --sym-files 1 2
 * paths: 1
 * The --posix model answers as the kernel does in the fresh directory replay
 * runs in (holding only A): rename and chmod change the model's files, names
 * under a file are ENOTDIR, mkdir of an existing name is EEXIST and under a
 * missing directory ENOENT, umask applies to new files, stdin without
 * --sym-stdin is /dev/null (seekable, at offset 0), the process has no child
 * to wait for, and a signal sent while blocked waits, then is dropped once
 * ignored. Every assertion holds natively too (the old model refused rename,
 * chmod and mkdir with EACCES, and lseek on stdin with ESPIPE).
 */
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void) {
    struct stat st;
    assert(rename("A", "C") == 0);
    assert(access("A", F_OK) != 0 && errno == ENOENT);
    assert(stat("C", &st) == 0 && st.st_size == 2);
    assert(chmod("./C", 0600) == 0 && stat("C", &st) == 0 && (st.st_mode & 0777) == 0600);
    assert(stat("C/x", &st) != 0 && errno == ENOTDIR);
    assert(rmdir("C") != 0 && errno == ENOTDIR);
    assert(mkdir("C", 0755) != 0 && errno == EEXIST);
    assert(mkdir("missing/sub", 0755) != 0 && errno == ENOENT);
    assert(lseek(0, 0, SEEK_CUR) == 0);
    umask(077);
    int fd = open("D", O_CREAT | O_WRONLY, 0666);
    assert(fd >= 0 && fstat(fd, &st) == 0 && (st.st_mode & 0777) == 0600);
    assert(write(fd, "xy", 2) == 2 && close(fd) == 0);
    assert(waitpid(-1, 0, 0) == -1 && errno == ECHILD);
    sigset_t set, pending;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    assert(sigprocmask(SIG_BLOCK, &set, 0) == 0);
    assert(raise(SIGUSR1) == 0); /* blocked: it waits */
    assert(sigpending(&pending) == 0 && sigismember(&pending, SIGUSR1));
    signal(SIGUSR1, SIG_IGN); /* and is dropped */
    assert(sigprocmask(SIG_UNBLOCK, &set, 0) == 0);
    assert(unlink("C") == 0 && unlink("D") == 0);
    return 0;
}
