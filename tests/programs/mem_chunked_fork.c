/* symplex-test
 * paths: 4
 * A global over 64 KiB keeps its bytes in chunks shared copy-on-write
 * between forked states (mem.h). Before the fork on x == 3: an 8-byte
 * store across the first chunk boundary (a packed member), a byte in a far
 * chunk, and a symbolic byte (x) in the object. After it, each side writes
 * chunks the other still shares: x == 3 rewrites that far byte, the
 * straddling word and the symbolic byte; the other side writes the next
 * byte. The paths then read what they wrote and what they did not:
 *   x == 3        exit 0x78 + 2 + 0 = 122
 *   x == 200      (the symbolic byte read back) exit 40 + 1 + 5 = 46
 *   x < 3         a read at a symbolic index over the chunks: 50 or 56
 *   otherwise     exit 0x77 + 1 + 5 = 125
 * A write leaking into the other side's chunks, or a straddling access
 * read or written wrong, gives an exit status the native replay refutes.
 */
#include <klee/klee.h>
#include <stdint.h>

#define SIZE (256u * 1024)

static struct __attribute__((packed)) {
    unsigned char head[4093];
    uint64_t straddle; /* bytes 4093..4100: across the first chunk boundary */
    unsigned char rest[SIZE - 4101];
} big;

int main(void) {
    unsigned char x;
    klee_make_symbolic(&x, sizeof x, "x");
    big.straddle = 0x1122334455667788ull;
    big.rest[5000] = 6;
    big.rest[70000] = 1;
    big.head[100] = x;
    if (x == 3) {
        big.rest[70000] = 2;
        big.straddle += 0x0101;
        big.head[100] = 9;
    } else {
        big.rest[70001] = 5;
    }
    int seen = big.rest[70000] + big.rest[70001];
    if (big.head[100] == 200)
        return 40 + seen;
    if (x < 3)
        return 50 + big.rest[x * 5000u];
    return (int)((big.straddle >> 8) & 0x7f) + seen;
}
