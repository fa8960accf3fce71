/* N inputs, each constrained as it is read (SV-COMP's `assume` per element):
 * every __VERIFIER_assume is a query on a path that grows by one constraint
 * per input, and each constraint is independent of the others. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);

int a[N];

int main(void) {
    for (int i = 0; i < N; i++) {
        a[i] = __VERIFIER_nondet_int();
        __VERIFIER_assume(a[i] > i);
    }
    if (a[N - 1] == N + 5) reach_error();
    return 0;
}
