#define _GNU_SOURCE
#include "memory.h"
#include <fcntl.h>
#include <malloc.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

/* The descriptor stays open for the life of the process: opening the file on
 * every check would cost a FILE allocation and two system calls more. */
static int memory_statm_fd = -1;

size_t memory_rss_bytes(void) {
    if (memory_statm_fd < 0) memory_statm_fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    if (memory_statm_fd < 0) return 0;
    char buf[128];
    ssize_t n = pread(memory_statm_fd, buf, sizeof buf - 1, 0);
    if (n <= 0) return 0;
    buf[n] = 0;
    unsigned long size = 0, rss = 0;
    if (sscanf(buf, "%lu %lu", &size, &rss) != 2) return 0;
    return (size_t)rss * (size_t)sysconf(_SC_PAGESIZE);
}

size_t memory_peak_rss_bytes(void) {
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0) return 0;
    size_t peak = (size_t)ru.ru_maxrss * 1024; /* Linux reports KiB */
    size_t now = memory_rss_bytes();
    return now > peak ? now : peak;
}

size_t memory_heap_bytes(void) {
    struct mallinfo2 mi = mallinfo2();
    return mi.uordblks + mi.hblkhd;
}

size_t memory_heap_free_bytes(void) {
    struct mallinfo2 mi = mallinfo2();
    return mi.fordblks;
}

void memory_release(void) {
    malloc_trim(0);
}

/* The executable mappings of the library asked for, read from
 * /proc/self/maps: smaps would say whether a mapping holds private copies
 * of its pages, but building it walks every page table of the process and
 * cost 6-7 ms of every run, more than a small program's whole exploration.
 * Code mappings of a Debian shared library hold no such copies (Debian's
 * libraries have no text relocations), so MADV_DONTNEED only unmaps pages
 * the file gives back on the next touch. */
static bool memory_code_map(const char *line, const char *name, uintptr_t *lo, uintptr_t *hi) {
    unsigned long a, b;
    char perms[8];
    if (sscanf(line, "%lx-%lx %7s", &a, &b, perms) != 3) return false;
    const char *path = strchr(line, '/');
    if (strcmp(perms, "r-xp") != 0 || !path || !strstr(path, name)) return false;
    *lo = a;
    *hi = b;
    return true;
}

size_t memory_drop_code(const char *name) {
    FILE *f = fopen("/proc/self/maps", "r");
    if (!f) return 0;
    size_t before = memory_rss_bytes(), dropped = 0;
    char line[4096];
    uintptr_t lo, hi;
    while (fgets(line, sizeof line, f))
        if (memory_code_map(line, name, &lo, &hi) && madvise((void *)lo, hi - lo, MADV_DONTNEED) == 0)
            dropped += hi - lo;
    fclose(f);
    size_t after = memory_rss_bytes();
    return dropped && before > after ? before - after : 0;
}
