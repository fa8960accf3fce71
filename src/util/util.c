#define _GNU_SOURCE
#include "util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static bool util_quiet, util_dirty;

void util_set_quiet(bool quiet) { util_quiet = quiet; }
void util_progress_dirty(bool dirty) { util_dirty = dirty; }

static void util_prefix(const char *what) {
    if (util_dirty) fputc('\n', stderr);
    util_dirty = false;
    fputs(what, stderr);
}

static _Noreturn void util_oom(void) {
    fputs("symplex: error: out of memory\n", stderr);
    exit(1);
}

void *util_malloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) util_oom();
    return p;
}

void *util_calloc(size_t n, size_t sz) {
    void *p = calloc(n ? n : 1, sz ? sz : 1);
    if (!p) util_oom();
    return p;
}

void *util_realloc(void *p, size_t n) {
    void *q = realloc(p, n ? n : 1);
    if (!q) util_oom();
    return q;
}

char *util_strdup(const char *s) {
    size_t n = strlen(s) + 1;
    return memcpy(util_malloc(n), s, n);
}

char *util_format(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char *out = NULL;
    if (vasprintf(&out, fmt, ap) < 0) util_oom();
    va_end(ap);
    return out;
}

void util_fatal(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    util_prefix("symplex: error: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

void util_warn(const char *fmt, ...) {
    if (util_quiet) return;
    va_list ap;
    va_start(ap, fmt);
    util_prefix("symplex: warning: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* A small set of keys already warned about; warnings are rare so a list is enough. */
static VEC(char *) util_warned;

void util_warn_once(const char *key, const char *fmt, ...) {
    for (size_t i = 0; i < util_warned.len; i++)
        if (strcmp(util_warned.data[i], key) == 0) return;
    VEC_PUSH(util_warned, util_strdup(key));
    if (util_quiet) return;
    va_list ap;
    va_start(ap, fmt);
    util_prefix("symplex: warning: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

uint64_t util_hash_bytes(const void *p, size_t n) {
    const unsigned char *b = p;
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

static uint64_t rng_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

void rng_seed(Rng *r, uint64_t seed) {
    /* splitmix64 expands the seed so that nearby seeds give unrelated streams. */
    for (int i = 0; i < 4; i++) {
        uint64_t z = (seed += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        r->s[i] = z ^ (z >> 31);
    }
}

uint64_t rng_next(Rng *r) {
    uint64_t *s = r->s;
    uint64_t result = rng_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rng_rotl(s[3], 45);
    return result;
}

uint64_t rng_below(Rng *r, uint64_t n) { return rng_next(r) % n; }

double rng_double(Rng *r) { return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0); }

static double timer_clock(clockid_t id) {
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double timer_now(void) { return timer_clock(CLOCK_MONOTONIC); }

double timer_cpu(void) { return timer_clock(CLOCK_PROCESS_CPUTIME_ID); }
