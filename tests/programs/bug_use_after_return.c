/* symplex-test
 * paths: 1
 * error: use-after-free 44
 * error: use-after-free 46
 * error: use-after-free 47
 * Pointers to locals outlive their calls, and many calls come and go before
 * they are used: their frames, and the dead ones, are freed stack memory no
 * state holds (retired into tombs in symplex's registry), and an access there
 * must still be a use after return. i < 4: a read at a symbolic index through
 * the saved pointer; i == 200 ends normally; i in 4..99: a read through a
 * pointer computed at a symbolic index while its object lived (the pointer
 * knows its object, which is gone); others: a read at a constant offset.
 */
#include <symplex.h>

static int *saved;

static void keep(int v) {
    int local[4] = {v, v + 1, v + 2, v + 3};
    saved = local;
}

static int *element(unsigned char j) {
    int local[4] = {j, j, j, j};
    int *p = &local[j & 3];
    return p;
}

static int churn(int d) {
    int x[2] = {d, -d};
    return d ? churn(d - 1) + x[0] : x[1];
}

int main(void) {
    unsigned char i;
    symplex_make_symbolic(&i, sizeof i, "i");
    keep(1);
    int *q = element(i);
    int sum = 0;
    for (int k = 0; k < 20; k++) sum += churn(30);
    if (i == 200)
        return sum & 1;
    if (i < 4)
        return saved[i]; /*@A*/
    if (i < 100)
        return *q; /*@C*/
    return saved[1]; /*@B*/
}
