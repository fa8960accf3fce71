/* symplex-test
 * paths: 1
 * error: oob-write 20
 * malloc of a symbolic size n in 2..8: bytes 0 and 1 lie below every size
 * the path allows (they need no check), byte 2 is past the end exactly when
 * n is 2, the least size. That byte, the first one at the least size, must
 * be checked: the store is out of bounds on the path n == 2, in bounds on the
 * other (one completed path).
 */
#include <klee/klee.h>
#include <stdlib.h>

int main(void) {
    unsigned n = klee_range(2, 9, "n");
    char *p = malloc(n);
    if (!p)
        return 2;
    p[0] = 'a';
    p[1] = 'b';
    p[2] = 'c';
    int sum = p[0] + p[2];
    free(p);
    return sum == 'a' + 'c' ? 0 : 1;
}
