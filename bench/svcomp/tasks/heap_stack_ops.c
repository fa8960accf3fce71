/* heap, reachable: a linked stack driven by push/pop commands reaches depth 3 with 13 on top after 2 pops */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "heap_stack_ops.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
extern void free(void *);

struct cell {
    int val;
    struct cell *below;
};

/* Command 0 pushes the next input, 1 pops (on an empty stack: nothing),
 * anything else does nothing; 8 commands. Reached by five pushes and two
 * pops, the last push of 13, e.g. 0 a 0 b 1 1 0 c 0 d 0 13. */
int main(void) {
    struct cell *top = 0;
    int depth = 0, pops = 0;
    for (int step = 0; step < 8; step++) {
        int op = __VERIFIER_nondet_int();
        if (op == 0) {
            struct cell *c = malloc(sizeof *c);
            if (!c)
                break;
            c->val = __VERIFIER_nondet_int();
            c->below = top;
            top = c;
            depth++;
        } else if (op == 1 && top) {
            struct cell *c = top;
            top = c->below;
            free(c);
            depth--;
            pops++;
        }
        if (depth == 3 && pops == 2 && top->val == 13)
            reach_error();
    }
    while (top) {
        struct cell *c = top;
        top = c->below;
        free(c);
    }
    return 0;
}
