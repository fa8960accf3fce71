/* symplex-test
 * paths: 2
 * error: assert 25
 * SV-COMP program where reach_error() is only declared: the error is reported
 * at the call site. x * 3 == 27 has the single 32-bit solution x == 9; the
 * nondet long/short/uchar inputs exercise the other __VERIFIER_nondet_* widths.
 * Paths: l < 0, and l >= 0 with x != 9.
 */
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern long __VERIFIER_nondet_long(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

int main(void) {
    int x = __VERIFIER_nondet_int();
    long l = __VERIFIER_nondet_long();
    short s = __VERIFIER_nondet_short();
    unsigned char b = __VERIFIER_nondet_uchar();
    int unused = s + b;
    (void)unused;
    if (l < 0)
        return 1;
    if (x * 3 == 27)
        reach_error(); /*@A*/
    return 0;
}
