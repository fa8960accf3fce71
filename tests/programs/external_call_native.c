/* symplex-test
 * paths: 2
 * libc calls the runtime does not model (getpid, time, getenv) run natively
 * with concrete arguments; their results are compared to nothing symbolic,
 * so they add no forks. The symbolic branch gives 2 paths.
 */
#include <symplex.h>
#include <unistd.h>
#include <time.h>
#include <stdlib.h>

int main(void) {
    int x;
    symplex_make_symbolic(&x, sizeof x, "x");
    pid_t pid = getpid();
    time_t now = time(NULL);
    const char *home = getenv("SYMPLEX_TEST_SURELY_UNSET_VARIABLE");
    int r = (pid > 0) + (now > 0) + (home == NULL);
    if (x == 12345)
        return r == 3 ? 1 : 9;
    return r == 3 ? 0 : 9;
}
