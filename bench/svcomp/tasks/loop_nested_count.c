/* loops, reachable: nested loops whose pair count is 11 with n < m only for n = 6, m = 7 */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "loop_nested_count.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

/* Counts the pairs (i, j), i < n, j < m, whose low two bits agree. With n
 * and m up to 10, the count is 11 for (6, 7) and (7, 6) alone. */
int main(void) {
    int n = __VERIFIER_nondet_int();
    int m = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 10);
    __VERIFIER_assume(m >= 0 && m <= 10);
    int count = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            if (((i ^ j) & 3) == 0)
                count++;
    if (count == 11 && n < m)
        reach_error();
    return 0;
}
