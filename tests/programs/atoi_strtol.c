/* symplex-test
 * stdout: forty-two
 * exits: 0 1
 * atoi and strtol on a symbolic string of at most 2 characters ("-9".."99").
 * The path count depends on the libc model, so no `paths:`; the value 42
 * must be found (stdout), strtol must agree with atoi and stop where it says.
 */
#include <klee/klee.h>
#include <stdlib.h>
#include <stdio.h>

int main(void) {
    char s[3];
    klee_make_symbolic(s, sizeof s, "s");
    klee_assume(s[2] == 0);
    int v = atoi(s);
    char *end;
    long l = strtol(s, &end, 10);
    klee_assert(l == v);
    klee_assert(end >= s);
    klee_assert(end <= s + 2);
    klee_assert(v > -10);
    klee_assert(v < 100);
    if (v == 42) {
        printf("forty-two\n");
        return 1;
    }
    return 0;
}
