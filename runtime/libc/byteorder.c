/* byteorder.c: <arpa/inet.h>'s byte-order conversions, which glibc's headers
 * leave as calls when not optimising (KLEE's klee-libc models them too).
 * Network order is big-endian: the value's bytes are stored most significant
 * first, which is right whatever the target's own order, and the conversion
 * is its own inverse. Plain shifts and byte stores keep symbolic values
 * exact. */
#include <stdint.h>

uint32_t htonl(uint32_t h) {
    union { uint32_t v; unsigned char b[4]; } u;
    u.b[0] = (unsigned char)(h >> 24);
    u.b[1] = (unsigned char)(h >> 16);
    u.b[2] = (unsigned char)(h >> 8);
    u.b[3] = (unsigned char)h;
    return u.v;
}

uint16_t htons(uint16_t h) {
    union { uint16_t v; unsigned char b[2]; } u;
    u.b[0] = (unsigned char)(h >> 8);
    u.b[1] = (unsigned char)h;
    return u.v;
}

uint32_t ntohl(uint32_t n) { return htonl(n); }

uint16_t ntohs(uint16_t n) { return htons(n); }
