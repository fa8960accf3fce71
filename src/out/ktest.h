/* ktest: KLEE's .ktest test-case file format, read and written byte for byte
 * so KLEE's own tools (ktest-tool, klee-replay) and ours are interchangeable.
 *
 * Layout (all integers are big-endian u32):
 *   "KTEST" (older files: "BOUT\n"), version
 *   nargs, then nargs x (len, bytes)          -- program arguments
 *   sym_argvs, sym_argv_len                   -- only when version >= 2
 *   nobjects, then nobjects x (name len, name, nbytes, bytes)
 * We write version 3 and read versions 1..3.
 *
 * This file is also compiled into the native replay library, which links
 * without symplex_core: it uses plain libc only and reports errors through
 * the `err` out-parameter (a malloc'd message the caller frees). */
#ifndef SYMPLEX_KTEST_H
#define SYMPLEX_KTEST_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define KTEST_VERSION 3

typedef struct KTestObject {
    char *name;            /* NUL-terminated copy of the object's name */
    uint32_t nbytes;
    unsigned char *bytes;  /* nbytes bytes; the reader appends a NUL byte */
} KTestObject;

typedef struct KTest {
    uint32_t version;      /* as read; ktest_write always writes KTEST_VERSION */
    uint32_t nargs;
    char **args;           /* nargs NUL-terminated strings */
    uint32_t sym_argvs, sym_argv_len;
    uint32_t nobjects;
    KTestObject *objects;  /* in the order the program created them */
} KTest;

/* Parse a whole file image. NULL on malformed input, with *err set (if err
 * is non-NULL) to a message such as "truncated file (object 2 bytes)". */
KTest *ktest_parse(const unsigned char *buf, size_t len, char **err);

/* Read and parse `path`; errors name the path. */
KTest *ktest_read(const char *path, char **err);

/* Serialize into a malloc'd buffer of *len bytes (never NULL except on out
 * of memory). */
unsigned char *ktest_serialize(const KTest *t, size_t *len);

/* Write `t` to `path` (replacing it). false with *err set on failure. */
bool ktest_write(const char *path, const KTest *t, char **err);

/* Free a KTest from ktest_parse/ktest_read (or one built with malloc'd
 * fields the same way). NULL is allowed. */
void ktest_free(KTest *t);

#endif
