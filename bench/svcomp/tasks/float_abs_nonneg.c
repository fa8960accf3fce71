/* floats, unreachable: the absolute value of a non-NaN float is not negative */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "float_abs_nonneg.c", 3, "reach_error"); }
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);

/* Unreachable: a negative x becomes -x > 0 (negation is exact); x >= 0,
 * including -0.0 (not < 0), stays, and -0.0 == 0.0. Infinities are
 * handled alike; NaN is assumed away. */
int main(void) {
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x == x);
    float y = x < 0.0f ? -x : x;
    if (y < 0.0f)
        reach_error();
    if (y == 0.0f && x != 0.0f)
        reach_error();
    return 0;
}
