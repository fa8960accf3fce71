/* searcher_split_new (search_split.c): two searches over disjoint trees.
 * A state goes to the search of its group, a fork stays in its parent's,
 * selections alternate, and a group with no state gives its turn away. */
#include "check.h"
#include "engine/searcher.h"
#include "exec/state.h"
#include <stdlib.h>

int main(void) {
    Searcher *sp = searcher_split_new(searcher_dfs_new(), searcher_dfs_new());
    State *a = state_new(), *b = state_new();
    b->group = 1;
    sp->add(sp, a);
    sp->add(sp, b);
    /* alternation: group 0, then 1, then 0 */
    CHECK(sp->select(sp) == a);
    CHECK(sp->select(sp) == b);
    CHECK(sp->select(sp) == a);
    /* a fork of b is b's group's (dfs: the newest first) */
    State *c = state_fork(b, 3);
    CHECK(c->group == 1);
    if (sp->fork) sp->fork(sp, b, c);
    sp->add(sp, c);
    CHECK(sp->select(sp) == c);
    CHECK(sp->select(sp) == a);
    /* group 0 empty: its turns go to group 1 */
    sp->remove(sp, a);
    CHECK(sp->select(sp) == c);
    CHECK(sp->select(sp) == c);
    sp->remove(sp, c);
    sp->remove(sp, b);
    CHECK(sp->select(sp) == NULL);
    sp->destroy(sp);
    state_free(a), state_free(b), state_free(c);
    return check_report();
}
