/* path_hash: one branch decision of a path as a 64-bit word, and the hash of
 * a sequence of them. Shared by the engine, which records the decisions of
 * each path (--record-path), and by the native replay library, which checks a
 * native run against them (symplex-replay --check-path): both sides must
 * compute exactly the same words and hash, so both include this header.
 *
 * A decision is (site, succ): site is the first branch id of a conditional
 * branch or switch of the program's own code (the loader's child numbers
 * them, ir_path_module.c), succ the side taken: 0 true / 1 false for a
 * branch; for a switch the index of the first case with the same
 * destination block, or the number of cases for the default. */
#ifndef SYMPLEX_PATH_HASH_H
#define SYMPLEX_PATH_HASH_H
#include <stdint.h>

/* Decisions a .path file stores; beyond it only the count and hash say
 * what the path was, so a path of 10^7 concrete branches costs 8 MiB. */
#define PATH_STORED_MAX (1u << 20)
#define PATH_HASH_INIT 0x6a09e667f3bcc908ull

static inline uint64_t path_decision(uint32_t site, uint32_t succ) {
    return (uint64_t)site << 32 | succ;
}

static inline uint32_t path_decision_site(uint64_t d) { return (uint32_t)(d >> 32); }
static inline uint32_t path_decision_succ(uint64_t d) { return (uint32_t)d; }

/* Order-sensitive: a multiply and a shift per word mix every bit of the
 * decision into the whole state, so a swapped pair of decisions changes it. */
static inline uint64_t path_hash_step(uint64_t h, uint64_t d) {
    h = (h ^ d) * 0x9e3779b97f4a7c15ull;
    return h ^ (h >> 31);
}

#endif
