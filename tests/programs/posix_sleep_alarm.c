/* symplex-test
 * args: --posix --sym-arg 1
 * paths: 1
 * early: unsupported system call 1
 * Under --posix a sleep lets the model's clock run on by the time slept, as
 * natively (the old clock moved 1 ms, so the assertion failed), and an
 * armed alarm ends the path as unsupported: natively its SIGALRM would end
 * the process at a time the model cannot place among the program's steps
 * (the old model never sent it, and the path exited 0 where a native run
 * dies of the signal).
 */
#include <assert.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    time_t before = time(0);
    sleep(1);
    assert(time(0) - before >= 1);
    if (argv[1][0] == 'a') {
        alarm(1);
        sleep(2);
    }
    return 0;
}
