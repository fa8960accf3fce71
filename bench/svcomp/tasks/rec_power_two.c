/* recursion, unreachable: recursive doubling computes 1 << k */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "rec_power_two.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

/* Unreachable: p(0) = 1 and p(k) = 2 p(k - 1), so p(k) = 2^k, which fits
 * an unsigned int for k <= 31 (the shift stays below the width). */
static unsigned int p(int k) {
    if (k == 0)
        return 1u;
    return 2u * p(k - 1);
}

int main(void) {
    int k = __VERIFIER_nondet_int();
    __VERIFIER_assume(k >= 0 && k <= 31);
    if (p(k) != (1u << k))
        reach_error();
    return 0;
}
