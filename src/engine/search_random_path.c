/* Random-path search: walk the execution tree from the root, choosing a child
 * uniformly at each fork. States deep in a heavily forking subtree are thus not
 * favoured over a lone state near the root, which is what makes it robust
 * against fork bombs in loops (KLEE's default). */
#include "searcher.h"
#include <stdlib.h>

struct PTreeNode {
    PTreeNode *parent, *kid[2];
    State *state;        /* leaves only */
};

typedef struct RandomPath {
    Searcher base;
    Rng *rng;
    PTreeNode *root;
} RandomPath;

static PTreeNode *pt_leaf(PTreeNode *parent, State *s) {
    PTreeNode *n = util_calloc(1, sizeof *n);
    n->parent = parent;
    n->state = s;
    s->ptree = n;
    return n;
}

static void rp_add(Searcher *sr, State *s) {
    RandomPath *rp = (RandomPath *)sr;
    if (s->ptree) return;        /* already placed by a fork */
    if (!rp->root) { rp->root = pt_leaf(NULL, s); return; }
    /* a state that did not come from a fork (should not happen): hang it at the root */
    PTreeNode *top = util_calloc(1, sizeof *top);
    top->kid[0] = rp->root;
    rp->root->parent = top;
    top->kid[1] = pt_leaf(top, s);
    rp->root = top;
}

static void rp_fork(Searcher *sr, State *parent, State *child) {
    PTreeNode *n = parent->ptree;
    if (!n) return;
    n->state = NULL;
    n->kid[0] = pt_leaf(n, parent);
    n->kid[1] = pt_leaf(n, child);
}

static void rp_remove(Searcher *sr, State *s) {
    RandomPath *rp = (RandomPath *)sr;
    PTreeNode *n = s->ptree;
    if (!n) return;
    s->ptree = NULL;
    /* drop the leaf and every ancestor left without children */
    while (n) {
        PTreeNode *p = n->parent;
        free(n);
        if (!p) { rp->root = NULL; return; }
        if (p->kid[0] == n) p->kid[0] = NULL;
        else p->kid[1] = NULL;
        if (p->kid[0] || p->kid[1]) return;
        n = p;
    }
}

static State *rp_select(Searcher *sr) {
    RandomPath *rp = (RandomPath *)sr;
    PTreeNode *n = rp->root;
    if (!n) return NULL;
    while (!n->state) {
        if (n->kid[0] && n->kid[1]) n = n->kid[rng_next(rp->rng) & 1];
        else n = n->kid[0] ? n->kid[0] : n->kid[1];
    }
    return n->state;
}

/* Iterative: the tree is as deep as a path has forks, and the end of a run
 * destroys it with its states still in it. */
static void rp_free_tree(PTreeNode *root) {
    VEC(PTreeNode *) todo = {0};
    if (root) VEC_PUSH(todo, root);
    while (todo.len) {
        PTreeNode *n = todo.data[--todo.len];
        for (int k = 0; k < 2; k++)
            if (n->kid[k]) VEC_PUSH(todo, n->kid[k]);
        if (n->state) n->state->ptree = NULL;
        free(n);
    }
    VEC_FREE(todo);
}

static void rp_destroy(Searcher *sr) {
    RandomPath *rp = (RandomPath *)sr;
    rp_free_tree(rp->root);
    free(rp);
}

Searcher *searcher_random_path_new(Rng *rng) {
    RandomPath *rp = util_calloc(1, sizeof *rp);
    rp->base = (Searcher){rp_fork, rp_add, rp_remove, rp_select, rp_destroy, NULL};
    rp->rng = rng;
    return &rp->base;
}
