/* symplex-test
 * paths: 1
 * error: invalid-free 21
 * free() of a pointer into the middle of a heap block: the skip of leading
 * blanks advances the pointer when s[0] == ' ' and then frees it.
 * Normal path: s[0] != ' '.
 */
#include <symplex.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    char in[1];
    symplex_make_symbolic(in, sizeof in, "in");
    char *s = malloc(4);
    memset(s, 'x', 4);
    s[0] = in[0];
    char *p = s;
    if (*p == ' ')
        p++;
    free(p); /*@A*/
    return 0;
}
