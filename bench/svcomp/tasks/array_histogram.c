/* arrays, reachable: a histogram of six inputs with h[0] = 1, h[1] = 3, h[4] = 2 */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "array_histogram.c", 3, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);

/* Buckets are indexed by the input: reached by any order of 0 1 1 1 4 4. */
int main(void) {
    int h[5] = {0, 0, 0, 0, 0};
    for (int i = 0; i < 6; i++) {
        unsigned char v = __VERIFIER_nondet_uchar();
        __VERIFIER_assume(v <= 4);
        h[v]++;
    }
    if (h[1] == 3 && h[4] == 2 && h[0] == 1)
        reach_error();
    return 0;
}
