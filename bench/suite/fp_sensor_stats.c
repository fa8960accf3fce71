/*
 * fp_sensor_stats.c -- statistics over a window of float sensor readings:
 *                      mean, variance, range, outlier flags and a coarse
 *                      noise level for a display.
 *
 * Workload class: numeric kernel on float data (sums, squares, square roots,
 * comparisons with tolerances, float-to-integer conversion).
 *
 * A window of NREAD readings is summarised: the mean; the variance by the
 * one-pass formula E[x^2] - E[x]^2 (cheap on a microcontroller, and the
 * bug); the range; each reading flagged as an outlier when it is more than
 * two standard deviations from the mean; the window classified as flat,
 * noisy or spiky; and the noise level shown as an integer 0..99 bar.
 *
 * Symbolic input (SV-COMP style, no symplex.h):
 *   NREAD (4) readings, __VERIFIER_nondet_float(), each assumed finite and
 *   within [-1e6, 1e6] (a sensor's range).
 *
 * Planted bug:
 *   The one-pass variance cancels catastrophically when the readings are
 *   large and close together: E[x^2] - E[x]^2 rounds below zero, sqrtf gives
 *   NaN, and converting NaN to the bar's int is undefined behaviour (a
 *   float-cast error). Readings near 0 or spread apart never show it; it
 *   needs four large, nearly equal floats. (The guard `var < 0` the author
 *   wrote tests the wrong variable.)
 */
#include <math.h>

extern float __VERIFIER_nondet_float(void);
extern void __VERIFIER_assume(int cond);

#define NREAD 4
#define RANGE 1e6f

static float readings[NREAD];

static float mean_of(const float *x) {
    float s = 0;
    for (int i = 0; i < NREAD; i++) s += x[i];
    return s / NREAD;
}

/* E[x^2] - E[x]^2 in one pass */
static float variance_of(const float *x, float mean) {
    float sq = 0;
    for (int i = 0; i < NREAD; i++) sq += x[i] * x[i];
    return sq / NREAD - mean * mean;
}

static int count_outliers(const float *x, float mean, float sd) {
    int n = 0;
    for (int i = 0; i < NREAD; i++)
        if (fabsf(x[i] - mean) > 2.0f * sd) n++;
    return n;
}

static int classify(float range, float sd, int outliers) {
    if (range == 0.0f) return 0;            /* constant */
    if (outliers > 0) return 3;             /* spiky */
    if (sd < 0.01f * (range + 1.0f)) return 1; /* flat */
    return 2;                               /* noisy */
}

int main(void) {
    for (int i = 0; i < NREAD; i++) {
        readings[i] = __VERIFIER_nondet_float();
        __VERIFIER_assume(readings[i] >= -RANGE && readings[i] <= RANGE);
    }
    float lo = readings[0], hi = readings[0];
    for (int i = 1; i < NREAD; i++) {
        if (readings[i] < lo) lo = readings[i];
        if (readings[i] > hi) hi = readings[i];
    }
    float mean = mean_of(readings);
    float var = variance_of(readings, mean);
    float sd = sqrtf(var);
    float shown = sd;
    if (shown < 0) shown = 0; /* meant to guard var, not sd: NaN passes */
    int outliers = count_outliers(readings, mean, sd);
    int kind = classify(hi - lo, sd, outliers);
    int bar = (int)(shown * 10.0f); /* NaN: undefined behaviour */
    if (bar > 99) bar = 99;
    if (mean > 0 && kind == 2) return bar % 7;
    if (mean < 0 && kind == 1) return 10 + bar % 3;
    return kind;
}
