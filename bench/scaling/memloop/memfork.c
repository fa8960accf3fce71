/* bench/scaling/memloop: writes into a large concrete buffer between forks.
 * Each of FORKS iterations writes one byte of the SIZE-byte global and then
 * branches on the symbolic input, so every state holds the buffer and
 * writes it after its fork: the cost of copy-on-write on a large object. */
#include <stdint.h>
#include <symplex.h>

#ifndef SIZE
#define SIZE (4u << 20)
#endif
#ifndef FORKS
#define FORKS 64
#endif

static uint8_t buf[SIZE];

int main(void) {
    unsigned char x;
    symplex_make_symbolic(&x, sizeof x, "x");
    unsigned hits = 0;
    for (unsigned i = 0; i < FORKS; i++) {
        buf[(i * 4099u) % SIZE] = (uint8_t)i;
        if (x == i) hits++;
    }
    return (int)(hits + buf[4099]);
}
