/* cwalk: the concolic walk (Dinges, "Symcretic Testing of Programs", ch. 5,
 * Algorithms 5.1-5.4): a search for a point that satisfies the non-linear
 * constraints N of a path condition while never leaving the polytope of its
 * linear constraints L. It is adaptive search (a tabu search): each step
 * moves the variable that carries the most error to the best of R
 * neighbours, each neighbour either a random (normal) step that stays inside
 * L or a secant ("bisection") step toward the root of one violated
 * constraint; a variable whose best neighbour does not improve becomes tabu
 * for T steps; when every variable is tabu, one random step on all of them.
 *
 * This file is the algorithm over an abstract problem: integer variables in
 * ranges, and constraints given as a comparison of d = l - r with 0 that the
 * caller evaluates (solver_cw.c makes one from a query; tests script one).
 * It never proves anything: it finds a point or gives up.
 *
 * Where the thesis leaves a choice open (see the digest), this file does:
 *  - integer rounding: every step and every secant point is rounded to the
 *    nearest integer (ties away from zero) and clamped into the variable's
 *    range;
 *  - ADJUSTTOSATISFY: each linear equality a step broke is repaired by one
 *    secant step on one of its variables the step did not move (exact for a
 *    linear equality when the slope divides the error), two passes;
 *  - ONEOF over no violated constraint (the moved variable carries no error):
 *    no secant point that round;
 *  - equal values at both ends of a secant: a random slope, uniform in
 *    [-1, 1], instead;
 *  - argmax ties: the lowest-numbered variable;
 *  - float variables (the thesis's doubles) step and interpolate in value;
 *    a step to NaN stays put. */
#ifndef SYMPLEX_CWALK_H
#define SYMPLEX_CWALK_H
#include <stdbool.h>
#include <stdint.h>

typedef __int128 i128;

/* how d = l - r must compare with 0 */
typedef enum CwCmp { CW_EQ, CW_NE, CW_LT, CW_LE, CW_GT, CW_GE } CwCmp;

typedef struct CwConstraint {
    CwCmp cmp;
    bool linear;            /* in L (kept satisfied by every step) rather than N */
    uint32_t nvars;
    const uint32_t *vars;   /* the variables it reads */
} CwConstraint;

typedef struct CwProblem {
    uint32_t nvars;
    const i128 *lo, *hi;    /* each variable's range */
    uint32_t ncons;
    const CwConstraint *cons;
    /* d = l - r of constraint c at the point `values` (nvars entries) */
    double (*diff)(void *ctx, uint32_t c, const i128 *values);
    void *ctx;
    /* Optional: each point the walk moves to (partial solutions). */
    void (*visit)(void *visit_ctx, const i128 *values);
    void *visit_ctx;
    /* Optional (NULL: all integers): per variable 32 or 64 when its value is
     * the bit pattern of a float or double (read as a signed integer of that
     * width), 0 for an integer. A float variable moves in value: a step adds
     * to the float it encodes and rounds to the nearest one, and a secant
     * interpolates floats; its range is every bit pattern. */
    const uint8_t *fbits;
} CwProblem;

/* Randomness, replaceable so that tests can script a walk. */
typedef struct CwRandom {
    double (*normal)(void *ctx);   /* standard normal */
    double (*uniform)(void *ctx);  /* uniform in [0, 1) */
    uint64_t (*below)(void *ctx, uint64_t n); /* uniform in [0, n) */
    void *ctx;
} CwRandom;

typedef struct CwParams {
    uint32_t steps_per_constraint; /* I: the walk gives up after I * |N| steps (thesis: 150) */
    uint32_t rounds;               /* R: neighbours per step, one random and one secant each (thesis: 10) */
    int32_t tabu;                  /* T: tabu tenure; < 0 means the thesis's min(3, |VARS(N)| / 2) */
    uint32_t rejections;           /* M: random steps tried until one stays inside L */
    double step_sd;                /* S: standard deviation of a random step */
    bool no_bisection;             /* secant steps off (the thesis's RQ5) */
    double deadline;               /* timer_now() time to give up at; 0 = none */
} CwParams;

/* Randomness from a seeded Rng (util.h), which must outlive the result. */
struct Rng;
CwRandom cw_random(struct Rng *rng);

/* The defaults: I, R and T from the thesis. M and S, which it does not give,
 * are picks, not tuned: M = 8 tries, and S = 8, a step of a few units (the
 * scale of counters and characters); the secant steps cover long distances. */
CwParams cw_default_params(void);

typedef struct CwStats {
    uint64_t steps;          /* iterations of the main loop */
    uint64_t moves;          /* steps that moved to a better point */
    uint64_t restarts;       /* random steps on every variable (all tabu) */
    uint64_t secant_moves;   /* moves whose point came from a secant step */
    uint64_t evals;          /* constraint evaluations */
} CwStats;

/* The error of one constraint given its d (Alg 5.2). */
double cw_error(CwCmp cmp, double d);

/* The secant point of Alg. 5.3's BISECTIONSTEP on the line from alpha to beta
 * for a constraint with d = va at alpha and vb at beta, written to gamma
 * (rounded and clamped). Returns false when va == vb (the caller then uses a
 * random slope). */
bool cw_secant(const CwProblem *p, const i128 *alpha, const i128 *beta, double va, double vb, i128 *gamma);

/* Alg 5.1 from the point alpha (which must satisfy L; the caller solves L).
 * Returns true with alpha holding a point that satisfies every constraint, or
 * false (alpha then holds the last point) when it gave up. */
bool cw_walk(const CwProblem *p, const CwParams *params, const CwRandom *rnd, i128 *alpha, CwStats *stats);

#endif
