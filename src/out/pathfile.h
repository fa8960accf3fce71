/* pathfile: a test's .path file, the branch decisions its path took
 * (--record-path), which symplex-replay --check-path holds a native run to.
 *
 * Layout (integers little-endian):
 *   "SYMPATH\0", u32 version (1), u32 end
 *   u64 count    decisions of the path
 *   u64 hash     path_hash_step over all of them (util/path_hash.h)
 *   u64 stored   min(count, PATH_STORED_MAX), then that many u64 decisions
 * end says how the path ended: PATH_END_EXIT (it returned from main or
 * called exit: a native run makes exactly these decisions) or
 * PATH_END_CUT (an error, a limit, anything else: the native run's first
 * `count` decisions are these, and what it does after them is not claimed).
 *
 * Also compiled into the native replay library: plain libc only, errors
 * through *err (a malloc'd message the caller frees). */
#ifndef SYMPLEX_PATHFILE_H
#define SYMPLEX_PATHFILE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PATHFILE_VERSION 1
#define PATHFILE_HEADER 40 /* bytes before the decisions */

typedef enum PathEnd { PATH_END_EXIT = 0, PATH_END_CUT = 1 } PathEnd;

typedef struct PathFile {
    uint32_t end;      /* PathEnd */
    uint64_t count, hash, stored;
    uint64_t *d;       /* stored decisions (malloc'd) */
} PathFile;

/* Writes path (replacing it). false + *err on failure. */
bool pathfile_write(const char *path, const PathFile *p, char **err);
/* Reads path into *p. false + *err for an unreadable or malformed file. */
bool pathfile_read(const char *path, PathFile *p, char **err);

#endif
