/* symplex-test
 * paths: 2
 * stdout: area=12.566371 sqrt2=1.414214 mean=2.750000
 * Floating point computed from concrete values only (the symbolic input only
 * picks a branch), printed with printf; stdout is checked.
 */
#include <symplex.h>
#include <stdio.h>
#include <math.h>

static double mean(const double *v, int n) {
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += v[i];
    return s / n;
}

int main(void) {
    unsigned char pick;
    symplex_make_symbolic(&pick, sizeof pick, "pick");
    double r = 2.0;
    double vals[4] = {1.5, 2.5, 3.0, 4.0};
    float f = 0.1f;
    printf("area=%f sqrt2=%f mean=%f\n", 3.14159265358979 * r * r, sqrt(r), mean(vals, 4));
    if (pick > 200)
        return (int)(f * 10.0f + 0.5f);
    return 0;
}
