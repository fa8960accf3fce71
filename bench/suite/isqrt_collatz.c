/*
 * isqrt_collatz.c -- small number-theory routines used by a puzzle checker:
 *                    integer square and cube roots, perfect powers,
 *                    primality, gcd, and bounded Collatz trajectories.
 *
 * Workload class: non-linear integer arithmetic (products, division and
 * remainder of symbolic values), loops whose trip counts depend on the
 * inputs.
 *
 * A "puzzle answer" is a tuple (a, b, c, n). The checker
 *   - takes the integer square root of c by Newton's iteration (starting
 *     from a power of two above the root, so it only ever decreases) and
 *     checks floor(sqrt(c))^2 <= c < (floor(sqrt(c))+1)^2;
 *   - finds the integer cube root of c by bisection;
 *   - tests a and b for primality by trial division, computes gcd(a, b),
 *     counts and sums the divisors of a, and finds the largest k <= 6 for
 *     which c is a perfect k-th power;
 *   - runs the Collatz map from n for at most MAX_STEPS steps, recording the
 *     peak value and the number of steps;
 *   - grades the answer by combining these facts.
 *
 * Symbolic input (SV-COMP style, no symplex.h), read in this order:
 *   a, b  -- __VERIFIER_nondet_int(), assumed in [1, 60].
 *   c     -- __VERIFIER_nondet_int(), assumed in [0, 4000].
 *   n     -- __VERIFIER_nondet_int(), assumed in [1, 200].
 *
 * Planted bug:
 *   The grading treats a*b == c + 7 with a > b, b prime and c a perfect
 *   square as the "special" answer and calls reach_error() for it (the
 *   author's stand-in for an unhandled case). The guard is a non-linear
 *   relation between three inputs that also needs c's square root computed
 *   exactly and b to survive trial division, e.g. a = 4, b = 2, c = 1.
 */
#include <stdbool.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));

void reach_error(void) {
    __assert_fail("0", "isqrt_collatz.c", __LINE__, "reach_error");
}

#define MAX_STEPS 40

/* floor(sqrt(v)) for v >= 0 by Newton's iteration. The start value is a
 * power of two at or above the root, found by shifting, so the iterates
 * decrease monotonically to the answer. */
static int isqrt(int v) {
    if (v < 2) return v;
    int x = 1;
    while (x * x < v) x <<= 1;
    for (;;) {
        int y = (x + v / x) / 2;
        if (y >= x) return x;
        x = y;
    }
}

/* floor(cbrt(v)) for 0 <= v < 2^21 by bisection on [0, 128). */
static int icbrt(int v) {
    int lo = 0, hi = 128;
    while (hi - lo > 1) {
        int mid = (lo + hi) / 2;
        if (mid * mid * mid <= v) lo = mid;
        else hi = mid;
    }
    return lo;
}

static bool is_prime(int v) {
    if (v < 2) return false;
    if (v % 2 == 0) return v == 2;
    for (int d = 3; d * d <= v; d += 2)
        if (v % d == 0) return false;
    return true;
}

static int gcd(int x, int y) {
    while (y != 0) {
        int t = x % y;
        x = y;
        y = t;
    }
    return x;
}

/* Number of divisors and their sum (all of them, v included). */
static void divisors(int v, int *count, int *sum) {
    *count = 0;
    *sum = 0;
    for (int d = 1; d * d <= v; d++) {
        if (v % d != 0) continue;
        int e = v / d;
        *count += d == e ? 1 : 2;
        *sum += d == e ? d : d + e;
    }
}

/* Largest k such that v is a perfect k-th power (1 when none), k <= 6. */
static int power_exponent(int v, int sqrt_v, int cbrt_v) {
    if (v < 4) return 1;
    bool sq = sqrt_v * sqrt_v == v, cb = cbrt_v * cbrt_v * cbrt_v == v;
    if (sq && cb) return 6;
    if (sq) {
        int r4 = isqrt(sqrt_v);
        return r4 * r4 == sqrt_v ? 4 : 2;
    }
    if (cb) return 3;
    /* fifth powers below 4000: 32, 243, 1024, 3125 */
    for (int base = 2; base <= 5; base++) {
        int p5 = base * base * base * base * base;
        if (p5 == v) return 5;
    }
    return 1;
}

struct collatz {
    int steps; /* steps until 1, or MAX_STEPS if not reached */
    int peak;
    bool reached_one;
};

static struct collatz collatz_run(int v) {
    struct collatz r = {0, v, false};
    while (r.steps < MAX_STEPS) {
        if (v == 1) {
            r.reached_one = true;
            break;
        }
        v = v % 2 == 0 ? v / 2 : 3 * v + 1;
        if (v > r.peak) r.peak = v;
        r.steps++;
    }
    return r;
}

int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    int c = __VERIFIER_nondet_int();
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(a >= 1 && a <= 60);
    __VERIFIER_assume(b >= 1 && b <= 60);
    __VERIFIER_assume(c >= 0 && c <= 4000);
    __VERIFIER_assume(n >= 1 && n <= 200);

    int r = isqrt(c);
    if (!(r * r <= c && (r + 1) * (r + 1) > c)) reach_error(); /* never: Newton is exact */
    bool square = r * r == c;
    int q = icbrt(c);
    bool cube = q * q * q == c;

    bool pa = is_prime(a), pb = is_prime(b);
    if (a * b == c + 7 && a > b && pb && square) reach_error();
    int g = gcd(a, b);
    int ndiv, sdiv;
    divisors(a, &ndiv, &sdiv);
    int k = power_exponent(c, r, q);

    int grade = 0;
    if (square && cube && c > 1) grade += 8; /* a sixth power */
    if (sdiv == 2 * a) grade += 128;         /* a is perfect: 6 or 28 */
    if (ndiv == 2 && !pa) reach_error();     /* never: two divisors means prime */
    if (k == 5 || k == 4) grade += 256;
    if (pa && pb && a != b) grade += 4;
    if (g > 1 && g == b) grade += 2;          /* b divides a */

    struct collatz cz = collatz_run(n);
    if (!cz.reached_one) grade += 16;
    else if (cz.steps > 20) grade += 1;
    if (cz.peak > 1000 && square) grade += 32;
    if (cz.steps == r && r > 3) grade += 64;

    return grade % 5;
}
