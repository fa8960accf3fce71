/* mem: memory objects, their contents, and per-state address spaces.
 *
 * Every object lives at a concrete address handed out by one process-wide bump
 * allocator, so an address names at most one object across all states and a
 * freed object's address is never reused (which makes use-after-free detectable).
 * Objects are separated by red zones so an off-by-one pointer lands in no object.
 *
 * An address space maps object ids to ObjectStates. Forking copies the map and
 * shares every ObjectState; the first write through a state copies the
 * ObjectState it writes (copy-on-write by reference count). The concrete
 * bytes of an object over OS_FLAT_MAX are chunks of OS_CHUNK bytes, shared
 * in turn between the copies: a write after a fork copies one chunk, not the
 * object, and a chunk never written is the one zero chunk.
 *
 * Contents: concrete bytes plus, for symbolic bytes, one Expr per byte. After a
 * write at a symbolic offset the object switches to "array mode": its contents
 * are a constant Array (the bytes at the time of the switch) plus an update list
 * of later writes, as KLEE does. Reads at symbolic offsets are array reads
 * through the current contents; reads at constant offsets still go through the
 * byte slots (mem_array.c), so their cost and their terms do not grow with the
 * update list.
 */
#ifndef SYMPLEX_MEM_H
#define SYMPLEX_MEM_H
#include "value.h"

/* MEM_FIXED: placed by the program at an address it chose (klee_define_fixed_object). */
typedef enum MemKind { MEM_GLOBAL, MEM_STACK, MEM_HEAP, MEM_ARGV, MEM_VARARGS, MEM_FIXED } MemKind;

typedef struct MemObject {
    uint64_t addr;
    uint64_t size;      /* bytes; may be 0 (malloc(0)) */
    uint32_t id;        /* dense from 0, index into address spaces */
    uint8_t kind;       /* MemKind */
    bool read_only;
    uint32_t alloc_loc; /* IrModule loc of the allocation site (0 unknown) */
    char *name;         /* global/variable name, or NULL */
    /* A symbolic size (width 64, owned), or NULL: `size` is then its capacity,
     * the most the path condition at the allocation allowed, and accesses are
     * checked against this expression (exec_symsize.c). */
    Expr *size_expr;
    uint64_t size_min;  /* with size_expr: the least size the path allowed at the allocation */
    /* Holders: the ObjectStates that are its contents in some state, and
     * lookup caches. A stack or variadic-area object left with none is dead
     * in every state; it is retired (mem_object_unref). */
    uint32_t refs;
    /* A retired stack or variadic-area object, or several adjacent ones
     * merged (kind MEM_STACK): [addr, addr + size) was theirs (with the red
     * zones between them), no state holds it, and an access there is a use
     * after return. */
    bool tomb;
} MemObject;

/* Objects up to OS_FLAT_MAX bytes keep one buffer: a copy costs little,
 * and an access no indirection. */
#define OS_FLAT_MAX ((uint64_t)64 * 1024)
#define OS_CHUNK_BITS 12
#define OS_CHUNK ((uint64_t)1 << OS_CHUNK_BITS)

typedef struct OsChunk {
    uint64_t refs;      /* ObjectStates holding it: written in place only at 1 */
    _Alignas(16) uint8_t data[OS_CHUNK];
} OsChunk;

typedef struct ObjectState {
    uint32_t refs;
    uint64_t size;
    /* Concrete contents (valid where sym[i] == NULL; in array mode, as of
     * stamp[i]): bytes for an object up to OS_FLAT_MAX, else NULL and
     * chunks[i] holds bytes [i * OS_CHUNK, (i + 1) * OS_CHUNK). */
    uint8_t *bytes;
    OsChunk **chunks;
    Expr **sym;         /* NULL if every byte is concrete; else per-byte Expr or NULL */
    uint64_t nsym;      /* number of non-NULL entries in sym */
    /* array mode (after a symbolic-offset write): contents are read(array, updates, i) */
    Array *array;       /* NULL unless in array mode */
    UpdateNode *updates;
    /* Array mode: the writes at symbolic offsets, newest first, and per byte
     * how many of them its slot (bytes[i] / sym[i]) has taken in. */
    UpdateNode *sym_writes;
    uint32_t *stamp;
    /* Outside array mode: the contents as (constant array, updates) built by the
     * last symbolic-offset read, reused until the next write (owned reference to
     * rd_updates; rd_array NULL = no cache). */
    Array *rd_array;
    UpdateNode *rd_updates;
    /* The smallest width (bytes) of a load or store at a symbolic offset into
     * the object, 0 before the first: the access type the array solver prunes
     * axioms with (Shuai et al.'s M). It only narrows, and is copied on fork.
     * Accesses at constant offsets make no array reads, so they are not
     * counted: they could only make the pruning weaker, and its soundness
     * rests on the congruence the solver proves of each index, not on M. */
    uint8_t access;
    /* The object these are the contents of (set by the first as_bind, copied
     * by os_clone): each ObjectState holds one reference on it. */
    MemObject *owner;
} ObjectState;

/* ---- the process-wide object registry ---- */
/* Reset the registry; first address handed out is >= base. */
void mem_init(uint64_t base);
void mem_shutdown(void);
/* A new object at a fresh address (aligned to `align`, a power of two >= 1). */
MemObject *mem_object_new(uint64_t size, uint32_t align, MemKind kind, uint32_t loc, const char *name);
/* A new object at a caller-chosen address (globals placed by the loader). */
MemObject *mem_object_new_at(uint64_t addr, uint64_t size, MemKind kind, const char *name);
/* The object whose [addr, addr+max(size,1)) contains a, or NULL. Live or not. */
MemObject *mem_object_containing(uint64_t a);
/* An object overlapping [a, a+n) (n >= 1), or NULL. Live or not. */
MemObject *mem_object_overlapping(uint64_t a, uint64_t n);
/* The object at or below a and the next one above it, by address (up to 2). */
uint32_t mem_objects_around(uint64_t a, MemObject **out);
/* The object with this id, or NULL once it was retired into another one's
 * tomb (a dead stack object: no state can hold it again). */
MemObject *mem_object_by_id(uint32_t id);
uint32_t mem_object_count(void);
/* Objects registered and not yet merged into a tomb (a debugging figure). */
uint32_t mem_object_kept(void);
/* References for holders other than ObjectStates (lookup caches). A stack or
 * variadic-area object whose last reference goes is retired: it becomes a
 * tomb or joins the tomb just below or above it, so the registry grows with
 * the objects alive, not with every call any state ever made. */
void mem_object_ref(MemObject *mo);
void mem_object_unref(MemObject *mo);

/* ---- object contents ---- */
ObjectState *os_new(uint64_t size);                         /* zero-filled, refs = 1 */
ObjectState *os_new_bytes(const uint8_t *bytes, uint64_t size);
ObjectState *os_ref(ObjectState *os);
void os_unref(ObjectState *os);
ObjectState *os_clone(const ObjectState *os);               /* deep copy, refs = 1 */
/* Little-endian read of n (1..16) bytes at concrete off (off + n <= size). */
Value os_read(const ObjectState *os, uint64_t off, unsigned n);
/* Little-endian write of the low n*8 bits of v (width n*8). v borrowed. */
void os_write(ObjectState *os, uint64_t off, unsigned n, Value v);
/* os_write of a concrete value. Same effect, but the u128 travels in registers:
 * building a 32-byte Value in memory for the call costs the interpreter's
 * store path a store-forwarding stall. */
void os_write_concrete(ObjectState *os, uint64_t off, unsigned n, u128 c);
/* Bytes [off, off + n) as one run in place (n <= OS_CHUNK), or NULL when
 * they straddle two chunks. */
static inline const uint8_t *os_run(const ObjectState *os, uint64_t off, unsigned n) {
    if (os->bytes) return os->bytes + off;
    uint64_t in = off & (OS_CHUNK - 1);
    return in + n <= OS_CHUNK ? os->chunks[off >> OS_CHUNK_BITS]->data + in : NULL;
}
/* The same to write in place: NULL also when the chunk is shared. */
static inline uint8_t *os_run_mut(ObjectState *os, uint64_t off, unsigned n) {
    if (os->bytes) return os->bytes + off;
    uint64_t in = off & (OS_CHUNK - 1);
    OsChunk *c = os->chunks[off >> OS_CHUNK_BITS];
    return in + n <= OS_CHUNK && c->refs == 1 ? c->data + in : NULL;
}
/* The interpreter's fast path: the n <= 8 bytes at off as a little-endian
 * value, when all are concrete (false otherwise, and nothing is read). */
static inline bool os_read_concrete64(const ObjectState *os, uint64_t off, unsigned n, uint64_t *out) {
    if (os->array) return false;
    if (os->nsym)
        for (unsigned i = 0; i < n; i++)
            if (os->sym[off + i]) return false;
    const uint8_t *p = os_run(os, off, n);
    if (!p) return false;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    switch (n) { /* a fixed-size copy is one load */
    case 1: *out = p[0]; return true;
    case 2: { uint16_t x; __builtin_memcpy(&x, p, 2); *out = x; return true; }
    case 4: { uint32_t x; __builtin_memcpy(&x, p, 4); *out = x; return true; }
    case 8: { uint64_t x; __builtin_memcpy(&x, p, 8); *out = x; return true; }
    default: break;
    }
#endif
    uint64_t v = 0;
    for (unsigned i = n; i-- > 0;) v = v << 8 | p[i];
    *out = v;
    return true;
}
/* The interpreter's fast path: the low n*8 bits (n <= 8) of v stored at
 * off, when the object is in plain byte mode with no symbolic byte (false
 * otherwise, and nothing is written: os_write_concrete does it). */
static inline bool os_write_concrete64(ObjectState *os, uint64_t off, unsigned n, uint64_t v) {
    if (os->rd_array || os->array || os->nsym) return false;
    uint8_t *p = os_run_mut(os, off, n);
    if (!p) return false;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    switch (n) { /* a fixed-size copy is one store */
    case 1: p[0] = (uint8_t)v; return true;
    case 2: { uint16_t x = (uint16_t)v; __builtin_memcpy(p, &x, 2); return true; }
    case 4: { uint32_t x = (uint32_t)v; __builtin_memcpy(p, &x, 4); return true; }
    case 8: __builtin_memcpy(p, &v, 8); return true;
    default: break;
    }
#endif
    for (unsigned i = 0; i < n; i++, v >>= 8) p[i] = (uint8_t)v;
    return true;
}
/* One byte as an expression (new reference). */
Expr *os_read_byte_expr(const ObjectState *os, uint64_t off);
/* Read/write of n bytes at a symbolic 64-bit offset (the caller has already
 * constrained it to be in bounds). Returned Expr is a new reference. */
Expr *os_read_symbolic(ObjectState *os, Expr *off64, unsigned n);
void os_write_symbolic(ObjectState *os, Expr *off64, unsigned n, Value v);
/* True if every byte in [off, off+n) is concrete (fast-path test). */
bool os_is_concrete(const ObjectState *os, uint64_t off, uint64_t n);
/* Make bytes [off, off+n) fresh symbolic input bytes read(arr, i - off). */
void os_make_symbolic(ObjectState *os, uint64_t off, uint64_t n, Array *arr);
/* Bytes of contents copied so far because shared contents were written (a
 * whole flat object, or a chunk and its object's chunk table): the work
 * copy-on-write costs. */
uint64_t os_copied_bytes(void);

/* ---- address spaces ---- */
/* A persistent radix trie from MemObject.id to ObjectState (mem_space.c):
 * forks share it, writes copy the nodes on their path. */
typedef struct AsNode AsNode;
typedef struct AddressSpace {
    AsNode *root;       /* NULL: no object live */
    uint32_t depth;     /* levels; ids below 64^depth fit */
    /* The last object the interpreter's fast path reached here and its
     * contents: a loop over one buffer then pays no trie walk. hot_epoch is
     * as_epoch when as_writable made them this space's own (0: not known to
     * be): a fork anywhere starts a new epoch, since it may share them. */
    uint32_t hot_epoch;
    const MemObject *hot_mo; /* NULL: no entry */
    ObjectState *hot_os;
} AddressSpace;

/* Counts forks (as_copy): see AddressSpace.hot_epoch. */
extern uint32_t as_epoch;

void as_init(AddressSpace *as);
void as_free(AddressSpace *as);
void as_copy(AddressSpace *dst, const AddressSpace *src);   /* shares contents */
void as_bind(AddressSpace *as, MemObject *mo, ObjectState *os); /* takes os reference */
void as_unbind(AddressSpace *as, const MemObject *mo);
const ObjectState *as_lookup(const AddressSpace *as, const MemObject *mo); /* NULL if not live */
/* Writable contents, copying them first if shared. NULL if not live. */
ObjectState *as_writable(AddressSpace *as, const MemObject *mo);
/* as_lookup, remembering the answer in the hot entry (NULL: not live). */
const ObjectState *as_lookup_fill(AddressSpace *as, const MemObject *mo);
/* The interpreter's fast path: as_lookup and as_writable, with no trie walk
 * when mo is the space's hot object (and, to write, its own). */
static inline const ObjectState *as_lookup_hot(AddressSpace *as, const MemObject *mo) {
    return as->hot_mo == mo ? as->hot_os : as_lookup_fill(as, mo);
}
static inline ObjectState *as_writable_hot(AddressSpace *as, const MemObject *mo) {
    return as->hot_mo == mo && as->hot_epoch == as_epoch ? as->hot_os : as_writable(as, mo);
}
/* Bytes of trie nodes only this space holds (a debugging figure). */
size_t as_private_bytes(const AddressSpace *as);

#endif
