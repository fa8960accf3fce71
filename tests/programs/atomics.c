/* symplex-test
 * paths: 2
 * GCC atomic builtins on one thread behave like plain memory operations:
 * __atomic_fetch_add returns the old value, __sync_bool_compare_and_swap
 * succeeds only when the expected value matches (symbolic: forks on it),
 * __atomic_exchange_n returns the old value. Paths: CAS succeeds / fails.
 */
#include <symplex.h>
#include <assert.h>

static int counter;

int main(void) {
    int x;
    symplex_make_symbolic(&x, sizeof x, "x");
    counter = 10;
    int old = __atomic_fetch_add(&counter, 5, __ATOMIC_SEQ_CST);
    assert(old == 10);
    assert(counter == 15);
    int ok = 0;
    if (__sync_bool_compare_and_swap(&counter, x, 99))
        ok = 1;
    assert(ok == (counter == 99));
    int prev = __atomic_exchange_n(&counter, x, __ATOMIC_SEQ_CST);
    assert(ok ? prev == 99 : prev == 15);
    assert(__atomic_load_n(&counter, __ATOMIC_RELAXED) == x);
    return ok;
}
