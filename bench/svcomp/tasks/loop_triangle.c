/* loops, unreachable: a triangular nested loop runs n(n-1)/2 times */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "loop_triangle.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

/* Unreachable: the inner loop runs i times for each i < n, 0 + 1 + ... +
 * (n - 1) = n(n - 1)/2 in all, and every pair (j, i) has j < i. */
int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 15);
    int count = 0;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < i; j++) {
            if (j >= i)
                reach_error();
            count++;
        }
    }
    if (2 * count != n * (n - 1))
        reach_error();
    return 0;
}
