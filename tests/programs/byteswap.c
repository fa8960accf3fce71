/* symplex-test
 * paths: 3
 * exits: 0 1 2
 * KLEE's ByteSwap test: htonl, ntohl, htons and ntohs are modelled
 * (runtime/libc/byteorder.c) and exact on symbolic values, so the round trip
 * never fails (the abort is unreachable) and each side of the comparisons
 * after it is a path: htonl(x) == 0x01020304, htons of x's low half ==
 * 0x0102, neither. Without the models the first call ends the state.
 */
#include <arpa/inet.h>
#include <stdint.h>
#include <stdlib.h>
#include <symplex.h>

int main(void) {
    uint32_t x;
    symplex_make_symbolic(&x, sizeof x, "x");
    if (ntohl(htonl(x)) != x || ntohs(htons((uint16_t)x)) != (uint16_t)x)
        abort();
    if (htonl(x) == 0x01020304u) return 1;
    if (htons((uint16_t)x) == 0x0102u) return 2;
    return 0;
}
