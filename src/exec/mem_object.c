/* mem_object: the process-wide registry of memory objects and their addresses.
 *
 * Addresses come from one bump allocator and are never reused, so a dangling
 * pointer still names the (freed) object it came from. Objects are kept in two
 * vectors: by id (dense, the index address spaces use) and by address (sorted,
 * for the binary search behind mem_object_containing).
 *
 * Every call makes fresh stack objects, so a long run registers millions of
 * them (coreutils pr, breadth-first: 2.8 million in 60 s, 10 million in 145,
 * 1.4 GB of registry). A stack or variadic-area object no state holds any
 * more is retired: it becomes a tomb, a record of freed stack memory, or
 * widens the tomb right below it; a tomb just above is absorbed too. An
 * address once freed stays freed, so dangling pointers are still reported as
 * uses after return; what goes is the object's own identity (its bounds within
 * the tomb and its id), which only a state holding it could use. by_addr
 * names a tomb once per object it took in, until a compaction drops the
 * repeats. Heap and other objects are few and keep their exact record: a
 * double free must find the block it names. */
#include "mem.h"
#include "../util/util.h"
#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* Unallocated bytes after every object: a 16-byte access starting at the last
 * byte, or a small off-by-N index, lands in no object and is reported as out
 * of bounds instead of silently touching the neighbour. */
#define MEM_RED_ZONE 64
/* Every object is at least 16-aligned so any scalar (up to i128/long double)
 * placed at its start is naturally aligned, as a native malloc guarantees. */
#define MEM_MIN_ALIGN 16

static struct {
    VEC(MemObject *) by_id;   /* NULL: merged into a tomb */
    /* sorted by addr; objects never overlap; a tomb may fill a run of slots */
    VEC(MemObject *) by_addr;
    size_t repeats;           /* slots of by_addr that repeat the slot before */
    uint32_t kept;            /* objects not merged away */
    uint64_t next;            /* lowest address the bump allocator may hand out */
} mem_reg;

/* Addresses [addr, mem_object_end) belong to mo; a 0-size object owns its own address. */
static uint64_t mem_object_end(const MemObject *mo) {
    return mo->addr + (mo->size ? mo->size : 1);
}

static void mem_object_free(MemObject *mo) {
    if (!mo) return;
    free(mo->name);
    expr_unref(mo->size_expr);
    free(mo);
}

void mem_init(uint64_t base) {
    mem_shutdown();
    mem_reg.next = base;
}

void mem_shutdown(void) {
    for (size_t i = 0; i < mem_reg.by_id.len; i++) mem_object_free(mem_reg.by_id.data[i]);
    VEC_FREE(mem_reg.by_id);
    VEC_FREE(mem_reg.by_addr);
    mem_reg.repeats = 0;
    mem_reg.kept = 0;
    mem_reg.next = 0;
}

/* Index of the first object whose address is > a (upper bound). */
static size_t mem_upper_bound(uint64_t a) {
    size_t lo = 0, hi = mem_reg.by_addr.len;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (mem_reg.by_addr.data[mid]->addr <= a) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* Keeps by_addr sorted. Bump allocation always appends; only objects placed
 * below existing ones (mem_object_new_at) pay for the memmove. */
static void mem_insert_sorted(MemObject *mo) {
    size_t pos = mem_upper_bound(mo->addr);
    VEC_RESERVE(mem_reg.by_addr, mem_reg.by_addr.len + 1);
    MemObject **d = mem_reg.by_addr.data;
    memmove(d + pos + 1, d + pos, (mem_reg.by_addr.len - pos) * sizeof *d);
    d[pos] = mo;
    mem_reg.by_addr.len++;
    assert(pos == 0 || mem_object_end(d[pos - 1]) <= mo->addr);
    assert(pos + 1 == mem_reg.by_addr.len || mem_object_end(mo) <= d[pos + 1]->addr);
}

static MemObject *mem_register(uint64_t addr, uint64_t size, MemKind kind, uint32_t loc,
                               const char *name) {
    if (mem_reg.by_id.len >= UINT32_MAX) util_fatal("too many memory objects");
    MemObject *mo = util_calloc(1, sizeof *mo);
    mo->addr = addr;
    mo->size = size;
    mo->id = (uint32_t)mem_reg.by_id.len;
    mo->kind = (uint8_t)kind;
    mo->alloc_loc = loc;
    mo->name = name ? util_strdup(name) : NULL;
    VEC_PUSH(mem_reg.by_id, mo);
    mem_reg.kept++;
    mem_insert_sorted(mo);
    uint64_t after = mem_object_end(mo) + MEM_RED_ZONE;
    if (after < mo->addr) util_fatal("symbolic address space exhausted");
    if (after > mem_reg.next) mem_reg.next = after;
    return mo;
}

MemObject *mem_object_new(uint64_t size, uint32_t align, MemKind kind, uint32_t loc,
                          const char *name) {
    assert(align && (align & (align - 1)) == 0);
    uint64_t a = align > MEM_MIN_ALIGN ? align : MEM_MIN_ALIGN;
    uint64_t addr = (mem_reg.next + a - 1) & ~(a - 1);
    if (addr < mem_reg.next || addr + size < addr) util_fatal("symbolic address space exhausted");
    return mem_register(addr, size, kind, loc, name);
}

MemObject *mem_object_new_at(uint64_t addr, uint64_t size, MemKind kind, const char *name) {
    return mem_register(addr, size, kind, 0, name);
}

MemObject *mem_object_containing(uint64_t a) {
    size_t pos = mem_upper_bound(a);
    if (pos == 0) return NULL;
    MemObject *mo = mem_reg.by_addr.data[pos - 1];
    return a < mem_object_end(mo) ? mo : NULL;
}

MemObject *mem_object_overlapping(uint64_t a, uint64_t n) {
    uint64_t last = a + n - 1 < a ? UINT64_MAX : a + n - 1;
    size_t pos = mem_upper_bound(last); /* objects starting at or before the range's last byte */
    if (pos == 0) return NULL;
    MemObject *mo = mem_reg.by_addr.data[pos - 1];
    return mem_object_end(mo) > a ? mo : NULL;
}

uint32_t mem_objects_around(uint64_t a, MemObject **out) {
    size_t pos = mem_upper_bound(a);
    uint32_t k = 0;
    if (pos > 0) out[k++] = mem_reg.by_addr.data[pos - 1];
    if (pos < mem_reg.by_addr.len) out[k++] = mem_reg.by_addr.data[pos];
    return k;
}

MemObject *mem_object_by_id(uint32_t id) {
    return id < mem_reg.by_id.len ? mem_reg.by_id.data[id] : NULL;
}

uint32_t mem_object_count(void) { return (uint32_t)mem_reg.by_id.len; }

uint32_t mem_object_kept(void) { return mem_reg.kept; }

/* Drops by_addr's repeated slots once they are half of it: lookups stay
 * logarithmic in the objects kept, and the cost is linear per halving. */
static void mem_compact(void) {
    if (mem_reg.repeats < 4096 || mem_reg.repeats * 2 < mem_reg.by_addr.len) return;
    MemObject **d = mem_reg.by_addr.data;
    size_t k = 0;
    for (size_t i = 0; i < mem_reg.by_addr.len; i++)
        if (k == 0 || d[k - 1] != d[i]) d[k++] = d[i];
    mem_reg.by_addr.len = k;
    mem_reg.repeats = 0;
}

/* The tomb t takes in the object filling slots [i, ...) of by_addr, whose
 * record goes: t now reaches to its end. */
static void mem_tomb_absorb(MemObject *t, size_t i) {
    MemObject **d = mem_reg.by_addr.data, *mo = d[i];
    uint64_t end = mem_object_end(mo);
    t->size = end - t->addr;
    mem_reg.repeats++; /* mo's first slot now repeats t's; the rest already repeated it */
    for (; i < mem_reg.by_addr.len && d[i] == mo; i++) d[i] = t;
    mem_reg.by_id.data[mo->id] = NULL;
    mem_reg.kept--;
    mem_object_free(mo);
}

/* mo, held by no state, becomes a tomb or joins the one below it; a tomb
 * above it that nothing holds joins it in turn. */
static void mem_retire(MemObject *mo) {
    size_t i = mem_upper_bound(mo->addr) - 1;
    MemObject **d = mem_reg.by_addr.data;
    assert(d[i] == mo);
    MemObject *t = mo;
    if (i > 0 && d[i - 1]->tomb) {
        t = d[i - 1];
        mem_tomb_absorb(t, i);
    } else {
        /* a call's variadic area is stack memory too: calls interleave the
         * two, and tombs of one kind each would not merge */
        mo->tomb = true;
        mo->kind = MEM_STACK;
        free(mo->name);
        mo->name = NULL;
        expr_unref(mo->size_expr); /* a tomb is never accessed in bounds: its capacity is its size */
        mo->size_expr = NULL;
    }
    size_t j = mem_upper_bound(mem_object_end(t) - 1); /* the first slot above t */
    d = mem_reg.by_addr.data;
    /* the tomb above goes, so no lookup cache may hold it */
    if (j < mem_reg.by_addr.len && d[j]->refs == 0 && d[j]->tomb) mem_tomb_absorb(t, j);
    mem_compact();
}

void mem_object_ref(MemObject *mo) { mo->refs++; }

void mem_object_unref(MemObject *mo) {
    assert(mo->refs > 0);
    if (--mo->refs || mo->tomb) return;
    if (mo->kind == MEM_STACK || mo->kind == MEM_VARARGS) mem_retire(mo);
}
