/* bench/scaling/memloop: a checksum over a large concrete buffer, as issue 29
 * states it: stores of every element, then four passes of loads. No symbolic
 * input: it measures the interpreter's concrete memory path (and, whole
 * process, the fixed cost of a run). SIZE is the buffer's size in bytes, ELEM
 * the access type (uint8_t: byte accesses; uint32_t: int accesses). */
#include <stdint.h>
#include <stdio.h>

#ifndef SIZE
#define SIZE (4u << 20)
#endif
#ifndef ELEM
#define ELEM uint8_t
#endif
#define N (SIZE / sizeof(ELEM))

static ELEM buf[N];

int main(void) {
    for (uint32_t i = 0; i < N; i++) buf[i] = (ELEM)(i * 2654435761u >> 24);
    uint32_t a = 1, b = 0;
    for (int round = 0; round < 4; round++) {
        for (uint32_t i = 0; i < N; i++) {
            a = (a + buf[i]) % 65521u;
            b = (b + a) % 65521u;
        }
    }
    printf("checksum %08x\n", (b << 16) | a);
    return 0;
}
