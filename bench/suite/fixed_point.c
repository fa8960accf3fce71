/*
 * fixed_point.c -- integer numeric kernels in Q16.16 fixed point driving a
 *                  small control loop: FIR pre-filter followed by a PID
 *                  controller, plus signal statistics.
 *
 * Workload class: integer DSP / control arithmetic (64-bit intermediate
 * products, rounding toward nearest, saturation, a bit-by-bit square root,
 * clamping and anti-windup branches).
 *
 * Kernels:
 *   fx_mul   -- Q16.16 product, rounded half away from zero, saturated.
 *   fx_div   -- Q16.16 quotient, rounded, saturated; b == 0 saturates.
 *   fx_sqrt  -- square root of a non-negative Q16.16 value by bit iteration.
 *   fir_step -- 4-tap symmetric low-pass FIR (taps 1/8, 3/8, 3/8, 1/8).
 *   pid_step -- PID step with integral clamp (anti-windup), output clamp and
 *               a "slope-scheduled" derivative used while the integrator is
 *               pinned at its limit.
 *
 * Symbolic inputs (all through symplex_make_symbolic):
 *   samples[5] -- int16_t raw sensor readings, whole units, unconstrained
 *                 (-32768 .. 32767, widened to Q16.16).
 *   setpoint   -- int16_t target in whole units, unconstrained.
 *   tune       -- uint8_t; tune & 7 selects one of 8 gain presets, the
 *                 upper bits select the output limit (4 choices).
 *
 * Planted bug:
 *   pid_step(): once the integrator has been saturated for two consecutive
 *   steps and the preset has a non-zero derivative gain, the derivative term is divided by the change
 *   of the filtered measurement (y - prev_y) with a raw integer division.
 *   When two consecutive filter outputs are equal the divisor is zero:
 *   a division by zero. Reaching it needs a preset with kd != 0 and a large
 *   enough ki (preset 4), three steps of near-saturated error to pin the
 *   integrator (one step contributes at most a third of the limit), one
 *   more pinned step and a flat filter output there: the fourth control
 *   step at the earliest.
 */
#include <stdbool.h>
#include <stdint.h>
#include <symplex.h>

typedef int32_t fx;

#define FX_ONE      65536
#define FX_HALF     32768
#define NSAMPLES    5
#define NTAPS       4
#define I_LIMIT     (20000 * FX_ONE)

static fx fx_sat64(int64_t v)
{
    if (v > INT32_MAX)
        return INT32_MAX;
    if (v < -INT32_MAX)
        return -INT32_MAX;              /* symmetric: never INT32_MIN */
    return (fx)v;
}

static fx fx_add(fx a, fx b)
{
    return fx_sat64((int64_t)a + b);
}

static fx fx_sub(fx a, fx b)
{
    return fx_sat64((int64_t)a - b);
}

static fx fx_mul(fx a, fx b)
{
    int64_t p = (int64_t)a * (int64_t)b;
    p = (p + FX_HALF) >> 16;            /* round half up */
    return fx_sat64(p);
}

static fx fx_div(fx a, fx b)
{
    if (b == 0)
        return a >= 0 ? INT32_MAX : INT32_MIN;
    int64_t n = (int64_t)a * FX_ONE;
    int64_t half = (b > 0 ? (int64_t)b : -(int64_t)b) / 2;
    bool neg = (a < 0) != (b < 0);
    if (neg)
        n -= (a < 0) ? half : -half;
    else
        n += (a < 0) ? -half : half;
    return fx_sat64(n / b);
}

static fx fx_abs(fx a)
{
    if (a == INT32_MIN)
        return INT32_MAX;
    return a < 0 ? -a : a;
}

/* Square root of a non-negative Q16.16 value; result in Q16.16. */
static fx fx_sqrt(fx x)
{
    if (x <= 0)
        return 0;
    uint64_t op = (uint64_t)(uint32_t)x << 16;
    uint64_t res = 0;
    uint64_t one = (uint64_t)1 << 46;
    while (one > op)
        one >>= 2;
    while (one != 0) {
        if (op >= res + one) {
            op -= res + one;
            res = (res >> 1) + one;
        } else {
            res >>= 1;
        }
        one >>= 2;
    }
    if (op > res)
        res++;                          /* round to nearest */
    return (fx)res;
}

struct fir {
    fx hist[NTAPS];
    unsigned fill;
};

static const fx fir_taps[NTAPS] = {
    FX_ONE / 8, 3 * FX_ONE / 8, 3 * FX_ONE / 8, FX_ONE / 8,
};

static fx fir_step(struct fir *f, fx x)
{
    for (unsigned i = NTAPS - 1; i > 0; i--)
        f->hist[i] = f->hist[i - 1];
    f->hist[0] = x;
    if (f->fill < NTAPS)
        f->fill++;
    /* Symmetric taps: fold the pairs, one rounding shift at the end. The
     * taps sum to 1, so the weighted average always fits in 32 bits. */
    int64_t outer = (int64_t)f->hist[0] + f->hist[3];
    int64_t inner = (int64_t)f->hist[1] + f->hist[2];
    int64_t acc = outer * (fir_taps[0] / 8192) + inner * (fir_taps[1] / 8192);
    return (fx)((acc + 4) >> 3);
}

struct pid {
    fx kp, ki, kd;
    fx out_limit;
    fx integral;
    fx prev_err;
    fx prev_y;
    bool started;
    unsigned clamps;
    unsigned windups;
    unsigned pinned_run;
};

static fx pid_step(struct pid *c, fx target, fx y)
{
    fx err = fx_sub(target, y);
    fx p = fx_mul(c->kp, err);

    fx integral = fx_add(c->integral, fx_mul(c->ki, err));
    bool pinned = false;
    if (integral > I_LIMIT) {
        integral = I_LIMIT;
        pinned = true;
    } else if (integral < -I_LIMIT) {
        integral = -I_LIMIT;
        pinned = true;
    }
    c->integral = integral;
    if (pinned) {
        c->windups++;
        c->pinned_run++;
    } else {
        c->pinned_run = 0;
    }

    fx d = 0;
    if (c->started && c->kd != 0) {
        fx derr = fx_sub(err, c->prev_err);
        d = fx_mul(c->kd, derr);
        if (c->pinned_run >= 2) {
            /* Slope scheduling once the integrator has stayed pinned:
             * scale by the measured change per step. */
            fx slope = fx_sub(y, c->prev_y) >> 16;
            d = d / slope;
        }
    }
    c->prev_err = err;
    c->prev_y = y;
    c->started = true;

    fx out = fx_add(fx_add(p, integral), d);
    if (out > c->out_limit) {
        out = c->out_limit;
        c->clamps++;
    } else if (out < -c->out_limit) {
        out = -c->out_limit;
        c->clamps++;
    }
    return out;
}

static void load_preset(struct pid *c, uint8_t tune)
{
    switch (tune & 7) {
    case 0: c->kp = FX_ONE;         c->ki = 0;              c->kd = 0;          break;
    case 1: c->kp = FX_ONE / 2;     c->ki = FX_ONE / 4;     c->kd = 0;          break;
    case 2: c->kp = 2 * FX_ONE;     c->ki = FX_ONE / 8;     c->kd = FX_ONE / 2; break;
    case 3: c->kp = FX_ONE;         c->ki = FX_ONE + FX_ONE / 2; c->kd = 0;     break;
    case 4: c->kp = 3 * FX_ONE / 4; c->ki = FX_ONE / 4;     c->kd = FX_ONE / 4; break;
    case 5: c->kp = 4 * FX_ONE;     c->ki = FX_ONE / 8;     c->kd = FX_ONE;     break;
    case 6: c->kp = FX_ONE / 4;     c->ki = FX_ONE;         c->kd = 0;          break;
    default: c->kp = FX_ONE;        c->ki = FX_ONE / 16;    c->kd = 2 * FX_ONE; break;
    }
    switch ((tune >> 3) & 3) {
    case 0: c->out_limit = 1000 * FX_ONE; break;
    case 1: c->out_limit = 8000 * FX_ONE; break;
    case 2: c->out_limit = 20000 * FX_ONE; break;
    default: c->out_limit = INT32_MAX; break;
    }
}

/* Raw integer reading to Q16.16 (the full int16 range fits exactly). */
static fx from_raw(int16_t raw)
{
    return (fx)raw * FX_ONE;
}

int main(void)
{
    int16_t samples[NSAMPLES];
    int16_t setpoint;
    uint8_t tune;

    symplex_make_symbolic(samples, sizeof samples, "samples");
    symplex_make_symbolic(&setpoint, sizeof setpoint, "setpoint");
    symplex_make_symbolic(&tune, sizeof tune, "tune");

    struct pid ctl = {0};
    struct fir filt = {0};
    load_preset(&ctl, tune);

    fx target = from_raw(setpoint);
    fx outs[NSAMPLES];
    fx err_energy = 0;
    fx peak = 0;

    for (unsigned k = 0; k < NSAMPLES; k++) {
        fx y = fir_step(&filt, from_raw(samples[k]));
        outs[k] = pid_step(&ctl, target, y);
        fx e = fx_abs(fx_sub(target, y));
        err_energy = fx_add(err_energy, e >> 3);
        if (fx_abs(outs[k]) > peak)
            peak = fx_abs(outs[k]);
    }

    /* Statistics: RMS-like magnitude of the error, duty cycle of the peak. */
    fx mag = fx_sqrt(err_energy);
    fx duty = fx_div(peak, ctl.out_limit);

    int status = 0;
    if (mag > 2 * FX_ONE)
        status |= 1;
    if (duty >= FX_ONE)
        status = 2;
    if (ctl.windups > NSAMPLES / 2 && ctl.clamps == 0)
        status = 1;
    return status;
}
