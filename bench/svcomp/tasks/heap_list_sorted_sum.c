/* heap, reachable: a malloc'd list of 4 increasing values summing to 100 and ending in 40 */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "heap_list_sorted_sum.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);

struct node {
    int val;
    struct node *next;
};

/* Values are appended in input order; reached, e.g., by n = 4 and 10 20 30 40. */
int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 6);
    struct node *head = 0, *tail = 0;
    for (int i = 0; i < n; i++) {
        struct node *p = malloc(sizeof *p);
        if (!p)
            break;
        p->val = __VERIFIER_nondet_int();
        __VERIFIER_assume(p->val >= 0 && p->val <= 50);
        p->next = 0;
        if (tail)
            tail->next = p;
        else
            head = p;
        tail = p;
    }
    int len = 0, sum = 0, increasing = 1, last = -1;
    for (struct node *p = head; p; p = p->next) {
        if (p->val <= last)
            increasing = 0;
        last = p->val;
        sum += p->val;
        len++;
    }
    if (len == 4 && increasing && sum == 100 && last == 40)
        reach_error();
    while (head) {
        struct node *next = head->next;
        free(head);
        head = next;
    }
    return 0;
}
