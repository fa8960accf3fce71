/* heap, unreachable: an in-order walk of a binary search tree is sorted */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "heap_bst_inorder.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
extern void free(void *);

struct tree {
    int key;
    struct tree *left, *right;
};

static struct tree *insert(struct tree *t, struct tree *n) {
    if (!t)
        return n;
    if (n->key < t->key)
        t->left = insert(t->left, n);
    else
        t->right = insert(t->right, n);
    return t;
}

static int walk(const struct tree *t, int *out, int i) {
    if (!t)
        return i;
    i = walk(t->left, out, i);
    out[i++] = t->key;
    return walk(t->right, out, i);
}

static void destroy(struct tree *t) {
    if (!t)
        return;
    destroy(t->left);
    destroy(t->right);
    free(t);
}

/* Unreachable: every key in a left subtree is below its root and every key
 * in a right subtree at least the root (equal keys go right), so the
 * in-order walk is non-decreasing and visits each of the inserted nodes. */
int main(void) {
    struct tree *root = 0;
    int inserted = 0;
    for (int i = 0; i < 5; i++) {
        struct tree *n = malloc(sizeof *n);
        if (!n)
            break;
        n->key = __VERIFIER_nondet_int();
        n->left = n->right = 0;
        root = insert(root, n);
        inserted++;
    }
    int out[5];
    int count = walk(root, out, 0);
    if (count != inserted)
        reach_error();
    for (int i = 0; i + 1 < count; i++)
        if (out[i] > out[i + 1])
            reach_error();
    destroy(root);
    return 0;
}
