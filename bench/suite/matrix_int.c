/*
 * matrix_int.c -- integer linear-algebra kernels on small matrices:
 *                 determinants by cofactors, by Laplace expansion and by
 *                 fraction-free (Bareiss) elimination, products with fixed
 *                 transforms, adjugate inverses and Cramer's rule.
 *
 * Workload class: numeric kernels with non-linear integer arithmetic
 * (products of symbolic values, exact division), data-dependent pivoting.
 *
 * On a symbolic 3x3 matrix A the program
 *   - runs Bareiss elimination with row pivoting on A (every intermediate
 *     value stays an integer because each step divides exactly by the
 *     previous pivot) to get the rank and a non-singularity verdict, after a
 *     cheap pre-screen that rejects matrices with a zero row or column, and
 *     for a non-singular A solves A x = r for the first unknown by Cramer's
 *     rule and prints it;
 *   - computes det(A) by cofactor expansion, multiplies A by one of four
 *     fixed lattice transforms T (a quarter turn, a shear, a scaling, a
 *     reflection-like map) and checks the product rule
 *     det(A T) = det(A) det(T);
 *   - for det(A) = +-1 builds the integer inverse from the adjugate and
 *     checks A adj(A) = det(A) I;
 *   - embeds A into the 4x4 block matrix M = [A 0; u s] and classifies its
 *     determinant, computed by a general (zero-skipping) Laplace expansion.
 * The entry ranges keep every intermediate value far from overflow.
 *
 * Symbolic input:
 *   a[3][3]  -- int8_t, entries assumed in [-3, 3].
 *   u[3], s  -- int8_t, the extra row and corner of M, assumed in [-3, 3].
 *   r[3]     -- int8_t, right-hand side, assumed in [-5, 5].
 *   sel      -- uint8_t, transform selector, assumed < 4.
 *
 * Planted bug:
 *   bareiss() marks the matrix singular only when a column has no pivot; it
 *   forgets that the last pivot (the determinant itself) can come out zero.
 *   A rank-2 matrix whose leading 2x2 minor is non-zero and which has no zero
 *   row or column (e.g. third row = first row + second row) passes as
 *   non-singular, and Cramer's rule then divides by its zero determinant
 *   (division by zero). The path needs the zero-line pre-screen to pass, two
 *   non-zero pivots and a zero final pivot: non-linear conditions on all
 *   nine entries, decided through Bareiss's exact divisions.
 */
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <symplex.h>

#define N 3

typedef int32_t mat3[N][N];
typedef int32_t mat4[N + 1][N + 1];

/* Fixed lattice transforms. */
static const mat3 transforms[4] = {
    {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}},  /* quarter turn about z */
    {{1, 2, 0}, {0, 1, 0}, {0, 0, 1}},   /* shear */
    {{2, 0, 0}, {0, 1, 0}, {0, 0, 3}},   /* scaling */
    {{1, 0, 0}, {0, 1, 0}, {1, 1, -1}},  /* reflection-like, det -1 */
};

static int32_t det2(int32_t a, int32_t b, int32_t c, int32_t d) {
    return a * d - b * c;
}

/* Determinant by cofactor expansion along the first row. */
static int32_t det3(const mat3 a) {
    return a[0][0] * det2(a[1][1], a[1][2], a[2][1], a[2][2]) -
           a[0][1] * det2(a[1][0], a[1][2], a[2][0], a[2][2]) +
           a[0][2] * det2(a[1][0], a[1][1], a[2][0], a[2][1]);
}

static void mul3(const mat3 a, const mat3 b, mat3 out) {
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int32_t sum = 0;
            for (int k = 0; k < N; k++) sum += a[i][k] * b[k][j];
            out[i][j] = sum;
        }
}

/* Adjugate: transpose of the cofactor matrix, so A adj(A) = det(A) I. */
static void adjugate3(const mat3 a, mat3 adj) {
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            /* minor without row j and column i (transposed on the fly) */
            int r0 = j == 0 ? 1 : 0, r1 = j == 2 ? 1 : 2;
            int c0 = i == 0 ? 1 : 0, c1 = i == 2 ? 1 : 2;
            int32_t minor = det2(a[r0][c0], a[r0][c1], a[r1][c0], a[r1][c1]);
            adj[i][j] = (i + j) % 2 == 0 ? minor : -minor;
        }
}

/* 4x4 determinant by Laplace expansion along the first row; zero entries
 * are skipped, as a sparse-aware implementation does. */
static int32_t det4(const mat4 m) {
    int32_t det = 0;
    for (int c = 0; c <= N; c++) {
        if (m[0][c] == 0) continue;
        mat3 minor;
        for (int i = 1; i <= N; i++) {
            int k = 0;
            for (int j = 0; j <= N; j++)
                if (j != c) minor[i - 1][k++] = m[i][j];
        }
        int32_t term = m[0][c] * det3(minor);
        det += c % 2 == 0 ? term : -term;
    }
    return det;
}

struct bareiss_result {
    int32_t det;
    int rank;
    int swaps;
    bool singular;
};

static bool has_zero_line(const mat3 a) {
    for (int i = 0; i < N; i++) {
        bool zero_row = true, zero_col = true;
        for (int j = 0; j < N; j++) {
            zero_row &= a[i][j] == 0;
            zero_col &= a[j][i] == 0;
        }
        if (zero_row || zero_col) return true;
    }
    return false;
}

/* Fraction-free Gaussian elimination (Bareiss 1968). After step k every
 * entry below row k is a (k+2)x(k+2) minor of the input, so the division by
 * the previous pivot is exact and the last pivot is the determinant, up to
 * the sign of the row swaps. */
static struct bareiss_result bareiss(const mat3 in) {
    struct bareiss_result r = {0, 0, 0, false};
    if (has_zero_line(in)) {
        r.singular = true;
        return r;
    }
    mat3 a;
    memcpy(a, in, sizeof a);
    int32_t prev = 1;
    for (int k = 0; k < N - 1; k++) {
        int p = k;
        while (p < N && a[p][k] == 0) p++;
        if (p == N) {
            r.singular = true; /* no pivot in this column */
            r.det = 0;
            return r;
        }
        if (p != k) {
            for (int j = 0; j < N; j++) {
                int32_t t = a[k][j];
                a[k][j] = a[p][j];
                a[p][j] = t;
            }
            r.swaps++;
        }
        r.rank++;
        for (int i = k + 1; i < N; i++) {
            for (int j = k + 1; j < N; j++) a[i][j] = (a[i][j] * a[k][k] - a[i][k] * a[k][j]) / prev;
            a[i][k] = 0;
        }
        prev = a[k][k];
    }
    if (a[N - 1][N - 1] != 0) r.rank++;
    r.det = r.swaps % 2 ? -a[N - 1][N - 1] : a[N - 1][N - 1];
    return r;
}

int main(void) {
    int8_t a[N][N], u[N], s, r[N];
    uint8_t sel;
    symplex_make_symbolic(a, sizeof a, "a");
    symplex_make_symbolic(u, sizeof u, "u");
    symplex_make_symbolic(&s, sizeof s, "s");
    symplex_make_symbolic(r, sizeof r, "r");
    symplex_make_symbolic(&sel, sizeof sel, "sel");
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) symplex_assume((a[i][j] >= -3) & (a[i][j] <= 3));
        symplex_assume((u[i] >= -3) & (u[i] <= 3));
        symplex_assume((r[i] >= -5) & (r[i] <= 5));
    }
    symplex_assume((s >= -3) & (s <= 3));
    symplex_assume(sel < 4);

    mat3 A;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) A[i][j] = a[i][j];
    int code = 0;

    /* elimination, then Cramer's rule for the first unknown */
    struct bareiss_result br = bareiss(A);
    if (br.singular) {
        code |= 2;
        if (br.rank == 1) code |= 4;
    } else {
        mat3 A0;
        memcpy(A0, A, sizeof A0);
        for (int i = 0; i < N; i++) A0[i][0] = r[i];
        int32_t num = det3(A0);
        int32_t x0 = num / br.det;
        printf("x0 = %d/%d ~ %d\n", num, br.det, x0);
        if (br.swaps > 0) code |= 16;
    }

    /* product rule with the selected transform */
    int32_t da = det3(A);
    const mat3 *T;
    switch (sel) {
    case 0: T = &transforms[0]; break;
    case 1: T = &transforms[1]; break;
    case 2: T = &transforms[2]; break;
    default: T = &transforms[3]; break;
    }
    mat3 AT;
    mul3(A, *T, AT);
    assert(det3(AT) == da * det3(*T));

    /* unimodular: the adjugate is the integer inverse */
    if (da == 1 || da == -1) {
        mat3 adj, P;
        adjugate3(A, adj);
        mul3(A, adj, P);
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++) assert(P[i][j] == (i == j ? da : 0));
        code |= 1;
    }

    /* block-triangular 4x4 */
    mat4 M;
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) M[i][j] = A[i][j];
        M[i][N] = 0;
        M[N][i] = u[i];
    }
    M[N][N] = s;
    int32_t d4 = det4(M);
    if (d4 == 0) code |= 64;
    else if (s < 0) code |= 32; /* the corner flips the orientation */
    return code == 0 ? 0 : 1 + code % 7;
}
