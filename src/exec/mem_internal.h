/* mem_internal: helpers shared by the object-contents files (mem_contents.c,
 * mem_array.c); not part of the mem interface. */
#ifndef SYMPLEX_MEM_INTERNAL_H
#define SYMPLEX_MEM_INTERNAL_H
#include "mem.h"

/* A width-32 constant index (new reference). */
static inline Expr *os_index32(uint64_t i) { return expr_const(i, 32); }

/* Byte i (0 = least significant) of the low n*8 bits of v, as an Expr (new reference). */
Expr *os_value_byte(Value v, unsigned n, unsigned i);
/* Forget the cached (array, updates) of the last symbolic-offset read: the
 * contents are about to change. */
void os_drop_read_cache(ObjectState *os);
/* The concrete bytes (stale where symbolic), all os->size of them, to dst. */
void os_copy_out(const ObjectState *os, uint8_t *dst);
/* Releases the per-byte expressions (bytes become concrete-only). */
void os_free_sym(ObjectState *os);
/* Byte i is e from now on (taken): a constant goes to bytes[i], anything
 * else to its slot. */
void os_set_byte(ObjectState *os, uint64_t i, Expr *e);
/* Byte mode: keep the cached read term current with a write (or drop it). */
void os_cache_write(ObjectState *os, uint64_t off, unsigned n, Value v);
/* Array mode: append the write contents[idx] = val (both borrowed). */
void os_array_append(ObjectState *os, Expr *idx, Expr *val);
/* Array mode: a concrete-offset write becomes n update-list entries and n slots. */
void os_array_write(ObjectState *os, uint64_t off, unsigned n, Value v);
void os_array_make_symbolic(ObjectState *os, uint64_t off, uint64_t n, Array *arr);
/* Array mode: byte off now (new reference), from its slot and the symbolic
 * writes since; the result is kept in the slot. */
Expr *os_array_byte(ObjectState *os, uint64_t off);

#endif
