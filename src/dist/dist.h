/* dist: one exploration spread over the processes of an MPI job.
 *
 * `mpirun -n N symplex ...` starts N processes (ranks) on the same program.
 * Rank 0 starts from the initial state; the others start with nothing and
 * ask for work. Work moves as the records that rebuild states
 * (engine_record.h: a state's input and the number of decisions on its
 * path), so a rank rebuilds a state it is given by running the input from
 * the initial state, and a state lives in exactly one rank at a time: no
 * path is explored twice or lost.
 *
 * Balancing is central: every rank reports to rank 0 (every
 * DIST_STATUS_PERIOD while it works, and at once when it runs dry) how many
 * states it holds and the coverage it found since its last report; rank 0
 * answers a dry rank by telling the rank with the most states to give it
 * half of them (the ones with the fewest decisions: the largest subtrees,
 * the cheapest to rebuild), and sends every rank the coverage the others
 * found, so searchers that follow new coverage see all of it. The run ends
 * when every rank is dry and every transfer sent has arrived.
 *
 * Rank 0 writes the output directory: the others ship each test to it as a
 * bundle (engine_test.h), and it numbers and writes them as its own, and
 * reports an error only the first time any rank meets it. At the end each
 * rank sends its figures; summary.json and stats.csv hold the totals and
 * summary.json each rank's own.
 *
 * A build without MPI (dist_none.c) runs one process, and says so when
 * started as part of a job. */
#ifndef SYMPLEX_DIST_H
#define SYMPLEX_DIST_H
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct Engine;

/* Joins the job, if the process is part of one. False + *err when it is but
 * cannot be (a build without MPI under mpirun). */
bool dist_init(int *argc, char ***argv, char **err);
int dist_rank(void);
int dist_size(void);
/* Every rank says whether it is ready to explore; true when all are (a
 * rank that fails before says no from dist_shutdown, so none waits for it). */
bool dist_ready(bool ok);
/* Whether rank 0 was ready (a rank that has not said yet says no first). */
bool dist_writer_ready(void);
/* Leaves the job (after the engine is done). */
void dist_shutdown(void);
/* Makes e one rank of the job's exploration (size > 1): sets e->dist. */
void dist_attach(struct Engine *e);

#endif
