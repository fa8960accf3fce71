/* gcd_modexp.c -- a small number-theory toolkit over nondeterministic inputs.
 *
 * Models: the integer helpers of a teaching crypto library.  An operation
 * selector picks one of:
 *   0  gcd (binary, Stein) and lcm of two integers (lcm range-checked),
 *   1  smallest non-negative solution x of the linear Diophantine equation
 *      a*x + b*y = c (extended Euclid, subtractive: no hardware divider),
 *   2  modular inverse, classified (1, -1, other),
 *   3  Pythagorean triple classification (x^2 + y^2 == z^2, primitive or not,
 *      which leg is even, Euclid parameters m and n),
 *   4  toy RSA: primes p and q by trial division, phi, d = e^-1 mod phi, and
 *      a round trip m -> m^e -> m^(e*d) mod n that must give m back.
 *
 * Workload class: non-linear integer arithmetic (division and remainder by
 * symbolic values, products, square-and-multiply, loops whose trip count
 * depends on the inputs).
 *
 * Symbolic inputs (SV-COMP API, read in this order):
 *   op         -- __VERIFIER_nondet_int(), assumed 0..4.
 *   v[0..3]    -- four __VERIFIER_nondet_int() operands; each operation
 *                 assumes its own ranges (see run_*): |v| <= 200 for gcd,
 *                 <= 120 for the Diophantine equation, <= 57 for the
 *                 triple, <= 40 for the inverse, and p, q <= 11, e <= 7 and
 *                 m < p*q for RSA.
 *
 * Planted bugs:
 *   1. run_diophantine() reduces x modulo the step b/g of the general
 *      solution.  It rejects a == b == 0, but b == 0 with a != 0 passes;
 *      when additionally a divides c the equation is solvable and
 *      x0 % (b / g) divides by zero (division by zero).  Needs op 1, b == 0
 *      and c a multiple of a: moderate.
 *   2. run_rsa() checks that p and q are prime but not that they differ.  For
 *      p == q, phi is computed as (p-1)*(q-1) although it is p*(p-1), the
 *      "inverse" d is wrong, and some messages do not survive the round trip:
 *      the assert in run_rsa() fails (assertion).  Needs op 4, two equal
 *      primes, an e invertible modulo (p-1)^2 and a message that breaks:
 *      deep and solver-heavy.
 */
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

static int in_range(int v, int lo, int hi) { return (v >= lo) & (v <= hi); }

/* Binary GCD (Stein): shifts and subtractions only. */
static int32_t gcd32(int32_t a, int32_t b) {
    uint32_t u = (uint32_t)(a < 0 ? -a : a), v = (uint32_t)(b < 0 ? -b : b);
    if (u == 0) return (int32_t)v;
    if (v == 0) return (int32_t)u;
    int shift = 0;
    while (((u | v) & 1) == 0) { u >>= 1; v >>= 1; shift++; }
    while ((u & 1) == 0) u >>= 1;
    do {
        while ((v & 1) == 0) v >>= 1;
        if (u > v) { uint32_t t = u; u = v; v = t; }
        v -= u;
    } while (v != 0);
    return (int32_t)(u << shift);
}

/* Returns g = gcd(a, b) >= 0 and x, y with a*x + b*y = g.
 * Subtractive extended Euclid: the target CPU has no divider, so only
 * additions are used.  Invariants: |a|*s1 + |b|*t1 == u and
 * |a|*s2 + |b|*t2 == v. */
static int32_t ext_gcd(int32_t a, int32_t b, int32_t *x, int32_t *y) {
    int32_t u = a < 0 ? -a : a, v = b < 0 ? -b : b;
    int32_t s1 = 1, t1 = 0, s2 = 0, t2 = 1;
    if (u == 0) { s1 = 0; t1 = 1; u = v; }
    else if (v != 0) {
        while (u != v) {
            if (u > v) { u -= v; s1 -= s2; t1 -= t2; }
            else { v -= u; s2 -= s1; t2 -= t1; }
        }
    }
    *x = a < 0 ? -s1 : s1;
    *y = b < 0 ? -t1 : t1;
    return u;
}

/* a^-1 mod m for m > 1, or 0 when a is not invertible. */
static int32_t mod_inverse(int32_t a, int32_t m) {
    int32_t x, y;
    int32_t g = ext_gcd(a, m, &x, &y);
    if (g != 1) return 0;
    return ((x % m) + m) % m;
}

static uint32_t mod_pow(uint32_t base, uint32_t exp, uint32_t mod) {
    uint32_t result = 1 % mod;
    base %= mod;
    while (exp > 0) {
        if (exp & 1) result = result * base % mod;
        base = base * base % mod;
        exp >>= 1;
    }
    return result;
}

static bool is_prime(int n) {
    if (n < 2) return false;
    for (int d = 2; d * d <= n; d++)
        if (n % d == 0) return false;
    return true;
}

/* ---- operations; each returns a small exit code ---------------------- */

static int run_gcd_lcm(const int *v) {
    __VERIFIER_assume(in_range(v[0], -200, 200) & in_range(v[1], -200, 200));
    int32_t g = gcd32(v[0], v[1]);
    if (g == 0) return 10; /* gcd(0, 0): lcm undefined */
    int32_t l = abs(v[0] / g * v[1]);
    if (l > 100000) return 11;
    if (g == 1) return 12; /* coprime */
    return l == abs(v[0]) || l == abs(v[1]) ? 13 : 14;
}

static int run_diophantine(const int *v) {
    int a = v[0], b = v[1], c = v[2];
    __VERIFIER_assume(in_range(a, -30, 30) & in_range(b, -30, 30) & in_range(c, -120, 120));
    if (a == 0 && b == 0) return 20; /* 0 = c: no variable to solve for */
    int32_t x0, y0;
    int32_t g = ext_gcd(a, b, &x0, &y0);
    if (c % g != 0) return 21; /* no integer solution */
    x0 *= c / g;
    y0 *= c / g;
    /* General solution: x = x0 + k*(b/g).  Reduce to the smallest x >= 0.
     * BUG: b == 0 is possible here (a != 0), making the step zero. */
    int32_t step = abs(b / g);
    int32_t x = ((x0 % step) + step) % step;
    int32_t y = (c - a * x) / b;
    if (x == 0) return 23;        /* y alone solves it */
    return y < 0 ? 22 : 24;
}

static int run_inverse(const int *v) {
    int a = v[0], m = v[1];
    __VERIFIER_assume(in_range(a, 1, 40) & in_range(m, 2, 40));
    int32_t inv = mod_inverse(a, m);
    if (inv == 0) return 30;
    if (inv == 1) return 31;      /* a == 1 (mod m) */
    if (inv == m - 1) return 33;  /* a == -1 (mod m) */
    return 32;
}

static int run_triple(const int *v) {
    int x = v[0], y = v[1], z = v[2];
    __VERIFIER_assume(in_range(x, 1, 40) & in_range(y, 1, 40) & in_range(z, 1, 57));
    if (x * x + y * y != z * z) return 40;
    if (x > y) { int t = x; x = y; y = t; }
    if (gcd32(gcd32(x, y), z) != 1) return 41; /* a multiple of a smaller triple */
    /* Primitive: exactly one leg is even, z is odd, and z = m^2 + n^2,
     * y or x = 2mn with m > n > 0 coprime and of opposite parity. */
    int even = x % 2 == 0 ? x : y;
    int odd = x % 2 == 0 ? y : x;
    assert(z % 2 == 1 && even % 2 == 0 && odd % 2 == 1);
    int m2 = (z + odd) / 2, n2 = (z - odd) / 2;
    int m = 0, n = 0;
    while ((m + 1) * (m + 1) <= m2) m++;
    while ((n + 1) * (n + 1) <= n2) n++;
    assert(m * m == m2 && n * n == n2 && 2 * m * n == even);
    return even == x ? 42 : 43;
}

static int run_rsa(const int *v) {
    int p = v[0], q = v[1], e = v[2], msg = v[3];
    __VERIFIER_assume(in_range(p, 2, 11) & in_range(q, 2, 11) & in_range(e, 3, 7));
    if (!is_prime(p) || !is_prime(q)) return 50;
    /* BUG: p == q is accepted; then n = p^2 and phi(n) is p*(p-1). */
    int32_t n = p * q;
    int32_t phi = (p - 1) * (q - 1);
    if (phi < 2) return 51;
    int32_t d = mod_inverse(e, phi);
    if (d == 0) return 52; /* e shares a factor with phi */
    __VERIFIER_assume(in_range(msg, 0, (int)n - 1));
    uint32_t c = mod_pow((uint32_t)msg, (uint32_t)e, (uint32_t)n);
    uint32_t back = mod_pow(c, (uint32_t)d, (uint32_t)n);
    assert(back == (uint32_t)msg);
    return c == (uint32_t)msg ? 53 : 54; /* fixed point of the cipher */
}

int main(void) {
    int op = __VERIFIER_nondet_int();
    __VERIFIER_assume(in_range(op, 0, 4));
    int v[4];
    for (int i = 0; i < 4; i++) v[i] = __VERIFIER_nondet_int();

    switch (op) {
    case 0: return run_gcd_lcm(v);
    case 1: return run_diophantine(v);
    case 2: return run_inverse(v);
    case 3: return run_triple(v);
    default: return run_rsa(v);
    }
}
