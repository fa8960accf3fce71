/* symplex-test
 * paths: 2
 * error: user 14
 * klee_report_error on the x == 42 path is a `user` error at the line it
 * names; the other two paths (x < 0, x >= 0 & x != 42) exit normally.
 */
#include <klee/klee.h>

int main(void) {
    int x = klee_int("x");
    if (x < 0)
        return 1;
    if (x == 42)
        klee_report_error(__FILE__, __LINE__, "x is the answer", "user"); /*@A*/
    return 0;
}
