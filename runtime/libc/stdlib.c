/* stdlib.c: <stdlib.h> models (conversions, sorting, searching, rand,
 * reallocarray) and errno. malloc/free/exit/abort belong to the engine, not to
 * this file. */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* errno lives here: glibc's <errno.h> expands errno to (*__errno_location()). */
static int stdlib_errno;

/* The engine's heap functions set errno (ENOMEM) through this (exec_heap.c). */
int *const __symplex_errno = &stdlib_errno;

int *__errno_location(void) {
    return &stdlib_errno;
}

/* glibc's (and ASan's): NULL with ENOMEM when n * size overflows, else
 * realloc, which frees and returns NULL when the product is 0. */
void *reallocarray(void *p, size_t n, size_t size) {
    size_t total;
    if (__builtin_mul_overflow(n, size, &total)) {
        errno = ENOMEM;
        return NULL;
    }
    return realloc(p, total);
}

/* Value of digit character c in bases up to 36, or 36 when c is no digit. */
static unsigned stdlib_digit(unsigned char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z')
        return c - 'A' + 10;
    return 36;
}

static int stdlib_isspace(unsigned char c) {
    return c == ' ' || (c >= '\t' && c <= '\r');
}

/* The common part of strto[u]l[l]: skips blanks, reads a sign, the base
 * prefix and the digits. Returns the magnitude, sets *neg, and sets *ovf when
 * the magnitude does not fit unsigned long long. *endp points after the last
 * digit, or at the start of the string when there is none (per C11 7.22.1.4;
 * "0x" without hex digits parses as "0" ending at the 'x'). */
static unsigned long long stdlib_parse(const char *nptr, char **endp, int base,
                                       int *neg, int *ovf) {
    const char *s = nptr;
    unsigned long long v = 0;
    *neg = 0;
    *ovf = 0;
    if (endp)
        *endp = (char *)nptr;
    if (base < 0 || base == 1 || base > 36) {
        errno = EINVAL;
        return 0;
    }
    while (stdlib_isspace((unsigned char)*s))
        s++;
    if (*s == '+' || *s == '-')
        *neg = *s++ == '-';
    if ((base == 0 || base == 16) && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') &&
        stdlib_digit((unsigned char)s[2]) < 16) {
        s += 2;
        base = 16;
    } else if (base == 0) {
        base = s[0] == '0' ? 8 : 10;
    }
    const char *digits = s;
    for (unsigned d; (d = stdlib_digit((unsigned char)*s)) < (unsigned)base; s++) {
        if (v > (ULLONG_MAX - d) / (unsigned)base)
            *ovf = 1;
        v = v * (unsigned)base + d;
    }
    if (s != digits && endp)
        *endp = (char *)s;
    return v;
}

/* Signed conversion clamped to [min, max]; -max-1 == min on two's complement. */
static long long stdlib_signed(const char *nptr, char **endp, int base,
                               long long min, long long max) {
    int neg, ovf;
    unsigned long long mag = stdlib_parse(nptr, endp, base, &neg, &ovf);
    unsigned long long limit = neg ? (unsigned long long)max + 1 : (unsigned long long)max;
    if (ovf || mag > limit) {
        errno = ERANGE;
        return neg ? min : max;
    }
    return neg ? (long long)(0 - mag) : (long long)mag;
}

/* Unsigned conversion: a '-' negates in the unsigned type, as C requires. */
static unsigned long long stdlib_unsigned(const char *nptr, char **endp, int base,
                                          unsigned long long max) {
    int neg, ovf;
    unsigned long long mag = stdlib_parse(nptr, endp, base, &neg, &ovf);
    if (ovf || mag > max) {
        errno = ERANGE;
        return max;
    }
    return neg ? (0 - mag) & max : mag;
}

long strtol(const char *restrict nptr, char **restrict endp, int base) {
    return (long)stdlib_signed(nptr, endp, base, LONG_MIN, LONG_MAX);
}

long long strtoll(const char *restrict nptr, char **restrict endp, int base) {
    return stdlib_signed(nptr, endp, base, LLONG_MIN, LLONG_MAX);
}

unsigned long strtoul(const char *restrict nptr, char **restrict endp, int base) {
    return (unsigned long)stdlib_unsigned(nptr, endp, base, ULONG_MAX);
}

unsigned long long strtoull(const char *restrict nptr, char **restrict endp, int base) {
    return stdlib_unsigned(nptr, endp, base, ULLONG_MAX);
}

/* Branch-free and computed in unsigned arithmetic, so abs(INT_MIN) returns
 * INT_MIN (as on real hardware) without the engine forking on the sign or
 * reporting an overflow inside the runtime. */
int abs(int x) {
    unsigned m = (unsigned)(x >> (sizeof x * CHAR_BIT - 1));
    return (int)(((unsigned)x ^ m) - m);
}

long labs(long x) {
    unsigned long m = (unsigned long)(x >> (sizeof x * CHAR_BIT - 1));
    return (long)(((unsigned long)x ^ m) - m);
}

long long llabs(long long x) {
    unsigned long long m = (unsigned long long)(x >> (sizeof x * CHAR_BIT - 1));
    return (long long)(((unsigned long long)x ^ m) - m);
}

static void stdlib_swap(unsigned char *a, unsigned char *b, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned char t = a[i];
        a[i] = b[i];
        b[i] = t;
    }
}

/* Insertion sort: few lines, stable, and O(n^2) is fine for the small arrays
 * symbolic execution can afford anyway. */
void qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *)) {
    unsigned char *a = base;
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && cmp(a + (j - 1) * size, a + j * size) > 0; j--)
            stdlib_swap(a + (j - 1) * size, a + j * size, size);
}

void *bsearch(const void *key, const void *base, size_t n, size_t size,
              int (*cmp)(const void *, const void *)) {
    const unsigned char *a = base;
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int r = cmp(key, a + mid * size);
        if (r == 0)
            return (void *)(a + mid * size);
        if (r < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

/* rand() reproduces glibc's generator (the TYPE_3 additive feedback
 * generator behind random()) so that a path explored here and its native
 * replay, which runs glibc's rand, see the same numbers:
 *   r[0] = seed, r[i] = 16807 * r[i-1] mod (2^31 - 1) for i < 31,
 *   r[i] = r[i-31] + r[i-3] (mod 2^32) afterwards, the first 310 of those
 *   discarded, and each call returns r[i] >> 1.
 * `stdlib_rand_ring` holds the last 31 values; slot i % 31 holds r[i-31]. */
static uint32_t stdlib_rand_ring[31];
static unsigned stdlib_rand_pos;
static int stdlib_rand_seeded;

static uint32_t stdlib_rand_step(void) {
    unsigned i = stdlib_rand_pos;
    uint32_t v = stdlib_rand_ring[i] + stdlib_rand_ring[(i + 28) % 31];
    stdlib_rand_ring[i] = v;
    stdlib_rand_pos = (i + 1) % 31;
    return v;
}

/* Park-Miller "minimal standard" step by Schrage's method, which stays within
 * 32-bit signed arithmetic; the sign fix-up is branch-free so a symbolic seed
 * does not fork thirty times. */
static int32_t stdlib_park_miller(int32_t w) {
    int32_t hi = w / 127773, lo = w % 127773;
    int32_t r = 16807 * lo - 2836 * hi;
    return r + ((r >> 31) & 2147483647);
}

void srand(unsigned seed) {
    int32_t w = seed ? (int32_t)seed : 1; /* glibc replaces seed 0 by 1 */
    stdlib_rand_ring[0] = (uint32_t)w;
    for (unsigned i = 1; i < 31; i++) {
        w = stdlib_park_miller(w);
        stdlib_rand_ring[i] = (uint32_t)w;
    }
    /* r[31..33] copy r[0..2], which are already in slots 0..2. */
    stdlib_rand_pos = 34 % 31;
    for (unsigned i = 34; i < 344; i++)
        stdlib_rand_step();
    stdlib_rand_seeded = 1;
}

int rand(void) {
    if (!stdlib_rand_seeded)
        srand(1);
    return (int)(stdlib_rand_step() >> 1);
}

void srandom(unsigned seed) {
    srand(seed);
}

long random(void) {
    return rand();
}

/* main's envp, which the engine sets before the program starts
 * (exec_initial_state): symplex's own environment, as KLEE passes its own.
 * getenv reads the same one, so the two agree with each other and with a
 * replay started in the same environment. */
char **__symplex_environ;

char *getenv(const char *name) {
    size_t n = 0;
    while (name[n] && name[n] != '=') n++;
    if (!__symplex_environ || name[n] == '=') return NULL;
    for (char **e = __symplex_environ; *e; e++) {
        size_t k = 0;
        while (k < n && (*e)[k] == name[k]) k++;
        if (k == n && (*e)[n] == '=') return *e + n + 1;
    }
    return NULL;
}
