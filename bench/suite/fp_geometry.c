/*
 * fp_geometry.c -- planar geometry predicates on doubles: triangle
 *                  classification, point location, segment intersection,
 *                  and the bucket of a spatial hash.
 *
 * Workload class: computational geometry with floating-point predicates
 * (orientation determinants, dot products, tolerances) and their branches.
 *
 * A triangle ABC and a point P are classified: degenerate (area below a
 * tolerance), right, obtuse or acute (by the dot products at each corner),
 * isosceles or scalene (squared side lengths within a relative tolerance);
 * P is inside, on an edge, or outside (orientation signs); the segment AP
 * is tested against BC for a proper crossing. Finally the triangle's
 * centroid is put in a bucket of a spatial hash over a fine grid.
 *
 * Symbolic input (SV-COMP style, no symplex.h):
 *   eight __VERIFIER_nondet_double() coordinates: A, B, C and P, each
 *   assumed within [-LIMIT, LIMIT] (LIMIT = 100).
 *
 * Planted bug:
 *   The spatial hash scales the centroid by 1/RES (RES = 3e-8) before
 *   converting it to int. The grid was sized for coordinates within +-50:
 *   a centroid with |x| > ~64.4 overflows the int, undefined behaviour (a
 *   float-cast error). It needs all three vertices far out on one side,
 *   which none of the classification branches asks for.
 */
#include <math.h>

extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int cond);

#define LIMIT 100.0
#define EPS 1e-9
#define RES 3e-8
#define BUCKETS 64

typedef struct Pt { double x, y; } Pt;

static double orient(Pt a, Pt b, Pt c) { return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x); }
static double dot_at(Pt o, Pt a, Pt b) { return (a.x - o.x) * (b.x - o.x) + (a.y - o.y) * (b.y - o.y); }
static double dist2(Pt a, Pt b) { return (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y); }

static int corner_kind(Pt a, Pt b, Pt c) {
    double d[3] = {dot_at(a, b, c), dot_at(b, c, a), dot_at(c, a, b)};
    int kind = 0; /* acute */
    for (int i = 0; i < 3; i++) {
        if (fabs(d[i]) < EPS) return 1; /* right */
        if (d[i] < 0) kind = 2;        /* obtuse */
    }
    return kind;
}

static int isosceles(Pt a, Pt b, Pt c) {
    double s[3] = {dist2(a, b), dist2(b, c), dist2(c, a)};
    for (int i = 0; i < 3; i++) {
        double u = s[i], v = s[(i + 1) % 3];
        if (fabs(u - v) <= 1e-12 * (u + v)) return 1;
    }
    return 0;
}

/* 2 inside, 1 on an edge, 0 outside (for a counter-clockwise triangle) */
static int locate(Pt a, Pt b, Pt c, Pt p) {
    double o1 = orient(a, b, p), o2 = orient(b, c, p), o3 = orient(c, a, p);
    if (o1 > 0 && o2 > 0 && o3 > 0) return 2;
    if (o1 >= 0 && o2 >= 0 && o3 >= 0) return 1;
    return 0;
}

static int crosses(Pt p1, Pt p2, Pt q1, Pt q2) {
    double d1 = orient(q1, q2, p1), d2 = orient(q1, q2, p2);
    double d3 = orient(p1, p2, q1), d4 = orient(p1, p2, q2);
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

static unsigned bucket(Pt a, Pt b, Pt c) {
    double cx = (a.x + b.x + c.x) / 3, cy = (a.y + b.y + c.y) / 3;
    int gx = (int)(cx / RES), gy = (int)(cy / 1e-6); /* gx overflows beyond +-64.4 */
    return ((unsigned)gx * 73856093u ^ (unsigned)gy * 19349663u) % BUCKETS;
}

static Pt read_pt(void) {
    Pt p = {__VERIFIER_nondet_double(), __VERIFIER_nondet_double()};
    __VERIFIER_assume(p.x >= -LIMIT && p.x <= LIMIT && p.y >= -LIMIT && p.y <= LIMIT);
    return p;
}

int main(void) {
    Pt a = read_pt(), b = read_pt(), c = read_pt(), p = read_pt();
    double area2 = orient(a, b, c);
    if (fabs(area2) < EPS) return 0; /* degenerate */
    if (area2 < 0) { /* make it counter-clockwise */
        Pt t = b;
        b = c;
        c = t;
    }
    int kind = corner_kind(a, b, c);
    int iso = isosceles(a, b, c);
    int where = locate(a, b, c, p);
    int cross = crosses(a, p, b, c);
    unsigned h = bucket(a, b, c);
    if (where == 2 && cross) return 99; /* impossible: inside means AP cannot cross BC properly */
    return 1 + kind * 8 + iso * 4 + where + (int)(h % 2) * 32;
}
