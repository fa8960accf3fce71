/* recursion, reachable: two numbers in (500, 1000] with gcd 37, e.g. 518 and 555 */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "rec_gcd.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

/* Euclid's algorithm by recursion: at most 15 calls for inputs <= 1000.
 * Reached by a = 37k, b = 37l with gcd(k, l) = 1, 500 < a < b <= 1000. */
static unsigned int gcd(unsigned int a, unsigned int b) {
    if (b == 0)
        return a;
    return gcd(b, a % b);
}

int main(void) {
    unsigned int a = __VERIFIER_nondet_uint();
    unsigned int b = __VERIFIER_nondet_uint();
    __VERIFIER_assume(a >= 1 && a <= 1000);
    __VERIFIER_assume(b >= 1 && b <= 1000);
    if (a > 500 && b > 500 && a < b) {
        if (gcd(a, b) == 37)
            reach_error();
    }
    return 0;
}
