/* bitset_alloc.c -- bitmap block allocator driven by an operation script.
 *
 * Models: the free-space map of a small file system or a slab of a kernel
 * page allocator.  64 blocks are tracked by a bitmap of four 16-bit words
 * (bit set = block in use) plus a cached free counter.  Operations:
 *   alloc_low(n)       first fit: lowest run of n free blocks
 *   alloc_high(n)      last fit: highest run of n free blocks
 *   free_range(s, n)   release blocks s..s+n-1, all of which must be in use
 *                      (a double free is rejected); whole words in the
 *                      middle of the range are cleared word-at-a-time
 *   check              coalescing report: the longest free run, the number
 *                      of free runs, and their consistency with the counter
 * After every operation an invariant checker asserts that the cached free
 * counter equals 64 minus the popcount of the bitmap.
 *
 * Workload class: data-structure manipulation with bit arithmetic (masks,
 * shifts by data-dependent amounts, popcount, run scanning) under a
 * symbolic operation sequence.
 *
 * Symbolic inputs:
 *   script -- uint8_t[12], 6 operations of 2 bytes each: an op byte whose
 *             low 2 bits select the operation (0 alloc_low, 1 alloc_high,
 *             2 free_range, 3 check) and whose upper 4 bits give the start
 *             block of free_range in 4-block extents (0, 4, ..., 60), then
 *             a size byte (alloc: (size & 3) + 1 extents, i.e. 4..16 blocks;
 *             free_range: (size & 15) + 1 extents, i.e. 4..64 blocks).
 *             No assumptions.
 *
 * Planted bug:
 *   free_range() computes the last word of the range as end / 16 (end is
 *   exclusive) instead of (end - 1) / 16 in its multi-word path.  When a range
 *   that spans two or more words ends exactly at block 64, the loop touches
 *   map[4], one word past the bitmap (out-of-bounds read/write).  Requires
 *   allocating the top blocks (e.g. alloc_high twice) and then freeing a
 *   range crossing a word boundary that ends at 64 (e.g. alloc_high(16),
 *   alloc_high(16), free_range(40, 24)): three operations with related
 *   arguments, deep for the default search.
 */
#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <symplex.h>

#define NBLOCKS 64
#define WORD_BITS 16
#define NWORDS (NBLOCKS / WORD_BITS)
#define NOPS 6
#define EXTENT 4

static uint16_t map[NWORDS];
static unsigned free_count;

static bool test_block(unsigned b)
{
    return (map[b / WORD_BITS] >> (b % WORD_BITS)) & 1u;
}

static void set_block(unsigned b)
{
    map[b / WORD_BITS] |= (uint16_t)(1u << (b % WORD_BITS));
}

/* Branch-free popcount (SWAR), as in most bitmap libraries. */
static unsigned popcount16(uint16_t w)
{
    unsigned v = w;
    v = v - ((v >> 1) & 0x5555u);
    v = (v & 0x3333u) + ((v >> 2) & 0x3333u);
    v = (v + (v >> 4)) & 0x0F0Fu;
    return (v + (v >> 8)) & 0x1Fu;
}

static void check_invariant(void)
{
    unsigned used = 0;
    for (unsigned w = 0; w < NWORDS; w++)
        used += popcount16(map[w]);
    assert(free_count == NBLOCKS - used);
}

static void mark_used(unsigned start, unsigned n)
{
    for (unsigned b = start; b < start + n; b++)
        set_block(b);
    free_count -= n;
}

/* First fit; returns the start block or -1. */
static int alloc_low(unsigned n)
{
    unsigned run = 0;
    if (n == 0 || n > free_count)
        return -1;
    for (unsigned b = 0; b < NBLOCKS; b++) {
        if (test_block(b)) {
            run = 0;
            continue;
        }
        if (++run == n) {
            unsigned start = b + 1 - n;
            mark_used(start, n);
            return (int)start;
        }
    }
    return -1;
}

/* Last fit; returns the start block or -1. */
static int alloc_high(unsigned n)
{
    unsigned run = 0;
    if (n == 0 || n > free_count)
        return -1;
    for (unsigned b = NBLOCKS; b-- > 0;) {
        if (test_block(b)) {
            run = 0;
            continue;
        }
        if (++run == n) {
            mark_used(b, n);
            return (int)b;
        }
    }
    return -1;
}

static uint16_t low_mask(unsigned nbits)
{
    return nbits >= WORD_BITS ? 0xFFFFu : (uint16_t)((1u << nbits) - 1u);
}

/* Bits of word w that lie in the block range [start, end). */
static uint16_t range_mask(unsigned w, unsigned start, unsigned end)
{
    unsigned base = w * WORD_BITS;
    unsigned lo = start > base ? start - base : 0;
    unsigned hi = end < base + WORD_BITS ? end - base : WORD_BITS;
    if (end <= base || lo >= hi)
        return 0;
    return (uint16_t)(low_mask(hi) & (uint16_t)~low_mask(lo));
}

/* Releases blocks start..start+n-1.  Returns 0, or -1 when the range is
 * invalid or contains a free block. */
static int free_range(unsigned start, unsigned n)
{
    unsigned end = start + n; /* exclusive */
    unsigned first_w, last_w;

    if (n == 0 || start >= NBLOCKS || end > NBLOCKS)
        return -1;
    for (unsigned w = 0; w < NWORDS; w++) {
        uint16_t m = range_mask(w, start, end);
        if ((map[w] & m) != m)
            return -1; /* double free */
    }

    first_w = start / WORD_BITS;
    if (first_w == (end - 1) / WORD_BITS) {
        /* the whole range lies inside one word */
        uint16_t m = (uint16_t)(low_mask(n) << (start % WORD_BITS));
        map[first_w] &= (uint16_t)~m;
    } else {
        last_w = end / WORD_BITS; /* BUG: must be (end - 1) / WORD_BITS */
        for (unsigned w = first_w; w <= last_w; w++) {
            uint16_t m = 0xFFFFu;
            if (w == first_w)
                m = (uint16_t)(m << (start % WORD_BITS));
            if (w == last_w)
                m &= low_mask(end - w * WORD_BITS);
            map[w] &= (uint16_t)~m;
        }
    }
    free_count += n;
    return 0;
}

/* Converts a 4-bit extent count from the request encoding to blocks.  The
 * count is walked up step by step (the request format caps it at 15), which
 * leaves the block count as a plain value for the bitmap code. */
static unsigned extents_to_blocks(unsigned count)
{
    unsigned k = 0;
    while (k < count && k < 15)
        k++;
    return k * EXTENT;
}

/* Allocation requests are 1..4 extents of 4 blocks. */
static unsigned alloc_size(uint8_t arg)
{
    return extents_to_blocks(arg & 3u) + EXTENT;
}

struct run_report {
    unsigned longest;
    unsigned runs;
    unsigned total;
};

static void coalesce_report(struct run_report *r)
{
    unsigned run = 0;
    memset(r, 0, sizeof *r);
    for (unsigned b = 0; b <= NBLOCKS; b++) {
        if (b < NBLOCKS && !test_block(b)) {
            run++;
            continue;
        }
        if (run > 0) {
            r->runs++;
            r->total += run;
            if (run > r->longest)
                r->longest = run;
        }
        run = 0;
    }
}

int main(void)
{
    uint8_t script[2 * NOPS];
    int allocs = 0, frees = 0, failures = 0;
    struct run_report rep;

    symplex_make_symbolic(script, sizeof script, "script");
    memset(map, 0, sizeof map);
    free_count = NBLOCKS;

    for (int i = 0; i < NOPS; i++) {
        uint8_t op = script[2 * i];
        uint8_t arg = script[2 * i + 1];
        int r;

        switch (op & 3u) {
        case 0:
            r = alloc_low(alloc_size(arg));
            if (r < 0)
                failures++;
            else
                allocs++;
            break;
        case 1:
            r = alloc_high(alloc_size(arg));
            if (r < 0)
                failures++;
            else
                allocs++;
            break;
        case 2:
            r = free_range(extents_to_blocks(op >> 4),
                           extents_to_blocks(arg & 15u) + EXTENT);
            if (r < 0)
                failures++;
            else
                frees++;
            break;
        default:
            coalesce_report(&rep);
            assert(rep.total == free_count);
            if (rep.runs > 1 && rep.longest < free_count / 2)
                return 2; /* badly fragmented */
            break;
        }
        check_invariant();
        if (failures > 1)
            return 1;
    }
    if (free_count == NBLOCKS && allocs > 0 && frees > 0)
        return 5; /* everything handed back */
    return 0;
}
