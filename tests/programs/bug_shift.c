/* symplex-test
 * variants: | --check-shift
 * paths: 2
 * error: shift 23
 * An oversized shift amount, reported by default (as KLEE's --check-overshift)
 * and with the explicit --check-shift: n comes from the input and
 * is only partly masked (n & 63), so shifts by 32..63 of a 32-bit value are
 * reported; a 64-bit shift by the same amount is fine. The value shifted is
 * non-negative so no other shift check applies.
 * Paths: no-error path of the 32-bit shift, and the 64-bit path (mode odd).
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
    else
        r = 1u << amount; /*@A*/
    return (int)(r & 1);
}
