/* bit-vectors, reachable: a multiplicative inverse modulo 2^32 of a small odd x > 1 */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "bv_mul_inverse.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

/* Unsigned multiplication wraps (no undefined behaviour). Every odd x has
 * an inverse: x = 3, y = 0xAAAAAAAB gives x * y == 1 (mod 2^32). */
int main(void) {
    unsigned int x = __VERIFIER_nondet_uint();
    unsigned int y = __VERIFIER_nondet_uint();
    __VERIFIER_assume(x > 1u && x < 16u);
    if (x * y == 1u)
        reach_error();
    return 0;
}
