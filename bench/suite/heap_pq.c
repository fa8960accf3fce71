/*
 * heap_pq.c -- an indexed binary min-heap priority queue (push, pop,
 *              decrease-key, peek, replace-top) over a fixed array, checked
 *              against a simple shadow model after every operation.
 *
 * Workload class: data-structure invariants under a nondeterministic
 * operation sequence (array-embedded tree, index bookkeeping).
 *
 * The queue is bounded and keeps the CAP largest keys pushed: a push into a
 * full queue evicts the minimum when the new key is larger, and is dropped
 * otherwise (a top-k filter).
 *
 * Entries are (key, id) pairs ordered by key, ties broken by id, so the
 * order is total. Every pushed entry gets the next id; pos_of[id] tracks
 * where the entry sits so decrease-key can find it. Slots beyond the current
 * size are scrubbed with a poison entry so stale data can never win a
 * comparison. After each operation the program checks the heap property,
 * the position index, and that pop/peek return the minimum of a shadow list
 * of live entries.
 *
 * Symbolic input (SV-COMP style, no symplex.h), per operation (at most
 * MAX_OPS = 10):
 *   op   -- __VERIFIER_nondet_uchar(), assumed <= 8: 0-3 push, 4 pop,
 *           5 decrease-key, 6 peek, 7 replace-top, 8 stop.
 *   key  -- __VERIFIER_nondet_int(), assumed in [0, 99] (push, decrease-key,
 *           replace-top).
 *   id   -- __VERIFIER_nondet_uchar(), a handle assumed < MAX_IDS
 *           (decrease-key); handles not handed out yet are ignored.
 *
 * Planted bug:
 *   sift_down() admits the right child with "r <= n" instead of "r < n".
 *   Below capacity the slot at index n is a scrubbed poison entry that never
 *   compares smaller, so the slip is invisible; only when the heap is full
 *   (n == CAP == 4) and a sift reaches node 1, whose right child would be
 *   index 4, does it read past the array (out-of-bounds read). Pop shrinks
 *   the heap before sifting, so only a sift on a full heap gets there: a
 *   replace-top, or a push into the full queue that evicts the minimum,
 *   whose new key sinks into the root's left subtree (the left child must be
 *   the smaller one) -- four pushes and one more operation with constrained
 *   keys.
 */
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

extern unsigned char __VERIFIER_nondet_uchar(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));

void reach_error(void) {
    __assert_fail("0", "heap_pq.c", __LINE__, "reach_error");
}

#define CAP 4
#define MAX_OPS 10
#define MAX_IDS MAX_OPS /* at most one new id per operation */

enum op { OP_PUSH, OP_POP, OP_DECREASE, OP_PEEK, OP_REPLACE, OP_STOP };

struct entry {
    int key;
    int id;
};

static const struct entry poison = {INT_MAX / 16, 15}; /* ranks above every real entry */

/* The heap proper: slots[0..size) form the tree. */
static struct entry slots[CAP];
static int size;
static int pos_of[MAX_IDS]; /* slot of each id, -1 when not queued */
static int next_id;

/* Shadow model: keys of live ids, for cross-checking. */
static int shadow_key[MAX_IDS];
static bool shadow_live[MAX_IDS];

/* Key first, id as tie-breaker, folded into one integer so that an ordering
 * test is a single comparison. */
static int32_t rank_of(const struct entry *e) {
    return e->key * 16 + e->id; /* key <= 99 (or the poison), id < 16 */
}

static bool less(const struct entry *x, const struct entry *y) {
    return rank_of(x) < rank_of(y);
}

static void place(int i, struct entry e) {
    slots[i] = e;
    if (e.key != poison.key) pos_of[e.id] = i;
}

static void swap_slots(int i, int j) {
    struct entry t = slots[i];
    place(i, slots[j]);
    place(j, t);
}

static void sift_up(int i) {
    while (i > 0) {
        int parent = (i - 1) / 2;
        if (!less(&slots[i], &slots[parent])) break;
        swap_slots(i, parent);
        i = parent;
    }
}

static void sift_down(int i) {
    int n = size;
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        if (l < n && less(&slots[l], &slots[m])) m = l;
        if (r <= n && less(&slots[r], &slots[m])) m = r;
        if (m == i) break;
        swap_slots(i, m);
        i = m;
    }
}

/* Returns the new id, or -1 when the queue is full. */
static int pq_push(int key) {
    if (size == CAP) return -1;
    int id = next_id++;
    place(size, (struct entry){key, id});
    sift_up(size++);
    return id;
}

static bool pq_pop(struct entry *out) {
    if (size == 0) return false;
    *out = slots[0];
    pos_of[out->id] = -1;
    size--;
    if (size > 0) place(0, slots[size]);
    slots[size] = poison; /* scrub the vacated slot */
    if (size > 0) sift_down(0);
    return true;
}

/* Swap the minimum for a new entry in one sift: cheaper than pop + push. */
static int pq_replace_top(int key, struct entry *old) {
    if (size == 0) return -1;
    *old = slots[0];
    pos_of[old->id] = -1;
    int id = next_id++;
    place(0, (struct entry){key, id});
    sift_down(0);
    return id;
}

/* 0: done, 1: id not queued, 2: not a decrease */
static int pq_decrease_key(int id, int key) {
    if (id < 0) return 1;
    int i = pos_of[id];
    if (i < 0) return 1;
    if (key >= slots[i].key) return 2;
    slots[i].key = key;
    sift_up(i);
    return 0;
}

static void check_invariants(void) {
    int live = 0;
    for (int id = 0; id < next_id; id++) {
        if (!shadow_live[id]) {
            if (pos_of[id] != -1) reach_error();
            continue;
        }
        live++;
        int i = pos_of[id];
        if (i < 0 || i >= size || slots[i].id != id || slots[i].key != shadow_key[id]) reach_error();
    }
    if (live != size) reach_error();
    for (int i = 1; i < size; i++)
        if (less(&slots[i], &slots[(i - 1) / 2])) reach_error();
}

/* The live entry the shadow model says is smallest. */
static int shadow_min_id(void) {
    int best = -1;
    for (int id = 0; id < next_id; id++) {
        if (!shadow_live[id]) continue;
        if (best < 0 || shadow_key[id] < shadow_key[best]) best = id; /* ties: lower id */
    }
    return best;
}

/* Trace encoding: codes 0-3 push (pushes dominate the traces this queue
 * sees), 4 pop, 5 decrease-key, 6 peek, 7 replace-top, 8 end of trace. */
static enum op decode_op(unsigned char code) {
    if (code < 4) return OP_PUSH;
    if (code == 4) return OP_POP;
    if (code == 5) return OP_DECREASE;
    if (code == 6) return OP_PEEK;
    if (code == 7) return OP_REPLACE;
    return OP_STOP;
}

/* Map a caller's handle to an id, never trusting it as an index. */
static int resolve_handle(unsigned char h) {
    for (int id = 0; id < next_id; id++)
        if (id == h) return id;
    return -1;
}

static int read_key(void) {
    int key = __VERIFIER_nondet_int();
    __VERIFIER_assume(key >= 0 && key <= 99);
    return key;
}

int main(void) {
    for (int i = 0; i < CAP; i++) slots[i] = poison;
    for (int id = 0; id < MAX_IDS; id++) pos_of[id] = -1;

    int pops = 0, evicted = 0, dropped = 0, rejected = 0;
    for (int step = 0; step < MAX_OPS; step++) {
        unsigned char code = __VERIFIER_nondet_uchar();
        __VERIFIER_assume(code <= 8);
        enum op op = decode_op(code);
        if (op == OP_STOP) break;

        struct entry e;
        switch (op) {
        case OP_PUSH: {
            /* The queue keeps the CAP largest keys seen: when it is full, a
             * larger key evicts the current minimum, a smaller one is
             * dropped. */
            int key = read_key();
            int id = pq_push(key);
            if (id < 0 && key > slots[0].key) {
                int want = shadow_min_id();
                id = pq_replace_top(key, &e);
                if (e.id != want) reach_error();
                shadow_live[e.id] = false;
                evicted++;
            }
            if (id < 0) {
                dropped++;
            } else {
                shadow_key[id] = key;
                shadow_live[id] = true;
            }
            break;
        }
        case OP_POP: {
            int want = shadow_min_id();
            if (pq_pop(&e)) {
                if (e.id != want) reach_error();
                shadow_live[e.id] = false;
                pops++;
            } else if (want >= 0) {
                reach_error();
            }
            break;
        }
        case OP_DECREASE: {
            if (next_id == 0) break;
            unsigned char h = __VERIFIER_nondet_uchar();
            __VERIFIER_assume(h < MAX_IDS);
            int id = resolve_handle(h);
            int key = read_key();
            int r = pq_decrease_key(id, key);
            if (r == 0) shadow_key[id] = key;
            else rejected++;
            break;
        }
        case OP_PEEK:
            if (size > 0 && slots[0].id != shadow_min_id()) reach_error();
            break;
        case OP_REPLACE: {
            int key = read_key();
            int want = shadow_min_id();
            int id = pq_replace_top(key, &e);
            if (id >= 0) {
                if (e.id != want) reach_error();
                shadow_live[e.id] = false;
                shadow_key[id] = key;
                shadow_live[id] = true;
            }
            break;
        }
        default: break;
        }
        check_invariants();
    }

    if (dropped > 0) return 1;
    if (evicted > 1) return 5;
    if (pops >= 3) return 2;
    if (rejected > 1) return 3;
    if (size == CAP) return 4;
    return 0;
}
