/* symplex-test
 * paths: 4
 * error: assert 14
 * SV-COMP inputs: __VERIFIER_nondet_int/uint/char, __VERIFIER_assume, and a
 * reach_error() defined by the program that calls __assert_fail with line 14
 * (its own line). x in 0..9; forks on u > 5 and c == 'q' give 4 paths; x == 20
 * is reachable only with x == 9, u > 5, c == 'q' and is the error.
 */
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern void __VERIFIER_assume(int cond);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "svcomp_nondet.c", 14, "reach_error"); }

int main(void) {
    int x = __VERIFIER_nondet_int();
    unsigned int u = __VERIFIER_nondet_uint();
    char c = __VERIFIER_nondet_char();
    __VERIFIER_assume(x >= 0);
    __VERIFIER_assume(x < 10);
    if (u > 5u)
        x++;
    if (c == 'q')
        x += 10;
    if (x == 20)
        reach_error();
    return 0;
}
