/* heap, unreachable: calloc'd elements nobody wrote stay zero */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "heap_calloc_zero.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void *calloc(unsigned long, unsigned long);
extern void free(void *);

/* Unreachable: calloc zero-fills, and the only writes go to the indices the
 * mask records; an element outside the mask is still 0. Indices are
 * inputs below n (n <= 16), so the writes are at symbolic offsets. */
int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 1 && n <= 16);
    int *p = calloc((unsigned long)n, sizeof *p);
    if (!p)
        return 0;
    unsigned int mask = 0;
    for (int k = 0; k < 3; k++) {
        int idx = __VERIFIER_nondet_int();
        __VERIFIER_assume(idx >= 0 && idx < n);
        p[idx] = k + 1;
        mask |= 1u << idx;
    }
    for (int i = 0; i < n; i++) {
        if (!(mask & (1u << i)) && p[i] != 0)
            reach_error();
        if ((mask & (1u << i)) && p[i] == 0)
            reach_error();
    }
    free(p);
    return 0;
}
