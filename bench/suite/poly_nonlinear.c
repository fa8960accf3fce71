/* poly_nonlinear.c -- integer root analysis of small polynomials and other
 * non-linear integer conditions.
 *
 * Models: the integer-arithmetic core of a computer-algebra helper or a
 * puzzle checker.  For a cubic p(t) = a t^3 + b t^2 + c t + d with small
 * integer coefficients and a candidate point x it evaluates p(x) (Horner),
 * and when x is a root deflates p by synthetic division, classifies the
 * remaining quadratic by its discriminant (integer square root by search),
 * and determines the root multiplicity from the derivatives.  Independent
 * checks exercise other non-linear conditions: x*y == K factorisations,
 * sums of two squares, a Pell equation, and quadratic residues modulo small
 * primes.
 *
 * Workload class: non-linear integer arithmetic (multiplication of symbolic
 * values, modulo, division) under SV-COMP style inputs.
 *
 * Symbolic inputs (SV-COMP interface, declared extern here):
 *   a, b, c, d -- __VERIFIER_nondet_int(), each assumed in [-8, 8], a != 0
 *   x          -- __VERIFIER_nondet_int(), assumed in [-12, 12]
 *   y          -- __VERIFIER_nondet_int(), assumed in [1, 64]
 *   r          -- __VERIFIER_nondet_uchar(), unconstrained (0..255)
 *
 * Planted bug:
 *   root_multiplicity() assumes that a root with p(x) == 0 and p'(x) == 0
 *   has p''(x) != 0 and divides 6a by p''(x) to get the curvature ratio.
 *   For a triple root (p = a (t - x)^3, e.g. a=1, b=-3, c=3, d=-1, x=1)
 *   p''(x) == 0 too: division by zero, guarded by the conjunction of three
 *   non-linear equalities over the coefficients and x.  Deep for the solver
 *   rather than for the path count.
 */
#include <stdbool.h>

extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int cond);

struct cubic {
    int a, b, c, d;
};

static int eval(const struct cubic *p, int t)
{
    return ((p->a * t + p->b) * t + p->c) * t + p->d;
}

static int deriv1(const struct cubic *p, int t)
{
    return (3 * p->a * t + 2 * p->b) * t + p->c;
}

static int deriv2(const struct cubic *p, int t)
{
    return 6 * p->a * t + 2 * p->b;
}

/* Integer square root of n >= 0 by upward search; -1 when n is not a
 * perfect square. */
static int exact_sqrt(int n)
{
    int s = 0;
    if (n < 0)
        return -1;
    while (s * s < n && s < 64)
        s++;
    return s * s == n ? s : -1;
}

/* Divides p by (t - x); returns the remainder and stores the quotient
 * coefficients q2 t^2 + q1 t + q0. */
static int deflate(const struct cubic *p, int x, int *q2, int *q1, int *q0)
{
    *q2 = p->a;
    *q1 = p->b + x * *q2;
    *q0 = p->c + x * *q1;
    return p->d + x * *q0;
}

/* Returns 1, 2 or 3 for the multiplicity of root x, and stores a
 * curvature ratio used to classify double roots. */
static int root_multiplicity(const struct cubic *p, int x, int *ratio)
{
    int d1 = deriv1(p, x);
    int d2;
    if (d1 != 0) {
        *ratio = 0;
        return 1;
    }
    d2 = deriv2(p, x);
    *ratio = (6 * p->a) / d2; /* BUG: d2 == 0 for a triple root */
    if (d2 == 0)
        return 3;
    return 2;
}

/* Number of distinct integer roots of q2 t^2 + q1 t + q0 (q2 != 0). */
static int quadratic_int_roots(int q2, int q1, int q0, int *r1, int *r2)
{
    int disc = q1 * q1 - 4 * q2 * q0;
    int s, n = 0;
    if (disc < 0)
        return 0;
    s = exact_sqrt(disc);
    if (s < 0)
        return 0;
    if ((-q1 + s) % (2 * q2) == 0) {
        *r1 = (-q1 + s) / (2 * q2);
        n++;
    }
    if (s != 0 && (-q1 - s) % (2 * q2) == 0) {
        if (n == 0)
            *r1 = (-q1 - s) / (2 * q2);
        else
            *r2 = (-q1 - s) / (2 * q2);
        n++;
    }
    return n;
}

static int analyse_cubic(const struct cubic *p, int x)
{
    int q2, q1, q0, rem, mult, ratio;
    int r1 = 0, r2 = 0, n;
    int v = eval(p, x);

    if (v != 0) {
        if (v > 0 && eval(p, x + 1) < 0)
            return 10; /* sign change: a real root in (x, x+1) */
        if (v < 0 && eval(p, x - 1) > 0)
            return 11;
        return 12;
    }
    rem = deflate(p, x, &q2, &q1, &q0);
    if (rem != 0)
        return 99; /* cannot happen: x is a root */
    n = quadratic_int_roots(q2, q1, q0, &r1, &r2);
    if (n == 0)
        return 18; /* x is the only integer root */
    if (r1 != x && (n < 2 || r2 != x))
        return n == 2 ? 16 : 17; /* simple root x plus other integer roots */
    /* the quotient vanishes at x as well: x is a repeated root */
    mult = root_multiplicity(p, x, &ratio);
    if (mult == 3)
        return 13;
    if (mult == 2)
        return ratio > 0 ? 14 : 15;
    return 19;
}

static int factor_checks(int x, int y)
{
    int code = 0;
    if (x > 1 && y > 1 && x * y == 221)
        code |= 1; /* 13 * 17 */
    if (x > 0 && x * x + y * y == 130)
        code |= 2; /* 3^2 + 11^2 or 7^2 + 9^2 */
    if (x > 0 && x * x - 2 * y * y == 1)
        code |= 4; /* Pell: (3, 2) */
    if (x * y == y * y - 20)
        code |= 8; /* y (y - x) = 20 */
    return code;
}

static int residue_checks(unsigned char r)
{
    int code = 0;
    unsigned sq = (unsigned)r * r;
    if (sq % 7 == 3)
        code |= 1; /* 3 is not a residue mod 7: infeasible */
    if (sq % 11 == 5 && sq % 13 == 10)
        code |= 2;
    if (r % 5 != 0 && (sq * sq) % 5 != 1)
        code |= 4; /* Fermat: infeasible */
    if ((sq + r) % 17 == 3 && r > 100)
        code |= 8;
    return code;
}

int main(void)
{
    struct cubic p;
    int x, y, result, f, q;
    unsigned char r;

    p.a = __VERIFIER_nondet_int();
    p.b = __VERIFIER_nondet_int();
    p.c = __VERIFIER_nondet_int();
    p.d = __VERIFIER_nondet_int();
    x = __VERIFIER_nondet_int();
    y = __VERIFIER_nondet_int();
    r = __VERIFIER_nondet_uchar();

    __VERIFIER_assume(p.a >= -8);
    __VERIFIER_assume(p.a <= 8);
    __VERIFIER_assume(p.a != 0);
    __VERIFIER_assume(p.b >= -8);
    __VERIFIER_assume(p.b <= 8);
    __VERIFIER_assume(p.c >= -8);
    __VERIFIER_assume(p.c <= 8);
    __VERIFIER_assume(p.d >= -8);
    __VERIFIER_assume(p.d <= 8);
    __VERIFIER_assume(x >= -12);
    __VERIFIER_assume(x <= 12);
    __VERIFIER_assume(y >= 1);
    __VERIFIER_assume(y <= 64);

    f = factor_checks(x, y);
    q = residue_checks(r);
    result = analyse_cubic(&p, x);
    if (result == 99)
        return 5;
    if (result == 16 && f != 0)
        return 6;
    if (result >= 13 && result <= 17)
        return 7;
    if (q & 2)
        return 2;
    return (f & 1) ? 1 : 0;
}
