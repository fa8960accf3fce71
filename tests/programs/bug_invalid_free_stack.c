/* symplex-test
 * paths: 1
 * error: invalid-free 16
 * free() of a stack object: when big is 0 the code uses a local array instead
 * of a heap block but frees it anyway. Normal path: big != 0.
 */
#include <symplex.h>
#include <stdlib.h>

int main(void) {
    unsigned char big;
    char local[8];
    symplex_make_symbolic(&big, sizeof big, "big");
    char *p = big ? malloc(8) : local;
    p[0] = 'a';
    free(p); /*@A*/
    return 0;
}
