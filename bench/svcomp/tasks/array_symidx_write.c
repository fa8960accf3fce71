/* arrays, reachable: three writes at input indices must build a[3] = 7, a[6] = 14, a[9] = 21 */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "array_symidx_write.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

/* Reached by the writes (3, 7), (6, 14), (9, 21) in any order. */
int main(void) {
    int a[10] = {0};
    for (int k = 0; k < 3; k++) {
        int idx = __VERIFIER_nondet_int();
        int v = __VERIFIER_nondet_int();
        __VERIFIER_assume(idx >= 0 && idx < 10);
        __VERIFIER_assume(v >= 0 && v <= 100);
        a[idx] = v;
    }
    if (a[3] == 7 && a[6] == 2 * a[3] && a[9] == a[6] + a[3])
        reach_error();
    return 0;
}
