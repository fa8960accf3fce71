/*
 * fp_numeric_kernels.c -- small numeric kernels on doubles and floats: a
 *                         Newton square root, Horner polynomial evaluation
 *                         with a root check, linear interpolation in a
 *                         table, and an 8-bit quantizer.
 *
 * Workload class: numeric library code (iterations with a fixed count,
 * tolerances, clamping, table lookup, float-to-integer conversion).
 *
 * The kernels run on one input each: newton_sqrt takes a fixed number of
 * Newton steps from x/2 and its result is checked against a relative
 * tolerance; horner evaluates p(t) = t^3 - 6t^2 + 11t - 6 (roots 1, 2, 3) and
 * reports which root t is near; lerp_table interpolates a 5-point table with
 * the index taken from the integer part of its input; quantize maps a float
 * in [0, 1] to 0..255 after clamping.
 *
 * Symbolic input (SV-COMP style, no symplex.h):
 *   x = __VERIFIER_nondet_double() assumed in (0, 1e12]; t and u likewise,
 *   t in [-10, 10], u in [0, 4]; q = __VERIFIER_nondet_float(), not
 *   constrained (any bit pattern, NaN included).
 *
 * Planted bugs:
 *   1. NEWTON_STEPS (8) steps are enough below about 1e4 but not for large
 *      x: the relative-error assertion fails (reach_error) for x above a
 *      threshold the search must find through eight divisions.
 *   2. quantize() clamps with `q < 0` and `q > 1`, both false for NaN, so a
 *      NaN reaches the conversion to int: undefined behaviour (float-cast).
 */
#include <math.h>

extern double __VERIFIER_nondet_double(void);
extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int cond);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));

void reach_error(void) { __assert_fail("0", "fp_numeric_kernels.c", __LINE__, "reach_error"); }

#define NEWTON_STEPS 8

static double newton_sqrt(double x) {
    double r = x / 2;
    for (int i = 0; i < NEWTON_STEPS; i++) r = 0.5 * (r + x / r);
    return r;
}

static double horner(double t) {
    static const double c[4] = {1, -6, 11, -6};
    double p = 0;
    for (int i = 0; i < 4; i++) p = p * t + c[i];
    return p;
}

static int near_root(double t) {
    double p = horner(t);
    if (fabs(p) > 1e-3) return 0;
    if (t < 1.5) return 1;
    if (t < 2.5) return 2;
    return 3;
}

static double lerp_table(double u) {
    static const double tab[5] = {0.0, 0.8, 1.5, 1.9, 2.0};
    int i = (int)u;
    if (i >= 4) return tab[4];
    double f = u - i;
    return tab[i] + f * (tab[i + 1] - tab[i]);
}

static int quantize(float q) {
    if (q < 0) q = 0;
    if (q > 1) q = 1;
    return (int)(q * 255.0f + 0.5f); /* NaN: undefined behaviour */
}

int main(void) {
    double x = __VERIFIER_nondet_double(), t = __VERIFIER_nondet_double(), u = __VERIFIER_nondet_double();
    float q = __VERIFIER_nondet_float();
    __VERIFIER_assume(x > 0 && x <= 1e12);
    __VERIFIER_assume(t >= -10 && t <= 10);
    __VERIFIER_assume(u >= 0 && u <= 4);
    double r = newton_sqrt(x);
    if (fabs(r * r - x) > 1e-9 * x) reach_error();
    int root = near_root(t);
    double l = lerp_table(u);
    int level = quantize(q);
    if (l > 1.7 && root == 2) return 3;
    if (level == 128) return 2;
    return root;
}
