/* floats, reachable: a + 1 rounds back to a while a - 1 does not: only a = 2^24 */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "float_absorb.c", 3, "reach_error"); }
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);

/* Below 2^24 adding 1 is exact. At 2^24 = 16777216 the spacing above is 2,
 * so a + 1 is a tie rounded to the even a, while a - 1 = 16777215 is exact.
 * Above it, a + 1 and a - 1 round alike. */
int main(void) {
    float a = __VERIFIER_nondet_float();
    __VERIFIER_assume(a > 0.0f && a < 1e9f);
    if (a + 1.0f == a) {
        if (a - 1.0f != a)
            reach_error();
    }
    return 0;
}
