/* The heap functions the engine implements: malloc, calloc, realloc,
 * aligned_alloc, memalign, posix_memalign, valloc, pvalloc and free.
 *
 * Each answers as the native build a test replays on does: glibc 2.36 with
 * AddressSanitizer's allocator in front (tools/symplex-replay.sh), whose
 * allocator_may_return_null=1 makes a refused request return NULL with errno
 * ENOMEM, as glibc's allocator does:
 *  - malloc(0), calloc(0, n), realloc(NULL, 0): a unique block of size 0;
 *  - realloc(p, 0) with p != NULL frees p and returns NULL;
 *  - a request above 2^40 bytes (ASan's largest allocation; glibc's is
 *    PTRDIFF_MAX), and calloc whose count * size overflows: NULL and ENOMEM
 *    (realloc keeps its block, posix_memalign returns ENOMEM);
 *  - between 2^32 and 2^40 bytes the native answer depends on the machine's
 *    memory: the path ends (`unsupported`) rather than claim either one;
 *  - posix_memalign: EINVAL for an alignment that is not a power of two
 *    multiple of sizeof(void *), *memptr untouched;
 *  - aligned_alloc and memalign with an alignment that is not a power of two,
 *    or aligned_alloc with a size that is not a multiple of it: glibc 2.36
 *    rounds the alignment up and succeeds, ASan returns NULL with EINVAL; the
 *    native builds disagree, and the path ends (`unsupported`);
 *  - valloc(n) is memalign(4096, n); pvalloc(n) rounds n up to pages (0 to
 *    one page).
 * A symbolic size or alignment forks wherever the answer differs (zero, the
 * size classes, overflow, validity). Every fork comes before any effect: the
 * other side runs the call again. errno is the runtime's, whose address the
 * global __symplex_errno holds (runtime/libc/stdlib.c, runtime/posix/start.c). */
#include "executor.h"
#include "../util/util.h"
#include <errno.h>
#include <string.h>

#define HEAP_MAX ((uint64_t)1 << 40)  /* larger requests fail natively */
#define HEAP_SURE ((uint64_t)1 << 32) /* smaller ones are taken to succeed */
#define HEAP_PAGE 4096u

enum { HEAP_ENDED = -1, HEAP_FITS, HEAP_REFUSED, HEAP_MACHINE };

void exec_heap_init(Executor *ex) {
    for (uint32_t i = 0; i < ex->m->nglobals; i++) {
        const IrGlobal *g = &ex->m->globals[i];
        if (strcmp(g->name, "__symplex_errno") == 0 && g->size == 8 && !g->is_external)
            memcpy(&ex->errno_addr, g->init, 8); /* a constant pointer, relocated: x86-64 is little-endian */
    }
}

static void heap_set_errno(Executor *ex, State *s, int err) {
    if (ex->errno_addr) exec_store(ex, s, value_concrete(ex->errno_addr), 4, value_concrete((u128)err));
}

/* Whether cond (consumed) holds in s: 1 or 0, the other side forked off to
 * run the call again; -1 if s ended. */
static int heap_decide(Executor *ex, State *s, Expr *cond) {
    int r;
    State *child;
    if (expr_is_const(cond)) r = expr_is_true(cond);
    else r = exec_fork(ex, s, cond, &child);
    expr_unref(cond);
    return r;
}

static Expr *heap_ugt(Expr *e, uint64_t k) {
    Expr *c = expr_const(k, 64), *r = expr_ugt(e, c);
    expr_unref(c);
    return r;
}

static Expr *heap_eq(Expr *e, uint64_t k) {
    Expr *c = expr_const(k, 64), *r = expr_eq(e, c);
    expr_unref(c);
    return r;
}

/* Which of the three classes a request of `size` bytes falls in here. */
static int heap_class(Executor *ex, State *s, Value size) {
    if (!size.e) return (uint64_t)size.c > HEAP_MAX ? HEAP_REFUSED : (uint64_t)size.c > HEAP_SURE ? HEAP_MACHINE : HEAP_FITS;
    int r = heap_decide(ex, s, heap_ugt(size.e, HEAP_MAX));
    if (r != 0) return r < 0 ? HEAP_ENDED : HEAP_REFUSED;
    r = heap_decide(ex, s, heap_ugt(size.e, HEAP_SURE));
    return r < 0 ? HEAP_ENDED : r ? HEAP_MACHINE : HEAP_FITS;
}

static int heap_is_zero(Executor *ex, State *s, Value size) {
    return size.e ? heap_decide(ex, s, heap_eq(size.e, 0)) : size.c == 0;
}

/* Ends s where no one native answer exists, naming the function and why
 * (once per function and reason). */
static bool heap_unsupported(Executor *ex, State *s, const Inst *in, const char *fn, const char *why) {
    char where[512], key[600];
    ir_loc_str(ex->m, in->loc, where, sizeof where);
    snprintf(key, sizeof key, "heap %s %s", fn, why);
    util_warn_once(key, "'%s' at %s %s: state terminated", fn, where, why);
    exec_terminate(ex, s, TERM_EARLY, "unsupported", "'%s' %s", fn, why);
    return false;
}

static bool heap_refuse(Executor *ex, State *s, const Inst *in, int err) {
    heap_set_errno(ex, s, err);
    exec_set_result(s, in, value_concrete(0));
    return true;
}

/* A new block of `size` bytes (a size of the HEAP_FITS class). */
static bool heap_new_block(Executor *ex, State *s, const Inst *in, Value size, uint32_t align, MemObject **out) {
    if (size.e) {
        int r = exec_symsize_alloc(ex, s, size.e, MEM_HEAP, align, in->loc, out);
        if (r != 0) return r > 0;
        size = value_concrete(exec_concretize(ex, s, size, 64, "malloc size")); /* past the symbolic-size cap */
    }
    *out = exec_alloc(ex, s, (uint64_t)size.c, MEM_HEAP, align, in->loc, NULL);
    return true;
}

/* The block for a request of `size` bytes: 1 with *out, 0 refused (ENOMEM),
 * -1 if s ended. */
static int heap_obtain(Executor *ex, State *s, const Inst *in, const char *fn, Value size, uint32_t align,
                       MemObject **out) {
    switch (heap_class(ex, s, size)) {
    case HEAP_ENDED: return -1;
    case HEAP_REFUSED: return 0;
    case HEAP_MACHINE:
        heap_unsupported(ex, s, in, fn, "asks for more than 4 GiB: whether that succeeds natively depends on the machine");
        return -1;
    default: return heap_new_block(ex, s, in, size, align, out) ? 1 : -1;
    }
}

/* malloc and the functions that end like it: the block's address, or NULL and ENOMEM. */
static bool heap_allocate(Executor *ex, State *s, const Inst *in, const char *fn, Value size, uint32_t align) {
    MemObject *mo;
    int r = heap_obtain(ex, s, in, fn, size, align, &mo);
    if (r < 0) return false;
    if (r == 0) return heap_refuse(ex, s, in, ENOMEM);
    exec_set_result(s, in, value_concrete(mo->addr));
    return true;
}

bool exec_heap_malloc(Executor *ex, State *s, const Inst *in, Value size) {
    return heap_allocate(ex, s, in, "malloc", size, 16);
}

/* count * size overflows 64 bits: its 128-bit product has high bits. */
static int heap_mul_overflows(Executor *ex, State *s, Value n, Value size) {
    if (!n.e && !size.e) return (uint64_t)size.c && (uint64_t)n.c > UINT64_MAX / (uint64_t)size.c;
    Expr *a64 = value_to_expr(n, 64), *b64 = value_to_expr(size, 64);
    Expr *a = expr_zext(a64, 128), *b = expr_zext(b64, 128), *p = expr_mul(a, b);
    Expr *max = expr_const(UINT64_MAX, 128), *ovf = expr_ugt(p, max);
    expr_unref(a64), expr_unref(b64), expr_unref(a), expr_unref(b), expr_unref(p), expr_unref(max);
    return heap_decide(ex, s, ovf);
}

bool exec_heap_calloc(Executor *ex, State *s, const Inst *in, Value n, Value size) {
    int o = heap_mul_overflows(ex, s, n, size);
    if (o != 0) return o > 0 && heap_refuse(ex, s, in, ENOMEM);
    Value total = value_concrete((uint64_t)n.c * (uint64_t)size.c);
    if (n.e || size.e) {
        Expr *a = value_to_expr(n, 64), *b = value_to_expr(size, 64);
        total = value_from_expr(expr_mul(a, b));
        expr_unref(a), expr_unref(b);
    }
    bool ok = heap_allocate(ex, s, in, "calloc", total, 16); /* contents start zero, as every new object's */
    value_release(&total);
    return ok;
}

/* The heap object a pointer passed to free/realloc must name; reports misuse. */
static MemObject *heap_named_block(Executor *ex, State *s, uint64_t p) {
    MemObject *mo = mem_object_containing(p);
    if (!mo || mo->addr != p || mo->kind != MEM_HEAP) {
        exec_error(ex, s, "invalid-free", "free of %s", !mo ? "an address that is no object"
                   : mo->kind != MEM_HEAP ? "a non-heap object" : "a pointer into the middle of a block");
        return NULL;
    }
    if (!as_lookup(&s->as, mo)) {
        exec_error(ex, s, "double-free", "heap block freed twice");
        return NULL;
    }
    return mo;
}

/* The block a pointer given to free/realloc names. A symbolic pointer that may
 * name several blocks forks one path per value, as KLEE forks per object:
 * concretizing it would silently drop every other block's path. */
static bool heap_pointer(Executor *ex, State *s, Value p, uint64_t *out) {
    if (!p.e) { *out = (uint64_t)p.c; return true; }
    u128 v;
    if (!exec_fork_value(ex, s, p.e, &v)) return false;
    *out = (uint64_t)v;
    return true;
}

bool exec_heap_free(Executor *ex, State *s, const Inst *in, Value p) {
    uint64_t addr;
    if (!heap_pointer(ex, s, p, &addr)) return false;
    if (addr) {
        MemObject *mo = heap_named_block(ex, s, addr);
        if (!mo) return false;
        as_unbind(&s->as, mo);
    }
    exec_set_result(s, in, value_concrete(0));
    return true;
}

/* The old block's bytes into the new one (as many as both hold), the old one freed. */
static void heap_move(State *s, const Inst *in, MemObject *old, MemObject *mo) {
    const ObjectState *src = as_lookup(&s->as, old);
    ObjectState *dst = as_writable(&s->as, mo);
    uint64_t n = old->size < mo->size ? old->size : mo->size;
    for (uint64_t i = 0; i < n; i++) {
        Value b = os_read(src, i, 1);
        os_write(dst, i, 1, b);
        value_release(&b);
    }
    as_unbind(&s->as, old);
    exec_set_result(s, in, value_concrete(mo->addr));
}

bool exec_heap_realloc(Executor *ex, State *s, const Inst *in, Value p, Value size) {
    uint64_t addr;
    if (!heap_pointer(ex, s, p, &addr)) return false;
    if (!addr) return heap_allocate(ex, s, in, "realloc", size, 16);
    MemObject *old = heap_named_block(ex, s, addr), *mo;
    if (!old) return false;
    int z = heap_is_zero(ex, s, size);
    if (z < 0) return false;
    if (z) { /* glibc frees the block and returns NULL (errno untouched), and so does ASan */
        as_unbind(&s->as, old);
        exec_set_result(s, in, value_concrete(0));
        return true;
    }
    int r = heap_obtain(ex, s, in, "realloc", size, 16, &mo);
    if (r < 0) return false;
    if (r == 0) return heap_refuse(ex, s, in, ENOMEM); /* the old block stays */
    heap_move(s, in, old, mo);
    return true;
}

/* a is a power of two and a multiple of `unit` (a power of two too), and,
 * when size is given, size is a multiple of a. */
static Expr *heap_align_valid(Value align, uint64_t unit, const Value *size) {
    Expr *a = value_to_expr(align, 64), *one = expr_const(1, 64), *zero = expr_const(0, 64);
    Expr *am1 = expr_sub(a, one), *low = expr_and(a, am1), *pow2 = expr_eq(low, zero);
    Expr *nz = expr_ne(a, zero), *um1 = expr_const(unit - 1, 64), *ulow = expr_and(a, um1);
    Expr *mult = expr_eq(ulow, zero), *t = expr_bool_and(nz, pow2), *ok = expr_bool_and(t, mult);
    expr_unref(one), expr_unref(low), expr_unref(pow2), expr_unref(nz), expr_unref(um1), expr_unref(ulow);
    expr_unref(mult), expr_unref(t);
    if (size) {
        Expr *n = value_to_expr(*size, 64), *nlow = expr_and(n, am1), *fits = expr_eq(nlow, zero);
        Expr *both = expr_bool_and(ok, fits);
        expr_unref(n), expr_unref(nlow), expr_unref(fits), expr_unref(ok);
        ok = both;
    }
    expr_unref(a), expr_unref(zero), expr_unref(am1);
    return ok;
}

/* A valid alignment as the memory model takes it (concretized), 0 if s ended. */
static uint32_t heap_align_value(Executor *ex, State *s, const Inst *in, const char *fn, Value align) {
    uint64_t a = (uint64_t)exec_concretize(ex, s, align, 64, "alignment");
    if (a <= ((uint64_t)1 << 31)) return a ? (uint32_t)a : 1;
    heap_unsupported(ex, s, in, fn, "asks for an alignment above 2 GiB, which symplex's memory model does not place");
    return 0;
}

bool exec_heap_memalign(Executor *ex, State *s, const Inst *in, const char *fn, Value align, Value size,
                        bool whole_units) {
    int v = heap_decide(ex, s, heap_align_valid(align, 1, whole_units ? &size : NULL));
    if (v < 0) return false;
    if (!v)
        return heap_unsupported(ex, s, in, fn, whole_units
            ? "is given an alignment that is not a power of two or a size that is not a multiple of it: glibc "
              "succeeds, the sanitizer build of a replay returns NULL"
            : "is given an alignment that is not a power of two: glibc rounds it up, the sanitizer build of a "
              "replay returns NULL");
    uint32_t a = heap_align_value(ex, s, in, fn, align);
    return a && heap_allocate(ex, s, in, fn, size, a);
}

bool exec_heap_posix_memalign(Executor *ex, State *s, const Inst *in, Value out, Value align, Value size) {
    int v = heap_decide(ex, s, heap_align_valid(align, sizeof(void *), NULL));
    if (v < 0) return false;
    if (!v) { /* *memptr untouched */
        exec_set_result(s, in, value_concrete(EINVAL));
        return true;
    }
    uint32_t a = heap_align_value(ex, s, in, "posix_memalign", align);
    if (!a) return false;
    MemObject *mo;
    int r = heap_obtain(ex, s, in, "posix_memalign", size, a, &mo);
    if (r < 0) return false;
    if (r > 0 && !exec_store(ex, s, out, 8, value_concrete(mo->addr))) return false;
    exec_set_result(s, in, value_concrete(r ? 0 : ENOMEM)); /* errno untouched, as ASan leaves it */
    return true;
}

bool exec_heap_valloc(Executor *ex, State *s, const Inst *in, Value size) {
    return heap_allocate(ex, s, in, "valloc", size, HEAP_PAGE);
}

/* pvalloc(n): n rounded up to whole pages, at least one. */
bool exec_heap_pvalloc(Executor *ex, State *s, const Inst *in, Value size) {
    Expr *n = value_to_expr(size, 64);
    int o = heap_decide(ex, s, heap_ugt(n, UINT64_MAX - (HEAP_PAGE - 1)));
    if (o != 0) {
        expr_unref(n);
        return o > 0 && heap_refuse(ex, s, in, ENOMEM);
    }
    Expr *add = expr_const(HEAP_PAGE - 1, 64), *mask = expr_const(~(uint64_t)(HEAP_PAGE - 1), 64);
    Expr *sum = expr_add(n, add), *up = expr_and(sum, mask), *page = expr_const(HEAP_PAGE, 64);
    Expr *none = heap_eq(up, 0);
    Value pages = value_from_expr(expr_ite(none, page, up));
    expr_unref(n), expr_unref(add), expr_unref(mask), expr_unref(sum), expr_unref(up), expr_unref(page);
    expr_unref(none);
    bool ok = heap_allocate(ex, s, in, "pvalloc", pages, HEAP_PAGE);
    value_release(&pages);
    return ok;
}
