/* heap, reachable: a realloc-doubled buffer of capacity 8 with buf[5] = 0x5A5A and buf[0] = buf[5] - 1 */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "heap_realloc_grow.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void *realloc(void *, unsigned long);
extern void free(void *);

/* Capacity goes 1, 2, 4, 8, 16 as values are pushed; it is 8 for 5..8
 * values. Reached by k = 6 and values 0x5A59 x x x x 0x5A5A. */
int main(void) {
    int k = __VERIFIER_nondet_int();
    __VERIFIER_assume(k >= 0 && k <= 10);
    int cap = 1, len = 0;
    int *buf = malloc(sizeof(int) * (unsigned long)cap);
    if (!buf)
        return 0;
    for (int i = 0; i < k; i++) {
        if (len == cap) {
            int *nb = realloc(buf, sizeof(int) * (unsigned long)(2 * cap));
            if (!nb) {
                free(buf);
                return 0;
            }
            buf = nb;
            cap *= 2;
        }
        buf[len++] = __VERIFIER_nondet_int();
    }
    if (cap == 8 && len == 6 && buf[5] == 0x5A5A && buf[0] == buf[5] - 1)
        reach_error();
    free(buf);
    return 0;
}
