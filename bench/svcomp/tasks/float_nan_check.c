/* floats, reachable: x is NaN (x != x) and y lies in (2, 2.5) */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "float_nan_check.c", 3, "reach_error"); }
extern float __VERIFIER_nondet_float(void);

/* Comparisons with NaN are false (they raise no trap): the first branch
 * needs a NaN, the second an ordinary value such as 2.25. */
int main(void) {
    float x = __VERIFIER_nondet_float();
    float y = __VERIFIER_nondet_float();
    if (x != x) {
        if (y > 2.0f && y < 2.5f)
            reach_error();
    }
    return 0;
}
