/* The bytes ranks send each other (dist_msg.h). */
#include "dist_msg.h"
#include "../util/util.h"
#include <stdlib.h>
#include <string.h>

enum { TEST_ERROR = 1, TEST_ERROR_CALL = 2, TEST_PATH = 4, TEST_TARGET = 8 };

void dist_msg_put_test(ByteBuf *out, const TestBundle *b) {
    uint32_t flags = (b->error_kind ? TEST_ERROR : 0) | (b->error_call ? TEST_ERROR_CALL : 0) | (b->path ? TEST_PATH : 0) |
                     (b->target ? TEST_TARGET : 0);
    bytebuf_u32(out, flags);
    bytebuf_str(out, b->rec.outcome);
    bytebuf_str(out, b->rec.kind);
    bytebuf_str(out, b->rec.file);
    bytebuf_u32(out, b->rec.line);
    bytebuf_u32(out, (uint32_t)b->rec.exit_status);
    if (b->error_kind) {
        bytebuf_str(out, b->error_kind);
        bytebuf_str(out, b->message);
        bytebuf_str(out, b->stack);
        bytebuf_str(out, b->file);
        bytebuf_u32(out, b->line);
    }
    bytebuf_u64(out, b->decisions);
    bytebuf_u64(out, b->hash);
    size_t n = 0;
    unsigned char *kt = ktest_serialize(b->kt, &n);
    bytebuf_u32(out, (uint32_t)n);
    bytebuf_put(out, kt, n);
    free(kt);
    if (b->path) {
        const PathFile *pf = b->path;
        bytebuf_u32(out, pf->end);
        bytebuf_u64(out, pf->count);
        bytebuf_u64(out, pf->hash);
        bytebuf_u64(out, pf->stored);
        for (uint64_t i = 0; i < pf->stored; i++) bytebuf_u64(out, pf->d[i]);
    }
}

static bool dist_get_path(const uint8_t **p, const uint8_t *end, PathFile **out) {
    PathFile *pf = util_calloc(1, sizeof *pf);
    *out = pf;
    if (!bytes_u32(p, end, &pf->end) || !bytes_u64(p, end, &pf->count) || !bytes_u64(p, end, &pf->hash) ||
        !bytes_u64(p, end, &pf->stored) || pf->stored > (uint64_t)(end - *p) / 8)
        return false;
    pf->d = util_malloc((pf->stored ? pf->stored : 1) * sizeof *pf->d);
    for (uint64_t i = 0; i < pf->stored; i++)
        if (!bytes_u64(p, end, &pf->d[i])) return false;
    return true;
}

bool dist_msg_get_test(const uint8_t *p, const uint8_t *end, DistTest *d) {
    memset(d, 0, sizeof *d);
    TestBundle *b = &d->b;
    uint32_t flags, status, ktlen;
    if (!bytes_u32(&p, end, &flags) || !bytes_str(&p, end, &d->str[0]) || !bytes_str(&p, end, &d->str[1]) ||
        !bytes_str(&p, end, &d->str[2]) || !bytes_u32(&p, end, &b->rec.line) || !bytes_u32(&p, end, &status))
        return false;
    b->rec = (TestRecord){d->str[0], d->str[1], d->str[2], b->rec.line, (int)status};
    if (flags & TEST_ERROR) {
        if (!bytes_str(&p, end, &d->str[3]) || !bytes_str(&p, end, &d->str[4]) || !bytes_str(&p, end, &d->str[5]) ||
            !bytes_str(&p, end, &d->str[6]) || !bytes_u32(&p, end, &b->line))
            return false;
        b->error_kind = d->str[3], b->message = d->str[4], b->stack = d->str[5], b->file = d->str[6];
    }
    b->error_call = (flags & TEST_ERROR_CALL) != 0;
    b->target = (flags & TEST_TARGET) != 0;
    if (!bytes_u64(&p, end, &b->decisions) || !bytes_u64(&p, end, &b->hash) || !bytes_u32(&p, end, &ktlen) ||
        ktlen > (size_t)(end - p))
        return false;
    char *err = NULL;
    b->kt = ktest_parse(p, ktlen, &err);
    free(err);
    p += ktlen;
    if (!b->kt) return false;
    if ((flags & TEST_PATH) && !dist_get_path(&p, end, &b->path)) return false;
    return p == end;
}

void dist_test_free(DistTest *d) {
    engine_test_bundle_free(&d->b);
    for (int i = 0; i < 7; i++) free(d->str[i]);
    memset(d, 0, sizeof *d);
}

void dist_msg_put_ids(ByteBuf *out, const uint32_t *ids, uint32_t n) {
    bytebuf_u32(out, n);
    for (uint32_t i = 0; i < n; i++) bytebuf_u32(out, ids[i]);
}

bool dist_msg_get_ids(const uint8_t **p, const uint8_t *end, uint32_t limit, void (*fn)(void *ctx, uint32_t id),
                      void *ctx) {
    uint32_t n, id;
    if (!bytes_u32(p, end, &n) || n > (size_t)(end - *p) / 4) return false;
    for (uint32_t i = 0; i < n; i++) {
        if (!bytes_u32(p, end, &id) || id >= limit) return false;
        fn(ctx, id);
    }
    return true;
}
