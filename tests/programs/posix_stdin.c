/* symplex-test
 * args: --posix --sym-stdin 4
 * stdout: forty-two
 * paths: 341
 * stdin under --posix holds 4 symbolic bytes (KLEE's --sym-stdin): fgets
 * reads a line of them, sscanf parses a number from it, as musl does both.
 * The answer 42 must be found; a line that is no number, a negative one and
 * the rest are other paths (341 in all, most of them inside musl's scanf).
 * Replay feeds the test's bytes on stdin.
 */
#include <stdio.h>
#include <string.h>

int main(void) {
    char line[8];
    if (!fgets(line, sizeof line, stdin))
        return 9; /* never: stdin has 4 bytes */
    int n;
    if (sscanf(line, "%d", &n) != 1)
        return 1;
    if (n == 42) {
        printf("forty-two\n");
        return 2;
    }
    if (n < 0)
        return 3;
    return strlen(line) == 4 ? 4 : 5;
}
