/* dist_msg: what ranks send each other, as bytes (little-endian fields of
 * engine_record.h). Kept apart from MPI so it is tested without it. */
#ifndef SYMPLEX_DIST_MSG_H
#define SYMPLEX_DIST_MSG_H
#include "../engine/engine_record.h"
#include "../engine/engine_test.h"

/* A test bundle shipped to the writer. */
void dist_msg_put_test(ByteBuf *out, const TestBundle *b);
/* The bundle in [p, end); its strings and inputs are owned by *d. */
typedef struct DistTest {
    TestBundle b;
    char *str[7];
} DistTest;
bool dist_msg_get_test(const uint8_t *p, const uint8_t *end, DistTest *d);
void dist_test_free(DistTest *d);

/* Coverage found: ids of branches, then of source locations. */
void dist_msg_put_ids(ByteBuf *out, const uint32_t *ids, uint32_t n);
/* Calls fn on each id; false on malformed bytes. */
bool dist_msg_get_ids(const uint8_t **p, const uint8_t *end, uint32_t limit, void (*fn)(void *ctx, uint32_t id),
                      void *ctx);

#endif
