/* For tests/test_interrupt.py: far more paths than any test waits for, every
 * one of them ending with exit status 0, so a run only ends by a limit or a
 * signal, and every test it writes must replay natively to exit 0.
 * Symbolic input: 48 bytes `buf`. */
#include <klee/klee.h>

int main(void) {
    unsigned char buf[48];
    klee_make_symbolic(buf, sizeof buf, "buf");
    int score = 0;
    for (int i = 0; i < 48; i++) {
        if (buf[i] > 'm')
            score++;
        else if (buf[i] == 'a')
            score += 2;
    }
    return score > 1000; /* never: at most 96 */
}
