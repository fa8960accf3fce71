/* dist_mpi: what the parts of the MPI implementation of dist.h share. The
 * ranks' messages and the job (dist_mpi.c), balancing the states between
 * ranks (dist_balance.c) and the checkpoint's cut (dist_ckpt.c). Every send
 * is non-blocking (a rank that blocked sending a large message to a rank
 * busy sending one back would deadlock); what is received is handled
 * between two quanta, or while a rank waits for work. */
#ifndef SYMPLEX_DIST_MPI_H
#define SYMPLEX_DIST_MPI_H
#include "dist.h"
#include "../engine/engine.h"
#include "../engine/engine_record.h"
#include <mpi.h>

#define DIST_STATUS_PERIOD 0.05 /* seconds between two reports of a working rank */
#define DIST_WAIT_US 200        /* a waiting rank's sleep between two looks at its messages */
/* Tests a rank may have shipped that rank 0 has not written yet: beyond
 * this it waits, so it makes tests no faster than rank 0 writes them (and
 * the end of a run, which gives the states left tests as time allows, sees
 * what a test really costs). */
#define DIST_TESTS_IN_FLIGHT 64

enum { TAG_STATUS = 1, TAG_GIVE, TAG_WORK, TAG_TEST, TAG_COVER, TAG_DONE, TAG_FINAL, TAG_BYE, TAG_ACK,
       TAG_CKPT, TAG_READY, TAG_PART, TAG_STOP };
enum { CKPT_PAUSE = 1, CKPT_SAVE }; /* what a TAG_CKPT asks */

typedef VEC(uint32_t) IdVec;

typedef struct Outgoing {
    ByteBuf buf;
    MPI_Request req;
} Outgoing;

/* What one rank did, as its final report says (and rank 0's view of it). */
typedef struct RankFigures {
    DistTotals t;
    uint64_t tests, given, received, transfers_out, transfers_in, bytes_out, rebuilds, strayed, lost;
    double elapsed_s, idle_s, test_wait_s; /* idle: waiting for work; test_wait: for rank 0 to write tests */
} RankFigures;

/* Rank 0's view of a rank, from its latest report. */
typedef struct RankView {
    bool idle, asked, finished;
    uint64_t states, sent, recv; /* transfers sent and received */
    DistTotals t;
    size_t cover_b, cover_l;     /* how much of the coverage lists it was sent */
    RankFigures final;
    uint32_t unacked;            /* its tests written since the last acknowledgement */
    uint64_t issued;             /* transfers rank 0 had sent to it (itself or by a donor) */
    bool paused;                 /* a checkpoint: it has stopped, every test it shipped written */
    uint64_t paused_recv;        /* transfers it had received when it last said so */
} RankView;

typedef struct Dist {
    EngineDist ops;
    int rank, size;
    VEC(Outgoing *) outbox;
    double next_status;
    bool dry, done, finished;
    EngineShare share;              /* SHARE_TREE: states move; otherwise each rank explores on its own */
    bool ckpt_pause, ckpt_save;     /* rank 0 asked this rank to pause for a checkpoint, and to send its part */
    uint32_t ckpt_epoch;            /* the checkpoint: rank 0's count, and the one a rank last paused for */
    uint64_t in_flight;             /* tests shipped, not yet acknowledged as written */
    double ship_wait_s;             /* time spent waiting for rank 0 to write them */
    RankFigures me;
    uint8_t *known_b, *known_l;     /* coverage already reported to (or heard from) rank 0 */
    /* rank 0 */
    RankView *view;
    IdVec cover_b, cover_l;         /* every rank's coverage, in the order it was heard of */
    size_t finals;
    uint64_t remote_tests;          /* tests the others shipped, written here */
    double next_collect;            /* when rank 0 next looks for its own new coverage */
    double next_mix;                /* dist_mix */
    Rng rng;
    bool merged;                    /* the ranks' figures are in the engine's */
} Dist;

static inline Dist *dist_of(const Engine *e) { return e->dist->impl; }

/* dist_mpi.c */
/* A message that does not decode: the ranks disagree on the program or the
 * build. One line, and the whole job ends. */
void dist_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
/* Sends buf (taken) to rank `to`, without waiting. */
void dist_send(Dist *d, int to, int tag, ByteBuf *buf);
void dist_outbox_progress(Dist *d);
/* Handles every message waiting; true if there was one. With `discard`,
 * only receives them (the run is over). */
bool dist_drain(Engine *e, Dist *d, bool discard, bool *bye);
/* This rank's state and new coverage, to rank 0. */
void dist_send_status(Engine *e, Dist *d);
/* This rank's coverage not reported yet, as two id lists (and marked reported). */
void dist_put_new_coverage(Engine *e, Dist *d, ByteBuf *b);
bool dist_get_coverage(Engine *e, Dist *d, const uint8_t **p, const uint8_t *end);

/* dist_balance.c */
/* Gives states to rank `to` (TAG_WORK), as rank 0 asked; with `mix` a
 * random quarter, else half, the fewest decisions first. */
void dist_give(Engine *e, Dist *d, int to, bool mix);
/* Waiting for work with none in hand: a transfer taken while dry makes the
 * rank busy before wait_work sees it, and a rank reported idle with states
 * let rank 0 declare the end while it still had them (and then give some to
 * a rank that had stopped: paths lost). */
bool dist_idle(const Engine *e, const Dist *d);
/* Adopts the states of a transfer. */
void dist_take(Engine *e, Dist *d, const uint8_t *p, const uint8_t *end);
/* Rank 0: answers dry ranks, mixes, and sees when the exploration is over. */
void dist_coordinate(Engine *e, Dist *d);

/* dist_ckpt.c */
/* A checkpoint's messages (TAG_CKPT, TAG_READY), received. */
void dist_ckpt_receive(Dist *d, int from, int tag, const uint8_t *p, const uint8_t *end);
/* A rank rank 0 asked to pause: pauses until the cut, then sends its part. */
void dist_ckpt_pause(Engine *e, Dist *d);
/* EngineDist.checkpoint (rank 0). */
void dist_checkpoint(Engine *e, void (*part)(void *ctx, const uint8_t *p, const uint8_t *end), void *ctx);

#endif
