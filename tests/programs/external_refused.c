/* symplex-test
 * paths: 1
 * early: external call 6
 * early-total: 6
 * Under the default --external-calls=safe, a function that is not on the
 * allow-list is not run: unlink, remove, rename and open with O_TRUNC each end
 * their state with reason `external call` (and a warning naming the function
 * and its line). So does an allowed function handed a pointer into no object
 * of the program (native code would read symplex's own memory), and one that
 * writes past the object it is given (caught in the host copy's red zone
 * instead of symplex's heap). tests/test_external_policy.py checks that the
 * files are really left alone and that --external-calls=all deletes them.
 * The native replay of the early tests does run unlink and friends: the
 * file name is one nobody creates, so the replay deletes nothing.
 */
#define _GNU_SOURCE /* memfrob */
#include <symplex.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define VICTIM "symplex-should-not-delete-3f9c2e"

int main(void) {
    int x;
    symplex_make_symbolic(&x, sizeof x, "x");
    switch (x) {
    case 1: return unlink(VICTIM) == 0 ? 10 : 11;
    case 2: return remove(VICTIM) == 0 ? 20 : 21;
    case 3: return rename(VICTIM, VICTIM ".moved") == 0 ? 30 : 31;
    case 4: return open(VICTIM, O_WRONLY | O_TRUNC) >= 0 ? 40 : 41;
    case 5: return strtod((const char *)(unsigned long)0x7654321, NULL) > 0 ? 50 : 51;
    case 6: {
        char small[4] = "abc";
        memfrob(small, 40); /* allowed, not modelled (stpcpy was, until runtime/libc modelled it) */
        return small[0] == 'a' ? 60 : 61;
    }
    }
    return 0;
}
