/* api.c: the parts of the symplex / KLEE / SV-COMP input API that are plain C
 * on top of the engine's primitives (make_symbolic, assume, report_error).
 *
 * The native replay library compiles this same file (runtime/replay/api.c
 * includes it), so a range or nondet call consumes ktest objects exactly as
 * it created them under the engine. The replay build defines SYMPLEX_RT_DEF
 * as a weak attribute so a program that defines one of these itself still
 * links; in the bitcode the loader lets a user's definition win instead. */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <symplex.h>
#include <klee/klee.h>

#ifndef SYMPLEX_RT_DEF
#define SYMPLEX_RT_DEF
#endif

/* Half-open [lo, hi). One unsigned comparison instead of `lo <= x && x < hi`:
 * the && would fork the path in two before the assume. Unsigned arithmetic
 * cannot overflow, so --check-overflow never fires inside the runtime. */
static int api_range(int lo, int hi, const char *name) {
    if (lo >= hi)
        symplex_report_error(__FILE__, __LINE__, "invalid range", "user");
    if (hi - 1 == lo)
        return lo;
    int x;
    symplex_make_symbolic(&x, sizeof x, name);
    symplex_assume((unsigned)x - (unsigned)lo < (unsigned)hi - (unsigned)lo);
    return x;
}

SYMPLEX_RT_DEF int symplex_range(int lo, int hi, const char *name) {
    return api_range(lo, hi, name);
}

SYMPLEX_RT_DEF int klee_range(int begin, int end, const char *name) {
    return api_range(begin, end, name);
}

SYMPLEX_RT_DEF int symplex_int(const char *name) {
    int x;
    symplex_make_symbolic(&x, sizeof x, name);
    return x;
}

SYMPLEX_RT_DEF int klee_int(const char *name) {
    int x;
    klee_make_symbolic(&x, sizeof x, name);
    return x;
}

/* --- small KLEE conveniences ------------------------------------------- */

SYMPLEX_RT_DEF unsigned klee_is_replay(void) {
#ifdef SYMPLEX_NATIVE_REPLAY
    return 1;
#else
    return 0;
#endif
}

SYMPLEX_RT_DEF int klee_get_errno(void) {
    return errno;
}

/* A symbolic value in [0, n): the other values end the path silently. */
SYMPLEX_RT_DEF uintptr_t klee_choose(uintptr_t n) {
    uintptr_t x;
    klee_make_symbolic(&x, sizeof x, "klee_choose");
    if (x >= n)
        klee_silent_exit(0);
    return x;
}

/* --- SV-COMP / Test-Comp ------------------------------------------------ */

SYMPLEX_RT_DEF void __VERIFIER_assume(int cond) {
    symplex_assume(cond != 0);
}

/* Each call creates one symbolic object named after the function, which is
 * what Test-Comp witnesses and our replay expect. */
#define API_NONDET(suffix, T)                                                  \
    SYMPLEX_RT_DEF T __VERIFIER_nondet_##suffix(void) {                        \
        T v;                                                                   \
        symplex_make_symbolic(&v, sizeof v, "__VERIFIER_nondet_" #suffix);     \
        return v;                                                              \
    }

API_NONDET(char, char)
API_NONDET(schar, signed char)
API_NONDET(uchar, unsigned char)
API_NONDET(short, short)
API_NONDET(ushort, unsigned short)
API_NONDET(int, int)
API_NONDET(uint, unsigned int)
API_NONDET(unsigned, unsigned int)
API_NONDET(long, long)
API_NONDET(ulong, unsigned long)
API_NONDET(longlong, long long)
API_NONDET(ulonglong, unsigned long long)
API_NONDET(int128, __int128)
API_NONDET(uint128, unsigned __int128)
API_NONDET(size_t, size_t)
API_NONDET(loff_t, long long)
API_NONDET(sector_t, unsigned long long)
API_NONDET(pthread_t, unsigned long)
API_NONDET(u8, uint8_t)
API_NONDET(u16, uint16_t)
API_NONDET(u32, uint32_t)
API_NONDET(u64, uint64_t)
API_NONDET(s8, int8_t)
API_NONDET(s16, int16_t)
API_NONDET(s32, int32_t)
API_NONDET(s64, int64_t)
API_NONDET(pointer, void *)
API_NONDET(pchar, char *)
API_NONDET(float, float)
API_NONDET(double, double)

/* A byte constrained to 0/1: a _Bool holding any other bit pattern is
 * undefined behaviour, so the object itself must never take one. */
SYMPLEX_RT_DEF _Bool __VERIFIER_nondet_bool(void) {
    unsigned char b;
    symplex_make_symbolic(&b, sizeof b, "__VERIFIER_nondet_bool");
    symplex_assume(b <= 1);
    return b;
}
