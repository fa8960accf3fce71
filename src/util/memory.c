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

/* One mapping of /proc/self/smaps: its range, and whether it is executable
 * code of the library asked for. */
typedef struct MemoryMap {
    uintptr_t lo, hi;
    bool code;
} MemoryMap;

static bool memory_map_header(const char *line, const char *name, MemoryMap *m) {
    unsigned long lo, hi;
    char perms[8];
    if (sscanf(line, "%lx-%lx %7s", &lo, &hi, perms) != 3) return false;
    const char *path = strchr(line, '/');
    m->lo = lo;
    m->hi = hi;
    m->code = strcmp(perms, "r-xp") == 0 && path && strstr(path, name);
    return true;
}

/* A private page of a file mapping (a copy made by a write, such as a
 * relocation) would be lost by MADV_DONTNEED: such mappings are left alone. */
static size_t memory_drop_map(const MemoryMap *m, unsigned long anon_kb) {
    if (!m->code || anon_kb != 0) return 0;
    if (madvise((void *)m->lo, m->hi - m->lo, MADV_DONTNEED) != 0) return 0;
    return m->hi - m->lo;
}

size_t memory_drop_code(const char *name) {
    FILE *f = fopen("/proc/self/smaps", "r");
    if (!f) return 0;
    size_t before = memory_rss_bytes(), dropped = 0;
    MemoryMap m = {0, 0, false};
    char line[4096];
    unsigned long kb;
    while (fgets(line, sizeof line, f)) {
        if (memory_map_header(line, name, &m)) continue;
        if (sscanf(line, "Anonymous: %lu kB", &kb) == 1) dropped += memory_drop_map(&m, kb);
    }
    fclose(f);
    size_t after = memory_rss_bytes();
    return dropped && before > after ? before - after : 0;
}
