/* The persistent decision log of --record-path (exec/path_log.c) and the
 * .path file (out/pathfile.c).
 * - 20000 random appends, forks, truncations and frees over up to 24 live logs, each
 *   against a plain array of what it must hold: its decisions in order, its
 *   count and its hash, at every step for the log touched and at the end for
 *   all of them.
 * - One path of PATH_STORED_MAX + 5000 decisions, forked past the cap: both
 *   keep exactly the first PATH_STORED_MAX, count and hash all, and the
 *   unforked lineage holds them in few chunks (doubling up to the largest).
 * - A .path file written and read back; a truncated file, a bad magic and a
 *   stored count that disagrees with the count are refused with a message. */
#include "check.h"
#include "exec/path_log.h"
#include "out/pathfile.h"
#include "util/path_hash.h"
#include "util/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct Model { uint64_t *d; size_t n, cap; } Model;

static void model_add(Model *m, uint64_t d) {
    if (m->n == m->cap) m->d = util_realloc(m->d, (m->cap = m->cap ? 2 * m->cap : 16) * sizeof *m->d);
    m->d[m->n++] = d;
}

static uint64_t model_hash(const Model *m) {
    uint64_t h = PATH_HASH_INIT;
    for (size_t i = 0; i < m->n; i++) h = path_hash_step(h, m->d[i]);
    return h;
}

static bool log_matches(const PathLog *l, const Model *m) {
    if (l->count != m->n || l->hash != model_hash(m) || path_log_stored(l) != m->n) return false;
    uint64_t *got = util_malloc((m->n + 1) * sizeof *got);
    path_log_flatten(l, got);
    bool same = m->n == 0 || memcmp(got, m->d, m->n * sizeof *got) == 0;
    free(got);
    return same;
}

#define LIVE 24

static void test_random(void) {
    PathLog logs[LIVE];
    Model models[LIVE];
    bool live[LIVE] = {true};
    memset(models, 0, sizeof models);
    path_log_init(&logs[0]);
    Rng r;
    rng_seed(&r, 7);
    int bad = 0;
    for (int step = 0; step < 20000; step++) {
        unsigned i = (unsigned)rng_below(&r, LIVE), op = (unsigned)rng_below(&r, 11);
        if (!live[i]) continue;
        unsigned j = (unsigned)rng_below(&r, LIVE);
        if (op < 7) {
            uint32_t site = (uint32_t)rng_below(&r, 50), succ = (uint32_t)rng_below(&r, 3);
            path_log_add(&logs[i], site, succ);
            model_add(&models[i], path_decision(site, succ));
        } else if (op < 9 && !live[j]) { /* a fork */
            path_log_copy(&logs[j], &logs[i]);
            models[j].n = 0;
            for (size_t k = 0; k < models[i].n; k++) model_add(&models[j], models[i].d[k]);
            live[j] = true;
        } else if (op == 9 && i != 0) {
            path_log_free(&logs[i]);
            live[i] = false;
        } else if (op == 10) { /* a test of a prefix (a speculative segment given up) */
            uint64_t k = rng_below(&r, models[i].n + 1);
            path_log_truncate(&logs[i], k);
            models[i].n = (size_t)k;
        }
        if (live[i] && !log_matches(&logs[i], &models[i]) && bad++ < 3) CHECK_MSG(false, "log %u differs at step %d", i, step);
    }
    for (unsigned i = 0; i < LIVE; i++) {
        if (!live[i]) continue;
        CHECK_MSG(log_matches(&logs[i], &models[i]), "log %u at the end", i);
        path_log_free(&logs[i]);
    }
    CHECK(bad == 0);
    for (unsigned i = 0; i < LIVE; i++) free(models[i].d);
}

static void test_cap(void) {
    PathLog a, b;
    path_log_init(&a);
    uint64_t h = PATH_HASH_INIT, hb = 0;
    uint64_t total = PATH_STORED_MAX + 5000;
    for (uint64_t i = 0; i < total; i++) {
        uint32_t site = (uint32_t)(i % 977), succ = (uint32_t)(i & 1);
        if (i == PATH_STORED_MAX + 10) {
            path_log_copy(&b, &a);
            hb = h;
        }
        path_log_add(&a, site, succ);
        h = path_hash_step(h, path_decision(site, succ));
    }
    path_log_add(&b, 1, 1);
    hb = path_hash_step(hb, path_decision(1, 1));
    CHECK(a.count == total && a.hash == h && path_log_stored(&a) == PATH_STORED_MAX);
    CHECK(b.count == PATH_STORED_MAX + 11 && b.hash == hb && path_log_stored(&b) == PATH_STORED_MAX);
    uint64_t *d = util_malloc(PATH_STORED_MAX * sizeof *d);
    path_log_flatten(&b, d);
    bool ok = true;
    for (uint64_t i = 0; i < PATH_STORED_MAX && ok; i++) ok = d[i] == path_decision((uint32_t)(i % 977), (uint32_t)(i & 1));
    CHECK(ok);
    free(d);
    unsigned chunks = 0;
    for (const PathLogChunk *c = a.tail; c; c = c->prev) chunks++;
    CHECK_MSG(chunks <= PATH_STORED_MAX / PATH_LOG_CHUNK_MAX + 12, "%u chunks", chunks);
    path_log_free(&a);
    path_log_free(&b);
}

static bool read_fails(const char *path, const void *bytes, size_t n, const char *want) {
    FILE *f = fopen(path, "wb");
    fwrite(bytes, 1, n, f);
    fclose(f);
    PathFile p;
    char *err = NULL;
    bool refused = !pathfile_read(path, &p, &err) && err && strstr(err, want);
    free(err);
    return refused;
}

static void test_file(void) {
    char path[] = "/tmp/symplex-test-path-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    close(fd);
    uint64_t d[3] = {path_decision(4, 1), path_decision(7, 0), path_decision(4, 2)};
    PathFile w = {.end = PATH_END_CUT, .count = 3, .hash = 99, .stored = 3, .d = d}, r;
    char *err = NULL;
    CHECK(pathfile_write(path, &w, &err));
    CHECK(pathfile_read(path, &r, &err));
    CHECK(r.end == PATH_END_CUT && r.count == 3 && r.hash == 99 && r.stored == 3 && memcmp(r.d, d, sizeof d) == 0);
    free(r.d);
    unsigned char img[PATHFILE_HEADER + 24];
    FILE *f = fopen(path, "rb");
    CHECK(f && fread(img, 1, sizeof img, f) == sizeof img);
    fclose(f);
    CHECK(read_fails(path, img, sizeof img - 3, "truncated"));
    img[0] = 'X';
    CHECK(read_fails(path, img, sizeof img, "not a path file"));
    img[0] = 'S';
    img[16] = 5; /* count 5, stored 3 */
    CHECK(read_fails(path, img, sizeof img, "inconsistent"));
    unlink(path);
}

int main(void) {
    test_random();
    test_cap();
    test_file();
    return check_report();
}
