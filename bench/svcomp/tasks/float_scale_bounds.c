/* floats, unreachable: scaling by 0.75 and adding back stays between x and 2x */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "float_scale_bounds.c", 3, "reach_error"); }
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);

/* Unreachable: the exact 0.75x lies in [0, x] and x + z in [x, 2x]; the
 * bounds 0, x and 2x are floats (x <= 10^6 is far from overflow), and
 * rounding to nearest is monotone, so the rounded results keep them. */
int main(void) {
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= 0.0f && x <= 1000000.0f);
    float z = x * 0.75f;
    if (z < 0.0f || z > x)
        reach_error();
    float w = z + x;
    if (w < x || w > 2.0f * x)
        reach_error();
    return 0;
}
