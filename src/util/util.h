/* util: allocation, growable vectors, hashing, error exit.
 * Allocation failure is fatal everywhere: a symbolic executor that runs out of
 * memory mid-instruction cannot recover a consistent state, and the memory cap
 * (--max-memory) is enforced long before malloc fails. */
#ifndef SYMPLEX_UTIL_H
#define SYMPLEX_UTIL_H
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdlib.h>

void *util_malloc(size_t n);
void *util_calloc(size_t n, size_t sz);
void *util_realloc(void *p, size_t n);
char *util_strdup(const char *s);
char *util_format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* One clear line on stderr, then exit(1). Output files already written stay. */
_Noreturn void util_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void util_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Warn only the first time `key` is seen (per process). */
void util_warn_once(const char *key, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void util_set_quiet(bool quiet);
/* The progress display left an unfinished line on stderr: the next warning
 * starts on a new line. */
void util_progress_dirty(bool dirty);

/* Growable vector of T: `VEC(int) v = {0}; VEC_PUSH(v, 3); v.data[i]; v.len`. */
#define VEC(T) struct { T *data; size_t len, cap; }
#define VEC_RESERVE(v, n)                                                        \
    do {                                                                         \
        if ((n) > (v).cap) {                                                     \
            size_t nc_ = (v).cap ? (v).cap * 2 : 8;                              \
            while (nc_ < (n)) nc_ *= 2;                                          \
            (v).data = util_realloc((v).data, nc_ * sizeof *(v).data);           \
            (v).cap = nc_;                                                       \
        }                                                                        \
    } while (0)
#define VEC_PUSH(v, x)                                                           \
    do {                                                                         \
        VEC_RESERVE(v, (v).len + 1);                                             \
        (v).data[(v).len++] = (x);                                               \
    } while (0)
#define VEC_POP(v) ((v).data[--(v).len])
#define VEC_FREE(v) do { free((v).data); (v).data = NULL; (v).len = (v).cap = 0; } while (0)

/* 1 in the test build (CMakeLists.txt): everything is freed before the exit,
 * so the leak checker sees every free. A release build leaves to the exit
 * what only the exit needs gone: the states the end drops, and the engine,
 * solver and module once the outputs are closed (engine_halt.c, main.c). */
#ifndef SYMPLEX_FREE_AT_EXIT
#define SYMPLEX_FREE_AT_EXIT 0
#endif

static inline uint64_t util_hash_mix(uint64_t h, uint64_t x) {
    h ^= x + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdull;
    return h ^ (h >> 32);
}
uint64_t util_hash_bytes(const void *p, size_t n);

/* Seeded, reproducible PRNG (xoshiro256**). */
typedef struct Rng { uint64_t s[4]; } Rng;
void rng_seed(Rng *r, uint64_t seed);
uint64_t rng_next(Rng *r);
/* Uniform in [0, n); n > 0. */
uint64_t rng_below(Rng *r, uint64_t n);
double rng_double(Rng *r);

/* Monotonic seconds since an arbitrary origin. */
double timer_now(void);
/* CPU seconds the process has used, all threads. */
double timer_cpu(void);

#endif
