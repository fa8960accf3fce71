/* recursion, reachable: Ackermann's A(m, n) = 29 for m = 3, n = 2 alone (m, n <= 3) */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "rec_ackermann.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

/* A(0, n) = n + 1, A(1, n) = n + 2, A(2, n) = 2n + 3, A(3, n) = 2^(n+3) - 3:
 * 29 only at (3, 2). A(3, 3) = 61 takes 2432 calls, 63 deep. */
static int ack(int m, int n) {
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}

int main(void) {
    int m = __VERIFIER_nondet_int();
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(m >= 0 && m <= 3);
    __VERIFIER_assume(n >= 0 && n <= 3);
    if (ack(m, n) == 29)
        reach_error();
    return 0;
}
