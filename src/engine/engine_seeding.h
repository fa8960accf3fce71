/* engine_seeding: KLEE's seeding for the forking engine (--seed-file,
 * --seed-dir, --only-seed, --only-replay-seeds, --seed-time).
 *
 * A seed is an input (a .ktest: its objects go to the program's inputs in
 * creation order, extended with zeros or cut to their sizes). Before the
 * usual search, each seed in turn is followed: the state of the tree whose
 * path the seed satisfies takes the seed as its model, so every branch goes
 * the seed's way with no query, and the other sides fork off as usual; they
 * wait in the pool for the search. All seeds share one tree: a seed that
 * leaves an earlier seed's path continues from the state forked where it
 * leaves, and a seed whose whole path was followed already costs nothing.
 * With --only-replay-seeds each seed runs concolically instead (its own
 * path, no fork). */
#ifndef SYMPLEX_ENGINE_SEEDING_H
#define SYMPLEX_ENGINE_SEEDING_H
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef struct SeedOptions {
    const char **files;   /* --seed-file, in order (the array owned by the caller) */
    uint32_t nfiles;
    const char **dirs;    /* --seed-dir: each one's .ktest files, in name order */
    uint32_t ndirs;
    bool only_seed;       /* --only-seed: halt when the seeds are done (the states alive get tests) */
    bool only_replay;     /* --only-replay-seeds: the seeds' own paths only */
    double time_s;        /* --seed-time: at most this long for the seeds; 0: until they are done */
    struct Seed **loaded; /* the seeds read (engine_seeds_read), files first, then each directory's */
    uint32_t nloaded;
} SeedOptions;

struct Engine;
struct Seed;
/* Reads the seeds the options name into o->loaded, before anything is
 * written: false + *err (one line) for a file or directory that cannot be
 * read, or a directory with no .ktest. */
bool engine_seeds_read(SeedOptions *o, char **err);
/* Frees o->loaded (the engine copies what it keeps). */
void engine_seeds_free(SeedOptions *o);
/* Sets up the seeding when seeds were read and the engine is the forking
 * one (else leaves e->seeding NULL; --engine=dse takes its first input
 * from them itself). */
void engine_seeding_new(struct Engine *e);
/* The seeds, then (unless --only-seed or --only-replay-seeds) the usual search. */
void engine_seeding_explore(struct Engine *e);
/* Runs seed sd concolically from the initial state until it ends, a limit
 * halts the run, or `until` (the state then ends early with end_reason).
 * users: a user's seed, whose path counts among the run's paths (not an
 * input the engine made, such as --target's). */
void engine_seed_run(struct Engine *e, struct Seed *sd, double until, const char *end_reason, bool users);
void engine_seeding_summary(const struct Engine *e, FILE *f);
void engine_seeding_free(struct Engine *e);

#endif
