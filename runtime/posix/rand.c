/* rand.c: the pseudo-random numbers of the host's C library (glibc), in
 * place of musl's (linked over musl's rand, srand, random, srandom,
 * initstate, setstate and rand_r).
 *
 * A test replays natively, on glibc: a program that seeds rand() and
 * branches on what it returns must see glibc's sequence, or its test takes
 * another path there (musl's srand(1); rand() is 0, glibc's 1804289383).
 * glibc's generators, as its manual and the standard's sample describe them:
 *
 * - random() and rand(): an additive feedback generator over a table of
 *   DEG words, r[i] = r[i-DEG] + r[i-SEP] (mod 2^32), returning r[i] >> 1.
 *   srandom(s) fills the table with Park and Miller's minimal standard
 *   generator (r[0] = s, r[k] = 16807 r[k-1] mod 2^31-1; s = 0 counts as 1)
 *   and throws away the first 10 * DEG outputs. The table's size picks DEG
 *   and SEP: 31 and 3 by default, 7/3, 15/1 or 63/1 for the buffers
 *   initstate is given (8 to 255 bytes and more), and a plain linear
 *   congruential step (x * 1103515245 + 12345, 31 bits) for 8 to 31 bytes.
 *   Without srandom the sequence is srandom(1)'s.
 * - initstate and setstate keep the state in the caller's buffer: its first
 *   word is TYPE + 5 * REAR (the kind of table and where in it the next step
 *   reads), the table follows.
 * - rand_r: three steps of x * 1103515245 + 12345 on *seed, giving 11, 10
 *   and 10 bits of the result. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

enum { RAND_KINDS = 5, RAND_DEFAULT_KIND = 3 };
static const struct { int32_t deg, sep, min_bytes; } rand_kinds[RAND_KINDS] = {
    {0, 0, 8}, {7, 3, 32}, {15, 1, 64}, {31, 3, 128}, {63, 1, 256},
};

/* the default buffer (a 31-word table), and the buffer in use */
static int32_t rand_default[1 + 31];
static int32_t *rand_cur;

static int32_t rand_kind(const int32_t *buf) { return buf[0] % RAND_KINDS; }

static uint32_t rand_step(int32_t *buf) {
    int32_t kind = rand_kind(buf), *table = buf + 1;
    if (kind == 0) {
        table[0] = (int32_t)(((uint32_t)table[0] * 1103515245u + 12345u) & 0x7fffffff);
        return (uint32_t)table[0];
    }
    int32_t deg = rand_kinds[kind].deg, rear = buf[0] / RAND_KINDS, front = (rear + rand_kinds[kind].sep) % deg;
    uint32_t v = (uint32_t)table[front] + (uint32_t)table[rear];
    table[front] = (int32_t)v;
    buf[0] = kind + RAND_KINDS * ((rear + 1) % deg);
    return v >> 1;
}

static void rand_seed(int32_t *buf, unsigned seed) {
    int32_t kind = rand_kind(buf), *table = buf + 1;
    if (seed == 0) seed = 1;
    table[0] = (int32_t)seed;
    if (kind == 0) return;
    int32_t deg = rand_kinds[kind].deg;
    int64_t word = (int32_t)seed;
    for (int32_t k = 1; k < deg; k++) {
        /* 16807 * word mod 2^31-1 without overflow (Schrage's method) */
        int64_t hi = word / 127773, lo = word % 127773;
        word = 16807 * lo - 2836 * hi;
        if (word < 0) word += 2147483647;
        table[k] = (int32_t)word;
    }
    buf[0] = kind; /* rear at 0 */
    for (int32_t k = 0; k < 10 * deg; k++) rand_step(buf);
}

static int32_t *rand_buffer(void) {
    if (!rand_cur) {
        rand_cur = rand_default;
        rand_cur[0] = RAND_DEFAULT_KIND;
        rand_seed(rand_cur, 1);
    }
    return rand_cur;
}

void srandom(unsigned seed) { rand_seed(rand_buffer(), seed); }

long random(void) { return (long)rand_step(rand_buffer()); }

void srand(unsigned seed) { srandom(seed); }

int rand(void) { return (int)rand_step(rand_buffer()); }

char *initstate(unsigned seed, char *state, size_t size) {
    int32_t kind = RAND_KINDS - 1;
    while (kind >= 0 && size < (size_t)rand_kinds[kind].min_bytes) kind--;
    if (kind < 0) {
        errno = EINVAL;
        return 0;
    }
    char *old = (char *)rand_buffer();
    int32_t *buf = (int32_t *)(void *)state;
    buf[0] = kind;
    rand_seed(buf, seed);
    rand_cur = buf;
    return old;
}

char *setstate(char *state) {
    int32_t *buf = (int32_t *)(void *)state;
    int32_t kind = rand_kind(buf);
    if (kind < 0 || (kind > 0 && buf[0] / RAND_KINDS >= rand_kinds[kind].deg)) {
        errno = EINVAL;
        return 0;
    }
    char *old = (char *)rand_buffer();
    rand_cur = buf;
    return old;
}

int rand_r(unsigned *seed) {
    unsigned x = *seed * 1103515245u + 12345u, result = (x / 65536) % 2048;
    for (int k = 0; k < 2; k++) {
        x = x * 1103515245u + 12345u;
        result = (result << 10) ^ ((x / 65536) % 1024);
    }
    *seed = x;
    return (int)result;
}
