/* bit-vectors, unreachable: a right rotation undoes a left rotation */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "bv_rotate.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

/* Shifts by 32 are undefined, so a zero rotation is taken apart; every shift
 * is by 1..31. Unreachable: both rotations permute the bits, one the inverse
 * of the other; a rotation keeps the number of set bits too. */
static unsigned int rotl(unsigned int x, unsigned int s) {
    return s == 0 ? x : (x << s) | (x >> (32u - s));
}

static unsigned int rotr(unsigned int x, unsigned int s) {
    return s == 0 ? x : (x >> s) | (x << (32u - s));
}

int main(void) {
    unsigned int x = __VERIFIER_nondet_uint();
    unsigned int s = __VERIFIER_nondet_uint();
    __VERIFIER_assume(s < 32u);
    unsigned int y = rotl(x, s);
    if (rotr(y, s) != x)
        reach_error();
    if ((x == 0u) != (y == 0u) || (x == 0xFFFFFFFFu) != (y == 0xFFFFFFFFu))
        reach_error();
    return 0;
}
