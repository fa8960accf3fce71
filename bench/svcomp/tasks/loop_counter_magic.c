/* loops, reachable: an alternating counter equals 63 only after 31 rounds */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "loop_counter_magic.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

/* Even rounds add 3, odd rounds add 1: after n rounds the sum is 2n for
 * even n and 2n+1 for odd n, so 63 needs n = 31. */
int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 100);
    int sum = 0;
    for (int i = 0; i < n; i++) {
        if (i % 2 == 0)
            sum += 3;
        else
            sum += 1;
    }
    if (sum == 63)
        reach_error();
    return 0;
}
