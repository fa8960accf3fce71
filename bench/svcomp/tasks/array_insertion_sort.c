/* arrays, unreachable: insertion sort leaves five inputs sorted, with the same sum */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "array_insertion_sort.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);

/* Unreachable: after step i the prefix a[0..i] is sorted (the new element is
 * shifted past every larger one), and elements are only moved, never
 * changed: the (wrapping, unsigned) sum stays. Every input ordering is a
 * path: 120 of them. */
int main(void) {
    int a[5];
    unsigned int before = 0, after = 0;
    for (int i = 0; i < 5; i++) {
        a[i] = __VERIFIER_nondet_int();
        before += (unsigned int)a[i];
    }
    for (int i = 1; i < 5; i++) {
        int key = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > key) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = key;
    }
    for (int i = 0; i < 5; i++)
        after += (unsigned int)a[i];
    for (int i = 0; i + 1 < 5; i++)
        if (a[i] > a[i + 1])
            reach_error();
    if (before != after)
        reach_error();
    return 0;
}
