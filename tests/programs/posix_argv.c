/* symplex-test
 * args: --posix --sym-args 0 1 2 --search=dfs
 * paths: 5
 * coverage: 100
 * The program's own argv under --posix: zero or one symbolic argument of up
 * to 2 bytes (KLEE's --sym-args). Paths: no argument; "-v"; "-" or "-x";
 * the empty argument; anything else. Replay rebuilds argv from the test.
 */
#include <stdio.h>

int main(int argc, char **argv) {
    if (argc < 2)
        return 0;
    const char *a = argv[1];
    if (a[0] == '-') {
        if (a[1] == 'v') {
            printf("verbose\n");
            return 1;
        }
        return 2;
    }
    if (a[0] == 0)
        return 3;
    return 4;
}
