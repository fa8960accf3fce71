/* arrays, unreachable: a table of squares read at an input index */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "array_table_lookup.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

/* Unreachable: sq[i] == i * i for every i < 16, and idx < 16; the read at
 * a symbolic index must be decided over the whole table. */
int main(void) {
    unsigned int sq[16];
    for (unsigned int i = 0; i < 16; i++)
        sq[i] = i * i;
    unsigned int idx = __VERIFIER_nondet_uint();
    __VERIFIER_assume(idx < 16);
    unsigned int v = sq[idx];
    if (v != idx * idx || v > 225)
        reach_error();
    return 0;
}
