/* recursion, reachable: the naive recursive fib(n) = 377 for n = 14 */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "rec_fibonacci.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

/* fib(15) = 610 takes 1973 calls: n <= 15 keeps every run short. */
static int fib(int n) {
    if (n < 2)
        return n;
    return fib(n - 1) + fib(n - 2);
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 15);
    if (fib(n) == 377)
        reach_error();
    return 0;
}
