/* floats, unreachable: integers up to 2^24 in magnitude survive int -> float -> int */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "float_int_roundtrip.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

/* Unreachable: a float has a 24-bit significand, so every integer of
 * magnitude at most 2^24 = 16777216 is exact, and converting back is
 * defined and gives it again. */
int main(void) {
    int i = __VERIFIER_nondet_int();
    __VERIFIER_assume(i >= -16777216 && i <= 16777216);
    float f = (float)i;
    int j = (int)f;
    if (j != i)
        reach_error();
    return 0;
}
