/* bit-vectors, reachable: a byte swap equal to the complement, low half 0x1234: x = 0xCBED1234 */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "bv_byteswap.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);

static unsigned int bswap32(unsigned int x) {
    return (x >> 24) | ((x >> 8) & 0x0000FF00u) | ((x << 8) & 0x00FF0000u) | (x << 24);
}

/* bswap(x) == ~x means byte 3 = ~byte 0 and byte 2 = ~byte 1; with the low
 * bytes 0x34 and 0x12 the only solution is 0xCBED1234. */
int main(void) {
    unsigned int x = __VERIFIER_nondet_uint();
    if ((x & 0xFFFFu) == 0x1234u) {
        if (bswap32(x) == ~x)
            reach_error();
    }
    return 0;
}
