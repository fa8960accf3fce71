/* symplex-test
 * paths: 2
 * error: float-cast 24
 * A long double converted to an int it does not fit is undefined behaviour,
 * which native replay's UBSan reports (float-cast-overflow) as it does for
 * float and double. long double is computed on the host, its symbolic operand
 * concretized (here to a value of 3e9 or more); symplex once converted it with
 * no check, so its test claimed a normal exit that the replay refutes.
 * Paths: a small value converts (exit 1), a middle one is not converted
 * (exit 2): two completed paths; a large one ends in the error.
 */
#include <klee/klee.h>

int main(void) {
    unsigned v;
    klee_make_symbolic(&v, sizeof v, "v");
    if (v < 1000) {
        long double x = v;
        return (int)x >= 0;
    }
    if (v < 3000000000u)
        return 2;
    long double y = v;
    return (int)(y * 2); /* 6e9 or more: out of int's range */
}
