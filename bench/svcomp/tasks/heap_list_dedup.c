/* heap, unreachable: removing duplicates from a malloc'd list keeps one node per distinct value */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "heap_list_dedup.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);

struct node {
    int val;
    struct node *next;
};

/* Unreachable: for each node, every later node with the same value is
 * unlinked and freed, so afterwards no value repeats, and the first node of
 * each value stays: the values present before (seen[]) are present after. */
int main(void) {
    struct node *head = 0;
    int seen[4] = {0, 0, 0, 0};
    for (int i = 0; i < 7; i++) {
        struct node *p = malloc(sizeof *p);
        if (!p)
            break;
        p->val = __VERIFIER_nondet_int();
        __VERIFIER_assume(p->val >= 0 && p->val <= 3);
        seen[p->val] = 1;
        p->next = head;
        head = p;
    }
    for (struct node *p = head; p; p = p->next) {
        struct node *q = p;
        while (q->next) {
            if (q->next->val == p->val) {
                struct node *dup = q->next;
                q->next = dup->next;
                free(dup);
            } else {
                q = q->next;
            }
        }
    }
    int after[4] = {0, 0, 0, 0};
    for (struct node *p = head; p; p = p->next) {
        if (after[p->val])
            reach_error();
        after[p->val] = 1;
    }
    for (int v = 0; v < 4; v++)
        if (after[v] != seen[v])
            reach_error();
    while (head) {
        struct node *next = head->next;
        free(head);
        head = next;
    }
    return 0;
}
