/* What engine_target.c and engine_target_guide.c share: the --target run's
 * record. Private to them. */
#ifndef SYMPLEX_ENGINE_TARGET_GUIDE_H
#define SYMPLEX_ENGINE_TARGET_GUIDE_H
#include "engine_target.h"

typedef struct EngineTarget {
    TargetSpec spec;
    uint8_t *locs;
    TargetPlan *plan;
    uint64_t reached;
    uint32_t test;       /* the reaching test's number (0: none) */
    double reached_s;    /* seconds from the start (Phase I included) to that test */
    uint32_t seed_runs;  /* Phase I's inputs run concolically */
    bool split;          /* the corridor's search runs beside the directed one */
    const char *reached_by; /* "seed", "directed" or "corridor": which found the test (NULL: none) */
} EngineTarget;

/* Phase II's lines of summary.json. */
void engine_target_guide_summary(const Engine *e, FILE *f);

#endif
