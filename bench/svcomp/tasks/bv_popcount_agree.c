/* bit-vectors, unreachable: Kernighan's popcount equals the SWAR popcount */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "bv_popcount_agree.c", 3, "reach_error"); }
extern unsigned short __VERIFIER_nondet_ushort(void);

/* Unreachable: both count the set bits of a 16-bit value. The SWAR sum adds
 * bit pairs, then nibbles, then bytes, each without carries out of its
 * field (a field of w bits holds at most w). */
int main(void) {
    unsigned int x = __VERIFIER_nondet_ushort();
    unsigned int v = x;
    unsigned int k = 0;
    while (v != 0) {
        v &= v - 1;
        k++;
    }
    unsigned int s = x - ((x >> 1) & 0x5555u);
    s = (s & 0x3333u) + ((s >> 2) & 0x3333u);
    s = (s + (s >> 4)) & 0x0F0Fu;
    s = (s + (s >> 8)) & 0x1Fu;
    if (k != s)
        reach_error();
    return 0;
}
