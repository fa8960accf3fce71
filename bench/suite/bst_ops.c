/* bst_ops.c -- binary search tree over a fixed node pool, driven by a
 * nondeterministic operation sequence, with a structural checker.
 *
 * Models: the index of a small key-value store on a microcontroller: an
 * unbalanced binary search tree whose nodes come from a static pool (indices
 * instead of pointers, a free list threaded through the `left` field).
 * Operations: insert, delete (Hibbard deletion: a node with two children
 * takes the key of its in-order successor, which is then unlinked), find,
 * min, max and k-th smallest (iterative in-order walk with an explicit
 * stack).  After every operation check_tree() verifies the BST property
 * with key bounds, that every reachable node is allocated, that no node is
 * reached twice and that the node count matches.
 *
 * Workload class: pointer-like data structure (index links, tree walks,
 * a free list) under an operation sequence.
 *
 * Symbolic inputs (SV-COMP API, at most MAX_OPS = 10 operations):
 *   op   -- __VERIFIER_nondet_uchar(), assumed < OP_COUNT (OP_STOP ends the
 *           sequence).
 *   key  -- __VERIFIER_nondet_int() after INSERT, DELETE, FIND and KTH,
 *           assumed 0..15.
 *
 * Planted bugs:
 *   1. delete_key(), two-children case: the successor is unlinked with
 *      "parent->left = successor->right", which is wrong when the successor
 *      is the deleted node's right child itself (its parent is the deleted
 *      node and it hangs on the right).  The left subtree is lost and the
 *      freed successor stays linked; check_tree() then fails (reach_error).
 *      Needs e.g. insert 5, insert 3, insert 7, delete 5: at least 4 ops.
 *   2. kth_smallest() keeps the in-order walk's path in a 4-entry stack and
 *      never checks its depth: a left spine of five nodes (five inserts in
 *      decreasing order) followed by KTH writes past the stack
 *      (out-of-bounds write).  At least 6 ops: deep.
 */
#include <stdbool.h>

extern unsigned char __VERIFIER_nondet_uchar(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "bst_ops.c", __LINE__, "reach_error"); }

#define POOL 8
#define NIL (-1)
#define MAX_OPS 10
#define KEY_MAX 15
#define KTH_STACK 4

enum op { OP_INSERT, OP_DELETE, OP_FIND, OP_MIN, OP_MAX, OP_KTH, OP_STOP, OP_COUNT };

struct node {
    int key;
    int left, right;
    bool used;
};

static struct node pool[POOL];
static int free_head;
static int root = NIL;
static int size;

static void pool_init(void) {
    for (int i = 0; i < POOL; i++) {
        pool[i].used = false;
        pool[i].right = NIL;
        pool[i].left = i + 1 < POOL ? i + 1 : NIL; /* free list */
    }
    free_head = 0;
}

static int node_alloc(int key) {
    int n = free_head;
    if (n == NIL) return NIL;
    free_head = pool[n].left;
    pool[n].key = key;
    pool[n].left = pool[n].right = NIL;
    pool[n].used = true;
    return n;
}

static void node_free(int n) {
    pool[n].used = false;
    pool[n].right = NIL;
    pool[n].left = free_head;
    free_head = n;
}

/* Returns 1 if inserted, 0 if the key was present, -1 if the pool is full. */
static int insert(int key) {
    int parent = NIL, cur = root;
    while (cur != NIL) {
        if (key == pool[cur].key) return 0;
        parent = cur;
        cur = key < pool[cur].key ? pool[cur].left : pool[cur].right;
    }
    int n = node_alloc(key);
    if (n == NIL) return -1;
    if (parent == NIL) root = n;
    else if (key < pool[parent].key) pool[parent].left = n;
    else pool[parent].right = n;
    size++;
    return 1;
}

/* Replaces the link parent -> old by parent -> repl (parent NIL: the root). */
static void relink(int parent, int old, int repl) {
    if (parent == NIL) root = repl;
    else if (pool[parent].left == old) pool[parent].left = repl;
    else pool[parent].right = repl;
}

static bool delete_key(int key) {
    int parent = NIL, z = root;
    while (z != NIL && pool[z].key != key) {
        parent = z;
        z = key < pool[z].key ? pool[z].left : pool[z].right;
    }
    if (z == NIL) return false;
    if (pool[z].left == NIL || pool[z].right == NIL) {
        int child = pool[z].left != NIL ? pool[z].left : pool[z].right;
        relink(parent, z, child);
        node_free(z);
    } else {
        /* Two children: take the in-order successor's key. */
        int sp = z, s = pool[z].right;
        while (pool[s].left != NIL) {
            sp = s;
            s = pool[s].left;
        }
        pool[z].key = pool[s].key;
        /* BUG: when s is z's right child (sp == z) the link to fix is
         * pool[z].right, not pool[sp].left. */
        pool[sp].left = pool[s].right;
        node_free(s);
    }
    size--;
    return true;
}

static int find(int key) {
    int cur = root;
    while (cur != NIL && pool[cur].key != key)
        cur = key < pool[cur].key ? pool[cur].left : pool[cur].right;
    return cur;
}

static int extreme(bool want_max) {
    int cur = root;
    if (cur == NIL) return NIL;
    while ((want_max ? pool[cur].right : pool[cur].left) != NIL)
        cur = want_max ? pool[cur].right : pool[cur].left;
    return cur;
}

/* k-th smallest key (0-based) by an iterative in-order walk, or -1. */
static int kth_smallest(int k) {
    int stack[KTH_STACK];
    int sp = 0, cur = root, seen = 0;
    while (cur != NIL || sp > 0) {
        while (cur != NIL) {
            /* BUG: no depth check; a left spine longer than KTH_STACK
             * overflows the stack. */
            stack[sp++] = cur;
            cur = pool[cur].left;
        }
        cur = stack[--sp];
        if (seen++ == k) return pool[cur].key;
        cur = pool[cur].right;
    }
    return -1;
}

/* Structural check: BST order with exclusive bounds, allocated nodes only,
 * no node twice (a visit bitmap), and the count. */
static int check_subtree(int n, int lo, int hi, unsigned *visited, int depth) {
    if (n == NIL) return 0;
    if (n < 0 || n >= POOL || depth > POOL) reach_error();
    if (!pool[n].used || (*visited & (1u << n))) reach_error();
    *visited |= 1u << n;
    if (pool[n].key <= lo || pool[n].key >= hi) reach_error();
    return 1 + check_subtree(pool[n].left, lo, pool[n].key, visited, depth + 1) +
           check_subtree(pool[n].right, pool[n].key, hi, visited, depth + 1);
}

static void check_tree(void) {
    unsigned visited = 0;
    int count = check_subtree(root, -1, KEY_MAX + 1, &visited, 0);
    if (count != size) reach_error();
}

static int read_key(void) {
    int k = __VERIFIER_nondet_int();
    __VERIFIER_assume((k >= 0) & (k <= KEY_MAX));
    return k;
}

int main(void) {
    pool_init();
    int found = 0, full = 0, last = -1;
    for (int i = 0; i < MAX_OPS; i++) {
        unsigned char op = __VERIFIER_nondet_uchar();
        __VERIFIER_assume(op < OP_COUNT);
        if (op == OP_STOP) break;
        switch (op) {
        case OP_INSERT:
            if (insert(read_key()) < 0) full++;
            break;
        case OP_DELETE:
            delete_key(read_key());
            break;
        case OP_FIND:
            if (find(read_key()) != NIL) found++;
            break;
        case OP_MIN:
        case OP_MAX: {
            int n = extreme(op == OP_MAX);
            last = n == NIL ? -1 : pool[n].key;
            break;
        }
        default:
            last = kth_smallest(read_key());
            break;
        }
        check_tree();
    }
    if (full > 0) return 5;
    if (size == 0) return 1;
    if (found > 0) return last >= 0 ? 6 : 7;
    return 0;
}
