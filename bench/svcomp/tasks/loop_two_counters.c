/* loops, unreachable: two counters stepped by d and 2d keep y == 2x */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "loop_two_counters.c", 3, "reach_error"); }
extern _Bool __VERIFIER_nondet_bool(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

/* Unreachable: y == 2 * x holds initially and each round adds d to x and
 * 2d to y. At most 40 rounds of d <= 5 keep x <= 200. The rounds stop at
 * a nondeterministic point, and d is symbolic in every round: the solver,
 * not enumeration, must show the invariant on each of the 41 paths. */
int main(void) {
    int x = 0, y = 0;
    for (int k = 0; k < 40; k++) {
        if (__VERIFIER_nondet_bool())
            break;
        int d = __VERIFIER_nondet_int();
        __VERIFIER_assume(d >= 1 && d <= 5);
        x += d;
        y += 2 * d;
        if (y != 2 * x)
            reach_error();
    }
    if (y < x)
        reach_error();
    return 0;
}
