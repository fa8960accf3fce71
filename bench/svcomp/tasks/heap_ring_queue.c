/* heap, unreachable: a malloc'd ring buffer's contents always sum to what went in minus what came out */
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "heap_ring_queue.c", 3, "reach_error"); }
extern _Bool __VERIFIER_nondet_bool(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);

/* Unreachable: an enqueue adds v to the sum of the count elements from
 * head and to total_in; a dequeue takes the head element out of both sides;
 * count stays within 0..4, and head and tail within the buffer. */
int main(void) {
    int *q = malloc(4 * sizeof *q);
    if (!q)
        return 0;
    int head = 0, tail = 0, count = 0;
    int total_in = 0, total_out = 0;
    for (int step = 0; step < 10; step++) {
        if (__VERIFIER_nondet_bool()) {
            if (count < 4) {
                int v = __VERIFIER_nondet_int();
                __VERIFIER_assume(v >= 0 && v <= 100);
                q[tail] = v;
                tail = (tail + 1) % 4;
                count++;
                total_in += v;
            }
        } else if (count > 0) {
            total_out += q[head];
            head = (head + 1) % 4;
            count--;
        }
        int sum = 0;
        for (int i = 0; i < count; i++)
            sum += q[(head + i) % 4];
        if (sum != total_in - total_out || count < 0 || count > 4)
            reach_error();
    }
    free(q);
    return 0;
}
