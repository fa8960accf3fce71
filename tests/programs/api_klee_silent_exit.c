/* symplex-test
 * exits: 0 1
 * klee_silent_exit ends the x == 3 path without an error: the klee_assert
 * after it must never be reached (no error may be reported), and the paths
 * beside it run on to their exits. Whether a silently exited path counts as
 * completed is engine policy, so no `paths:`.
 */
#include <klee/klee.h>

int main(void) {
    int x = klee_int("x");
    if (x == 3) {
        klee_silent_exit(0);
        klee_assert(0 && "reached after klee_silent_exit");
    }
    if (x > 100)
        return 1;
    return 0;
}
