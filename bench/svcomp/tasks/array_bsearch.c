/* arrays, reachable: binary search finds the key at index 7 of a strictly increasing array with a[7] - a[0] = 7 */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "array_bsearch.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

/* Strictly increasing with a[7] - a[0] = 7 forces a[i] = a[0] + i up to
 * index 7; the search must then land on index 7 within three probes.
 * Reached, e.g., by a = 10 11 12 13 14 15 16 17 20 30 and key 17. */
int main(void) {
    int a[10];
    for (int i = 0; i < 10; i++) {
        a[i] = __VERIFIER_nondet_int();
        __VERIFIER_assume(a[i] >= 0 && a[i] <= 1000);
        if (i > 0)
            __VERIFIER_assume(a[i - 1] < a[i]);
    }
    int key = __VERIFIER_nondet_int();
    int lo = 0, hi = 9, found = -1, probes = 0;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        probes++;
        if (a[mid] == key) {
            found = mid;
            break;
        }
        if (a[mid] < key)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    if (found == 7 && probes <= 3 && a[7] - a[0] == 7)
        reach_error();
    return 0;
}
