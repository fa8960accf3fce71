/* Branches, a switch whose cases share destinations, a loop, a qsort whose
 * comparator (the program's code, called by the library) decides nothing of
 * the path, and an assertion that fails on one path. Inputs are nondet
 * calls, so the tests also have a Test-Comp form. */
#include <assert.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);

static int cmp(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return x < y ? -1 : x > y;
}

static int kind(int c) {
    switch (c) {
    case 1: case 3: return 10;
    case 2: return 20;
    case 7: return 10;
    default: return 0;
    }
}

int main(void) {
    int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
    int v[3] = {3, (x & 1) * 4, 1};
    qsort(v, 3, sizeof v[0], cmp);
    int s = 0;
    for (int i = 0; i < 4; i++)
        if (i < (y & 3)) s += v[i % 3];
    int k = kind(y & 7);
    if (x > 1000 && k == 20)
        assert(s != 1); /* s is v[0] + v[1]: fails when x is even (0 + 1) */
    return k > 5 ? 1 : 0;
}
