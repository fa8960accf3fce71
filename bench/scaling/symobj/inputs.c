/* N symbolic objects under one name, made in a loop (issue 29's shape):
 * each iteration is one klee_make_symbolic call and a symbolic sum. */
#include <klee/klee.h>

int main(void) {
    int s = 0;
    for (int a = 0; a < N; a++) {
        int v;
        klee_make_symbolic(&v, sizeof v, "v");
        s += v & 1;
    }
    return s > 0;
}
