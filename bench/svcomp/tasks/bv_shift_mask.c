/* bit-vectors, reachable: shifts and masks of two bytes line up only for s = 4, a = 0x68, b = 0x32 */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "bv_shift_mask.c", 3, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

/* (a << s) keeps only bit 7 in its low byte, b >> s is 3, a ^ b is 0x5A:
 * solutions exist for s = 4, 5, 6; s < 5 leaves (4, 0x68, 0x32) alone. */
int main(void) {
    unsigned char a = __VERIFIER_nondet_uchar();
    unsigned char b = __VERIFIER_nondet_uchar();
    int s = __VERIFIER_nondet_int();
    __VERIFIER_assume(s >= 0 && s <= 7);
    unsigned int r = ((unsigned int)a << s) & 0xFFu;
    unsigned int t = (unsigned int)b >> s;
    if (r == 0x80u && t == 3u) {
        if ((a ^ b) == 0x5A && s < 5)
            reach_error();
    }
    return 0;
}
