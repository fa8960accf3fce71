/* symplex-test
 * args: --posix --sym-stdin 3
 * stdout: forty-two
 * paths: 121
 * exits: 1 2 3 4 5
 * stdin under --posix holds 3 symbolic bytes (KLEE's --sym-stdin): fgets
 * reads a line of them, sscanf parses a number from it, as musl does both.
 * The answer 42 must be found; a line that is no number, a negative one and
 * the rest are other paths (121 in all, most of them inside musl's scanf: a
 * count pinned from a run, checked path by path by replay; `exits:` is the
 * part worked by hand: every outcome but the `return 9` no 3-byte stdin
 * reaches, 5 being a line fgets ends early, as "1\n").
 * Replay feeds the test's bytes on stdin.
 */
#include <stdio.h>
#include <string.h>

int main(void) {
    char line[8];
    if (!fgets(line, sizeof line, stdin))
        return 9; /* never: stdin has 3 bytes */
    int n;
    if (sscanf(line, "%d", &n) != 1)
        return 1;
    if (n == 42) {
        printf("forty-two\n");
        return 2;
    }
    if (n < 0)
        return 3;
    return strlen(line) == 3 ? 4 : 5;
}
