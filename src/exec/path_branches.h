/* path_branches: the set of branch sides one path has taken, for pruners that
 * learn from what each test covered (Homi's Branches(t), which the paper gets
 * by replaying every test under gcov). A bit set in chunks shared between a
 * state and its forks (copy on write), so a fork copies one pointer per 512
 * branch ids and a path pays only for the chunks it changes. Kept only when
 * ExecOptions.path_branches is on. */
#ifndef SYMPLEX_PATH_BRANCHES_H
#define SYMPLEX_PATH_BRANCHES_H
#include <stddef.h>
#include <stdint.h>

#define PATH_BRANCHES_CHUNK_WORDS 8 /* 512 ids a chunk */

typedef struct PathBranchChunk {
    uint32_t refs;
    uint64_t w[PATH_BRANCHES_CHUNK_WORDS];
} PathBranchChunk;

typedef struct PathBranches {
    PathBranchChunk **chunks; /* NULL entries: no id of that chunk taken */
    uint32_t nchunks;
    uint32_t count;           /* distinct ids taken */
} PathBranches;

/* Adds id (idempotent). */
void path_branches_add(PathBranches *p, uint32_t id);
/* A copy sharing every chunk. */
void path_branches_copy(PathBranches *dst, const PathBranches *src);
void path_branches_free(PathBranches *p);
/* The ids, ascending, into out (room for p->count); returns p->count. */
uint32_t path_branches_list(const PathBranches *p, uint32_t *out);

#endif
