/* symplex-test
 * paths: 2
 * A variadic function of its own (va_start/va_arg/va_end) sums N ints; the
 * count is concrete so its loop does not fork. Only the test on the symbolic
 * sum forks. The sum identity is asserted. The branch inside clang's va_arg
 * code (line 18) takes the register save area for the first five ints, as
 * natively (the path check compares it).
 */
#include <symplex.h>
#include <stdarg.h>
#include <assert.h>

static int sum(int count, ...) {
    va_list ap;
    int s = 0;
    va_start(ap, count);
    for (int i = 0; i < count; i++)
        s += va_arg(ap, int);
    va_end(ap);
    return s;
}

int main(void) {
    unsigned char a, b, c;
    symplex_make_symbolic(&a, sizeof a, "a");
    symplex_make_symbolic(&b, sizeof b, "b");
    symplex_make_symbolic(&c, sizeof c, "c");
    int s = sum(3, (int)a, (int)b, (int)c);
    assert(s == a + b + c);
    assert(sum(4, 1, 2, 3, 4) == 10);
    if (s > 300)
        return 1;
    return 0;
}
