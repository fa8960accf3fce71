/* loops, unreachable: the loop's sum of 0..n is n(n+1)/2 */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "loop_gauss_sum.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

/* Unreachable: the invariant 2 * sum == i * (i - 1) holds at the loop head
 * (i - 1 added to sum turns it into 2 * sum == (i + 1) * i), so at the exit
 * (i == n + 1) 2 * sum == (n + 1) * n. n <= 60 keeps every value small. */
int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 60);
    int sum = 0;
    for (int i = 1; i <= n; i++)
        sum += i;
    if (2 * sum != n * (n + 1))
        reach_error();
    return 0;
}
