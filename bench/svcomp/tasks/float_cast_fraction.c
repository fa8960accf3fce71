/* floats, reachable: a double whose integer part is 17 and fraction in (0.7, 0.8), e.g. 17.75 */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "float_cast_fraction.c", 3, "reach_error"); }
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);

/* The range (-1000, 1000) excludes NaN and keeps the conversion to int
 * defined (it truncates toward zero). */
int main(void) {
    double d = __VERIFIER_nondet_double();
    __VERIFIER_assume(d > -1000.0 && d < 1000.0);
    int i = (int)d;
    double frac = d - (double)i;
    if (i == 17 && frac > 0.7 && frac < 0.8)
        reach_error();
    return 0;
}
