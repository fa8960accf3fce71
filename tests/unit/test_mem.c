/* Unit tests for the memory model: registry addresses, object contents at
 * concrete and symbolic offsets (checked against a host-side simulation under
 * several assignments), copy-on-write address spaces, and reference hygiene. */
#include "check.h"
#include "exec/mem.h"
#include "exec/mem_internal.h"
#include "util/util.h"
#include <stdlib.h>
#include <string.h>

static Rng rng;

static u128 rand_u128(unsigned n) {
    u128 v = ((u128)rng_next(&rng) << 64) | rng_next(&rng);
    return v & expr_mask(8 * n);
}

/* Host reference: little-endian load of n bytes, via memcpy on a host integer. */
static u128 host_load(const uint8_t *p, unsigned n) {
    u128 v = 0;
    memcpy(&v, p, n); /* x86-64 and AArch64 hosts are little-endian, like the target */
    return v;
}

/* ---- registry ---- */

static MemObject *linear_containing(MemObject **objs, size_t n, uint64_t a) {
    for (size_t i = 0; i < n; i++) {
        uint64_t end = objs[i]->addr + (objs[i]->size ? objs[i]->size : 1);
        if (a >= objs[i]->addr && a < end) return objs[i];
    }
    return NULL;
}

static void test_registry_basic(void) {
    mem_init(0x100000);
    MemObject *g = mem_object_new_at(0x1000, 40, MEM_GLOBAL, "g");
    MemObject *a = mem_object_new(10, 1, MEM_HEAP, 7, NULL);
    MemObject *z = mem_object_new(0, 1, MEM_HEAP, 0, NULL);
    MemObject *b = mem_object_new(100, 4096, MEM_STACK, 0, "buf");
    CHECK(g->id == 0 && a->id == 1 && z->id == 2 && b->id == 3);
    CHECK(mem_object_count() == 4);
    CHECK(mem_object_by_id(3) == b && mem_object_by_id(4) == NULL);
    CHECK(a->addr >= 0x100000 && a->addr % 16 == 0);
    CHECK(b->addr % 4096 == 0);
    CHECK(a->alloc_loc == 7 && a->kind == MEM_HEAP && strcmp(b->name, "buf") == 0);
    CHECK(z->addr >= a->addr + a->size + 64);
    CHECK(b->addr >= z->addr + 1 + 64);
    CHECK(mem_object_containing(a->addr) == a);
    CHECK(mem_object_containing(a->addr + 9) == a);
    CHECK(mem_object_containing(a->addr + 10) == NULL);
    CHECK(mem_object_containing(a->addr + 10 + 63) == NULL);
    CHECK(mem_object_containing(a->addr - 1) == NULL);
    CHECK(mem_object_containing(z->addr) == z);
    CHECK(mem_object_containing(z->addr + 1) == NULL);
    CHECK(mem_object_containing(g->addr + 39) == g);
    CHECK(mem_object_containing(g->addr + 40) == NULL);
    CHECK(mem_object_containing(0) == NULL);
    /* Placed below existing objects after the fact: lookup must stay sorted. */
    MemObject *h = mem_object_new_at(0x800, 16, MEM_GLOBAL, "h");
    CHECK(mem_object_containing(0x80f) == h);
    CHECK(mem_object_containing(0x1000) == g);
    CHECK(mem_object_containing(b->addr + 99) == b);
    mem_shutdown();
    CHECK(mem_object_count() == 0);
}

static void test_registry_random(void) {
    enum { N = 300 };
    static MemObject *objs[N];
    mem_init(0x10000);
    for (size_t i = 0; i < N; i++) {
        uint64_t size = rng_below(&rng, 4) == 0 ? 0 : rng_below(&rng, 200);
        uint32_t align = 1u << rng_below(&rng, 8);
        objs[i] = mem_object_new(size, align, MEM_HEAP, 0, NULL);
        uint32_t need = align > 16 ? align : 16;
        CHECK_MSG(objs[i]->addr % need == 0, "addr %llx align %u",
                  (unsigned long long)objs[i]->addr, need);
        if (i) {
            const MemObject *p = objs[i - 1];
            CHECK(objs[i]->addr >= p->addr + (p->size ? p->size : 1) + 64);
        }
    }
    uint64_t lo = objs[0]->addr - 100, hi = objs[N - 1]->addr + 300;
    int mismatches = 0;
    for (int k = 0; k < 20000; k++) {
        uint64_t a = lo + rng_below(&rng, hi - lo);
        if (mem_object_containing(a) != linear_containing(objs, N, a)) mismatches++;
    }
    CHECK(mismatches == 0);
    for (size_t i = 0; i < N; i++) {
        CHECK(mem_object_containing(objs[i]->addr) == objs[i]);
        if (objs[i]->size) CHECK(mem_object_containing(objs[i]->addr + objs[i]->size - 1) == objs[i]);
    }
    mem_shutdown();
}

/* ---- concrete contents ---- */

/* One call's stack: three locals and a variadic area, bound in as and
 * released (unbound) on return, as exec_call does. */
static void call_frame(AddressSpace *as, MemObject **out) {
    static const uint64_t sizes[4] = {4, 16, 1, 48};
    for (int k = 0; k < 4; k++) {
        out[k] = mem_object_new(sizes[k], 8, k == 3 ? MEM_VARARGS : MEM_STACK, 0, NULL);
        as_bind(as, out[k], os_new(sizes[k]));
    }
}

/* Stack objects no state holds are retired into tombs: the registry keeps
 * what is live (and freed heap blocks exactly), an address once on a stack
 * still resolves to freed stack memory, and a holder keeps an object whole. */
static void test_registry_retire(void) {
    mem_init(0x10000);
    AddressSpace a, b;
    as_init(&a);
    MemObject *h = mem_object_new(24, 8, MEM_HEAP, 0, "malloc");
    as_bind(&a, h, os_new(24));
    MemObject *base[4];
    call_frame(&a, base); /* main's frame: live throughout */
    uint64_t first_dead = 0, forked_addr = 0, held_addr = 0;
    uint32_t merged_id = 0;
    uint64_t last_dead = 0, above_forked = 0;
    MemObject *forked = NULL, *held = NULL;
    for (int call = 0; call < 20000; call++) {
        MemObject *f[4];
        call_frame(&a, f);
        if (call == 0) first_dead = f[1]->addr + 3, merged_id = f[1]->id;
        if (call == 5000) { /* a fork shares this frame: it lives on in b */
            as_copy(&b, &a);
            forked = f[2];
            forked_addr = forked->addr;
        }
        if (call == 5001) above_forked = f[0]->addr; /* the first object above the shared frame */
        if (call == 7000) { /* a lookup cache holds this one */
            held = f[0];
            held_addr = held->addr;
            mem_object_ref(held);
        }
        last_dead = f[3]->addr;
        for (int k = 0; k < 4; k++) as_unbind(&a, f[k]);
    }
    as_unbind(&a, h);
    CHECK(mem_object_count() == 1 + 4 + 4 * 20000);
    CHECK_MSG(mem_object_kept() < 20, "%u objects kept", mem_object_kept());
    MemObject *t = mem_object_containing(first_dead);
    CHECK(t && t->tomb && t->kind == MEM_STACK && t->name == NULL && !as_lookup(&a, t));
    CHECK(mem_object_containing(h->addr) == h && !h->tomb && strcmp(h->name, "malloc") == 0);
    /* the frame b shares and the object the cache holds are whole */
    CHECK(mem_object_containing(forked_addr) == forked && !forked->tomb && as_lookup(&b, forked));
    CHECK(mem_object_containing(held_addr) == held && !held->tomb && held->addr == held_addr);
    for (int k = 0; k < 4; k++) CHECK(mem_object_containing(base[k]->addr) == base[k] && as_lookup(&a, base[k]));
    /* a cache holds the tomb above the shared frame: it stays whole when that frame goes */
    MemObject *above = mem_object_containing(above_forked);
    CHECK(above && above->tomb);
    mem_object_ref(above);
    as_free(&b);
    CHECK(mem_object_containing(above_forked) == above && above->addr <= above_forked);
    mem_object_unref(above);
    mem_object_unref(held);
    CHECK(mem_object_containing(forked_addr)->tomb && mem_object_containing(held_addr)->tomb);
    CHECK_MSG(mem_object_kept() < 20, "%u objects kept", mem_object_kept());
    CHECK(mem_object_by_id(merged_id) == NULL); /* a merged object's id names nothing */
    /* a new object is found after all the tombs, and freed stack memory below it */
    MemObject *fresh = mem_object_new(8, 8, MEM_STACK, 0, NULL);
    t = mem_object_containing(last_dead);
    CHECK(mem_object_containing(fresh->addr) == fresh && t && t->tomb && t->addr + t->size <= fresh->addr);
    as_free(&a);
    mem_shutdown();
}

static void test_concrete_roundtrip(void) {
    enum { SZ = 48 };
    size_t live = expr_live_count();
    ObjectState *os = os_new(SZ);
    for (uint64_t i = 0; i < SZ; i++) CHECK(os->bytes[i] == 0);
    int bad = 0;
    for (unsigned n = 1; n <= 16; n++)
        for (uint64_t off = 0; off + n <= SZ; off++) {
            u128 v = rand_u128(n);
            os_write(os, off, n, value_concrete(v));
            Value r = os_read(os, off, n);
            if (r.e || r.c != v) bad++;
            if (memcmp(os->bytes + off, &v, n) != 0) bad++; /* little-endian layout */
        }
    CHECK(bad == 0);
    /* Overlapping writes and reads against a host shadow buffer. */
    uint8_t shadow[SZ];
    memcpy(shadow, os->bytes, SZ);
    bad = 0;
    for (int k = 0; k < 5000; k++) {
        unsigned n = 1 + (unsigned)rng_below(&rng, 16);
        uint64_t off = rng_below(&rng, SZ - n + 1);
        if (rng_below(&rng, 2)) {
            u128 v = rand_u128(16); /* high bits beyond n bytes must be ignored */
            if (k & 2) os_write(os, off, n, value_concrete(v));
            else os_write_concrete(os, off, n, v);
            memcpy(shadow + off, &v, n);
        } else {
            Value r = os_read(os, off, n);
            if (r.e || r.c != host_load(shadow + off, n)) bad++;
        }
    }
    CHECK(bad == 0);
    CHECK(os->sym == NULL && os->array == NULL && os_is_concrete(os, 0, SZ));
    CHECK(expr_live_count() == live); /* the concrete path builds no expressions */
    os_unref(os);

    const uint8_t init[4] = {0x11, 0x22, 0x33, 0x44};
    os = os_new_bytes(init, 4);
    Value r = os_read(os, 0, 4);
    CHECK(!r.e && r.c == 0x44332211);
    os_unref(os);
    os_unref(os_new(0));
}

/* ---- chunked contents (objects over OS_FLAT_MAX) ---- */

/* An offset near a chunk boundary half the time: accesses that straddle two
 * chunks take the byte-by-byte way. */
static uint64_t chunky_offset(uint64_t size, unsigned n) {
    uint64_t off = rng_below(&rng, size - n + 1);
    if (rng_below(&rng, 2)) {
        uint64_t edge = (off & ~(OS_CHUNK - 1)) + OS_CHUNK;
        uint64_t back = rng_below(&rng, 17);
        off = edge > back && edge - back + n <= size ? edge - back : off;
    }
    return off;
}

/* Versions of one large object, each a clone of another, against host
 * copies: writes to one (every path: os_write, os_write_concrete, the
 * interpreter's inline fast path) are seen by it alone. */
static void test_chunked_versions(void) {
    enum { NV = 5, STEPS = 20000 };
    const uint64_t size = 3 * OS_FLAT_MAX + 123; /* the last chunk is partial */
    uint8_t *init = calloc(size, 1), *shadow[NV];
    for (uint64_t i = OS_CHUNK + 5; i < 3 * OS_CHUNK; i += 7) init[i] = (uint8_t)(i * 31 + 1);
    init[size - 1] = 0x5a;
    ObjectState *v[NV] = {os_new_bytes(init, size)};
    CHECK(v[0]->chunks != NULL && v[0]->bytes == NULL);
    shadow[0] = malloc(size);
    memcpy(shadow[0], init, size);
    for (int k = 1; k < NV; k++) {
        v[k] = os_clone(v[rng_below(&rng, (uint64_t)k)]);
        shadow[k] = malloc(size);
        memcpy(shadow[k], init, size);
    }
    int bad = 0;
    for (int step = 0; step < STEPS; step++) {
        int k = (int)rng_below(&rng, NV);
        unsigned n = 1 + (unsigned)rng_below(&rng, 16);
        uint64_t off = chunky_offset(size, n), got;
        u128 x = rand_u128(16);
        switch (rng_below(&rng, 6)) {
        case 0: os_write(v[k], off, n, value_concrete(x)); memcpy(shadow[k] + off, &x, n); break;
        case 1: os_write_concrete(v[k], off, n, x); memcpy(shadow[k] + off, &x, n); break;
        case 2:
            if (n > 8) break;
            if (!os_write_concrete64(v[k], off, n, (uint64_t)x)) os_write_concrete(v[k], off, n, x);
            memcpy(shadow[k] + off, &x, n);
            break;
        case 3: { /* a fork: k becomes a clone of another version */
            int from = (int)rng_below(&rng, NV);
            if (from == k) break;
            os_unref(v[k]);
            v[k] = os_clone(v[from]);
            memcpy(shadow[k], shadow[from], size);
            break;
        }
        case 4:
            if (n <= 8 && os_read_concrete64(v[k], off, n, &got)) bad += got != (uint64_t)host_load(shadow[k] + off, n);
            break;
        default: {
            Value r = os_read(v[k], off, n);
            bad += r.e || r.c != host_load(shadow[k] + off, n);
        }
        }
    }
    CHECK(bad == 0);
    uint8_t *flat = malloc(size);
    for (int k = 0; k < NV; k++) {
        os_copy_out(v[k], flat);
        CHECK(memcmp(flat, shadow[k], size) == 0);
        os_unref(v[k]);
        free(shadow[k]);
    }
    free(flat);
    free(init);
}

/* A symbolic byte in a large object survives a clone in the original while
 * the clone overwrites it; the clone's concrete bytes elsewhere are shared. */
static void test_chunked_symbolic(void) {
    const uint64_t size = 2 * OS_FLAT_MAX;
    Array *in = expr_array_new("chunked_in", 1, NULL);
    ObjectState *a = os_new(size);
    os_write_concrete(a, size - 2, 2, 0xbeef);
    os_make_symbolic(a, OS_CHUNK - 1, 1, in);
    ObjectState *b = os_clone(a);
    os_write_concrete(b, OS_CHUNK - 2, 4, 0x01020304); /* straddles two chunks, over the symbolic byte */
    CHECK(!os_is_concrete(a, OS_CHUNK - 1, 1) && os_is_concrete(b, 0, size));
    Value r = os_read(b, OS_CHUNK - 2, 4);
    CHECK(!r.e && r.c == 0x01020304);
    r = os_read(a, OS_CHUNK - 2, 4); /* bytes 0, sym, 0, 0 */
    CHECK(r.e != NULL);
    value_release(&r);
    r = os_read(a, size - 2, 2);
    CHECK(!r.e && r.c == 0xbeef);
    os_unref(a);
    os_unref(b);
}

/* Count of work: a write after each of K forks of a large object copies one
 * chunk and the object's chunk table, not the object (which it did when the
 * contents were one buffer: K times the size). */
static void test_chunked_fork_cost(void) {
    for (uint64_t size = (uint64_t)1 << 20; size <= (uint64_t)16 << 20; size <<= 2) {
        enum { K = 32 };
        ObjectState *os = os_new(size);
        uint64_t before = os_copied_bytes();
        for (int k = 0; k < K; k++) {
            ObjectState *c = os_clone(os); /* as as_writable does for a shared object */
            os_write_concrete(c, (uint64_t)k * 40961 % size, 1, 7);
            os_unref(os);
            os = c;
        }
        uint64_t per_fork = (os_copied_bytes() - before) / K, table = size / OS_CHUNK * sizeof(OsChunk *);
        CHECK_MSG(per_fork <= OS_CHUNK + table, "%llu bytes copied per fork-write of a %llu-byte object",
                  (unsigned long long)per_fork, (unsigned long long)size);
        os_unref(os);
    }
}

/* ---- symbolic contents, differential against a host simulation ---- */

enum { NASG = 4, OBJ = 32, INSZ = 40 };

typedef struct SymSim {
    Array *in;
    Assignment asg[NASG];
    uint8_t shadow[NASG][OBJ];
    ObjectState *os;
    int bad;
} SymSim;

static void sim_init(SymSim *s, const char *name) {
    s->in = expr_array_new(name, INSZ, NULL);
    for (int k = 0; k < NASG; k++) {
        uint8_t b[INSZ];
        for (int i = 0; i < INSZ; i++) b[i] = (uint8_t)rng_next(&rng);
        assignment_init(&s->asg[k]);
        assignment_set(&s->asg[k], s->in, b);
        memset(s->shadow[k], 0, OBJ);
    }
    s->os = os_new(OBJ);
    s->bad = 0;
}

static void sim_free(SymSim *s) {
    for (int k = 0; k < NASG; k++) assignment_free(&s->asg[k]);
    os_unref(s->os);
}

static u128 sim_eval(Value v, const Assignment *a) { return v.e ? expr_eval(v.e, a) : v.c; }

/* A random n-byte value: concrete, or an input-dependent expression. */
static Value sim_value(SymSim *s, unsigned n) {
    if (rng_below(&rng, 3) == 0) return value_concrete(rand_u128(n));
    Expr *idx = expr_const(rng_below(&rng, INSZ - n + 1), 32);
    Expr *rd = expr_read_le(s->in, NULL, idx, n);
    Expr *k = expr_const(rand_u128(n), 8 * n);
    Expr *e = expr_xor(rd, k);
    expr_unref(idx);
    expr_unref(rd);
    expr_unref(k);
    return value_from_expr(e);
}

/* How an access picks its offset: a host constant (os_read/os_write), an Expr
 * that may still be a constant (os_*_symbolic), or a truly symbolic Expr. */
typedef enum SimOff { OFF_CONCRETE, OFF_ANY, OFF_SYMBOLIC } SimOff;

/* An in-bounds offset for an n-byte access: constant, or an input byte mod range. */
static Expr *sim_offset(SymSim *s, unsigned n, SimOff how) {
    uint64_t range = OBJ - n + 1;
    if (how != OFF_SYMBOLIC && rng_below(&rng, 3) == 0) return expr_const(rng_below(&rng, range), 64);
    Expr *idx = expr_const(rng_below(&rng, INSZ), 32);
    Expr *b = expr_read(s->in, NULL, idx);
    Expr *m = expr_const(range, 8);
    Expr *r = expr_urem(b, m);
    Expr *o = expr_zext(r, 64);
    expr_unref(idx);
    expr_unref(b);
    expr_unref(m);
    expr_unref(r);
    return o;
}

static void sim_write(SymSim *s, SimOff how) {
    unsigned n = 1 + (unsigned)rng_below(&rng, 16);
    Value v = sim_value(s, n);
    Expr *off = sim_offset(s, n, how);
    if (how != OFF_CONCRETE) os_write_symbolic(s->os, off, n, v);
    else {
        uint64_t c = (uint64_t)expr_eval(off, &s->asg[0]);
        expr_unref(off);
        off = expr_const(c, 64);
        os_write(s->os, c, n, v);
    }
    for (int k = 0; k < NASG; k++) {
        u128 x = sim_eval(v, &s->asg[k]);
        memcpy(s->shadow[k] + (uint64_t)expr_eval(off, &s->asg[k]), &x, n);
    }
    expr_unref(off);
    value_release(&v);
}

static void sim_check_read(SymSim *s, SimOff how) {
    unsigned n = 1 + (unsigned)rng_below(&rng, 16);
    Expr *off = sim_offset(s, n, how);
    Expr *e = NULL;
    Value v = value_concrete(0);
    if (how != OFF_CONCRETE) e = os_read_symbolic(s->os, off, n);
    else {
        uint64_t c = (uint64_t)expr_eval(off, &s->asg[0]);
        expr_unref(off);
        off = expr_const(c, 64);
        v = os_read(s->os, c, n);
        e = value_to_expr(v, 8 * n);
    }
    if (e->width != 8 * n) s->bad++;
    for (int k = 0; k < NASG; k++) {
        uint64_t o = (uint64_t)expr_eval(off, &s->asg[k]);
        if (expr_eval(e, &s->asg[k]) != host_load(s->shadow[k] + o, n)) s->bad++;
    }
    expr_unref(e);
    expr_unref(off);
    value_release(&v);
}

static void test_symbolic_bytes(void) {
    SymSim s;
    sim_init(&s, "sym_bytes");
    /* Concrete offsets only: the object stays in byte mode. */
    for (int i = 0; i < 400; i++) {
        if (rng_below(&rng, 2)) sim_write(&s, OFF_CONCRETE);
        else sim_check_read(&s, OFF_CONCRETE);
    }
    CHECK(s.os->array == NULL);
    CHECK(s.bad == 0);
    /* Reads at symbolic offsets do not switch modes, and reuse their array. */
    size_t arrays = expr_array_count();
    for (int i = 0; i < 20; i++) sim_check_read(&s, OFF_SYMBOLIC);
    CHECK(s.os->array == NULL);
    CHECK(expr_array_count() == arrays + 1);
    CHECK(s.bad == 0);
    sim_check_read(&s, OFF_ANY);
    CHECK(expr_array_count() == arrays + 1);
    sim_write(&s, OFF_CONCRETE);
    sim_check_read(&s, OFF_SYMBOLIC);
    CHECK(expr_array_count() == arrays + 1); /* the write went into the cached term: no rebuild */
    CHECK(s.bad == 0);
    /* Interleaved: every kind of write must keep the cached term current (or drop it). */
    for (int i = 0; i < 300; i++) {
        if (rng_below(&rng, 2)) sim_write(&s, OFF_CONCRETE);
        else sim_check_read(&s, rng_below(&rng, 2) ? OFF_SYMBOLIC : OFF_CONCRETE);
    }
    CHECK(s.os->array == NULL);
    CHECK(s.bad == 0);
    sim_free(&s);
}

static void test_symbolic_offsets(void) {
    SymSim s;
    sim_init(&s, "sym_offsets");
    for (int i = 0; i < 30; i++) sim_write(&s, OFF_CONCRETE);
    sim_write(&s, OFF_SYMBOLIC);
    CHECK(s.os->array != NULL);
    CHECK(!os_is_concrete(s.os, 0, 1));
    for (int i = 0; i < 150; i++) {
        switch (rng_below(&rng, 4)) {
        case 0: sim_write(&s, OFF_CONCRETE); break;
        case 1: sim_write(&s, OFF_ANY); break;
        case 2: sim_check_read(&s, OFF_CONCRETE); break;
        default: sim_check_read(&s, OFF_ANY); break;
        }
    }
    CHECK(s.bad == 0);
    /* Byte-wise reads agree too. */
    for (uint64_t i = 0; i < OBJ; i++) {
        Expr *b = os_read_byte_expr(s.os, i);
        for (int k = 0; k < NASG; k++)
            if (expr_eval(b, &s.asg[k]) != s.shadow[k][i]) s.bad++;
        expr_unref(b);
    }
    CHECK(s.bad == 0);
    sim_free(&s);
}

static void test_symbolic_specific(void) {
    Array *in = expr_array_new("x", 4, NULL);
    Expr *i0 = expr_const(0, 32);
    Expr *x = expr_read_le(in, NULL, i0, 4);
    ObjectState *os = os_new(16);
    os_write(os, 8, 4, value_concrete(0xdeadbeef));
    Value xv = {0, x, 0}; /* borrowed by os_write */
    os_write(os, 8, 4, xv);
    CHECK(!os_is_concrete(os, 8, 4) && !os_is_concrete(os, 11, 1));
    CHECK(os_is_concrete(os, 0, 8) && os_is_concrete(os, 12, 4));
    CHECK(os->nsym == 4);
    const uint8_t xb[4] = {0x78, 0x56, 0x34, 0x12};
    Assignment a;
    assignment_init(&a);
    assignment_set(&a, in, xb);
    Value r = os_read(os, 6, 8);
    CHECK(r.e != NULL && r.e->width == 64);
    CHECK(r.e && expr_eval(r.e, &a) == (u128)0x12345678 << 16);
    value_release(&r);
    Expr *b = os_read_byte_expr(os, 9);
    CHECK(expr_eval(b, &a) == 0x56);
    expr_unref(b);
    /* A concrete overwrite makes the bytes concrete again. */
    os_write(os, 8, 2, value_concrete(0xabcd));
    CHECK(os->nsym == 2 && os_is_concrete(os, 8, 2));
    r = os_read(os, 8, 4);
    CHECK(r.e && expr_eval(r.e, &a) == 0x1234abcd);
    value_release(&r);
    /* Clones are deep: writing one does not change the other. */
    ObjectState *c = os_clone(os);
    os_write(c, 10, 2, value_concrete(0));
    CHECK(c->refs == 1 && c->nsym == 0 && os->nsym == 2);
    r = os_read(os, 10, 2);
    CHECK(r.e && expr_eval(r.e, &a) == 0x1234);
    value_release(&r);
    os_unref(c);
    expr_unref(i0);
    expr_unref(x);
    os_unref(os);
    assignment_free(&a);
}

static void test_make_symbolic(void) {
    Array *arr = expr_array_new("input", 8, NULL);
    const uint8_t ib[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    Assignment a;
    assignment_init(&a);
    assignment_set(&a, arr, ib);
    ObjectState *os = os_new(16);
    os_write(os, 0, 16, value_concrete(~(u128)0));
    /* A symbolic-offset read before and after: the cached array must not survive. */
    Array *k = expr_array_new("k_off", 1, NULL);
    const uint8_t kb[1] = {5};
    assignment_set(&a, k, kb);
    Expr *i0 = expr_const(0, 32);
    Expr *kr = expr_read(k, NULL, i0);
    Expr *koff = expr_zext(kr, 64);
    Expr *before = os_read_symbolic(os, koff, 1);
    CHECK(expr_eval(before, &a) == 0xff);
    os_make_symbolic(os, 4, 8, arr);
    Expr *after = os_read_symbolic(os, koff, 1);
    CHECK(expr_eval(after, &a) == 2); /* byte 5 = input byte 1 */
    expr_unref(before);
    expr_unref(after);
    expr_unref(koff);
    expr_unref(kr);
    expr_unref(i0);
    CHECK(os->nsym == 8 && os_is_concrete(os, 0, 4) && os_is_concrete(os, 12, 4));
    for (uint64_t i = 0; i < 16; i++) {
        Expr *b = os_read_byte_expr(os, i);
        u128 want = i >= 4 && i < 12 ? ib[i - 4] : 0xff;
        CHECK_MSG(expr_eval(b, &a) == want, "byte %llu", (unsigned long long)i);
        expr_unref(b);
    }
    Value r = os_read(os, 4, 8);
    CHECK(r.e && expr_eval(r.e, &a) == 0x0807060504030201ull);
    value_release(&r);
    os_unref(os);
    assignment_free(&a);
}

/* The digest's T5: int a[4] read as ints has access width 4 (the array the
 * read builds carries it); a short access narrows it to 2, a char one to 1,
 * and a clone keeps what its original had. */
static void test_access_types(void) {
    ObjectState *os = os_new(16);
    Array *k = expr_array_new("k_acc", 1, NULL);
    Expr *i0 = expr_const(0, 32), *kr = expr_read(k, NULL, i0);
    Expr *four = expr_const(4, 64), *kz = expr_zext(kr, 64), *off = expr_mul(kz, four);
    CHECK(os->access == 0);
    Expr *r = os_read_symbolic(os, off, 4);
    CHECK(os->access == 4);
    CHECK(r->kind == EXPR_CONCAT && r->kids[0]->kind == EXPR_READ); /* the high byte */
    Array *held = r->kids[0]->u.read.array;
    CHECK(held->access == 4);
    expr_unref(r);
    ObjectState *c = os_clone(os);
    CHECK(c->access == 4);
    r = os_read_symbolic(os, off, 2); /* a short* access */
    CHECK(os->access == 2 && held->access == 2 && c->access == 4);
    expr_unref(r);
    os_write_symbolic(os, off, 1, value_concrete(7)); /* a char* access */
    CHECK(os->access == 1 && os->array && os->array->access == 1);
    r = os_read_symbolic(os, off, 4); /* wider again: never widens */
    CHECK(os->access == 1);
    expr_unref(r);
    os_unref(c);
    os_unref(os);
    expr_unref(off);
    expr_unref(kz);
    expr_unref(four);
    expr_unref(kr);
    expr_unref(i0);
}

static void test_make_symbolic_array_mode(void) {
    Array *arr = expr_array_new("input2", 4, NULL);
    Array *k = expr_array_new("k", 1, NULL);
    const uint8_t ib[4] = {9, 8, 7, 6}, kb[1] = {2};
    Assignment a;
    assignment_init(&a);
    assignment_set(&a, arr, ib);
    assignment_set(&a, k, kb);
    ObjectState *os = os_new(8);
    Expr *i0 = expr_const(0, 32);
    Expr *kr = expr_read(k, NULL, i0);
    Expr *off = expr_zext(kr, 64);
    os_write_symbolic(os, off, 1, value_concrete(0x55)); /* contents[k] = 0x55 */
    CHECK(os->array != NULL);
    os_make_symbolic(os, 4, 4, arr);
    uint8_t want[8] = {0, 0, 0x55, 0, 9, 8, 7, 6};
    for (uint64_t i = 0; i < 8; i++) {
        Expr *b = os_read_byte_expr(os, i);
        CHECK(expr_eval(b, &a) == want[i]);
        expr_unref(b);
    }
    expr_unref(i0);
    expr_unref(kr);
    expr_unref(off);
    os_unref(os);
    assignment_free(&a);
}

/* ---- address spaces ---- */

static void test_address_space(void) {
    mem_init(0x10000);
    MemObject *m1 = mem_object_new(8, 8, MEM_HEAP, 0, NULL);
    MemObject *m2 = mem_object_new(8, 8, MEM_HEAP, 0, NULL);
    AddressSpace a, b;
    as_init(&a);
    CHECK(as_lookup(&a, m1) == NULL && as_writable(&a, m1) == NULL);
    ObjectState *o1 = os_new(8);
    as_bind(&a, m1, o1);
    as_bind(&a, m2, os_new(8));
    CHECK(as_lookup(&a, m1) == o1);
    /* Unshared writes do not copy. */
    ObjectState *w = as_writable(&a, m1);
    CHECK(w == o1);
    os_write(w, 0, 8, value_concrete(111));
    as_copy(&b, &a);
    /* the spaces share the trie: o1 is held once, by the shared leaf */
    CHECK(as_lookup(&b, m1) == o1 && o1->refs == 1);
    /* Writing through b copies once; a keeps its contents. */
    ObjectState *wb = as_writable(&b, m1);
    CHECK(wb != o1 && wb->refs == 1 && o1->refs == 1);
    os_write(wb, 0, 8, value_concrete(222));
    CHECK(as_writable(&b, m1) == wb);
    CHECK(os_read(as_lookup(&a, m1), 0, 8).c == 111);
    CHECK(os_read(as_lookup(&b, m1), 0, 8).c == 222);
    /* Now a is the sole owner of o1 again: no copy. */
    CHECK(as_writable(&a, m1) == o1);
    as_unbind(&b, m2);
    CHECK(as_lookup(&b, m2) == NULL && as_lookup(&a, m2) != NULL && as_lookup(&a, m2)->refs == 1);
    /* Binding a high id grows the table. */
    MemObject *mo = NULL;
    for (int i = 0; i < 100; i++) mo = mem_object_new(4, 4, MEM_STACK, 0, NULL);
    as_bind(&b, mo, os_new(4));
    CHECK(as_lookup(&b, mo) != NULL && as_lookup(&a, mo) == NULL && b.depth > a.depth);
    CHECK(as_lookup(&b, m1) == wb && as_lookup(&a, m1) == o1);
    as_free(&a);
    as_free(&b);
    CHECK(a.root == NULL && a.depth == 0);
    mem_shutdown();
}

/* The trie against a plain array per space, over random binds, unbinds,
 * forks and writes across ids that need several levels. With `hot`, reads
 * and writes also go through the hot entry (as_lookup_hot, as_writable_hot),
 * which over a few objects hits often: a write through it after a fork must
 * copy as as_writable does, or the fork would see it. */
static void test_space_random(int nobj, bool hot) {
    enum { NSPACE = 6, STEPS = 20000 };
    MemObject **mos = malloc(nobj * sizeof *mos);
    for (int i = 0; i < nobj; i++) mos[i] = mem_object_new(8, 8, MEM_HEAP, 0, NULL);
    AddressSpace sp[NSPACE];
    uint64_t *model[NSPACE]; /* the value at offset 0 of each object, 0 = not bound */
    for (int k = 0; k < NSPACE; k++) {
        as_init(&sp[k]);
        model[k] = calloc(nobj, sizeof *model[k]);
    }
    bool ok = true;
    for (int step = 0; step < STEPS && ok; step++) {
        int k = (int)rng_below(&rng, NSPACE), i = (int)rng_below(&rng, nobj);
        unsigned op = (unsigned)rng_below(&rng, 10);
        if (op < 3) { /* bind a fresh object */
            ObjectState *os = os_new(8);
            uint64_t v = 1 + rng_below(&rng, 1000000);
            os_write(os, 0, 8, value_concrete(v));
            as_bind(&sp[k], mos[i], os);
            model[k][i] = v;
        } else if (op < 4) {
            as_unbind(&sp[k], mos[i]);
            model[k][i] = 0;
        } else if (op < 5) { /* fork k into another space */
            int d = (int)rng_below(&rng, NSPACE);
            if (d == k) continue;
            as_free(&sp[d]);
            as_copy(&sp[d], &sp[k]);
            memcpy(model[d], model[k], nobj * sizeof *model[d]);
        } else if (op < 8) { /* write */
            ObjectState *w = hot && op != 5 ? as_writable_hot(&sp[k], mos[i]) : as_writable(&sp[k], mos[i]);
            ok &= (w != NULL) == (model[k][i] != 0);
            if (w) {
                uint64_t v = 1 + rng_below(&rng, 1000000);
                os_write(w, 0, 8, value_concrete(v));
                model[k][i] = v;
            }
        } else { /* read back every space at i */
            for (int j = 0; j < NSPACE; j++) {
                const ObjectState *r = hot && op == 8 ? as_lookup_hot(&sp[j], mos[i]) : as_lookup(&sp[j], mos[i]);
                ok &= (r != NULL) == (model[j][i] != 0);
                if (r) ok &= os_read(r, 0, 8).c == model[j][i];
            }
        }
    }
    CHECK(ok);
    for (int k = 0; k < NSPACE; k++) {
        for (int i = 0; i < nobj && ok; i++) {
            const ObjectState *r = as_lookup(&sp[k], mos[i]);
            ok &= (r != NULL) == (model[k][i] != 0) && (!r || os_read(r, 0, 8).c == model[k][i]);
        }
        as_free(&sp[k]);
        free(model[k]);
    }
    CHECK(ok);
    free(mos);
    mem_shutdown();
}

int main(void) {
    rng_seed(&rng, 12345);
    size_t live = expr_live_count();
    test_registry_basic();
    test_registry_random();
    test_registry_retire();
    test_concrete_roundtrip();
    test_chunked_versions();
    test_chunked_symbolic();
    test_chunked_fork_cost();
    test_symbolic_bytes();
    test_symbolic_offsets();
    test_symbolic_specific();
    test_make_symbolic();
    test_make_symbolic_array_mode();
    test_access_types();
    test_address_space();
    test_space_random(5000, false);
    test_space_random(8, true);
    CHECK_MSG(expr_live_count() == live, "%zu expressions still alive (baseline %zu)",
              expr_live_count(), live);
    expr_shutdown();
    return check_report();
}
