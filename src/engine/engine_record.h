/* engine_record: a live state as what rebuilds it, and that as bytes.
 *
 * A state with a model of its whole path is rebuilt from its input (the
 * model's bytes for each symbolic object, in the order the program made
 * them) and the number of decisions on its path: the input runs from the
 * initial state concolically up to that decision and goes on symbolically
 * from there with the same path condition and memory (engine_swap.h says
 * more). The memory cap sets states aside this way (engine_swap.c), a
 * checkpoint saves the frontier this way (engine_checkpoint.c) and a
 * distributed run moves states between processes this way (dist_mpi.c).
 *
 * As bytes (little-endian): u64 decisions, u64 hash, u32 objects, then per
 * object u32 size and its bytes. */
#ifndef SYMPLEX_ENGINE_RECORD_H
#define SYMPLEX_ENGINE_RECORD_H
#include "engine.h"

typedef struct StateRecord {
    Seed *seed;               /* a reference */
    uint64_t decisions, hash; /* the decision it turns symbolic at, and the path's hash there */
} StateRecord;

typedef VEC(uint8_t) ByteBuf;

/* What rebuilds s; false when nothing can (no model of its whole path can be
 * had, or s is a concolic run of its own). May ask the solver for a model. */
bool engine_record_of(Engine *e, State *s, StateRecord *r);
/* A rebuild of r, adopted by the engine (takes r's seed reference). */
void engine_record_adopt(Engine *e, StateRecord *r);
void engine_record_drop(StateRecord *r);
/* Bytes a record costs in memory (the store's accounting). */
size_t engine_record_bytes(const StateRecord *r);

void engine_record_encode(const StateRecord *r, ByteBuf *out);
/* One record from *p (at most end), *p moved past it; false on malformed bytes. */
bool engine_record_decode(const uint8_t **p, const uint8_t *end, StateRecord *r);

/* Little-endian fields, shared by the encoders built on records. */
void bytebuf_put(ByteBuf *b, const void *p, size_t n);
void bytebuf_u32(ByteBuf *b, uint32_t v);
void bytebuf_u64(ByteBuf *b, uint64_t v);
/* Overwrites the u32 written at offset `at` (a count known only after what it counts). */
void bytebuf_set_u32(ByteBuf *b, size_t at, uint32_t v);
bool bytes_get(const uint8_t **p, const uint8_t *end, void *out, size_t n);
bool bytes_u32(const uint8_t **p, const uint8_t *end, uint32_t *v);
bool bytes_u64(const uint8_t **p, const uint8_t *end, uint64_t *v);
void bytebuf_str(ByteBuf *b, const char *s);   /* u32 length, bytes; NULL as "" */
bool bytes_str(const uint8_t **p, const uint8_t *end, char **s); /* *s malloc'd (NULL on failure) */
void bytebuf_f64(ByteBuf *b, double d);
/* Early ends by reason (Engine.early): u32 count, then each reason and its count. */
void bytebuf_reasons(ByteBuf *b, const ReasonCounts *v);
/* Adds the counts at *p into v. */
bool bytes_reasons(const uint8_t **p, const uint8_t *end, ReasonCounts *v);
bool bytes_f64(const uint8_t **p, const uint8_t *end, double *d);

#endif
