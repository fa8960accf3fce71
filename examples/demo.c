/* The bundled example `make demo` runs: a tiny password checker with a
 * planted bug. symplex finds the input that reaches each branch, including the
 * one that divides by zero and the one that fails the assertion. */
#include <assert.h>
#include <stdio.h>
#include <symplex.h>

static int check(const char *pw, int tries) {
    if (pw[0] != 's') return 0;
    if (pw[1] != 'y') return 0;
    if (pw[2] != 'm') return 1;
    /* planted bug: the lockout computation divides by the remaining tries */
    int penalty = 100 / (3 - tries);
    return 2 + penalty;
}

int main(void) {
    char pw[4];
    int tries;
    symplex_make_symbolic(pw, sizeof pw, "pw");
    symplex_make_symbolic(&tries, sizeof tries, "tries");
    symplex_assume(tries >= 0 && tries <= 3);
    int level = check(pw, tries);
    if (level > 2) printf("access granted at level %d\n", level);
    assert(level != 102); /* the author believed 102 unreachable */
    return 0;
}
