/* The input API built on make_symbolic/assume (ranges, klee_int, SV-COMP
 * nondet), compiled natively from the very same source the engine runs, so a
 * replay consumes ktest objects exactly as the engine created them. Weak, so
 * a program that defines one of these itself still links. */
#define SYMPLEX_NATIVE_REPLAY 1
#define SYMPLEX_RT_DEF __attribute__((weak))
#include "../libc/api.c"
