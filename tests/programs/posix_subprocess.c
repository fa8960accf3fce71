/* symplex-test
 * args: --posix --sym-arg 1
 * paths: 1
 * early: unsupported system call 3
 * The --posix model cannot make a pipe or a process: natively pipe, popen
 * (pipe2, then clone) and fork succeed, so the paths that call them end as
 * unsupported (a warning names the call) instead of going on with a failure
 * (the old model's ENOSYS: exit 3, 4 or 5 here) no native run has. Only the
 * path that calls none of them completes.
 */
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argv[1][0] == 'p') {
        int fd[2];
        if (pipe(fd) != 0)
            return 3;
        close(fd[0]);
        close(fd[1]);
        return 0;
    }
    if (argv[1][0] == 'o') {
        FILE *f = popen("true", "r");
        if (!f)
            return 4;
        return pclose(f) == 0 ? 0 : 1;
    }
    if (argv[1][0] == 'f') {
        pid_t pid = fork();
        if (pid < 0)
            return 5;
        if (pid == 0)
            _exit(0);
        return 0;
    }
    return 0;
}
