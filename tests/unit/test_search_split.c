/* searcher_split_new (search_split.c): two searches over disjoint trees.
 * A state goes to the search of its group, a fork stays in its parent's, the
 * group that has had less time is selected, and a group with no state gives
 * its turn away. */
#include "check.h"
#include "engine/searcher.h"
#include "exec/state.h"
#include <stdlib.h>
#include <time.h>

/* Holds the selected state for about `ms` milliseconds, as a run would. */
static void run_for(long ms) {
    struct timespec t = {0, ms * 1000000L};
    nanosleep(&t, NULL);
}

int main(void) {
    Searcher *sp = searcher_split_new(searcher_dfs_new(), searcher_dfs_new());
    State *a = state_new(), *b = state_new();
    b->group = 1;
    sp->add(sp, a);
    sp->add(sp, b);
    /* group 0 first; a's 20 ms are made up by b before a runs again (the
     * margins are wide: a loaded machine oversleeps) */
    CHECK(sp->select(sp) == a);
    run_for(20);
    CHECK(sp->select(sp) == b);
    run_for(1);
    CHECK(sp->select(sp) == b);
    run_for(80);
    CHECK(sp->select(sp) == a);
    run_for(100);
    /* a fork of b is b's group's (dfs: the newest first) */
    State *c = state_fork(b, 3);
    CHECK(c->group == 1);
    if (sp->fork) sp->fork(sp, b, c);
    sp->add(sp, c);
    CHECK(sp->select(sp) == c);
    run_for(80);
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
