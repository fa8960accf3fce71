/* symplex-test
 * paths: 3
 * error: assert 15
 * SV-COMP's array shape by default options: 3000 symbolic ints (12,000
 * bytes) filled at constant indices, then a branch on a[j] at a symbolic j.
 * Z3's array theory gives up on that read (its 10 s timeout: the state
 * died with no path); --array-solver=auto, the default, sends queries over
 * arrays larger than 4096 bytes to the CEGAR layer. Paths: j past the end;
 * a[j] != 7; a[j] == 7 and a[j + 1] != 8; and the error, a[j] == 7 and
 * a[j + 1] == 8.
 */
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "array_large_symbolic_read.c", 15, "reach_error"); }

#define N 3000
int a[N];

int main(void) {
    for (int i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
    unsigned j = __VERIFIER_nondet_uint();
    if (j >= N - 1) return 0;
    if (a[j] == 7) {
        if (a[j + 1] == 8) reach_error();
    }
    return 0;
}
