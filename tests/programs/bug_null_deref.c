/* symplex-test
 * paths: 2
 * error: null-deref 22
 * A lookup returns NULL for keys it does not know; the caller dereferences
 * the result without checking. key in 0..3: keys 0 and 1 are found and
 * give two paths (their values differ in the final test); 2 and 3 give NULL.
 */
#include <klee/klee.h>
#include <stddef.h>

static int values[2] = {11, 22};

static int *lookup(int key) {
    if (key < 2)
        return &values[key];
    return NULL;
}

int main(void) {
    int key = klee_range(0, 4, "key");
    int *p = lookup(key);
    int v = *p; /*@A*/
    if (v > 15)
        return 1;
    return 0;
}
