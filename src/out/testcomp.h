/* testcomp: Test-Comp's test format (sosy-lab test-format 1.1). A testcase is
 * the sequence of values the program's __VERIFIER_nondet_* calls return, in
 * call order, each written as a C literal of the call's type.
 *
 * This file is also compiled into the native replay library, which links
 * without symplex_core: plain libc only, errors through `err` (a malloc'd
 * message the caller frees). */
#ifndef SYMPLEX_TESTCOMP_H
#define SYMPLEX_TESTCOMP_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The C type of a symbolic object created by __VERIFIER_nondet_<suffix>
 * (our runtime names the object after the function), or NULL when `name` is
 * not such an object. */
const char *testcomp_type_of(const char *name);

/* The value of an n-byte nondet object as a C literal of its type, into
 * buf (64 bytes always suffice). False when the name is not a nondet object
 * or n does not fit its type. */
bool testcomp_format_value(const char *name, const unsigned char *bytes, uint32_t n, char *buf, size_t cap);

/* The inverse: the literal `text` converted to the object's type, as C's
 * conversion to that type does (integers wrap modulo 2^(8n)). */
bool testcomp_parse_value(const char *name, const char *text, unsigned char *bytes, uint32_t n);

typedef struct TestcompCase {
    uint32_t ninputs;
    char **inputs;         /* the text of each <input>, entities decoded */
    bool covers_error;     /* <testcase coversError="true"> */
} TestcompCase;

/* Parses a testcase document; NULL + *err when it is not one. */
TestcompCase *testcomp_parse(const char *text, size_t len, char **err);
void testcomp_free(TestcompCase *tc);

#endif
