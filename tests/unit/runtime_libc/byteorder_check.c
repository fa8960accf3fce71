/* runtime/libc/byteorder.c against glibc's htonl, htons, ntohl and ntohs on
 * every 16-bit value and on 32-bit values with every byte pattern class.
 * Driven by test_runtime_libc.c. */
#include <arpa/inet.h>
#include <stdint.h>
#include <stdio.h>
uint32_t my_htonl(uint32_t), my_ntohl(uint32_t);
uint16_t my_htons(uint16_t), my_ntohs(uint16_t);
int main(void) {
    int bad = 0;
    for (uint32_t v = 0; v <= 0xffff; v++)
        if (my_htons((uint16_t)v) != htons((uint16_t)v) || my_ntohs((uint16_t)v) != ntohs((uint16_t)v)) bad++;
    uint32_t x = 0x12345678u;
    for (int i = 0; i < 1000000; i++) {
        x = x * 1664525u + 1013904223u;
        uint32_t v = i < 256 ? (uint32_t)i * 0x01010101u : x;
        if (my_htonl(v) != htonl(v) || my_ntohl(v) != ntohl(v) || my_ntohl(my_htonl(v)) != v) {
            if (bad++ < 5) printf("%08x: %08x vs %08x\n", v, my_htonl(v), htonl(v));
        }
    }
    printf("bad=%d\n", bad);
    return bad != 0;
}
