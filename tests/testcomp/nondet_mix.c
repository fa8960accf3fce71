/* Test-Comp input of many types: each nondet call's value steers a branch,
 * so every test's XML holds values of every kind (negative, wide, bool,
 * pointer, floating point) and replaying them must reproduce the path.
 * reach_error at line 16 needs a specific value of each input; 10 exits
 * (statuses 1..10, skipping 4) lead there. */
extern _Bool __VERIFIER_nondet_bool(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void *__VERIFIER_nondet_pointer(void);
extern double __VERIFIER_nondet_double(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "nondet_mix.c", 16, "reach_error"); }

int main(void) {
    /* all inputs first, so every test holds a value of every type */
    _Bool b = __VERIFIER_nondet_bool();
    char c = __VERIFIER_nondet_char();
    unsigned char uc = __VERIFIER_nondet_uchar();
    short sh = __VERIFIER_nondet_short();
    int i = __VERIFIER_nondet_int();
    unsigned int u = __VERIFIER_nondet_uint();
    long l = __VERIFIER_nondet_long();
    unsigned long ul = __VERIFIER_nondet_ulong();
    void *p = __VERIFIER_nondet_pointer();
    double d = __VERIFIER_nondet_double(); /* carried along, never branched on */
    (void)d;
    if (!b) return 1;
    if (c >= -100) return 2;
    if (uc != 200) return 3;
    if (sh != -30000) return 5;
    if (i >= -1000000) return 6;
    if (u <= 4000000000u) return 7;
    if (l != -5000000000L) return 8;
    if (ul <= 18000000000000000000ul) return 9;
    if (p != 0) return 10;
    reach_error();
    return 0;
}
