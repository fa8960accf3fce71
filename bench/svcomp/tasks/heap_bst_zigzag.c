/* heap, reachable: five inserts build a zigzag chain 5 1 4 2 3 in a binary search tree */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "heap_bst_zigzag.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);

struct tree {
    int key;
    struct tree *left, *right;
};

static struct tree *insert(struct tree *t, int key, int *ok) {
    if (!t) {
        struct tree *n = malloc(sizeof *n);
        if (!n) {
            *ok = 0;
            return 0;
        }
        n->key = key;
        n->left = n->right = 0;
        return n;
    }
    if (key < t->key)
        t->left = insert(t->left, key, ok);
    else if (key > t->key)
        t->right = insert(t->right, key, ok);
    return t;
}

static int height(const struct tree *t) {
    if (!t)
        return 0;
    int l = height(t->left), r = height(t->right);
    return 1 + (l > r ? l : r);
}

static void destroy(struct tree *t) {
    if (!t)
        return;
    destroy(t->left);
    destroy(t->right);
    free(t);
}

/* Height 5 from five keys is a chain; root 5 going left, then right, then
 * left: keys 5, then one below 5, then between, ... Reached by 5 1 4 2 3. */
int main(void) {
    struct tree *root = 0;
    int ok = 1;
    for (int i = 0; i < 5 && ok; i++) {
        int key = __VERIFIER_nondet_int();
        __VERIFIER_assume(key >= 0 && key <= 9);
        root = insert(root, key, &ok);
    }
    if (ok && height(root) == 5 && root->key == 5 && root->left && root->left->right && root->left->right->left)
        reach_error();
    destroy(root);
    return 0;
}
