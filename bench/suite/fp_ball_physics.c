/*
 * fp_ball_physics.c -- a physics step: a ball under gravity in a box with
 *                      damped bounces, and an occupancy grid of the cells
 *                      it passes through.
 *
 * Workload class: time-stepped simulation on doubles (explicit Euler,
 * collision response by reflection, energy bookkeeping), with the state
 * quantised into grid cells.
 *
 * The ball starts at a position inside the box W x H with a velocity; each of
 * NSTEPS steps applies gravity, moves it by v * DT, reflects it off a wall or
 * the floor it crossed (position mirrored, that velocity component reversed
 * and damped by the restitution), and marks the grid cell under it. A ball
 * that comes to rest on the floor stops the simulation early. At the end the
 * kinetic plus potential energy is compared with the start: it never grows.
 *
 * Symbolic input (SV-COMP style, no symplex.h):
 *   __VERIFIER_nondet_double() for the start position (x, y), each assumed
 *   inside the box, the velocity (vx, vy), each assumed within
 *   [-VMAX, VMAX] (VMAX = 1000), and the restitution, assumed in [0, 1].
 *
 * Planted bug:
 *   The reflection mirrors the position once. A ball fast enough to move
 *   more than the box's width in one step (|vx| * DT > W, so |vx| > 500)
 *   lands outside even after mirroring, and its grid column indexes past the
 *   occupancy array: an out-of-bounds write. Slower balls, and fast ones
 *   moving vertically (the floor reflection has the same flaw, but the row
 *   is clamped), never show it.
 */
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int cond);

#define W 5.0
#define H 5.0
#define DT 0.01
#define G 9.81
#define VMAX 1000.0
#define NSTEPS 3
#define CELL 0.5
#define COLS 10
#define ROWS 10

typedef struct Ball { double x, y, vx, vy; } Ball;

static unsigned char grid[ROWS][COLS];

static double energy(const Ball *b) { return 0.5 * (b->vx * b->vx + b->vy * b->vy) + G * b->y; }

static void reflect(double *p, double *v, double limit, double e) {
    if (*p < 0) {
        *p = -*p;
        *v = -*v * e;
    } else if (*p > limit) {
        *p = 2 * limit - *p;
        *v = -*v * e;
    }
}

static void mark(const Ball *b) {
    int col = (int)(b->x / CELL), row = (int)(b->y / CELL);
    if (row >= ROWS) row = ROWS - 1; /* the top is open: clamp */
    if (row < 0) row = 0;
    grid[row][col] = 1; /* col is trusted: reflect() keeps x inside, it thinks */
}

static int step(Ball *b, double e) {
    b->vy -= G * DT;
    b->x += b->vx * DT;
    b->y += b->vy * DT;
    reflect(&b->x, &b->vx, W, e);
    reflect(&b->y, &b->vy, H, e);
    mark(b);
    return b->y == 0.0 && b->vy > -0.01 && b->vy < 0.01; /* at rest */
}

int main(void) {
    Ball b;
    b.x = __VERIFIER_nondet_double();
    b.y = __VERIFIER_nondet_double();
    b.vx = __VERIFIER_nondet_double();
    b.vy = __VERIFIER_nondet_double();
    double e = __VERIFIER_nondet_double();
    __VERIFIER_assume(b.x >= 0 && b.x <= W && b.y >= 0 && b.y <= H);
    __VERIFIER_assume(b.vx >= -VMAX && b.vx <= VMAX && b.vy >= -VMAX && b.vy <= VMAX);
    __VERIFIER_assume(e >= 0 && e <= 1);
    double e0 = energy(&b);
    int steps = 0;
    while (steps < NSTEPS && !step(&b, e)) steps++;
    int cells = 0;
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS; c++) cells += grid[r][c];
    if (energy(&b) > e0 + 1e-6) return 100; /* energy grew: a numerical artefact */
    if (steps < NSTEPS) return 50 + cells;
    return cells;
}
