/* engine_dist: what the engine asks of a distributed run (src/dist/dist.h
 * says how the work is shared). NULL in a single process. */
#ifndef SYMPLEX_ENGINE_DIST_H
#define SYMPLEX_ENGINE_DIST_H
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct Engine;
struct TestBundle;

typedef struct DistTotals {
    uint64_t instructions, paths_completed, paths_early, queries, states;
    double solver_time_s;
} DistTotals;

typedef struct EngineDist {
    bool writer;  /* this rank writes the output directory (rank 0) */
    int rank, ranks;
    /* seconds between a signal to the job and the kill that follows (mpirun
     * sends SIGTERM, then SIGKILL): a signalled run's end must fit in them */
    double signal_grace_s;
    /* between two quanta: reports, answers and receives what is due */
    void (*poll)(struct Engine *e, double now);
    /* no state left here: waits for states from another rank; false when
     * the whole exploration is over or this rank's limits stop it */
    bool (*wait_work)(struct Engine *e);
    /* ships b to the writer (only called on the other ranks) */
    void (*ship_test)(struct Engine *e, const struct TestBundle *b);
    /* the end of the run: every rank's figures and coverage added into the
     * writer's engine, so its summary holds the totals */
    void (*finish)(struct Engine *e);
    /* the other ranks' latest figures (the writer's stats.csv and progress) */
    void (*remote_totals)(const struct Engine *e, DistTotals *t);
    /* the writer, saving a checkpoint: pauses every rank at one cut (no
     * state in flight between ranks, every shipped test written) and hands
     * each other rank's part (engine_checkpoint_part) to `part` */
    void (*checkpoint)(struct Engine *e, void (*part)(void *ctx, const uint8_t *p, const uint8_t *end), void *ctx);
    /* summary.json lines: ranks, transfers, each rank's figures */
    void (*summary)(const struct Engine *e, FILE *f);
    void (*destroy)(struct Engine *e);
    void *impl;
} EngineDist;

#endif
