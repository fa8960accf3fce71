/* bit-vectors, reachable: three set bits placed by masks, e.g. x = 0x80100100 */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "bv_popcount_magic.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);

/* Kernighan's popcount (one round per set bit); reached when x has three
 * bits, the top nibble is 8, the low byte is clear and bits 20..23 are not. */
int main(void) {
    unsigned int x = __VERIFIER_nondet_uint();
    unsigned int v = x;
    int pc = 0;
    while (v != 0) {
        v &= v - 1;
        pc++;
    }
    if (pc == 3 && (x & 0xFFu) == 0 && (x >> 28) == 8u && (x & 0x00F00000u) != 0)
        reach_error();
    return 0;
}
