/* recursion, unreachable: recursive Towers of Hanoi never puts a disk on a smaller one */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "rec_hanoi.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

/* Unreachable: moving n disks moves n - 1 out of the way onto the spare peg,
 * the largest to the target (then empty or holding larger disks), and the
 * n - 1 on top of it; 2^n - 1 moves in all. Pegs are explicit stacks, so
 * every move is checked; n <= 8 (255 moves). */
static int peg[3][9];
static int height[3];
static unsigned int moves;

static void move(int from, int to) {
    if (height[from] == 0)
        reach_error();
    int disk = peg[from][height[from] - 1];
    if (height[to] > 0 && peg[to][height[to] - 1] < disk)
        reach_error();
    height[from]--;
    peg[to][height[to]++] = disk;
    moves++;
}

static void hanoi(int n, int from, int to, int via) {
    if (n == 0)
        return;
    hanoi(n - 1, from, via, to);
    move(from, to);
    hanoi(n - 1, via, to, from);
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 8);
    for (int d = n; d >= 1; d--)
        peg[0][height[0]++] = d;
    hanoi(n, 0, 2, 1);
    if (moves != (1u << n) - 1u || height[2] != n || height[0] != 0 || height[1] != 0)
        reach_error();
    return 0;
}
