/* symplex-test
 * args: --posix --sym-stdin 2
 * paths: 37
 * exits: 0 1 2 3
 * scanf("%x") on two symbolic bytes of stdin, as glibc reads it (tests replay
 * there): "0x" with no hex digit after it is the number 0 with both bytes
 * consumed (exit 3), where musl's scanf reported a matching failure (exit 0
 * under symplex, 3 natively: the test left its path).
 */
#include <stdio.h>

int main(void) {
    unsigned v = 7;
    int n = -1, r = scanf("%x%n", &v, &n);
    if (r != 1) return 0;
    if (v == 0 && n == 2) return 3;
    return v > 9 ? 2 : 1;
}
