/* symplex-test
 * stdout: digit
 * early-total: 0
 * exits: 0 1 2 5
 * isdigit/isalpha/isspace/toupper on a symbolic char. The path count depends
 * on how the ctype model is written, so no `paths:`; the digit case must be
 * reached, toupper must agree with the ASCII rule (assert), no errors; every
 * class (digit 1, letter 2, space 5, other 0) has its exit.
 */
#include <klee/klee.h>
#include <ctype.h>
#include <stdio.h>

int main(void) {
    unsigned char c;
    klee_make_symbolic(&c, sizeof c, "c");
    klee_assume(c < 128);
    if (isdigit(c)) {
        klee_assert(c >= '0');
        printf("digit\n");
        return 1;
    }
    if (isalpha(c)) {
        int u = toupper(c);
        klee_assert(u >= 'A');
        klee_assert(u <= 'Z');
        return 2;
    }
    if (isspace(c))
        return 5;
    return 0;
}
