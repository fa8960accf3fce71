/* symplex-test
 * paths: 3
 * Structs passed and returned by value (small and large, so both register and
 * memory ABI paths are used). The branches on the returned fields: p.x < 0
 * splits; if not, the large struct's sum > 100 splits: 3 paths.
 */
#include <symplex.h>
#include <assert.h>

struct pt { int x, y; };
struct big { int v[6]; char tag; };

static struct pt swap(struct pt p) {
    struct pt q = {p.y, p.x};
    return q;
}

static struct big fill(struct pt p) {
    struct big b;
    for (int i = 0; i < 6; i++)
        b.v[i] = (i & 1) ? p.y : p.x;
    b.tag = 'B';
    return b;
}

static int total(struct big b) { return b.v[0] + b.v[1] + b.v[2] + b.v[3] + b.v[4] + b.v[5]; }

int main(void) {
    signed char in[2];
    symplex_make_symbolic(in, sizeof in, "in");
    struct pt p = {in[0], in[1]};
    struct pt q = swap(p);
    assert((q.x == p.y) & (q.y == p.x));
    struct big b = fill(q);
    assert(b.tag == 'B');
    if (q.y < 0)
        return 1;
    if (total(b) > 100)
        return 2;
    return 0;
}
