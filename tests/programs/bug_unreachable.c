/* symplex-test
 * paths: 3
 * error: unreachable 15
 * __builtin_unreachable() after a switch the programmer believed exhaustive:
 * op in 0..3 but only 0, 1, 2 are handled, so op == 3 reaches it.
 */
#include <klee/klee.h>

static int apply(int op, int v) {
    switch (op) {
    case 0: return v + 1;
    case 1: return v - 1;
    case 2: return v * 2;
    }
    __builtin_unreachable(); /*@A*/
}

int main(void) {
    int op = klee_range(0, 4, "op");
    return apply(op, 10) & 0x7f;
}
