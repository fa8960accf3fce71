/* arrays, unreachable: copying a prefix of n elements leaves the rest zero */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "array_copy_prefix.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

/* Unreachable: dst starts all zero and only dst[0..n) is written, each from
 * the same index of src. */
int main(void) {
    int src[8], dst[8] = {0};
    for (int i = 0; i < 8; i++)
        src[i] = __VERIFIER_nondet_int();
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 8);
    for (int i = 0; i < n; i++)
        dst[i] = src[i];
    for (int i = 0; i < 8; i++) {
        if (i < n && dst[i] != src[i])
            reach_error();
        if (i >= n && dst[i] != 0)
            reach_error();
    }
    return 0;
}
