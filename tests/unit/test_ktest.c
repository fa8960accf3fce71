/* Unit tests for src/out/ktest.c: the writer produces KLEE's exact byte
 * layout, the reader accepts KLEE's files (versions 1..3, old BOUT magic),
 * and every malformed image is rejected with a message, never a crash. */
#include "check.h"
#include "out/ktest.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Builds a file image byte by byte, the way the format spec reads. */
typedef struct Image {
    unsigned char b[512];
    size_t n;
} Image;

static void img_bytes(Image *im, const void *p, size_t n) {
    memcpy(im->b + im->n, p, n);
    im->n += n;
}

static void img_u32(Image *im, uint32_t v) {
    unsigned char be[4] = {(unsigned char)(v >> 24), (unsigned char)(v >> 16),
                           (unsigned char)(v >> 8), (unsigned char)v};
    img_bytes(im, be, 4);
}

static void img_blob(Image *im, const void *p, uint32_t n) {
    img_u32(im, n);
    img_bytes(im, p, n);
}

/* What KLEE writes for `klee prog.bc` with objects x (int 1) and buf ("ab\0"). */
static Image klee_image(uint32_t version) {
    Image im = {{0}, 0};
    img_bytes(&im, "KTEST", 5);
    img_u32(&im, version);
    img_u32(&im, 1);
    img_blob(&im, "prog.bc", 7);
    if (version >= 2) {
        img_u32(&im, 0);
        img_u32(&im, 0);
    }
    img_u32(&im, 2);
    img_blob(&im, "x", 1);
    img_blob(&im, "\x01\x00\x00\x00", 4);
    img_blob(&im, "buf", 3);
    img_blob(&im, "ab\0", 3);
    return im;
}

static void check_klee_contents(const KTest *t, uint32_t version) {
    CHECK(t->version == version);
    CHECK(t->nargs == 1 && strcmp(t->args[0], "prog.bc") == 0);
    CHECK(t->sym_argvs == 0 && t->sym_argv_len == 0);
    CHECK(t->nobjects == 2);
    CHECK(strcmp(t->objects[0].name, "x") == 0);
    CHECK(t->objects[0].nbytes == 4 && memcmp(t->objects[0].bytes, "\x01\x00\x00\x00", 4) == 0);
    CHECK(strcmp(t->objects[1].name, "buf") == 0);
    CHECK(t->objects[1].nbytes == 3 && memcmp(t->objects[1].bytes, "ab\0", 3) == 0);
}

static void test_parse_klee_versions(void) {
    for (uint32_t v = 1; v <= 3; v++) {
        Image im = klee_image(v);
        char *err = NULL;
        KTest *t = ktest_parse(im.b, im.n, &err);
        CHECK_MSG(t != NULL, "version %u: %s", v, err ? err : "");
        if (t)
            check_klee_contents(t, v);
        ktest_free(t);
        free(err);
    }
    Image bout = klee_image(1);
    memcpy(bout.b, "BOUT\n", 5);
    KTest *t = ktest_parse(bout.b, bout.n, NULL);
    CHECK(t != NULL && t->nobjects == 2);
    ktest_free(t);
}

/* The writer's output is exactly the image KLEE would write. */
static void test_serialize_matches_spec(void) {
    Image im = klee_image(3);
    KTest *t = ktest_parse(im.b, im.n, NULL);
    CHECK(t != NULL);
    if (!t)
        return;
    size_t len = 0;
    unsigned char *buf = ktest_serialize(t, &len);
    CHECK(len == im.n && memcmp(buf, im.b, len) == 0);
    free(buf);
    ktest_free(t);
}

static void test_file_round_trip(void) {
    char path[] = "/tmp/symplex-test-ktest-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd < 0)
        return;
    close(fd);
    unsigned char big[300];
    for (size_t i = 0; i < sizeof big; i++)
        big[i] = (unsigned char)(i * 7);
    char *args[] = {"a.out", "--flag", ""};
    KTestObject objs[] = {{"n", 8, (unsigned char *)"\xff\xfe\xfd\xfc\0\0\0\x80"},
                          {"empty", 0, NULL},
                          {"big", sizeof big, big}};
    KTest t = {3, 3, args, 1, 5, 3, objs};
    char *err = NULL;
    CHECK(ktest_write(path, &t, &err));
    KTest *r = ktest_read(path, &err);
    CHECK_MSG(r != NULL, "%s", err ? err : "");
    if (r) {
        CHECK(r->version == 3 && r->nargs == 3 && r->sym_argvs == 1 && r->sym_argv_len == 5);
        CHECK(strcmp(r->args[1], "--flag") == 0 && strcmp(r->args[2], "") == 0);
        CHECK(r->nobjects == 3);
        CHECK(strcmp(r->objects[0].name, "n") == 0 && r->objects[0].nbytes == 8 &&
              memcmp(r->objects[0].bytes, objs[0].bytes, 8) == 0);
        CHECK(strcmp(r->objects[1].name, "empty") == 0 && r->objects[1].nbytes == 0);
        CHECK(r->objects[2].nbytes == sizeof big && memcmp(r->objects[2].bytes, big, sizeof big) == 0);
    }
    ktest_free(r);
    free(err);
    unlink(path);
}

/* Every proper prefix of a valid file is truncated and must be rejected. */
static void test_truncated(void) {
    Image im = klee_image(3);
    int rejected = 0;
    for (size_t n = 0; n < im.n; n++) {
        char *err = NULL;
        KTest *t = ktest_parse(im.b, n, &err);
        if (!t && err && err[0])
            rejected++;
        ktest_free(t);
        free(err);
    }
    CHECK_MSG(rejected == (int)im.n, "%d of %zu prefixes rejected", rejected, im.n);
    char *err = NULL;
    CHECK(ktest_parse(im.b, im.n - 1, &err) == NULL && err && strstr(err, "truncated"));
    free(err);
}

static void test_malformed(void) {
    char *err = NULL;
    Image im = klee_image(3);
    im.b[0] = 'X';
    CHECK(ktest_parse(im.b, im.n, &err) == NULL && err && strstr(err, "magic"));
    free(err);
    err = NULL;

    Image v4 = klee_image(3);
    v4.b[8] = 4;
    CHECK(ktest_parse(v4.b, v4.n, &err) == NULL && err && strstr(err, "version 4"));
    free(err);
    err = NULL;

    /* A huge object count in a tiny file: rejected before any allocation. */
    Image huge = {{0}, 0};
    img_bytes(&huge, "KTEST", 5);
    img_u32(&huge, 3);
    img_u32(&huge, 0);
    img_u32(&huge, 0);
    img_u32(&huge, 0);
    img_u32(&huge, 0xffffffffu);
    CHECK(ktest_parse(huge.b, huge.n, &err) == NULL && err != NULL);
    free(err);
    err = NULL;

    /* An object claiming more bytes than the file holds. */
    Image lie = klee_image(3);
    lie.b[lie.n - 3 - 4 + 3] = 200; /* low byte of buf's nbytes */
    CHECK(ktest_parse(lie.b, lie.n, &err) == NULL && err && strstr(err, "object 1"));
    free(err);
    err = NULL;

    CHECK(ktest_read("/nonexistent/dir/x.ktest", &err) == NULL && err &&
          strstr(err, "/nonexistent/dir/x.ktest"));
    free(err);
    CHECK(ktest_parse(im.b, 3, NULL) == NULL); /* err may be NULL */
    ktest_free(NULL);
}

int main(void) {
    test_parse_klee_versions();
    test_serialize_matches_spec();
    test_file_round_trip();
    test_truncated();
    test_malformed();
    return check_report();
}
