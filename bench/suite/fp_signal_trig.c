/*
 * fp_signal_trig.c -- a tone analyser: a damped sine sampled at a few
 *                     instants, its level in decibels, its phase quadrant
 *                     and a soft classifier, with a level histogram.
 *
 * Workload class: signal code on doubles through the C math library (sin,
 * cos, exp, log10, atan2, hypot, tanh), whose results IEEE-754 does not pin
 * down: a solver sees them as opaque functions.
 *
 * The tone has amplitude A, frequency F, phase P and decay D; it is sampled
 * at NS instants t_k = k * DT. Each sample's level in dB against the
 * reference REF goes into a histogram of 10 dB bins from -60 dB; its analytic
 * phase (atan2 of the quadrature and in-phase parts) picks one of four
 * quadrant counters; a tanh classifier on the gain-scaled sample votes
 * "loud" or "quiet". The cycle count F * T decides how many samples a
 * period spans.
 *
 * Symbolic input (SV-COMP style): __VERIFIER_nondet_double() for A in
 * [0, 10], F in [0.1, 50], P in [-4, 4], D in [0, 5] and REF in [0.01, 1].
 *
 * Planted bugs:
 *   1. The histogram has 10 bins (-60 dB to +40 dB) but the level can reach
 *      20 log10(10 / 0.01) = 60 dB: a sample above 100 * REF (a loud tone
 *      against a small reference, near a crest) writes past the array.
 *   2. The samples-per-period count divides by (cycles - 3), zero when the
 *      tone makes exactly three whole cycles in the window (3 <= F * T < 4):
 *      an integer division by zero.
 */
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int cond);

#include <math.h>

#define NS 4
#define DT 0.05
#define T (NS * DT)
#define PI 3.141592653589793

static int hist[10];
static int quadrant[4];
static int loud, quiet;

static double sample(double a, double f, double p, double d, double t) {
    return a * exp(-d * t) * sin(2 * PI * f * t + p);
}

static int level_bin(double s, double ref) {
    double mag = fabs(s);
    if (mag < 1e-9)
        return -1; /* silence: no bin */
    double db = 20.0 * log10(mag / ref);
    if (db < -60.0)
        return -1;
    return (int)((db + 60.0) / 10.0); /* BUG 1: up to 12 for a 10-bin array */
}

static void phase_quadrant(double a, double f, double p, double t) {
    double i = cos(2 * PI * f * t + p), q = sin(2 * PI * f * t + p);
    double ph = atan2(q, i);
    if (a * hypot(i, q) < 0.5)
        return; /* too weak to tell */
    if (ph >= 0)
        quadrant[ph < PI / 2 ? 0 : 1]++;
    else
        quadrant[ph < -PI / 2 ? 2 : 3]++;
}

static void classify(double s, double ref) {
    double g = tanh(s / (10.0 * ref));
    if (g > 0.95)
        loud++;
    else if (g < -0.95)
        loud++;
    else if (g > -0.05 && g < 0.05)
        quiet++;
}

static int samples_per_period(double f) {
    int cycles = (int)(f * T);
    if (cycles < 1)
        return NS;
    return NS * 2 / (cycles - 3); /* BUG 2: cycles == 3 */
}

int main(void) {
    double a = __VERIFIER_nondet_double(), f = __VERIFIER_nondet_double();
    double p = __VERIFIER_nondet_double(), d = __VERIFIER_nondet_double();
    double ref = __VERIFIER_nondet_double();
    __VERIFIER_assume(a >= 0 && a <= 10);
    __VERIFIER_assume(f >= 0.1 && f <= 50);
    __VERIFIER_assume(p >= -4 && p <= 4);
    __VERIFIER_assume(d >= 0 && d <= 5);
    __VERIFIER_assume(ref >= 0.01 && ref <= 1);
    for (int k = 0; k < NS; k++) {
        double t = k * DT, s = sample(a, f, p, d, t);
        int b = level_bin(s, ref);
        if (b >= 0)
            hist[b]++;
        phase_quadrant(a, f, p, t);
        classify(s, ref);
    }
    int spp = samples_per_period(f);
    return (spp + loud + quiet + hist[0] + quadrant[0]) & 1;
}
