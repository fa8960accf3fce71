/* arrays, reachable: key 42 first found at index 5 after five values summing to -77 */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "array_search_magic.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

/* Reached, for instance, by a = {-77, 0, 0, 0, 0, 42, 0, 0}. */
int main(void) {
    int a[8];
    for (int i = 0; i < 8; i++) {
        a[i] = __VERIFIER_nondet_int();
        __VERIFIER_assume(a[i] >= -100 && a[i] <= 100);
    }
    int pos = -1;
    for (int i = 0; i < 8; i++) {
        if (a[i] == 42) {
            pos = i;
            break;
        }
    }
    if (pos == 5) {
        int s = 0;
        for (int i = 0; i < pos; i++)
            s += a[i];
        if (s == -77)
            reach_error();
    }
    return 0;
}
