/* symplex-test
 * paths: 1
 * tests: 1
 * memcpy, memmove (overlapping, both directions) and memset of every length
 * from 0 to 24 between concrete pointers, on symbolic bytes: block copies go
 * 8 bytes at a time, so every remainder of the length by 8 is a case of its
 * own. Each destination is checked byte by byte, the bytes around the range
 * untouched; the checks hold on every input, so there is one path.
 */
#include <klee/klee.h>
#include <string.h>

enum { N = 24, PAD = 3 };

static unsigned char src[N], dst[N + 2 * PAD];

/* dst[PAD .. PAD+n) holds want[0 .. n), every other byte is fill */
static void expect(const unsigned char *want, unsigned n, unsigned char fill) {
    for (unsigned i = 0; i < sizeof dst; i++)
        klee_assert(dst[i] == (i >= PAD && i < PAD + n ? want[i - PAD] : fill));
}

int main(void) {
    klee_make_symbolic(src, sizeof src, "src");
    for (unsigned n = 0; n <= N; n++) {
        memset(dst, 0xee, sizeof dst);
        memcpy(dst + PAD, src, n);
        expect(src, n, 0xee);
        memset(dst + PAD, 0x5a, n);
        unsigned char fives[N];
        for (unsigned i = 0; i < N; i++) fives[i] = 0x5a;
        expect(fives, n, 0xee);
        /* dst[PAD..) = src, then moved one byte up and back down over itself */
        memset(dst, 0xee, sizeof dst);
        memcpy(dst + PAD, src, n);
        memmove(dst + PAD + 1, dst + PAD, n);
        memmove(dst + PAD, dst + PAD + 1, n);
        klee_assert(dst[PAD + n] == (n ? src[n - 1] : 0xee));
        dst[PAD + n] = 0xee;
        expect(src, n, 0xee);
    }
    return 0;
}
