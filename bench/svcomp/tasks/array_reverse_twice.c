/* arrays, unreachable: reversing a prefix twice restores the array */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "array_reverse_twice.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

static void reverse(int *a, int n) {
    for (int i = 0, j = n - 1; i < j; i++, j--) {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* Unreachable: reversal of a[0..n) is an involution and leaves a[n..7)
 * alone; indices stay within 0..n-1 < 7. */
int main(void) {
    int a[7], b[7];
    for (int i = 0; i < 7; i++) {
        a[i] = __VERIFIER_nondet_int();
        b[i] = a[i];
    }
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 7);
    reverse(b, n);
    if (n >= 1 && b[0] != a[n - 1])
        reach_error();
    reverse(b, n);
    for (int i = 0; i < 7; i++)
        if (b[i] != a[i])
            reach_error();
    return 0;
}
