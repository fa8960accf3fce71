/* For tests/test_halt.py: LIVE + 1 states alive at a --max-instructions
 * halt, two of which covered something no test reaches yet.
 * Depth-first search: each symbolic `v == 7` leaves its true side behind
 * (never run again) and follows the false side; the one state that gets past
 * the loop spins on new lines until the halt. The concrete first two values
 * cover both sides of the branch before it forks, so of the states left
 * behind only the first (which, like the spinning one, covered the lines of
 * main before the loop) has new coverage. Symbolic input: LIVE bytes `in`. */
#include <klee/klee.h>

#define LIVE 200

static unsigned char in[LIVE];
static const unsigned char first[2] = {7, 0};

int main(void) {
    klee_make_symbolic(in, sizeof in, "in");
    unsigned n = 0;
    for (int i = 0; i < LIVE + 2; i++) {
        unsigned char v = i < 2 ? first[i] : in[i - 2];
        if (v == 7)
            n++;
    }
    volatile unsigned spin = n;
    for (;;)
        spin++;
}
