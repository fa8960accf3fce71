/* symplex-test
 * paths: 2
 * error: use-after-free 20
 * A node is freed on one branch and read afterwards. flag == 7 frees early.
 * Normal paths: flag != 7 with node->v (= flag) > 100 or not.
 */
#include <symplex.h>
#include <stdlib.h>

struct node { int v; struct node *next; };

int main(void) {
    unsigned char flag;
    symplex_make_symbolic(&flag, sizeof flag, "flag");
    struct node *n = malloc(sizeof *n);
    n->v = flag;
    n->next = NULL;
    if (flag == 7)
        free(n);
    int v = n->v; /*@A*/
    if (flag != 7)
        free(n);
    if (v > 100)
        return 1;
    return 0;
}
