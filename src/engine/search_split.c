/* Two searches in one pool: each state belongs to a group (State.group, set
 * on a root before the engine adopts it and inherited by its forks), each
 * group has its own searcher over its own tree, and the time is shared
 * between the groups: the next selection is the group's that has had less of
 * it (a group with no state left gives its turn away). The time from one
 * selection to the next (the state's run, its queries, its forks) is the
 * selected group's. Alternating selections instead let a search whose
 * states fork at every query take most of the time while making half of the
 * selections (on bench/suite, the directed search ran 3-5 times slower beside
 * the corridor's). Neither search can starve the other, whatever it does to
 * its own pool: a search that forks without end grows only its own tree, and
 * the other goes on as it would alone at half the pace. */
#include "searcher.h"
#include <stdlib.h>

typedef struct Split {
    Searcher base;
    Searcher *group[2];
    double spent[2];  /* seconds each group has had */
    double since;     /* when the last selection was made (0: none yet) */
    unsigned last;    /* its group */
} Split;

static void split_fork(Searcher *sr, State *parent, State *child) {
    Searcher *g = ((Split *)sr)->group[parent->group & 1];
    if (g->fork) g->fork(g, parent, child);
}

static void split_add(Searcher *sr, State *s) {
    Searcher *g = ((Split *)sr)->group[s->group & 1];
    g->add(g, s);
}

static void split_remove(Searcher *sr, State *s) {
    Searcher *g = ((Split *)sr)->group[s->group & 1];
    g->remove(g, s);
}

static State *split_select(Searcher *sr) {
    Split *sp = (Split *)sr;
    double now = timer_now();
    if (sp->since > 0) sp->spent[sp->last] += now - sp->since;
    sp->since = now;
    unsigned g = sp->spent[1] < sp->spent[0];
    State *s = sp->group[g]->select(sp->group[g]);
    if (!s) g ^= 1, s = sp->group[g]->select(sp->group[g]);
    sp->last = g;
    return s;
}

static void split_summary(const Searcher *sr, FILE *f) {
    const Split *sp = (const Split *)sr;
    searchers_summary(sp->group, 2, f);
}

static void split_destroy(Searcher *sr) {
    Split *sp = (Split *)sr;
    sp->group[0]->destroy(sp->group[0]);
    sp->group[1]->destroy(sp->group[1]);
    free(sp);
}

Searcher *searcher_split_new(Searcher *a, Searcher *b) {
    Split *sp = util_calloc(1, sizeof *sp);
    sp->base = (Searcher){split_fork, split_add, split_remove, split_select, split_destroy, split_summary};
    sp->group[0] = a;
    sp->group[1] = b;
    return &sp->base;
}
