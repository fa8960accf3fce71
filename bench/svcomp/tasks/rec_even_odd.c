/* recursion, unreachable: mutually recursive is_even/is_odd agree with n % 2 */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "rec_even_odd.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

/* Unreachable: by induction on n, is_even(n) is (n % 2 == 0) and is_odd(n)
 * its negation. The recursion is n + 1 calls deep, n <= 100. */
static int is_odd(int n);

static int is_even(int n) {
    if (n == 0)
        return 1;
    return is_odd(n - 1);
}

static int is_odd(int n) {
    if (n == 0)
        return 0;
    return is_even(n - 1);
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 100);
    int e = is_even(n);
    if (e == is_odd(n))
        reach_error();
    if (e != (n % 2 == 0))
        reach_error();
    return 0;
}
