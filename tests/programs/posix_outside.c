/* symplex-test
 * args: --posix --sym-arg 1 --sym-files 1 2
 * paths: 1
 * early: unsupported system call 7
 * What the --posix model cannot do as the kernel would ends the path as
 * unsupported rather than fail where a native run does not: a path outside
 * the directory the program runs in (the host's files: the old model said
 * ENOENT), a new directory (EACCES), listing "/" (the old model listed the
 * current directory), a signal handler (the old model exited 128 + N), a
 * file lock (EINVAL), an ioctl any descriptor answers (ENOTTY), and mmap
 * (ENOMEM). The path that does none of them completes.
 */
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static void on_usr1(int sig) {
    _exit(sig == SIGUSR1 ? 0 : 1);
}

int main(int argc, char **argv) {
    switch (argv[1][0]) {
    case 'a':
        return open("/etc/passwd", O_RDONLY) < 0 ? 3 : 0;
    case 'm':
        return mkdir("newdir", 0755) != 0 ? 3 : 0;
    case 'r': {
        DIR *d = opendir("/");
        return d && readdir(d) ? 0 : 3;
    }
    case 'h':
        signal(SIGUSR1, on_usr1);
        raise(SIGUSR1);
        return 3;
    case 'l': {
        int fd = open("A", O_RDWR);
        struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
        return fcntl(fd, F_SETLK, &fl) != 0 ? 3 : 0;
    }
    case 'i': {
        int n, fd = open("A", O_RDONLY);
        return ioctl(fd, FIONREAD, &n) != 0 || n != 2 ? 3 : 0;
    }
    case 'p':
        return mmap(0, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) == MAP_FAILED ? 3 : 0;
    default:
        return 0;
    }
}
