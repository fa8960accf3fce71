/* Saving the frontier and resuming from it (engine_checkpoint.h). */
#include "engine_checkpoint.h"
#include "engine_record.h"
#include "engine_swap.h"
#include "engine_test.h"
#include "../util/util.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define CKPT_MAGIC "SYMPLEX-CHECKPOINT-1\n"

struct EngineCheckpoint {
    double period, next;
    char *dir;                  /* OUT/checkpoint */
    FILE *log;                  /* tests.log, appended to */
    uint64_t saves;
    double save_time_s;         /* spent saving, in all */
    size_t saved_states;        /* in the last save */
    uint64_t unsaved;           /* states of the last save with no record (no model of their path) */
    size_t saved_bytes;
    /* resuming */
    bool resumed;
    uint32_t from_test;         /* the last test written when the resumed checkpoint was saved */
    VEC(StateRecord) frontier;
};

/* The program's identity as far as a frontier depends on it: a record
 * rebuilt in another program, from another entry (--entry-point), or with
 * other arguments, means nothing. */
static uint64_t ckpt_program_id(const Engine *e) {
    const IrModule *m = e->ex->m;
    uint64_t h = util_hash_mix(util_hash_mix(m->nlocs, m->nbranches), m->nfunctions);
    h = util_hash_mix(h, (uint64_t)(uint32_t)m->user_entry_index);
    for (int i = 0; i < e->opt.argc; i++)
        for (const char *c = e->opt.argv[i]; ; c++) {
            h = util_hash_mix(h, (uint8_t)*c);
            if (!*c) break;
        }
    return h;
}

/* ---- saving ---- */

static void ckpt_put_record(void *ctx, const StateRecord *r) { engine_record_encode(r, ctx); }

/* This process's share of a checkpoint: its counters, early ends and
 * frontier. A distributed run's writer adds every rank's (dist.h). */
void engine_checkpoint_part(Engine *e, ByteBuf *b) {
    bytebuf_u64(b, e->ex->stats.instructions);
    bytebuf_u64(b, e->paths_completed);
    bytebuf_u64(b, e->paths_early);
    bytebuf_u64(b, e->sstats->queries);
    bytebuf_f64(b, e->sstats->time_s);
    bytebuf_reasons(b, &e->early);
    /* the records, after their count and length (written last: encoded in one pass) */
    size_t at = b->len;
    bytebuf_u32(b, 0);
    bytebuf_u64(b, 0);
    size_t from = b->len;
    uint32_t n = 0;
    uint64_t unsaved = 0;
    for (size_t i = 0; i < e->pool.len; i++) {
        StateRecord r;
        if (!engine_record_of(e, e->pool.data[i], &r)) { unsaved++; continue; }
        engine_record_encode(&r, b);
        engine_record_drop(&r);
        n++;
    }
    n += (uint32_t)engine_swap_each(e, ckpt_put_record, b);
    uint64_t len = b->len - from;
    bytebuf_set_u32(b, at, n);
    bytebuf_set_u32(b, at + 4, (uint32_t)len);
    bytebuf_set_u32(b, at + 8, (uint32_t)(len >> 32));
    bytebuf_u64(b, unsaved);
}

/* The parts summed: what the checkpoint file holds of the whole run. */
typedef struct CkptSum {
    uint64_t instructions, completed, early, queries, unsaved;
    double solver_s;
    ReasonCounts reasons;
    uint32_t nrecords;
    ByteBuf records;
    bool bad;
} CkptSum;

static void ckpt_add_part(void *ctx, const uint8_t *p, const uint8_t *end) {
    CkptSum *t = ctx;
    uint64_t v[4], len, unsaved;
    double solver_s;
    uint32_t n;
    bool ok = bytes_u64(&p, end, &v[0]) && bytes_u64(&p, end, &v[1]) && bytes_u64(&p, end, &v[2]) &&
              bytes_u64(&p, end, &v[3]) && bytes_f64(&p, end, &solver_s) && bytes_reasons(&p, end, &t->reasons);
    ok = ok && bytes_u32(&p, end, &n) && bytes_u64(&p, end, &len) && len <= (uint64_t)(end - p);
    if (ok) {
        bytebuf_put(&t->records, p, len);
        p += len;
        ok = bytes_u64(&p, end, &unsaved) && p == end;
    }
    if (!ok) { t->bad = true; return; }
    t->instructions += v[0], t->completed += v[1], t->early += v[2], t->queries += v[3];
    t->solver_s += solver_s;
    t->nrecords += n;
    t->unsaved += unsaved;
}

static void ckpt_sum_free(CkptSum *t) {
    reason_counts_free(&t->reasons);
    VEC_FREE(t->records);
}

static void ckpt_encode(Engine *e, const CkptSum *t, ByteBuf *b) {
    Executor *ex = e->ex;
    const IrModule *m = ex->m;
    bytebuf_put(b, CKPT_MAGIC, strlen(CKPT_MAGIC));
    bytebuf_u64(b, ckpt_program_id(e));
    bytebuf_f64(b, timer_now() - e->start);
    bytebuf_u64(b, t->instructions);
    bytebuf_u64(b, t->completed);
    bytebuf_u64(b, t->early);
    bytebuf_u64(b, e->tests);
    bytebuf_u64(b, t->queries);
    bytebuf_f64(b, t->solver_s);
    bytebuf_u32(b, e->out->ntests);
    bytebuf_u32(b, m->nlocs);
    bytebuf_put(b, ex->line_covered, m->nlocs);
    bytebuf_u32(b, m->nbranches);
    bytebuf_put(b, ex->branch_covered, m->nbranches);
    bytebuf_reasons(b, &t->reasons);
    bytebuf_u32(b, (uint32_t)e->errors.len);
    for (size_t i = 0; i < e->errors.len; i++) {
        const ErrorRecord *r = &e->errors.data[i];
        bytebuf_str(b, r->kind), bytebuf_str(b, r->message), bytebuf_str(b, r->file), bytebuf_str(b, r->stack);
        bytebuf_u32(b, r->line);
        bytebuf_u32(b, r->test);
    }
    bytebuf_u32(b, t->nrecords);
    bytebuf_put(b, t->records.data, t->records.len);
    bytebuf_u64(b, t->unsaved);
}

static bool ckpt_write_file(const char *path, const ByteBuf *b) {
    char *tmp = util_format("%s.new", path);
    FILE *f = fopen(tmp, "wb");
    bool ok = f && fwrite(b->data, 1, b->len, f) == b->len;
    if (f && fclose(f) != 0) ok = false;
    if (ok) ok = rename(tmp, path) == 0;
    if (!ok) remove(tmp);
    free(tmp);
    return ok;
}

/* The whole run's frontier: this process's part and, distributed, every
 * other rank's, taken at one cut (dist.h: no state in flight, no test
 * unwritten), so the file holds each open path once. */
static void ckpt_save(Engine *e) {
    EngineCheckpoint *c = e->checkpoint;
    double began = timer_now();
    CkptSum sum = {0};
    if (e->dist) e->dist->checkpoint(e, ckpt_add_part, &sum);
    ByteBuf b = {0};
    engine_checkpoint_part(e, &b);
    ckpt_add_part(&sum, b.data, b.data + b.len);
    b.len = 0;
    if (sum.bad) {
        util_warn_once("checkpoint-part", "--checkpoint: a rank sent a malformed part; no checkpoint saved");
    } else {
        ckpt_encode(e, &sum, &b);
        char *path = util_format("%s/frontier.bin", c->dir);
        if (ckpt_write_file(path, &b)) {
            c->saves++;
            c->saved_states = sum.nrecords;
            c->unsaved = sum.unsaved;
            c->saved_bytes = b.len;
            if (sum.unsaved)
                util_warn_once("checkpoint-unsaved", "--checkpoint: %llu live states cannot be rebuilt from an input "
                               "(no model of their path, or past a fork a model chose) and are not in the checkpoint",
                               (unsigned long long)sum.unsaved);
        } else {
            util_warn_once("checkpoint-write", "--checkpoint: cannot write '%s': %s", path, strerror(errno));
        }
        free(path);
    }
    VEC_FREE(b);
    ckpt_sum_free(&sum);
    c->save_time_s += timer_now() - began;
}

void engine_checkpoint_tick(Engine *e, double now) {
    EngineCheckpoint *c = e->checkpoint;
    if (!c || c->period <= 0 || now < c->next) return;
    ckpt_save(e);
    c->next = timer_now() + c->period;
}

void engine_checkpoint_tested(Engine *e, uint32_t n, uint64_t decisions, uint64_t hash) {
    EngineCheckpoint *c = e->checkpoint;
    if (!c || !c->log) return;
    fprintf(c->log, "%u %llu %016llx\n", n, (unsigned long long)decisions, (unsigned long long)hash);
    fflush(c->log);
}

/* ---- resuming ---- */

/* Every test tests.log holds, noted by path (engine_test.h) and counted when
 * met: those the checkpoint counted cannot come again in its frontier; those
 * after it can, and so can those of an earlier crash whose paths this
 * checkpoint's frontier still holds (a run resumed, then killed again before
 * it reached them), whatever their number. The last test number logged. */
static uint32_t ckpt_read_log(Engine *e, const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    unsigned n, last = 0;
    unsigned long long d, h;
    char line[128];
    int end = 0;
    /* a line the kill cut short has no newline: that test is not complete */
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "%u %llu %llx%n", &n, &d, &h, &end) == 3 && line[end] == '\n') {
            engine_tested_note(e, d, h, n, false, false);
            if (n > last) last = n;
        }
    fclose(f);
    return last;
}

static bool ckpt_decode_counts(Engine *e, const uint8_t **p, const uint8_t *end, uint32_t *first) {
    Executor *ex = e->ex;
    const IrModule *m = ex->m;
    double elapsed, solver_s;
    uint32_t nlocs, nbranches;
    if (!bytes_f64(p, end, &elapsed) || !bytes_u64(p, end, &ex->stats.instructions) ||
        !bytes_u64(p, end, &e->paths_completed) || !bytes_u64(p, end, &e->paths_early) ||
        !bytes_u64(p, end, &e->tests) || !bytes_u64(p, end, &e->sstats->queries) || !bytes_f64(p, end, &solver_s) ||
        !bytes_u32(p, end, first) || !bytes_u32(p, end, &nlocs) || nlocs != m->nlocs ||
        !bytes_get(p, end, ex->line_covered, nlocs) || !bytes_u32(p, end, &nbranches) ||
        nbranches != m->nbranches || !bytes_get(p, end, ex->branch_covered, nbranches))
        return false;
    e->sstats->time_s = solver_s;
    e->start = timer_now() - elapsed; /* the time before the checkpoint counts against --max-time */
    ex->lines_covered = ex->branches_covered = 0;
    for (uint32_t i = 1; i < nlocs; i++) ex->lines_covered += ex->line_covered[i] && m->loc_is_user[i];
    for (uint32_t i = 0; i < nbranches; i++) ex->branches_covered += ex->branch_covered[i] != 0;
    return true;
}

static bool ckpt_decode_lists(Engine *e, const uint8_t **p, const uint8_t *end) {
    uint32_t n;
    if (!bytes_reasons(p, end, &e->early) || !bytes_u32(p, end, &n)) return false;
    for (uint32_t i = 0; i < n; i++) {
        ErrorRecord r = {0};
        bool ok = bytes_str(p, end, &r.kind) && bytes_str(p, end, &r.message) && bytes_str(p, end, &r.file) &&
                  bytes_str(p, end, &r.stack) && bytes_u32(p, end, &r.line) && bytes_u32(p, end, &r.test);
        VEC_PUSH(e->errors, r); /* freed with the engine's, whole or not */
        if (!ok) return false;
    }
    return true;
}

static bool ckpt_decode(Engine *e, const uint8_t *p, const uint8_t *end, uint32_t *first, const char **why) {
    EngineCheckpoint *c = e->checkpoint;
    size_t ml = strlen(CKPT_MAGIC);
    uint64_t id, unsaved;
    if ((size_t)(end - p) < ml || memcmp(p, CKPT_MAGIC, ml) != 0) { *why = "not a symplex checkpoint"; return false; }
    p += ml;
    if (!bytes_u64(&p, end, &id)) { *why = "truncated"; return false; }
    if (id != ckpt_program_id(e)) {
        *why = "made for another program, entry point (--entry-point) or other arguments";
        return false;
    }
    *why = "truncated or corrupt";
    if (!ckpt_decode_counts(e, &p, end, first) || !ckpt_decode_lists(e, &p, end)) return false;
    uint32_t n;
    if (!bytes_u32(&p, end, &n)) return false;
    for (uint32_t i = 0; i < n; i++) {
        StateRecord r;
        if (!engine_record_decode(&p, end, &r)) return false;
        VEC_PUSH(c->frontier, r);
    }
    if (!bytes_u64(&p, end, &unsaved)) return false;
    c->unsaved = unsaved;
    return p == end;
}

static uint8_t *ckpt_read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    ByteBuf b = {0};
    uint8_t chunk[65536];
    size_t k;
    while ((k = fread(chunk, 1, sizeof chunk, f)) > 0) bytebuf_put(&b, chunk, k);
    bool ok = !ferror(f);
    fclose(f);
    if (!ok) { VEC_FREE(b); return NULL; }
    *len = b.len;
    return b.data ? b.data : util_calloc(1, 1);
}

static bool ckpt_load(Engine *e, char **err) {
    EngineCheckpoint *c = e->checkpoint;
    char *path = util_format("%s/frontier.bin", c->dir);
    size_t len = 0;
    uint8_t *data = ckpt_read_file(path, &len);
    if (!data) {
        *err = util_format("--resume: no checkpoint in '%s' (%s: %s)", e->opt.resume, path, strerror(errno));
        free(path);
        return false;
    }
    const char *why = NULL;
    bool ok = ckpt_decode(e, data, data + len, &c->from_test, &why);
    free(data);
    if (ok) {
        /* a test is logged once all its files are written: one after the
         * last logged is what the kill cut short, and is written again */
        char *log = util_format("%s/tests.log", c->dir);
        uint32_t last = ckpt_read_log(e, log);
        free(log);
        if (last < c->from_test) last = c->from_test;
        ok = out_forget_tests_after(e->out, last, err);
    } else {
        *err = util_format("--resume: '%s': %s", path, why);
    }
    free(path);
    return ok;
}

bool engine_checkpoint_new(Engine *e, char **err) {
    /* a rank that writes no directory saves nothing: the writer's checkpoint holds its part */
    if ((e->opt.checkpoint_s <= 0 && !e->opt.resume) || !e->out) return true;
    EngineCheckpoint *c = util_calloc(1, sizeof *c);
    e->checkpoint = c;
    c->period = e->opt.checkpoint_s;
    c->next = timer_now() + c->period;
    c->dir = out_path(e->out, "checkpoint");
    if (e->opt.resume) {
        if (!ckpt_load(e, err)) return false;
        c->resumed = true;
    } else if (mkdir(c->dir, 0755) != 0 && errno != EEXIST) {
        *err = util_format("--checkpoint: cannot create '%s': %s", c->dir, strerror(errno));
        return false;
    }
    /* a resumed run keeps logging: it may be killed and resumed again */
    char *log = util_format("%s/tests.log", c->dir);
    c->log = fopen(log, "a");
    if (!c->log) *err = util_format("cannot write '%s': %s", log, strerror(errno));
    free(log);
    return c->log != NULL;
}

void engine_checkpoint_free(Engine *e) {
    EngineCheckpoint *c = e->checkpoint;
    if (!c) return;
    if (c->log) fclose(c->log);
    for (size_t i = 0; i < c->frontier.len; i++) engine_record_drop(&c->frontier.data[i]);
    VEC_FREE(c->frontier);
    free(c->dir);
    free(c);
    e->checkpoint = NULL;
}

bool engine_checkpoint_adopt(Engine *e) {
    EngineCheckpoint *c = e->checkpoint;
    if (!c || !c->resumed) return false;
    for (size_t i = 0; i < c->frontier.len; i++) engine_record_adopt(e, &c->frontier.data[i]);
    c->frontier.len = 0;
    return true;
}

void engine_checkpoint_summary(const Engine *e, FILE *f) {
    const EngineCheckpoint *c = e->checkpoint;
    if (!c) return;
    fprintf(f, "  \"checkpoint\": {\"period_s\": %g, \"saves\": %llu, \"save_time_s\": %.3f, \"last_states\": %zu, "
               "\"last_unsaved\": %llu, \"last_bytes\": %zu, \"resumed\": %s, \"resumed_after_test\": %u, "
               "\"tests_not_rewritten\": %llu},\n",
            c->period, (unsigned long long)c->saves, c->save_time_s, c->saved_states, (unsigned long long)c->unsaved,
            c->saved_bytes, c->resumed ? "true" : "false", c->from_test, (unsigned long long)e->tests_known);
}
