/*
 * hash_table.c -- an open-addressing hash map (linear probing, tombstones,
 *                 growth and cleanup rehash) driven by a symbolic operation
 *                 sequence and checked against a direct-mapped shadow.
 *
 * Workload class: data-structure invariants (probe sequences with
 * wrap-around, deletion markers, resizing) under symbolic keys.
 *
 * Keys are small integer identifiers from a fixed dictionary of sixteen
 * (raw key bytes are interned against it; unknown bytes are rejected), each
 * mapped to a value. The table starts with 4 slots and doubles (up to 8)
 * when live entries plus tombstones would exceed 3/4 of the slots; when
 * tombstones alone reach 1/4 it is rehashed in place at the same size.
 * Deleting a key leaves a tombstone so later probes keep going past it --
 * except that a slot followed by an empty slot can be emptied outright,
 * since no probe sequence can continue through it (a common optimisation).
 * After every operation a shadow array indexed by key is compared with
 * lookups in the table, and the table's counters are recomputed from the
 * slots.
 *
 * Symbolic input:
 *   ops[24]  -- 12 operations of two bytes: ops[2i] & 3 selects insert (0),
 *               delete (1), lookup (2) or stop (3); ops[2i+1] is the raw
 *               key byte. Values stored are derived from the operation
 *               index.
 *
 * Planted bug:
 *   hm_delete() decides whether the slot after the deleted one is empty by
 *   looking at index+1 without wrapping around: for the last slot it treats
 *   "past the end" as empty and clears the slot instead of leaving a
 *   tombstone. If a key that hashed to the last slot (or before) had been
 *   pushed around the end into slot 0, it becomes unreachable and the shadow
 *   check fails (assertion). It needs two keys probing into the last slot of
 *   the current table size, inserted in that order, and then the first of
 *   them deleted (with 4 slots: keys 5, 8, 31, 50, 88, 120; e.g. insert 5,
 *   insert 8, delete 5; with 8 slots, after growth: 5, 8, 31) -- three
 *   specific operations among up to twelve, the keys found by interning.
 */
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <symplex.h>

#define NOPS 12
#define KEY_SPACE 16
#define MIN_CAP 4
#define MAX_CAP 8

enum slot_state { EMPTY, FULL, TOMB };

struct slot {
    uint8_t state;
    uint8_t key;
    int16_t value;
};

struct hmap {
    struct slot slots[MAX_CAP];
    unsigned cap; /* power of two */
    unsigned live, tombs;
    unsigned grows, cleanups;
};

/* The identifiers the map may hold; raw keys are interned against this
 * table first, and unknown ones are rejected before they reach the map. */
static const uint8_t known_keys[KEY_SPACE] = {17, 42, 5, 99, 23, 64, 8, 31, 77, 12, 50, 3, 88, 71, 36, 120};

/* Index of raw in known_keys, or -1. */
static int intern(uint8_t raw) {
    for (int i = 0; i < KEY_SPACE; i++)
        if (known_keys[i] == raw) return i;
    return -1;
}

static unsigned hash_key(unsigned key, unsigned cap) {
    /* multiplicative hash folded to the table size */
    return ((key * 13u + 5u) ^ (key >> 2)) & (cap - 1);
}

static void hm_init(struct hmap *m, unsigned cap) {
    memset(m, 0, sizeof *m);
    m->cap = cap;
}

/* Slot holding key, or -1. */
static int hm_find(const struct hmap *m, unsigned key) {
    unsigned i = hash_key(key, m->cap);
    for (unsigned n = 0; n < m->cap; n++) {
        const struct slot *s = &m->slots[i];
        if (s->state == EMPTY) return -1;
        if (s->state == FULL && s->key == key) return (int)i;
        i = (i + 1) & (m->cap - 1);
    }
    return -1;
}

/* Place a key known to be absent; the table has room. */
static void place_new(struct hmap *m, unsigned key, int value) {
    unsigned i = hash_key(key, m->cap);
    while (m->slots[i].state == FULL) i = (i + 1) & (m->cap - 1);
    if (m->slots[i].state == TOMB) m->tombs--;
    m->slots[i].state = FULL;
    m->slots[i].key = (uint8_t)key;
    m->slots[i].value = (int16_t)value;
    m->live++;
}

/* Rebuild at new_cap, dropping tombstones. */
static void rehash(struct hmap *m, unsigned new_cap) {
    struct slot old[MAX_CAP];
    unsigned old_cap = m->cap;
    memcpy(old, m->slots, sizeof old);
    unsigned grows = m->grows, cleanups = m->cleanups;
    hm_init(m, new_cap);
    m->grows = grows;
    m->cleanups = cleanups;
    for (unsigned i = 0; i < old_cap; i++)
        if (old[i].state == FULL) place_new(m, old[i].key, old[i].value);
}

/* Insert or update. Returns false when the table is at its size limit. */
static bool hm_insert(struct hmap *m, unsigned key, int value) {
    int at = hm_find(m, key);
    if (at >= 0) {
        m->slots[at].value = (int16_t)value;
        return true;
    }
    if ((m->live + m->tombs + 1) * 4 > m->cap * 3) {
        if (m->tombs * 4 >= m->cap) {
            rehash(m, m->cap); /* mostly tombstones: clean up in place */
            m->cleanups++;
        } else if (m->cap < MAX_CAP) {
            rehash(m, m->cap * 2);
            m->grows++;
        } else if (m->live + m->tombs + 1 > m->cap) {
            return false;
        }
    }
    place_new(m, key, value);
    return true;
}

static bool hm_delete(struct hmap *m, unsigned key) {
    int at = hm_find(m, key);
    if (at < 0) return false;
    /* If the next slot is empty no probe sequence runs through this one, so
     * it can become empty too instead of a tombstone. */
    unsigned next = (unsigned)at + 1;
    bool next_empty = next >= m->cap || m->slots[next].state == EMPTY;
    if (next_empty) {
        m->slots[at].state = EMPTY;
    } else {
        m->slots[at].state = TOMB;
        m->tombs++;
    }
    m->live--;
    return true;
}

/* Recount the slots and compare the table with the shadow (indexed by
 * interned key). */
static void check(const struct hmap *m, const int *shadow) {
    unsigned live = 0, tombs = 0;
    for (unsigned i = 0; i < m->cap; i++) {
        if (m->slots[i].state == FULL) live++;
        else if (m->slots[i].state == TOMB) tombs++;
    }
    assert(live == m->live && tombs == m->tombs);
    for (unsigned k = 0; k < KEY_SPACE; k++) {
        int at = hm_find(m, known_keys[k]);
        if (shadow[k] < 0) assert(at < 0);
        else assert(at >= 0 && m->slots[at].value == shadow[k]);
    }
}

int main(void) {
    uint8_t ops[2 * NOPS];
    symplex_make_symbolic(ops, sizeof ops, "ops");

    static struct hmap map;
    hm_init(&map, MIN_CAP);
    int shadow[KEY_SPACE];
    for (int k = 0; k < KEY_SPACE; k++) shadow[k] = -1;

    int hits = 0, misses = 0, full = 0, unknown = 0;
    for (int i = 0; i < NOPS; i++) {
        unsigned op = ops[2 * i] & 3u;
        if (op == 3) break;
        int k = intern(ops[2 * i + 1]);
        if (k < 0) {
            unknown++;
            continue;
        }
        unsigned key = known_keys[k];
        switch (op) {
        case 0:
            if (hm_insert(&map, key, 100 + i)) shadow[k] = 100 + i;
            else full++;
            break;
        case 1:
            if (hm_delete(&map, key) != (shadow[k] >= 0)) assert(!"delete disagrees with shadow");
            shadow[k] = -1;
            break;
        default:
            if (hm_find(&map, key) >= 0) hits++;
            else misses++;
            break;
        }
        check(&map, shadow);
    }

    if (map.grows > 1) return 1;
    if (map.cleanups > 0) return 2;
    if (full > 0) return 3;
    if (hits > 2 && misses > 2) return 4;
    if (unknown > 3) return 5;
    return 0;
}
