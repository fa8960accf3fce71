/* floats, reachable: 2x + 1 falls in (150, 150.5) for x in (74.5, 74.75), e.g. x = 74.625 */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "float_scale_window.c", 3, "reach_error"); }
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int);

int main(void) {
    float x = __VERIFIER_nondet_float();
    __VERIFIER_assume(x >= 0.0f && x <= 100.0f);
    float y = x * 2.0f + 1.0f;
    if (y > 150.0f) {
        if (y < 150.5f)
            reach_error();
    }
    return 0;
}
