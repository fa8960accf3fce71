/* SV-COMP's array shapes: N symbolic elements written at concrete indices,
 * then an access at a symbolic index among accesses at every concrete index,
 * and a query on one element.
 *   -DSYMBOLIC_READ: a branch on a[j] at a symbolic j, then reads of every a[i];
 *   otherwise: a write a[j] = 5, then every a[i] read and rewritten, and a
 *   query on the last element (which the write may have hit). */
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);

int a[N];

int main(void) {
    for (int i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
    unsigned j = __VERIFIER_nondet_uint();
    __VERIFIER_assume(j < N);
#ifdef SYMBOLIC_READ
    if (a[j] == 7) {
        int x = 0;
        for (int i = 0; i < N; i++) x ^= a[i];
        a[N / 2] = x;
        if (a[N - 1] == 5) reach_error();
    }
#else
    a[j] = 5;
    for (int i = 0; i < N; i++) a[i] ^= 1;
    if (a[N - 1] == 4) reach_error();
#endif
    return 0;
}
