/* symplex-test
 * paths: 3
 * error: oob-write 20
 * memcpy of a symbolic length len in 0..32 into a 16-byte block: the length
 * stays symbolic, so one path copies in bounds (len <= 16: the copy is a
 * chain of ite(j < len, src[j], dst[j]) and the check after it sees the
 * copied bytes) and one overflows (len > 16). Concretizing the length finds
 * only one of them.
 */
#include <klee/klee.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    char src[32];
    klee_make_symbolic(src, sizeof src, "src");
    unsigned len = klee_range(0, 33, "len");
    char *dst = malloc(16);
    memset(dst, 0, 16);
    memcpy(dst, src, len);
    int r = 0;
    if (len > 8 && dst[8] == 'x') r = 1; /* src[8] when len > 8, else 0 */
    free(dst);
    return r;
}
