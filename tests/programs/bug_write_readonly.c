/* symplex-test
 * paths: 1
 * error: oob-write 22
 * replay: no
 * A store through a concrete pointer into a string literal, an object symplex
 * keeps read-only, right after a read of it (so the interpreter's store fast
 * path finds it as the last object accessed): the fast path must leave the
 * store to the checking path, which reports it. The other path only reads.
 * Not replayed: natively the write is a SIGSEGV, which the replay tool does
 * not count as agreeing with oob-write.
 */
#include <klee/klee.h>

static char buf[4];

int main(void) {
    int sel = klee_range(0, 2, "sel");
    char *s = (char *)"abc";
    buf[0] = s[1];
    if (sel == 0) {
        char c = s[0]; /* the last object accessed is the literal again */
        s[1] = c;
    }
    return buf[0] == 'b' ? 0 : 1;
}
