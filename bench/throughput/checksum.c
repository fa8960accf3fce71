/* Concrete-only workload for bench/throughput: a checksum loop over a large
 * buffer. No symbolic input, so it measures the interpreter's concrete path. */
#include <stdio.h>
#include <stdint.h>

#define N (1u << 20)
static uint8_t buf[N];

int main(void) {
    for (uint32_t i = 0; i < N; i++) buf[i] = (uint8_t)(i * 2654435761u >> 24);
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
