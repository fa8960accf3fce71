/* loops, unreachable: a 12-step walk on the grid stays within distance 12 with matching parity */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "loop_grid_walk.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);

/* Unreachable: each step changes x or y by one, so after k steps |x| + |y|
 * <= k and x + y has the parity of k. A direction outside 0..3 stands
 * still, which is why the step counter moves only on a real step. Each of
 * the 12 rounds branches five ways: 5^12 paths, not exhaustive. */
int main(void) {
    int x = 0, y = 0, k = 0;
    for (int round = 0; round < 12; round++) {
        int dir = __VERIFIER_nondet_int();
        if (dir == 0)
            x++;
        else if (dir == 1)
            x--;
        else if (dir == 2)
            y++;
        else if (dir == 3)
            y--;
        else
            continue;
        k++;
    }
    int ax = x < 0 ? -x : x, ay = y < 0 ? -y : y;
    if (ax + ay > k)
        reach_error();
    if (((x + y) & 1) != (k & 1))
        reach_error();
    return 0;
}
