/* symplex-target
 * expect: reached
 * The program's own allocator, which replaces the C library's (natively too):
 * a small block freed is handed out again to the next small request. Its
 * malloc is no source of fresh objects the way the runtime's is: the stale p
 * and the new q are one block, and only through that aliasing is the target
 * reached (Phase I once took them for two heap objects, apart, and proved the
 * line unreachable).
 */
#include <klee/klee.h>
#include <stddef.h>
#include <string.h>

#define SMALL 256
static _Alignas(16) unsigned char small[128][SMALL];
static _Alignas(16) unsigned char big[1 << 21];
static size_t nsmall, nbig;
static void *reuse; /* the small block freed last */

void *malloc(size_t n) {
    if (n <= SMALL) {
        if (reuse) {
            void *p = reuse;
            reuse = NULL;
            return p;
        }
        return nsmall < 128 ? small[nsmall++] : NULL;
    }
    n = (n + 15) & ~(size_t)15;
    if (n > sizeof big - nbig)
        return NULL;
    nbig += n;
    return big + nbig - n;
}

void free(void *p) {
    unsigned char *b = p;
    if (b >= small[0] && b < small[0] + sizeof small)
        reuse = p;
}

void *calloc(size_t k, size_t n) {
    void *p = n && k > (size_t)-1 / n ? NULL : malloc(k * n);
    if (p)
        memset(p, 0, k * n);
    return p;
}

/* a block's size is not kept: copy what the old one may hold */
void *realloc(void *p, size_t n) {
    unsigned char *b = p, *q = malloc(n);
    if (q && b) {
        size_t m = b >= small[0] && b < small[0] + sizeof small ? SMALL : (size_t)(big + sizeof big - b);
        memcpy(q, b, m < n ? m : n);
        free(p);
    }
    return q;
}

int main(void) {
    int v;
    klee_make_symbolic(&v, sizeof v, "v");
    int *p = malloc(sizeof *p);
    *p = 1;
    free(p);
    int *q = malloc(sizeof *q);
    *q = v;
    if (*p == 42) /* p is stale: q has its block */
        return 1; /* TARGET */
    return 0;
}
