/* loops, reachable: the Collatz trajectory of x takes 111 steps only for x = 27 (x <= 60) */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "loop_collatz.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

/* The step bound (200) is above every trajectory from 1..60 (the longest,
 * from 54 and 55, take 112 steps); the largest value on them is 9232. */
int main(void) {
    unsigned int x = __VERIFIER_nondet_uint();
    __VERIFIER_assume(x >= 1 && x <= 60);
    unsigned int steps = 0;
    while (x != 1 && steps < 200) {
        if (x % 2 == 0)
            x = x / 2;
        else
            x = 3 * x + 1;
        steps++;
    }
    if (steps == 111)
        reach_error();
    return 0;
}
