/* heap, unreachable: in-place reversal of a malloc'd list yields the inputs backwards */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "heap_list_reverse.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);

struct node {
    int val;
    struct node *next;
};

/* Unreachable: the list is built by prepending, so it holds the inputs
 * backwards; reversing relinks the same nodes into input order, which the
 * array kept. The length never changes. */
int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 6);
    int vals[6];
    struct node *head = 0;
    int len = 0;
    for (int i = 0; i < n; i++) {
        struct node *p = malloc(sizeof *p);
        if (!p)
            break;
        p->val = vals[i] = __VERIFIER_nondet_int();
        p->next = head;
        head = p;
        len++;
    }
    struct node *rev = 0;
    while (head) {
        struct node *next = head->next;
        head->next = rev;
        rev = head;
        head = next;
    }
    int i = 0;
    for (struct node *p = rev; p; p = p->next, i++) {
        if (i >= len || p->val != vals[i])
            reach_error();
    }
    if (i != len)
        reach_error();
    while (rev) {
        struct node *next = rev->next;
        free(rev);
        rev = next;
    }
    return 0;
}
