/* symplex-test
 * paths: 2
 * error: abort 15
 * abort() on one path (cmd == 'q' after the 'x' check) only.
 */
#include <symplex.h>
#include <stdlib.h>

int main(void) {
    char cmd;
    symplex_make_symbolic(&cmd, sizeof cmd, "cmd");
    if (cmd == 'x')
        return 1;
    if (cmd == 'q')
        abort(); /*@A*/
    return 0;
}
