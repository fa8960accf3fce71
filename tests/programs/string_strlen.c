/* symplex-test
 * paths: 4
 * strlen on a 4-byte symbolic buffer whose last byte is forced to NUL: one
 * path per possible length 0..3 (the model's loop forks once per byte).
 * s[n] is the terminator (assert, no new fork).
 */
#include <klee/klee.h>
#include <string.h>

int main(void) {
    char s[4];
    klee_make_symbolic(s, sizeof s, "s");
    klee_assume(s[3] == 0);
    size_t n = strlen(s);
    klee_assert(n <= 3);
    klee_assert(s[n] == 0);
    return (int)n + 5;
}
