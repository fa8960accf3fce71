/* arrays, reachable: bubble sort makes 10 swaps and yields 1..5 only for the input 5 4 3 2 1 */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "array_bubble_swaps.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

/* Ten swaps are the most five elements can need: every pair is inverted, so
 * the input is strictly decreasing; sorted to 1 ... 5 it must be 5 4 3 2 1. */
int main(void) {
    int a[5];
    for (int i = 0; i < 5; i++) {
        a[i] = __VERIFIER_nondet_int();
        __VERIFIER_assume(a[i] >= 0 && a[i] <= 9);
    }
    int swaps = 0;
    for (int pass = 0; pass < 4; pass++) {
        for (int i = 0; i + 1 < 5 - pass; i++) {
            if (a[i] > a[i + 1]) {
                int t = a[i];
                a[i] = a[i + 1];
                a[i + 1] = t;
                swaps++;
            }
        }
    }
    if (swaps == 10 && a[0] == 1 && a[4] == 5)
        reach_error();
    return 0;
}
