/* symplex-target
 * expect: not-reached
 * timeout: 20
 * Inline assembly stores 42 into x, and natively the line runs. symplex
 * cannot run assembly (the path ends as unsupported); Phase I must not walk
 * over it as if it did nothing, taking x == 1 from the store before it and
 * proving the line "unreachable": what it does not model may write any
 * memory.
 */
#include <klee/klee.h>

int main(void) {
    int x, v;
    klee_make_symbolic(&v, sizeof v, "v");
    x = 1;
    __asm__ volatile("movl $42, %0" : "=m"(x));
    if (x == 42)
        return 1; /* TARGET */
    return v & 0;
}
