/* Native replay of the KLEE API calls that touch memory: fixed objects, object
 * sizes and explicit access checks. The replayed program runs under
 * AddressSanitizer, whose shadow memory answers "is this byte part of a live
 * object"; the sanitizer entry points are weak so a build without ASan (the
 * gcov build of symplex-cov) still links and falls back to plain accesses. */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <klee/klee.h>

__attribute__((weak)) void *__asan_region_is_poisoned(void *beg, size_t size);
__attribute__((weak)) void __asan_report_error(void *pc, void *bp, void *sp, void *addr, int is_write, size_t size);
__attribute__((weak)) int __asan_address_is_poisoned(const volatile void *addr);
__attribute__((weak)) int __sanitizer_get_ownership(const volatile void *p);
__attribute__((weak)) size_t __sanitizer_get_allocated_size(const volatile void *p);
__attribute__((weak)) void symplex_path_abandon(void); /* path.c, in a --check-path build */

/* The test does not fit what the program does natively: exit status 3. */
static _Noreturn void replay_unfit(void) {
    if (symplex_path_abandon)
        symplex_path_abandon();
    exit(3);
}

/* Length of s up to its NUL or the first byte that is not addressable, as the
 * engine reads strings given to the API (up to the end of their object). */
size_t replay_strnlen_mapped(const char *s) {
    size_t n = 0;
    if (!__asan_address_is_poisoned)
        return strlen(s);
    while (!__asan_address_is_poisoned(s + n) && s[n])
        n++;
    return n;
}

/* The fixed objects defined so far, for klee_get_obj_size. */
static struct { uintptr_t addr; size_t size; } replay_fixed[64];
static unsigned replay_nfixed;

/* Maps the pages under [addr, addr + nbytes), zero-filled. A range the
 * process cannot map (below mmap_min_addr, or taken) ends the replay with the
 * harness's "test does not fit" status. */
void klee_define_fixed_object(void *addr, size_t nbytes) {
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t lo = (uintptr_t)addr & ~(page - 1);
    uintptr_t hi = ((uintptr_t)addr + nbytes + page - 1) & ~(page - 1);
    void *p = mmap((void *)lo, hi - lo, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE,
                   -1, 0);
    if (p == MAP_FAILED || p != (void *)lo) {
        fprintf(stderr, "symplex-replay: cannot map the fixed object at %p (%zu bytes)\n", addr, nbytes);
        replay_unfit();
    }
    if (replay_nfixed < sizeof replay_fixed / sizeof *replay_fixed) {
        replay_fixed[replay_nfixed].addr = (uintptr_t)addr;
        replay_fixed[replay_nfixed++].size = nbytes;
    }
}

size_t klee_get_obj_size(void *ptr) {
    for (unsigned i = 0; i < replay_nfixed; i++)
        if ((uintptr_t)ptr - replay_fixed[i].addr < replay_fixed[i].size)
            return replay_fixed[i].size;
    if (__sanitizer_get_ownership && __sanitizer_get_ownership(ptr))
        return __sanitizer_get_allocated_size(ptr);
    fprintf(stderr, "symplex-replay: klee_get_obj_size(%p): not a fixed object nor the start of a heap block; size unknown natively\n", ptr);
    replay_unfit();
}

/* AddressSanitizer reports the first unaddressable byte as a read at the
 * caller, as the engine reports it. (This library is not instrumented, so a
 * plain load here would go unchecked.) */
__attribute__((noinline)) void klee_check_memory_access(const void *address, size_t size) {
    const volatile unsigned char *p = address;
    if (size == 0)
        return;
    if (__asan_region_is_poisoned && __asan_report_error) {
        void *bad = __asan_region_is_poisoned((void *)address, size);
        if (bad)
            __asan_report_error(__builtin_return_address(0), __builtin_frame_address(0), __builtin_frame_address(0),
                                bad, 0, 1);
        return;
    }
    (void)p[0];
    (void)p[size - 1];
}

void klee_set_forking(unsigned enable) {}
void klee_stack_trace(void) {}
void klee_open_merge(void) {}
void klee_close_merge(void) {}
void klee_posix_prefer_cex(void *object, uintptr_t condition) {}
void klee_mark_global(void *object) {}

void klee_print_range(const char *name, int value) {
    fprintf(stderr, "symplex-replay: %s: %d\n", name, value);
}
