/* symplex-test
 * strcmp/strncmp/strcpy/strchr on small NUL-terminated symbolic strings. The
 * number of paths depends on how the libc model's loops are written, so no
 * exact `paths:`; every path must replay and no error may be reported. The
 * equal case must be reached: stdout shows the match line.
 * stdout: match ab
 * exits: 0 1 2
 */
#include <klee/klee.h>
#include <string.h>
#include <stdio.h>

int main(void) {
    char s[4], t[4];
    klee_make_symbolic(s, sizeof s, "s");
    klee_assume(s[3] == 0);
    klee_assume(s[2] == 0);
    int c = strcmp(s, "ab");
    if (c == 0) {
        strcpy(t, s);
        klee_assert(t[0] == 'a');
        klee_assert(strchr(t, 'b') == t + 1);
        printf("match %s\n", t);
        return 1;
    }
    if (strncmp(s, "a", 1) == 0)
        return 2;
    return 0;
}
