/* symplex-test
 * args: --no-check-shift
 * paths: 3
 * errors: 0
 * --no-check-shift turns the default shift check off: the same oversized
 * shift as bug_shift.c is not reported, and the path it was reported on
 * completes (replayed natively with UBSan's shift check off as well).
 * Paths: 32-bit shift by 0..31, by 32..63 (the unchecked one, whose result
 * differs between targets and is not observed), 64-bit shift.
 */
#include <symplex.h>

int main(void) {
    unsigned char n, mode;
    symplex_make_symbolic(&n, sizeof n, "n");
    symplex_make_symbolic(&mode, sizeof mode, "mode");
    unsigned amount = n & 63u;
    unsigned long long r;
    if (mode & 1)
        r = 1ULL << amount;
    else if (amount < 32)
        r = 1u << amount;
    else
        r = 1u << amount; /* its value is the target's business: not observed */
    if (!(mode & 1) && amount >= 32)
        return 0;
    return (int)(r & 1);
}
