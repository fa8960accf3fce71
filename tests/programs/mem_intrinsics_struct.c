/* symplex-test
 * paths: 2
 * memcpy / memset / memmove of struct-sized blocks holding symbolic fields:
 * struct assignment and explicit memcpy copy every byte, memset clears, an
 * overlapping memmove shifts an array by one element. One branch on a copied
 * symbolic field.
 */
#include <symplex.h>
#include <string.h>
#include <assert.h>

struct rec { int id; short flags; char name[6]; long long stamp; };

int main(void) {
    struct rec a, b, c;
    symplex_make_symbolic(&a, sizeof a, "a");
    memcpy(&b, &a, sizeof a);
    c = b;
    assert(c.id == a.id);
    assert(c.stamp == a.stamp);
    assert(memcmp(&c, &a, sizeof a) == 0);
    memset(&b, 0, sizeof b);
    assert((b.id == 0) & (b.flags == 0) & (b.stamp == 0) & (b.name[5] == 0));
    int arr[5] = {1, 2, 3, 4, 5};
    arr[0] = c.id;
    memmove(arr + 1, arr, 4 * sizeof arr[0]);
    assert((arr[1] == c.id) & (arr[2] == 2) & (arr[4] == 4));
    if (c.flags < 0)
        return 1;
    return 0;
}
