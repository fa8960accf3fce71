/* fpsearch: a stochastic search for a point that satisfies constraints over
 * floating-point (and integer) variables, in the style MuSE (Zhang, Chen et
 * al., ASE 2020, §3.4) takes from XSat: each constraint has a distance that
 * is 0 exactly where it holds (fps_query.c computes MuSE's Table 1 on a
 * query), and the search minimises their sum.
 *
 * The minimiser is basin hopping, the variant of MuSE's Monte-Carlo search
 * that keeps only local minima:
 *  - descent: along one variable at a time, a compass search over step
 *    sizes 2^0 .. 2^(bits-1) in the variable's ordinal space (for a float,
 *    its bit pattern ordered like its value, so a step of 1 is one ULP and
 *    the distance is the number of floats in between), taking the best step
 *    while one improves;
 *  - hop: a variable of a violated constraint jumps by a log-uniform number
 *    of ordinal steps, to a special value (zeros, ones, infinities, NaN,
 *    extremes), or to random bits, then descends;
 *  - the new local minimum is accepted with Metropolis' rule on
 *    log2(1 + distance) at temperature T.
 * Each point a descent step moves to (short of a solution) goes to the
 * problem's visitor: MuSE's partial solutions, a point per step.
 *
 * It never proves anything: it finds a point of distance 0 or gives up. */
#ifndef SYMPLEX_FPSEARCH_H
#define SYMPLEX_FPSEARCH_H
#include <stdbool.h>
#include <stdint.h>

struct Rng;

typedef enum FpsKind { FPS_INT, FPS_F32, FPS_F64 } FpsKind;

typedef struct FpsVar {
    FpsKind kind;
    unsigned bits;          /* the width: 32 or 64 for floats (as their kind says); 8..64 for integers (signed two's complement) */
} FpsVar;

typedef struct FpsConstraint {
    uint32_t nvars;
    const uint32_t *vars;   /* the variables it reads */
} FpsConstraint;

typedef struct FpsProblem {
    uint32_t nvars;
    const FpsVar *vars;
    uint32_t ncons;
    const FpsConstraint *cons;
    /* distance of constraint c at the point (each variable's bit pattern,
     * zero-extended): >= 0, and 0 exactly when c holds */
    double (*dist)(void *ctx, uint32_t c, const uint64_t *bits);
    void *ctx;
    /* Optional: each point a descent step moves to (partial solutions). */
    void (*visit)(void *visit_ctx, const uint64_t *bits);
    void *visit_ctx;
} FpsProblem;

typedef struct FpsParams {
    uint64_t max_evals;     /* distance evaluations of the whole point before giving up */
    uint32_t max_hops;      /* perturbations before giving up */
    double temperature;     /* Metropolis T on log2(1 + distance) */
    double p_special;       /* a hop to a special value */
    double p_random;        /* a hop to random bits */
    double deadline;        /* timer_now() time to give up at; 0 = none */
} FpsParams;

/* Picks, not tuned on any benchmark: T = 1 (a hop that doubles the distance
 * is accepted with probability 1/e), special values 1 hop in 10, random bits
 * 1 in 20, and budgets of 200000 evaluations and 1000 hops. */
FpsParams fps_default_params(void);

typedef struct FpsStats {
    uint64_t evals;         /* evaluations of the whole point */
    uint64_t hops;
    uint64_t accepted;      /* hops whose local minimum was accepted */
} FpsStats;

/* A float's bit pattern as a signed ordinal (monotone in its value, -0 and
 * +0 both 0, NaNs beyond the infinities) and back. */
int64_t fps_ord(FpsKind k, uint64_t bits);
uint64_t fps_from_ord(FpsKind k, int64_t ord);
/* Largest ordinal that is not a NaN (the infinity's). */
int64_t fps_ord_max(FpsKind k);

/* Minimises from `bits` (nvars patterns). Returns true with `bits` at a point
 * of distance 0, or false with the best point met. */
bool fps_search(const FpsProblem *p, const FpsParams *params, struct Rng *rng, uint64_t *bits, FpsStats *stats);

#endif
