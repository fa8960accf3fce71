/* bit-vectors, unreachable: x & -x isolates the lowest set bit */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "bv_lowbit.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);

/* Unreachable: in two's complement -x = ~x + 1 agrees with x on the lowest
 * set bit and differs above it, so low is that bit (0 for x = 0): a power
 * of two or zero, set in x, and x with it cleared is x & (x - 1). */
int main(void) {
    unsigned int x = __VERIFIER_nondet_uint();
    unsigned int low = x & (0u - x);
    if ((low & (low - 1u)) != 0u)
        reach_error();
    if (x != 0u && (x & low) == 0u)
        reach_error();
    if ((x ^ low) != (x & (x - 1u)))
        reach_error();
    return 0;
}
