/* symplex-test
 * variants: --search=dfs | --search=bfs | --search=random-state | --search=random-path | --search=covnew | --seed=7
 * paths: 9
 * errors: 1
 * error: assert 28
 * The same program under each searcher and the default one with another
 * seed: the order differs, the explored tree must not. Three input bytes; a < 3 splits three ways per byte via a
 * switch on a (0, 1, other) for a and b: 3 * 3 = 9 paths, and c == 'E' after
 * a == 1 and b == 1 is the one assert failure (that path is not counted, but
 * c != 'E' there still completes).
 */
#include <symplex.h>
#include <assert.h>

static int tri(unsigned char v) {
    switch (v) {
    case 0: return 0;
    case 1: return 1;
    default: return 2;
    }
}

int main(void) {
    unsigned char in[3];
    symplex_make_symbolic(in, sizeof in, "in");
    int a = tri(in[0]), b = tri(in[1]);
    if (a == 1 && b == 1)
        assert(in[2] != 'E'); /*@A*/
    return a * 10 + b;
}
