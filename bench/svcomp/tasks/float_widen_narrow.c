/* floats, unreachable: float -> double -> float is exact, and so is doubling in double */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "float_widen_narrow.c", 3, "reach_error"); }
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);

/* Unreachable: every float is a double, so converting back is exact; a
 * finite float doubled in double neither overflows nor rounds (the double
 * exponent range and significand are wider), and halving undoes it. */
int main(void) {
    float f = __VERIFIER_nondet_float();
    __VERIFIER_assume(f == f);
    double d = (double)f;
    if ((float)d != f)
        reach_error();
    if (f > -1e30f && f < 1e30f) {
        double t = d * 2.0;
        if (t / 2.0 != d)
            reach_error();
    }
    return 0;
}
