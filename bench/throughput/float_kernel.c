/* Concrete-only floating-point workload for bench/throughput: a damped
 * spring-mass chain stepped with semi-implicit Euler, the kind of inner loop a
 * physics step or a numeric kernel runs (multiply-adds, a comparison, a square
 * root, a conversion per element). No symbolic input: it measures the
 * interpreter's concrete float path. */
#include <math.h>
#include <stdio.h>

#define N 256
static double pos[N], vel[N];

int main(void) {
    for (int i = 0; i < N; i++) pos[i] = sin(i * 0.1), vel[i] = 0;
    double energy = 0;
    for (int step = 0; step < 400; step++) {
        for (int i = 1; i < N - 1; i++) {
            double force = 0.5 * (pos[i - 1] + pos[i + 1] - 2.0 * pos[i]) - 0.01 * vel[i];
            vel[i] += force * 0.05;
        }
        for (int i = 1; i < N - 1; i++) pos[i] += vel[i] * 0.05;
        double e = 0;
        for (int i = 0; i < N; i++) e += sqrt(vel[i] * vel[i] + 1e-12) * (pos[i] > 0 ? 1.0 : 0.5);
        energy += e;
    }
    printf("energy %d\n", (int)(energy * 1000.0) % 1000000);
    return 0;
}
