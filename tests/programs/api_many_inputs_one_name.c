/* symplex-test
 * paths: 3
 * error: assert 24
 * exits: 0 1
 * Many inputs under one name (issue 29): 300 objects named "v" made in a
 * loop, then one named "c". A test keeps KLEE's object order and the names
 * the program gave, so native replay hands each call its own value: the
 * assert needs the 4th object to be 5, the 300th to be 7 and c to be 'x'
 * (forks: vals[3] == 5, then vals[299] == 7 && c == 'x').
 */
#include <assert.h>
#include <klee/klee.h>

int main(void) {
    int vals[300];
    for (int i = 0; i < 300; i++) {
        int v;
        klee_make_symbolic(&v, sizeof v, "v");
        vals[i] = v;
    }
    char c;
    klee_make_symbolic(&c, sizeof c, "c");
    if (vals[3] == 5) {
        assert(!(vals[299] == 7 && c == 'x'));
        return 1;
    }
    return 0;
}
