/* recursion, unreachable: a number and its digit sum agree modulo 9 */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "rec_digit_sum.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

/* Unreachable: 10 = 1 (mod 9), so n = 10q + r = q + r (mod 9), and by
 * induction on the recursion dsum(n) = n (mod 9). */
static unsigned int dsum(unsigned int n) {
    if (n < 10)
        return n;
    return n % 10 + dsum(n / 10);
}

int main(void) {
    unsigned int n = __VERIFIER_nondet_uint();
    __VERIFIER_assume(n <= 9999);
    unsigned int s = dsum(n);
    if (s % 9 != n % 9 || s > 36)
        reach_error();
    return 0;
}
