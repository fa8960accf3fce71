/* Unit tests for src/out/testcomp.c (Test-Comp value literals and testcase
 * reading) and src/util/sha256.c (the metadata's program hash). */
#include "check.h"
#include "out/testcomp.h"
#include "util/sha256.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void check_sha256(const char *text, size_t repeat, const char *want) {
    Sha256 c;
    sha256_init(&c);
    for (size_t i = 0; i < repeat; i++) sha256_update(&c, text, strlen(text));
    char hex[65];
    sha256_final_hex(&c, hex);
    CHECK_MSG(strcmp(hex, want) == 0, "sha256 of '%s' x%zu = %s", text, repeat, hex);
}

/* The FIPS 180-4 example vectors, and lengths around the padding boundary
 * (55/56/64 bytes) checked against the one-shot digest of the same bytes. */
static void test_sha256(void) {
    check_sha256("", 1, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    check_sha256("abc", 1, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    check_sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
                 "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    check_sha256("a", 1000000, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

/* format(bytes) is a literal that parses back to the same bytes, for every
 * width and signedness, including the extremes. */
static void roundtrip(const char *name, uint64_t lo, uint64_t hi, uint32_t n, const char *want) {
    unsigned char in[16] = {0}, out[16];
    memset(out, 0xAA, sizeof out);
    for (uint32_t i = 0; i < n && i < 8; i++) in[i] = (unsigned char)(lo >> (8 * i));
    for (uint32_t i = 8; i < n; i++) in[i] = (unsigned char)(hi >> (8 * (i - 8)));
    char buf[64];
    CHECK_MSG(testcomp_format_value(name, in, n, buf, sizeof buf), "%s formats", name);
    if (want) CHECK_MSG(strcmp(buf, want) == 0, "%s: got %s want %s", name, buf, want);
    CHECK_MSG(testcomp_parse_value(name, buf, out, n), "%s parses '%s'", name, buf);
    CHECK_MSG(memcmp(in, out, n) == 0, "%s round trip of '%s'", name, buf);
}

static void test_values(void) {
    roundtrip("__VERIFIER_nondet_int", 0xFFFFFFFBu, 0, 4, "-5");
    roundtrip("__VERIFIER_nondet_int", 0x80000000u, 0, 4, "-2147483648");
    roundtrip("__VERIFIER_nondet_uint", 0xFFFFFFFFu, 0, 4, "4294967295");
    roundtrip("__VERIFIER_nondet_char", 0x80, 0, 1, "-128");
    roundtrip("__VERIFIER_nondet_uchar", 0xFF, 0, 1, "255");
    roundtrip("__VERIFIER_nondet_bool", 1, 0, 1, "1");
    roundtrip("__VERIFIER_nondet_short", 0x8001, 0, 2, "-32767");
    roundtrip("__VERIFIER_nondet_long", 0x8000000000000000ull, 0, 8, "-9223372036854775808");
    roundtrip("__VERIFIER_nondet_ulong", ~0ull, 0, 8, "18446744073709551615");
    roundtrip("__VERIFIER_nondet_int128", 0, 0x8000000000000000ull, 16,
              "-170141183460469231731687303715884105728");
    roundtrip("__VERIFIER_nondet_uint128", ~0ull, ~0ull, 16, "340282366920938463463374607431768211455");
    roundtrip("__VERIFIER_nondet_pointer", 0x1000, 0, 8, "4096");
    double d = -2.5e-300;
    uint64_t bits;
    memcpy(&bits, &d, 8);
    roundtrip("__VERIFIER_nondet_double", bits, 0, 8, NULL);
    float f = 3.1f;
    uint32_t fb;
    memcpy(&fb, &f, 4);
    roundtrip("__VERIFIER_nondet_float", fb, 0, 4, NULL);
    char buf[64];
    unsigned char nan_bytes[8];
    double nan = NAN;
    memcpy(nan_bytes, &nan, 8);
    CHECK(testcomp_format_value("__VERIFIER_nondet_double", nan_bytes, 8, buf, sizeof buf) && strcmp(buf, "nan") == 0);

    /* Literals other producers write: hex, octal, suffixes, spaces; and C's
     * conversion (wrap-around) to the call's type. */
    unsigned char b[8];
    CHECK(testcomp_parse_value("__VERIFIER_nondet_int", " 0x10 ", b, 4) && b[0] == 16 && b[1] == 0);
    CHECK(testcomp_parse_value("__VERIFIER_nondet_int", "010", b, 4) && b[0] == 8);
    CHECK(testcomp_parse_value("__VERIFIER_nondet_ulong", "7UL", b, 8) && b[0] == 7);
    CHECK(testcomp_parse_value("__VERIFIER_nondet_uchar", "-1", b, 1) && b[0] == 255);
    CHECK(testcomp_parse_value("__VERIFIER_nondet_uchar", "256", b, 1) && b[0] == 0);
    CHECK(testcomp_parse_value("__VERIFIER_nondet_double", "0.5", b, 8));
    double got;
    memcpy(&got, b, 8);
    CHECK(got == 0.5);
    /* rejected: not a literal, or not a nondet object at all */
    CHECK(!testcomp_parse_value("__VERIFIER_nondet_int", "abc", b, 4));
    CHECK(!testcomp_parse_value("__VERIFIER_nondet_int", "", b, 4));
    CHECK(!testcomp_parse_value("__VERIFIER_nondet_int", "1.5", b, 4));
    CHECK(!testcomp_parse_value("__VERIFIER_nondet_int", "08", b, 4));
    CHECK(!testcomp_parse_value("x", "1", b, 4));
    CHECK(!testcomp_format_value("buf", b, 4, buf, sizeof buf));
    CHECK(testcomp_type_of("__VERIFIER_nondet_uint") && strcmp(testcomp_type_of("__VERIFIER_nondet_uint"), "unsigned int") == 0);
    CHECK(testcomp_type_of("__VERIFIER_nondet_") == NULL);
}

static TestcompCase *parse(const char *text) {
    char *err = NULL;
    TestcompCase *tc = testcomp_parse(text, strlen(text), &err);
    free(err);
    return tc;
}

static void test_parse(void) {
    TestcompCase *tc = parse(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE testcase PUBLIC \"x\" \"y.dtd\">\n"
        "<!-- a comment with <input>9</input> inside -->\n"
        "<testcase coversError=\"true\">\n  <input>1</input>\n  <input variable=\"x\" type=\"int\">-2</input>\n"
        "  <input type=\"char\">&#39;a&#39; &amp; &lt;</input>\n  <input/>\n</testcase>\n");
    CHECK(tc != NULL);
    if (tc) {
        CHECK(tc->covers_error);
        CHECK(tc->ninputs == 4);
        if (tc->ninputs == 4) {
            CHECK(strcmp(tc->inputs[0], "1") == 0);
            CHECK(strcmp(tc->inputs[1], "-2") == 0);
            CHECK(strcmp(tc->inputs[2], "'a' & <") == 0);
            CHECK(strcmp(tc->inputs[3], "") == 0);
        }
        testcomp_free(tc);
    }
    tc = parse("<testcase></testcase>");
    CHECK(tc && tc->ninputs == 0 && !tc->covers_error);
    testcomp_free(tc);
    char *err = NULL;
    CHECK(testcomp_parse("KTEST", 5, &err) == NULL && err && strstr(err, "not a Test-Comp testcase"));
    free(err);
    err = NULL;
    const char *cut = "<testcase><input>1</inp";
    CHECK(testcomp_parse(cut, strlen(cut), &err) == NULL && err);
    free(err);
    /* every prefix of a document is handled without reading past its end */
    const char *doc = "<testcase coversError='true'><input>12</input><!-- c --></testcase>";
    for (size_t n = 0; n <= strlen(doc); n++) {
        char *copy = malloc(n ? n : 1);
        memcpy(copy, doc, n);
        err = NULL;
        TestcompCase *p = testcomp_parse(copy, n, &err);
        /* before the root's name is complete there is no testcase */
        if (n < strlen("<testcase ")) CHECK(p == NULL && err != NULL);
        testcomp_free(p);
        free(err);
        free(copy);
    }
}

int main(void) {
    test_sha256();
    test_values();
    test_parse();
    return check_report();
}
