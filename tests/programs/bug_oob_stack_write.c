/* symplex-test
 * paths: 2
 * error: oob-write 15
 * Off-by-one write into a stack array at a symbolic index n in 0..8 (the
 * array has 8 bytes); paths where n < 8 complete (n == 0 and n in 1..7
 * split on the later check).
 */
#include <klee/klee.h>

int main(void) {
    char buf[8];
    for (int k = 0; k < 8; k++)
        buf[k] = 'a';
    int n = klee_range(0, 9, "n");
    buf[n] = 0; /*@A*/
    if (buf[0] == 0)
        return 1;
    return 0;
}
