/* memory: how much memory the process holds, and handing memory back to the
 * system.
 *
 * The --max-memory cap bounds the resident set size (RSS): what the kernel
 * charges the process, what `time -v`, cgroups and the OOM killer count. The
 * heap in use (mallinfo) is a poor stand-in for it: glibc keeps freed pages
 * mapped, and the RSS also holds the code of LLVM and Z3 and Z3's own heap. */
#ifndef SYMPLEX_MEMORY_H
#define SYMPLEX_MEMORY_H
#include <stddef.h>

/* Resident set size now, in bytes (0 if unknown). One pread of
 * /proc/self/statm on a descriptor kept open: cheap enough to call every few
 * milliseconds. */
size_t memory_rss_bytes(void);
/* The largest resident set size of the process so far (the kernel's high-water
 * mark, VmHWM / getrusage ru_maxrss), in bytes. */
size_t memory_peak_rss_bytes(void);
/* Bytes malloc has handed out and not taken back (0 under a sanitizer's
 * allocator, which does not fill mallinfo). */
size_t memory_heap_bytes(void);
/* Free bytes malloc keeps in its arenas (0 under a sanitizer). */
size_t memory_heap_free_bytes(void);
/* Gives the free pages inside malloc's arenas back to the system, so that
 * freeing memory lowers the RSS too. Costs a walk over the free chunks
 * (milliseconds for hundreds of MB): call it after freeing much, not often. */
void memory_release(void);

/* Drops from the resident set the code pages of every mapped library whose
 * path contains `name` (the pages stay in the page cache and come back on
 * first use, so this is safe even if the code runs again: only slower).
 * Only executable mappings are touched (see memory.c for why they hold no
 * private page copies). Returns the bytes dropped. For a library used only
 * at start-up. */
size_t memory_drop_code(const char *name);

#endif
