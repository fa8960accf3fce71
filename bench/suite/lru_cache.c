/*
 * lru_cache.c -- a least-recently-used cache of at most 4 entries: a chained
 *                hash index over a fixed node pool plus a doubly linked
 *                recency list (head = most recent, tail = least recent),
 *                driven by a sequence of cache operations.
 *
 * Workload class: pointer-style data structure manipulation with index
 * links (hash chains, doubly linked list, pool allocation, node relocation
 * during compaction), structural invariants checked after every operation.
 *
 * Model: 8 distinct keys (0..7) hashed into 4 buckets (key & 3, so keys k
 * and k+4 share a chain). The cache capacity starts at 4 and can only
 * shrink. Each operation is a pair of bytes (op byte, key byte):
 *   op & 3 == 0  GET key      hit moves the entry to the front of the list
 *   op & 3 == 1  PUT key      insert or update (value = op >> 2); a full
 *                             cache first evicts the list tail; new
 *                             entries take the highest free pool slot
 *   op & 3 == 2  DELETE key   remove the entry if present
 *   op & 3 == 3  RESIZE       new capacity = (key byte & 3) + 1; only a
 *                             smaller capacity has an effect: surplus
 *                             entries are evicted from the tail, then the
 *                             survivors living in pool slots >= the new
 *                             capacity are relocated into lower free slots
 *                             so the pool stays dense
 * After every operation check_invariants() asserts that the forward walk
 * of the list is consistent (back links, length == count, no cycle), that
 * every node reached through the hash index is live and on the list with
 * the right bucket, and that the live node count equals count.
 *
 * Symbolic inputs: `ops`, uint8_t[12] made symbolic with
 * symplex_make_symbolic at the start of main: 6 (op, key) pairs, every byte
 * unconstrained (0..255). No assumptions.
 *
 * Planted bug:
 *   relocate() (the compaction step of RESIZE) fixes the neighbours' links,
 *   the list head and the hash chain of a moved node, but forgets to move
 *   the list tail when the moved node is the tail. The invariant checker
 *   walks the list from the head only, so the stale tail survives until a
 *   later operation touches the tail: unlink_node() decides "is this the
 *   tail?" by comparing with the stale index, takes the interior-node path
 *   and writes pool[-1] (out-of-bounds index); an eviction through the
 *   stale tail instead picks a dead slot and trips an assert. PUT fills
 *   the pool from the highest free slot down, so the oldest entry (the
 *   tail) usually lives in a slot that RESIZE relocates. Shortest trace:
 *   PUT a, RESIZE to <= 3, DELETE a -- 3 specific operations of 6 with
 *   matching keys; longer variants evict through the stale tail.
 */
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <symplex.h>

#define MAXCAP   4
#define NBUCKET  4
#define NKEYS    8
#define NOPS     6
#define NIL      (-1)

struct node {
    int8_t prev;      /* recency list */
    int8_t next;
    int8_t hnext;     /* hash chain */
    uint8_t key;
    uint8_t value;
    bool live;
};

static struct node pool[MAXCAP];
static int8_t bucket[NBUCKET];
static int head = NIL;
static int tail = NIL;
static unsigned count;
static unsigned cap = MAXCAP;

static unsigned hits, misses, evictions;

static unsigned hash_key(unsigned key)
{
    return key & (NBUCKET - 1);
}

/* Map a key byte to one of the NKEYS keys. Spelled as a comparison chain
 * so the cache below only ever sees a concrete key value. */
static unsigned decode_key(uint8_t b)
{
    unsigned k = b % NKEYS;
    for (unsigned c = 0; c + 1 < NKEYS; c++)
        if (k == c)
            return c;
    return NKEYS - 1;
}

static void cache_init(void)
{
    memset(pool, 0, sizeof pool);
    for (int i = 0; i < MAXCAP; i++) {
        pool[i].prev = NIL;
        pool[i].next = NIL;
        pool[i].hnext = NIL;
    }
    for (int b = 0; b < NBUCKET; b++)
        bucket[b] = NIL;
    head = tail = NIL;
    count = 0;
    cap = MAXCAP;
}

/* ---- hash index ---------------------------------------------------- */

static int index_find(unsigned key)
{
    int i = bucket[hash_key(key)];
    while (i != NIL) {
        if (pool[i].key == key)
            return i;
        i = pool[i].hnext;
    }
    return NIL;
}

static void index_add(int i)
{
    unsigned b = hash_key(pool[i].key);
    pool[i].hnext = bucket[b];
    bucket[b] = (int8_t)i;
}

static bool index_remove(int i)
{
    unsigned b = hash_key(pool[i].key);
    int8_t *link = &bucket[b];
    while (*link != NIL) {
        if (*link == i) {
            *link = pool[i].hnext;
            pool[i].hnext = NIL;
            return true;
        }
        link = &pool[*link].hnext;
    }
    return false;
}

/* ---- recency list -------------------------------------------------- */

static void push_front(int i)
{
    pool[i].prev = NIL;
    pool[i].next = (int8_t)head;
    if (head != NIL)
        pool[head].prev = (int8_t)i;
    else
        tail = i;
    head = i;
}

static void unlink_node(int i)
{
    struct node *n = &pool[i];
    if (i == head)
        head = n->next;
    else
        pool[n->prev].next = n->next;
    if (i == tail)
        tail = n->prev;
    else
        pool[n->next].prev = n->prev;
    n->prev = NIL;
    n->next = NIL;
}

static void touch(int i)
{
    if (i == head)
        return;
    unlink_node(i);
    push_front(i);
}

/* ---- pool ---------------------------------------------------------- */

static int alloc_slot(void)
{
    /* Highest free slot first: old entries sit in high slots. */
    for (unsigned i = cap; i-- > 0;)
        if (!pool[i].live)
            return (int)i;
    return NIL;
}

static void free_slot(int i)
{
    pool[i].live = false;
    pool[i].prev = NIL;
    pool[i].next = NIL;
    pool[i].hnext = NIL;
    pool[i].key = 0;
    pool[i].value = 0;
}

static void drop(int i)
{
    bool found = index_remove(i);
    assert(found);
    unlink_node(i);
    free_slot(i);
    count--;
}

static void evict_one(void)
{
    int victim = tail;
    assert(victim != NIL);
    assert(pool[victim].live);
    drop(victim);
    evictions++;
}

/* Move the live node at `from` into the free slot `to`, fixing every link
 * that referred to it. */
static void relocate(int from, int to)
{
    pool[to] = pool[from];
    struct node *n = &pool[to];

    if (n->prev != NIL)
        pool[n->prev].next = (int8_t)to;
    else
        head = to;
    if (n->next != NIL)
        pool[n->next].prev = (int8_t)to;
    /* BUG: when `from` was the tail, `tail` still names the old slot. */

    int8_t *link = &bucket[hash_key(n->key)];
    while (*link != from) {
        assert(*link != NIL);
        link = &pool[*link].hnext;
    }
    *link = (int8_t)to;

    free_slot(from);
}

/* ---- operations ---------------------------------------------------- */

static int op_get(unsigned key)
{
    int i = index_find(key);
    if (i == NIL) {
        misses++;
        return -1;
    }
    hits++;
    touch(i);
    return pool[i].value;
}

static void op_put(unsigned key, uint8_t value)
{
    int i = index_find(key);
    if (i != NIL) {
        pool[i].value = value;
        touch(i);
        return;
    }
    if (count >= cap)
        evict_one();
    i = alloc_slot();
    assert(i != NIL);
    pool[i].live = true;
    pool[i].key = (uint8_t)key;
    pool[i].value = value;
    index_add(i);
    push_front(i);
    count++;
}

static bool op_delete(unsigned key)
{
    int i = index_find(key);
    if (i == NIL)
        return false;
    drop(i);
    return true;
}

static void op_resize(unsigned newcap)
{
    if (newcap == 0 || newcap >= cap)
        return;
    while (count > newcap)
        evict_one();
    for (unsigned from = newcap; from < cap; from++) {
        if (!pool[from].live)
            continue;
        int to = NIL;
        for (unsigned j = 0; j < newcap; j++) {
            if (!pool[j].live) {
                to = (int)j;
                break;
            }
        }
        assert(to != NIL);
        relocate((int)from, to);
    }
    cap = newcap;
}

/* ---- invariants ---------------------------------------------------- */

static void check_invariants(void)
{
    bool on_list[MAXCAP] = { false };
    unsigned len = 0;
    int prev = NIL;

    for (int i = head; i != NIL; i = pool[i].next) {
        assert(i >= 0 && i < (int)cap);
        assert(!on_list[i]);
        assert(pool[i].live);
        assert(pool[i].prev == prev);
        on_list[i] = true;
        prev = i;
        len++;
    }
    assert(len == count);

    unsigned indexed = 0;
    for (unsigned b = 0; b < NBUCKET; b++) {
        for (int i = bucket[b]; i != NIL; i = pool[i].hnext) {
            assert(i >= 0 && i < (int)cap);
            assert(pool[i].live);
            assert(hash_key(pool[i].key) == b);
            assert(on_list[i]);
            indexed++;
            assert(indexed <= count);
        }
    }
    assert(indexed == count);

    unsigned live = 0;
    for (unsigned i = 0; i < MAXCAP; i++)
        if (pool[i].live)
            live++;
    assert(live == count);
    assert(count <= cap);
}

int main(void)
{
    uint8_t ops[2 * NOPS];
    symplex_make_symbolic(ops, sizeof ops, "ops");

    cache_init();
    int sum = 0;

    for (unsigned k = 0; k < NOPS; k++) {
        uint8_t opb = ops[2 * k];
        uint8_t keyb = ops[2 * k + 1];
        unsigned op = opb & 3;
        unsigned key = op == 3 ? 0 : decode_key(keyb);

        switch (op) {
        case 0: {
            int v = op_get(key);
            if (v >= 0)
                sum += v;
            break;
        }
        case 1:
            op_put(key, (uint8_t)(opb >> 2));
            break;
        case 2:
            if (!op_delete(key))
                misses++;
            break;
        default:
            op_resize((keyb & 3u) + 1u);
            break;
        }
        check_invariants();
    }

    if (evictions > 0 && hits > misses)
        return 2;
    if (sum > 0)
        return 1;
    return 0;
}
