/* symplex-test
 * paths: 2
 * error: double-free 21
 * An error path frees a buffer and the common cleanup frees it again.
 * Normal paths: len <= 16 (no early free) with len == 0 or not.
 */
#include <symplex.h>
#include <stdlib.h>

int main(void) {
    unsigned char len;
    symplex_make_symbolic(&len, sizeof len, "len");
    char *buf = malloc(16);
    int status = 0;
    if (len > 16) {
        free(buf);
        status = 1;
    } else if (len == 0) {
        status = 2;
    }
    free(buf); /*@A*/
    return status;
}
