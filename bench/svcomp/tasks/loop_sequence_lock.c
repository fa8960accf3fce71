/* loops, reachable: a combination lock that opens on the input sequence 3 1 4 1 5 */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "loop_sequence_lock.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);

/* Eight inputs at most; a wrong digit resets the lock (to state 1 when it is
 * the first digit of the code). Five inputs in a row must line up. */
int main(void) {
    const int code[5] = {3, 1, 4, 1, 5};
    int state = 0;
    for (int k = 0; k < 8; k++) {
        int c = __VERIFIER_nondet_int();
        if (c == code[state])
            state++;
        else if (c == code[0])
            state = 1;
        else
            state = 0;
        if (state == 5) {
            reach_error();
        }
    }
    return 0;
}
