/* engine_checkpoint: runs that survive a crash (--checkpoint, --resume).
 *
 * Every --checkpoint seconds the run saves its frontier into
 * OUT/checkpoint/frontier.bin (written beside and renamed over, so a kill
 * mid-write leaves the one before): every live state, and every state the
 * memory cap set aside, as the record that rebuilds it (engine_record.h),
 * with what the run has counted so far (paths, tests, errors, coverage,
 * instructions, time). Each test written is logged in
 * OUT/checkpoint/tests.log with the hash of its path (State.decision_hash).
 *
 * --resume=OUT starts from the last frontier instead of the initial state
 * and goes on writing into OUT, numbering after the last test there. The
 * paths explored between that checkpoint and the crash are explored again;
 * a test whose path the log already holds is not written again (an error's
 * report keeps the test that was written for it). So the resumed run ends
 * with the tests an uninterrupted run writes, none twice, and loses at most
 * the work since the last checkpoint. */
#ifndef SYMPLEX_ENGINE_CHECKPOINT_H
#define SYMPLEX_ENGINE_CHECKPOINT_H
#include "engine.h"
#include "engine_record.h"

typedef struct EngineCheckpoint EngineCheckpoint;

/* Sets up saving (opt.checkpoint_s > 0) and resuming (opt.resume); false +
 * *err when the directory holds no usable checkpoint for this program. */
bool engine_checkpoint_new(Engine *e, char **err);
void engine_checkpoint_free(Engine *e);
/* Saves the frontier when one is due; called between two quanta. */
void engine_checkpoint_tick(Engine *e, double now);
/* Adopts the resumed frontier's states; false when not resuming. */
bool engine_checkpoint_adopt(Engine *e);
/* Logs test n as the test of the path with that many decisions and that hash. */
void engine_checkpoint_tested(Engine *e, uint32_t n, uint64_t decisions, uint64_t hash);
/* This process's part of a checkpoint (its counters and frontier), as the
 * writer's checkpoint takes it from each rank (engine_dist.h). */
void engine_checkpoint_part(Engine *e, ByteBuf *b);
/* summary.json line */
void engine_checkpoint_summary(const Engine *e, FILE *f);

#endif
