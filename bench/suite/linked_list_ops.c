/* linked_list_ops.c -- doubly linked list with a search cursor, driven by an
 * operation sequence, with a full invariant check after every operation.
 *
 * Models: the ordered-event list of a scheduler.  Nodes are malloc'd and
 * freed.  The list tracks its length and whether it is known to be sorted
 * (non-decreasing); INSERT inserts in order when it is, and appends (and
 * drops the flag) otherwise.  FIND remembers the node it found in a cursor,
 * and later FINDs on a sorted list start from the cursor when the wanted key
 * is not smaller -- the usual "search finger" optimisation.  REMOVE unlinks
 * the first node with a key, REVERSE reverses the list in place,
 * MOVE_TO_FRONT moves a found node to the head (self-organising list), DEDUP
 * drops adjacent duplicates and ROTATE moves the head to the tail.  After each
 * operation check_list() walks the list both ways and verifies the links,
 * the length and, when the flag is set, the order.
 *
 * Workload class: pointer-based data structure (heap allocation, pointer
 * updates, traversals whose length depends on the inputs).
 *
 * Symbolic inputs:
 *   ops  -- uint8_t[10]; ops[i] % 16 selects the i-th operation
 *           (1 PUSH_FRONT, 2 PUSH_BACK, 3 POP_FRONT, 4 POP_BACK, 5 INSERT,
 *           6 REMOVE, 7 FIND, 8 REVERSE, 9 MOVE_TO_FRONT, 10 DEDUP,
 *           11 ROTATE); 0 and 12..15 end the sequence.
 *   keys -- uint8_t[10]; keys[i] is the key operand of the i-th operation.
 *
 * Planted bug:
 *   pop_front() and pop_back() free the node without clearing the search
 *   cursor when the cursor points at it (remove() and reverse() do clear
 *   it).  A later FIND on a sorted list whose key is not smaller than the
 *   freed node's key starts from the dangling cursor (use-after-free read).
 *   Needs at least PUSH/INSERT, a successful FIND, a POP of that very node
 *   and another FIND, with matching keys: 4+ operations, deep.
 */
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <symplex.h>

#define N_OPS 10
#define MAX_LEN 6

struct node {
    struct node *prev, *next;
    uint8_t key;
};

struct list {
    struct node *head, *tail;
    int len;
    bool sorted;          /* known to be non-decreasing */
    struct node *cursor;  /* last FIND result, or NULL */
    int finds, hits, cursor_starts;
};

enum op {
    OP_END, OP_PUSH_FRONT, OP_PUSH_BACK, OP_POP_FRONT, OP_POP_BACK, OP_INSERT, OP_REMOVE,
    OP_FIND, OP_REVERSE, OP_MOVE_TO_FRONT, OP_DEDUP, OP_ROTATE, OP_COUNT
};

static struct node *new_node(uint8_t key) {
    struct node *n = malloc(sizeof *n);
    if (!n) return NULL;
    n->prev = n->next = NULL;
    n->key = key;
    return n;
}

static void check_list(const struct list *l) {
    int count = 0;
    const struct node *prev = NULL;
    for (const struct node *n = l->head; n; n = n->next) {
        assert(n->prev == prev);
        if (l->sorted && prev) assert(prev->key <= n->key);
        prev = n;
        count++;
        assert(count <= MAX_LEN);
    }
    assert(prev == l->tail);
    assert(count == l->len);
    /* And backwards. */
    count = 0;
    for (const struct node *n = l->tail; n; n = n->prev) count++;
    assert(count == l->len);
    assert((l->head == NULL) == (l->len == 0));
}

static bool push_front(struct list *l, uint8_t key) {
    if (l->len == MAX_LEN) return false;
    struct node *n = new_node(key);
    if (!n) return false;
    if (l->head && key > l->head->key) l->sorted = false;
    n->next = l->head;
    if (l->head) l->head->prev = n;
    else l->tail = n;
    l->head = n;
    l->len++;
    return true;
}

static bool push_back(struct list *l, uint8_t key) {
    if (l->len == MAX_LEN) return false;
    struct node *n = new_node(key);
    if (!n) return false;
    if (l->tail && key < l->tail->key) l->sorted = false;
    n->prev = l->tail;
    if (l->tail) l->tail->next = n;
    else l->head = n;
    l->tail = n;
    l->len++;
    return true;
}

static bool pop_front(struct list *l, uint8_t *key) {
    struct node *n = l->head;
    if (!n) return false;
    *key = n->key;
    l->head = n->next;
    if (l->head) l->head->prev = NULL;
    else l->tail = NULL;
    l->len--;
    /* BUG: the cursor may point at n; it must be cleared here. */
    free(n);
    if (l->len <= 1) l->sorted = true;
    return true;
}

static bool pop_back(struct list *l, uint8_t *key) {
    struct node *n = l->tail;
    if (!n) return false;
    *key = n->key;
    l->tail = n->prev;
    if (l->tail) l->tail->next = NULL;
    else l->head = NULL;
    l->len--;
    /* BUG: same as pop_front: a cursor at n is left dangling. */
    free(n);
    if (l->len <= 1) l->sorted = true;
    return true;
}

/* In order if the list is sorted, otherwise appended. */
static bool insert(struct list *l, uint8_t key) {
    if (!l->sorted) return push_back(l, key);
    struct node *at = l->head;
    while (at && at->key <= key) at = at->next; /* after equal keys: stable */
    if (!at) return push_back(l, key);
    if (at == l->head) return push_front(l, key);
    if (l->len == MAX_LEN) return false;
    struct node *n = new_node(key);
    if (!n) return false;
    n->prev = at->prev;
    n->next = at;
    at->prev->next = n;
    at->prev = n;
    l->len++;
    return true;
}

static bool remove_key(struct list *l, uint8_t key) {
    struct node *n = l->head;
    while (n && n->key != key) n = n->next;
    if (!n) return false;
    if (n->prev) n->prev->next = n->next;
    else l->head = n->next;
    if (n->next) n->next->prev = n->prev;
    else l->tail = n->prev;
    if (l->cursor == n) l->cursor = NULL;
    free(n);
    l->len--;
    if (l->len <= 1) l->sorted = true;
    return true;
}


static struct node *find(struct list *l, uint8_t key) {
    l->finds++;
    struct node *start = l->head;
    /* Search finger: in a sorted list a key not below the cursor's key
     * cannot be before the cursor. */
    if (l->sorted && l->cursor && l->cursor->key <= key) {
        start = l->cursor;
        l->cursor_starts++;
    }
    for (struct node *n = start; n; n = n->next) {
        if (n->key == key) {
            l->hits++;
            l->cursor = n;
            return n;
        }
        if (l->sorted && n->key > key) break;
    }
    return NULL;
}

/* Unlinks n (which must be in l) without freeing it. */
static void unlink_node(struct list *l, struct node *n) {
    if (n->prev) n->prev->next = n->next;
    else l->head = n->next;
    if (n->next) n->next->prev = n->prev;
    else l->tail = n->prev;
    n->prev = n->next = NULL;
    l->len--;
}

/* Self-organising lookup: a found node moves to the front. */
static bool move_to_front(struct list *l, uint8_t key) {
    struct node *n = find(l, key);
    if (!n) return false;
    if (n == l->head) return true;
    unlink_node(l, n);
    /* n was not the head, so the list still has one. */
    if (key > l->head->key) l->sorted = false;
    n->next = l->head;
    l->head->prev = n;
    l->head = n;
    l->len++;
    return true;
}

/* Removes adjacent duplicates, keeping the first of each run. */
static int dedup(struct list *l) {
    int removed = 0;
    struct node *n = l->head;
    while (n && n->next) {
        struct node *nx = n->next;
        if (nx->key == n->key) {
            unlink_node(l, nx);
            if (l->cursor == nx) l->cursor = n; /* same key, still valid */
            free(nx);
            removed++;
        } else {
            n = nx;
        }
    }
    if (l->len <= 1) l->sorted = true;
    return removed;
}

/* Moves the head to the tail. */
static void rotate(struct list *l) {
    if (l->len < 2) return;
    struct node *n = l->head;
    uint8_t key = n->key;
    unlink_node(l, n);
    if (key < l->tail->key) l->sorted = false;
    n->prev = l->tail;
    l->tail->next = n;
    l->tail = n;
    l->len++;
}

static void reverse(struct list *l) {
    struct node *n = l->head;
    while (n) {
        struct node *next = n->next;
        n->next = n->prev;
        n->prev = next;
        n = next;
    }
    struct node *t = l->head;
    l->head = l->tail;
    l->tail = t;
    /* Non-decreasing reversed is non-increasing: sorted only if constant. */
    if (l->head && l->head->key != l->tail->key) l->sorted = false;
    l->cursor = NULL; /* the finger's direction is gone */
}

int main(void) {
    uint8_t ops[N_OPS], keys[N_OPS];
    symplex_make_symbolic(ops, sizeof ops, "ops");
    symplex_make_symbolic(keys, sizeof keys, "keys");

    struct list l;
    memset(&l, 0, sizeof l);
    l.sorted = true;
    int failed = 0;
    uint8_t popped = 0;
    for (int i = 0; i < N_OPS; i++) {
        unsigned op = ops[i] % 16;
        bool ok = true;
        if (op == OP_END || op >= OP_COUNT) break;
        switch (op) {
        case OP_PUSH_FRONT: ok = push_front(&l, keys[i]); break;
        case OP_PUSH_BACK: ok = push_back(&l, keys[i]); break;
        case OP_POP_FRONT: ok = pop_front(&l, &popped); break;
        case OP_POP_BACK: ok = pop_back(&l, &popped); break;
        case OP_INSERT: ok = insert(&l, keys[i]); break;
        case OP_REMOVE: ok = remove_key(&l, keys[i]); break;
        case OP_FIND: ok = find(&l, keys[i]) != NULL; break;
        case OP_REVERSE: reverse(&l); break;
        case OP_MOVE_TO_FRONT: ok = move_to_front(&l, keys[i]); break;
        case OP_DEDUP: ok = dedup(&l) > 0; break;
        default: rotate(&l); break;
        }
        if (!ok) failed++;
        check_list(&l);
    }

    /* Tear down. */
    while (l.head) {
        struct node *n = l.head;
        l.head = n->next;
        free(n);
    }
    if (l.cursor_starts > 0) return 5;
    if (l.hits > 0) return 6;
    if (failed > 0) return 7;
    return l.len == 0 ? 1 : 0;
}
