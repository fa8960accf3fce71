/* symplex-test
 * paths: 3
 * Globals with initializers: ints, an array, a pointer to a global, a pointer
 * into an array, a string literal and an array of strings. A symbolic i in
 * 0..3 indexes the string "abcd"; name[i] == 'c' splits (i == 2);
 * otherwise counter-through-pointer and table values pick one more split
 * (table[i] > 25 for i == 3): 3 paths.
 */
#include <klee/klee.h>
#include <assert.h>

int counter = 5;
int *counter_p = &counter;
int table[4] = {10, 20, 25, 40};
int *third = &table[2];
const char *name = "abcd";
const char *words[] = {"zero", "one", "two"};
static char buf[8] = "xy";

int main(void) {
    int i = klee_range(0, 4, "i");
    assert(*counter_p == 5);
    assert(*third == 25);
    assert(words[1][1] == 'n');
    assert(buf[1] == 'y' && buf[2] == 0);
    *counter_p += 1;
    assert(counter == 6);
    if (name[i] == 'c')
        return 1;
    if (table[i] > 25)
        return 2;
    return 0;
}
