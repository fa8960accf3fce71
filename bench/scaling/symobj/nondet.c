/* A Test-Comp/SV-COMP task: an N-element array filled by
 * __VERIFIER_nondet_int() calls, whose assertion fails on the first element. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int a[N];

int main(void) {
    for (int i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
    if (a[0] == 12345) reach_error();
    return 0;
}
