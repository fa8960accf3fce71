/* Unit tests for what moves between processes (src/engine/engine_record.c,
 * src/dist/dist_msg.c): a state's record and a test bundle come back from
 * their bytes exactly, and every truncation or corruption of those bytes is
 * rejected, never read past its end (the sanitizer build checks that). */
#include "check.h"
#include "dist/dist_msg.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

static StateRecord sample_record(void) {
    Seed *sd = seed_new(3);
    seed_set(sd, 0, (const uint8_t *)"abc", 3);
    seed_set(sd, 1, NULL, 0);
    seed_set(sd, 2, (const uint8_t *)"\x00\xff\x10\x00\x07", 5);
    seed_seal(sd);
    return (StateRecord){sd, 123456789012345ull, 0xfedcba9876543210ull};
}

static void test_record_round_trip(void) {
    StateRecord r = sample_record();
    ByteBuf b = {0};
    engine_record_encode(&r, &b);
    engine_record_encode(&r, &b); /* two in a row, as a transfer holds them */
    const uint8_t *p = b.data, *end = b.data + b.len;
    for (int k = 0; k < 2; k++) {
        StateRecord q;
        CHECK(engine_record_decode(&p, end, &q));
        CHECK(q.decisions == r.decisions && q.hash == r.hash && q.seed->n == 3);
        CHECK(q.seed->hash == r.seed->hash);
        for (uint32_t i = 0; i < 3; i++)
            CHECK(q.seed->sizes[i] == r.seed->sizes[i] && memcmp(q.seed->bytes[i], r.seed->bytes[i], q.seed->sizes[i]) == 0);
        engine_record_drop(&q);
    }
    CHECK(p == end);
    /* every cut short is refused */
    size_t one = b.len / 2, refused = 0;
    for (size_t n = 0; n < one; n++) {
        const uint8_t *c = b.data;
        StateRecord q;
        if (!engine_record_decode(&c, b.data + n, &q)) refused++;
        else engine_record_drop(&q);
    }
    CHECK_MSG(refused == one, "%zu of %zu truncations refused", refused, one);
    /* an object count far beyond the bytes is refused before any allocation */
    ByteBuf bad = {0};
    bytebuf_u64(&bad, 1);
    bytebuf_u64(&bad, 2);
    bytebuf_u32(&bad, 0x7fffffffu);
    const uint8_t *c = bad.data;
    StateRecord q;
    CHECK(!engine_record_decode(&c, bad.data + bad.len, &q));
    VEC_FREE(bad);
    VEC_FREE(b);
    engine_record_drop(&r);
}

static KTest *sample_ktest(void) {
    KTest *kt = util_calloc(1, sizeof *kt);
    kt->version = KTEST_VERSION;
    kt->nargs = 1;
    kt->args = util_calloc(2, sizeof(char *));
    kt->args[0] = util_strdup("prog");
    kt->nobjects = 1;
    kt->objects = util_calloc(2, sizeof(KTestObject));
    kt->objects[0].name = util_strdup("b");
    kt->objects[0].nbytes = 4;
    kt->objects[0].bytes = util_calloc(5, 1);
    memcpy(kt->objects[0].bytes, "\x01\x02\x03\x04", 4);
    return kt;
}

static void test_bundle_round_trip(void) {
    PathFile *pf = util_calloc(1, sizeof *pf);
    *pf = (PathFile){PATH_END_CUT, 3, 99, 3, util_malloc(3 * sizeof(uint64_t))};
    pf->d[0] = 1, pf->d[1] = 2, pf->d[2] = 5;
    TestBundle b = {.kt = sample_ktest(), .rec = {"error", "div-by-zero", "t.c", 7, 0}, .error_kind = "div-by-zero",
                    .message = "division by zero", .stack = "#0 main", .file = "t.c", .line = 7, .error_call = true,
                    .path = pf, .decisions = 3, .hash = 42};
    ByteBuf buf = {0};
    dist_msg_put_test(&buf, &b);
    DistTest d;
    CHECK(dist_msg_get_test(buf.data, buf.data + buf.len, &d));
    const TestBundle *q = &d.b;
    CHECK(strcmp(q->rec.outcome, "error") == 0 && strcmp(q->rec.kind, "div-by-zero") == 0 && q->rec.line == 7);
    CHECK(q->error_kind && strcmp(q->message, "division by zero") == 0 && strcmp(q->stack, "#0 main") == 0);
    CHECK(strcmp(q->file, "t.c") == 0 && q->line == 7 && q->error_call && q->decisions == 3 && q->hash == 42);
    CHECK(q->kt && q->kt->nobjects == 1 && memcmp(q->kt->objects[0].bytes, "\x01\x02\x03\x04", 4) == 0);
    CHECK(q->path && q->path->count == 3 && q->path->stored == 3 && q->path->d[2] == 5 && q->path->end == PATH_END_CUT);
    dist_test_free(&d);
    size_t refused = 0;
    for (size_t n = 0; n < buf.len; n++) {
        if (!dist_msg_get_test(buf.data, buf.data + n, &d)) refused++;
        dist_test_free(&d);
    }
    CHECK_MSG(refused == buf.len, "%zu of %zu truncations refused", refused, buf.len);
    /* an exit without error or path */
    b.error_kind = NULL, b.path = NULL, b.rec = (TestRecord){"exit", "", "", 0, 3};
    buf.len = 0;
    dist_msg_put_test(&buf, &b);
    CHECK(dist_msg_get_test(buf.data, buf.data + buf.len, &d));
    CHECK(!d.b.error_kind && !d.b.path && d.b.rec.exit_status == 3);
    dist_test_free(&d);
    b.path = pf;
    engine_test_bundle_free(&b);
    VEC_FREE(buf);
}

static void collect(void *ctx, uint32_t id) {
    uint32_t *sum = ctx;
    *sum += id;
}

static void test_ids(void) {
    uint32_t ids[] = {3, 9, 27};
    ByteBuf b = {0};
    dist_msg_put_ids(&b, ids, 3);
    const uint8_t *p = b.data;
    uint32_t sum = 0;
    CHECK(dist_msg_get_ids(&p, b.data + b.len, 28, collect, &sum) && sum == 39);
    p = b.data;
    CHECK(!dist_msg_get_ids(&p, b.data + b.len, 27, collect, &sum)); /* an id past the program's */
    p = b.data;
    CHECK(!dist_msg_get_ids(&p, b.data + b.len - 1, 28, collect, &sum));
    VEC_FREE(b);
}

int main(void) {
    test_record_round_trip();
    test_bundle_round_trip();
    test_ids();
    return check_report();
}
