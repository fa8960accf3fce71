/* sha256: the SHA-256 digest (FIPS 180-4), for the program hash Test-Comp's
 * metadata records. Plain libc only. */
#ifndef SYMPLEX_SHA256_H
#define SYMPLEX_SHA256_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct Sha256 {
    uint32_t h[8];
    uint64_t total;        /* bytes hashed so far */
    unsigned char block[64];
    size_t used;           /* bytes waiting in block */
} Sha256;

void sha256_init(Sha256 *c);
void sha256_update(Sha256 *c, const void *data, size_t n);
/* Writes the digest as 64 lowercase hex digits plus a NUL into hex. */
void sha256_final_hex(Sha256 *c, char hex[65]);
/* Digest of a whole file; false when it cannot be read. */
bool sha256_file_hex(const char *path, char hex[65]);

#endif
