/* bit-vectors, unreachable: the xor swap exchanges two values */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "bv_xor_swap.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);

/* Unreachable: x ^ y ^ y == x bit by bit, also when x == y (the swap is on
 * two variables, not one aliased). */
int main(void) {
    unsigned int x = __VERIFIER_nondet_uint();
    unsigned int y = __VERIFIER_nondet_uint();
    unsigned int a = x, b = y;
    a ^= b;
    b ^= a;
    a ^= b;
    if (a != y || b != x)
        reach_error();
    return 0;
}
