/* Two searches in one pool: each state belongs to a group (State.group, set
 * on a root before the engine adopts it and inherited by its forks), each
 * group has its own searcher over its own tree, and the selections alternate
 * between the groups (a group with no state left gives its turn away).
 * Neither search can starve the other, whatever it does to its own pool: a
 * search that forks without end grows only its own tree, and the other gets
 * every other selection, as it would alone at half the pace. */
#include "searcher.h"
#include <stdlib.h>

typedef struct Split {
    Searcher base;
    Searcher *group[2];
    unsigned turn;
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
    Searcher *first = sp->group[sp->turn & 1], *second = sp->group[(sp->turn + 1) & 1];
    sp->turn++;
    State *s = first->select(first);
    return s ? s : second->select(second);
}

static void split_destroy(Searcher *sr) {
    Split *sp = (Split *)sr;
    sp->group[0]->destroy(sp->group[0]);
    sp->group[1]->destroy(sp->group[1]);
    free(sp);
}

Searcher *searcher_split_new(Searcher *a, Searcher *b) {
    Split *sp = util_calloc(1, sizeof *sp);
    sp->base = (Searcher){split_fork, split_add, split_remove, split_select, split_destroy};
    sp->group[0] = a;
    sp->group[1] = b;
    return &sp->base;
}
