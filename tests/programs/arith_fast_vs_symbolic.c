/* symplex-test
 * paths: 1
 * The interpreter computes integer operations on concrete operands in its
 * own fast path, and builds expressions (folded, then solved) when an operand
 * is symbolic. Here every operation of each width runs both ways on the same
 * edge values: once on concrete operands, once with each operand xor-ed with
 * an input pinned to 0 (so it is symbolic with one value). Any difference is
 * or-ed into `diff`, which the final assert asks the solver about: a fast
 * path that disagrees with the expressions fails it.
 */
#include <klee/klee.h>
#include <stdint.h>

#define EDGES(T, MIN, MAX) {0, 1, 2, 3, 7, (T)(MAX), (T)((MAX) - 1), (T)(MIN), (T)((MIN) + 1), (T)-1, (T)-2, (T)0x55}
#define NV 12

/* d: concrete and symbolic results of every operation on a and b, compared.
 * P is U's unsigned promotion (no signed overflow, which would be undefined);
 * S the signed type whose division and shifts are tested. */
#define CHECK_WIDTH(U, P, S, BITS, a, b, sa, sb, d)                                            \
    do {                                                                                       \
        d |= (U)((P)a + b) != (U)((P)sa + sb);                                                 \
        d |= (U)((P)a - b) != (U)((P)sa - sb);                                                 \
        d |= (U)((P)a * b) != (U)((P)sa * sb);                                                 \
        d |= (U)(a & b) != (U)(sa & sb);                                                       \
        d |= (U)(a | b) != (U)(sa | sb);                                                       \
        d |= (U)(a ^ b) != (U)(sa ^ sb);                                                       \
        d |= (U)((P)a << (b % BITS)) != (U)((P)sa << (sb % BITS));                             \
        d |= (U)(a >> (b % BITS)) != (U)(sa >> (sb % BITS));                                   \
        d |= (U)((S)a >> (b % BITS)) != (U)((S)sa >> (sb % BITS));                             \
        if (b) {                                                                               \
            d |= (U)(a / b) != (U)(sa / sb);                                                   \
            d |= (U)(a % b) != (U)(sa % sb);                                                   \
            if (!((S)b == -1 && (S)a == (S)((U)1 << (BITS - 1)))) {                            \
                d |= (U)((S)a / (S)b) != (U)((S)sa / (S)sb);                                   \
                d |= (U)((S)a % (S)b) != (U)((S)sa % (S)sb);                                   \
            }                                                                                  \
        }                                                                                      \
    } while (0)

#define RUN_WIDTH(U, P, S, BITS, MIN, MAX, zero, d)                                            \
    do {                                                                                       \
        static const U v[NV] = EDGES(U, MIN, MAX);                                             \
        for (int i = 0; i < NV; i++)                                                           \
            for (int j = 0; j < NV; j++) {                                                     \
                U a = v[i], b = v[j];                                                          \
                U sa = a ^ (U)zero, sb = b ^ (U)zero;                                          \
                CHECK_WIDTH(U, P, S, BITS, a, b, sa, sb, d);                                   \
            }                                                                                  \
    } while (0)

int main(void) {
    uint64_t zero;
    klee_make_symbolic(&zero, sizeof zero, "zero");
    klee_assume(zero == 0);
    int d = 0;
    RUN_WIDTH(uint8_t, unsigned, int8_t, 8, INT8_MIN, INT8_MAX, zero, d);
    RUN_WIDTH(uint16_t, unsigned, int16_t, 16, INT16_MIN, INT16_MAX, zero, d);
    RUN_WIDTH(uint32_t, uint32_t, int32_t, 32, INT32_MIN, INT32_MAX, zero, d);
    RUN_WIDTH(uint64_t, uint64_t, int64_t, 64, INT64_MIN, INT64_MAX, zero, d);
    klee_assert(d == 0);
    return 0;
}
