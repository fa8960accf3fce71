/* loops, unreachable: the running minimum never exceeds the running maximum */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "loop_min_max.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

/* Unreachable: min and max start at the first value; each later value v
 * lowers min only when v < min <= max and raises max only when v > max >=
 * min, so min <= first <= max throughout. Only comparisons: no overflow. */
int main(void) {
    int k = __VERIFIER_nondet_int();
    __VERIFIER_assume(k >= 1 && k <= 8);
    int first = __VERIFIER_nondet_int();
    int min = first, max = first;
    for (int i = 1; i < k; i++) {
        int v = __VERIFIER_nondet_int();
        if (v < min)
            min = v;
        if (v > max)
            max = v;
    }
    if (min > max || min > first || max < first)
        reach_error();
    return 0;
}
