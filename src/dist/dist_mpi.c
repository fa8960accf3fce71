/* One exploration over the ranks of an MPI job (dist.h): the ranks'
 * messages, their reports and tests, the end of the run and the job
 * (dist_mpi.h says what the other parts do). */
#include "dist_mpi.h"
#include "dist_msg.h"
#include "../engine/engine_checkpoint.h"
#include "../engine/engine_target.h"
#include "../util/util.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int g_rank, g_size = 1;
static bool g_mpi;

void dist_fail(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "symplex: error: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, " (rank %d; are all ranks running the same symplex on the same program?)\n", g_rank);
    va_end(ap);
    MPI_Abort(MPI_COMM_WORLD, 1);
    exit(1);
}

/* ---- sending ---- */

void dist_send(Dist *d, int to, int tag, ByteBuf *buf) {
    Outgoing *o = util_calloc(1, sizeof *o);
    o->buf = *buf;
    memset(buf, 0, sizeof *buf);
    MPI_Isend(o->buf.data, (int)o->buf.len, MPI_BYTE, to, tag, MPI_COMM_WORLD, &o->req);
    VEC_PUSH(d->outbox, o);
}

void dist_outbox_progress(Dist *d) {
    size_t k = 0;
    for (size_t i = 0; i < d->outbox.len; i++) {
        Outgoing *o = d->outbox.data[i];
        int done = 0;
        MPI_Test(&o->req, &done, MPI_STATUS_IGNORE);
        if (done) {
            VEC_FREE(o->buf);
            free(o);
        } else {
            d->outbox.data[k++] = o;
        }
    }
    d->outbox.len = k;
}

/* ---- coverage ---- */

typedef struct CoverCtx { Engine *e; Dist *d; } CoverCtx;

/* Coverage heard from another rank: this rank's searchers see it as covered. */
static void dist_mark_branch(void *ctx, uint32_t id) {
    CoverCtx *c = ctx;
    Executor *ex = c->e->ex;
    c->d->known_b[id] = 1;
    if (ex->branch_covered[id]) return;
    ex->branch_covered[id] = 1;
    ex->branches_covered++;
    if (c->d->rank == 0) VEC_PUSH(c->d->cover_b, id);
}

static void dist_mark_line(void *ctx, uint32_t id) {
    CoverCtx *c = ctx;
    Executor *ex = c->e->ex;
    c->d->known_l[id] = 1;
    if (ex->line_covered[id]) return;
    ex->line_covered[id] = 1;
    if (ex->m->loc_is_user[id]) ex->lines_covered++;
    if (c->d->rank == 0) VEC_PUSH(c->d->cover_l, id);
}

/* The ids covered and not known yet, appended to out (and now known). */
static void dist_new_ids(const uint8_t *covered, uint8_t *known, uint32_t n, IdVec *out) {
    for (uint32_t i = 0; i < n; i++)
        if (covered[i] && !known[i]) {
            known[i] = 1;
            VEC_PUSH(*out, i);
        }
}

/* This rank's coverage not reported yet, as two id lists (and marked reported). */
void dist_put_new_coverage(Engine *e, Dist *d, ByteBuf *b) {
    Executor *ex = e->ex;
    IdVec ids = {0};
    dist_new_ids(ex->branch_covered, d->known_b, ex->m->nbranches, &ids);
    dist_msg_put_ids(b, ids.data, (uint32_t)ids.len);
    ids.len = 0;
    dist_new_ids(ex->line_covered, d->known_l, ex->m->nlocs, &ids);
    dist_msg_put_ids(b, ids.data, (uint32_t)ids.len);
    VEC_FREE(ids);
}

bool dist_get_coverage(Engine *e, Dist *d, const uint8_t **p, const uint8_t *end) {
    CoverCtx c = {e, d};
    return dist_msg_get_ids(p, end, e->ex->m->nbranches, dist_mark_branch, &c) &&
           dist_msg_get_ids(p, end, e->ex->m->nlocs, dist_mark_line, &c);
}

/* Rank 0's own coverage joins the lists the others are sent. */
static void dist_collect_own_coverage(Engine *e, Dist *d) {
    Executor *ex = e->ex;
    dist_new_ids(ex->branch_covered, d->known_b, ex->m->nbranches, &d->cover_b);
    dist_new_ids(ex->line_covered, d->known_l, ex->m->nlocs, &d->cover_l);
}

/* ---- reports ---- */

static DistTotals dist_own_totals(const Engine *e) {
    return (DistTotals){e->ex->stats.instructions, e->paths_completed, e->paths_early, e->sstats->queries,
                        e->pool.len, e->sstats->time_s};
}

static void dist_put_totals(ByteBuf *b, const DistTotals *t) {
    bytebuf_u64(b, t->instructions);
    bytebuf_u64(b, t->paths_completed);
    bytebuf_u64(b, t->paths_early);
    bytebuf_u64(b, t->queries);
    bytebuf_u64(b, t->states);
    bytebuf_f64(b, t->solver_time_s);
}

static bool dist_get_totals(const uint8_t **p, const uint8_t *end, DistTotals *t) {
    return bytes_u64(p, end, &t->instructions) && bytes_u64(p, end, &t->paths_completed) &&
           bytes_u64(p, end, &t->paths_early) && bytes_u64(p, end, &t->queries) && bytes_u64(p, end, &t->states) &&
           bytes_f64(p, end, &t->solver_time_s);
}

void dist_send_status(Engine *e, Dist *d) {
    ByteBuf b = {0};
    bytebuf_u32(&b, dist_idle(e, d));
    bytebuf_u64(&b, d->me.transfers_out);
    bytebuf_u64(&b, d->me.transfers_in);
    DistTotals t = dist_own_totals(e);
    dist_put_totals(&b, &t);
    dist_put_new_coverage(e, d, &b);
    dist_send(d, 0, TAG_STATUS, &b);
}

static void dist_on_status(Engine *e, Dist *d, int from, const uint8_t *p, const uint8_t *end) {
    RankView *v = &d->view[from];
    uint32_t idle;
    if (!bytes_u32(&p, end, &idle) || !bytes_u64(&p, end, &v->sent) || !bytes_u64(&p, end, &v->recv) ||
        !dist_get_totals(&p, end, &v->t) || !dist_get_coverage(e, d, &p, end))
        dist_fail("distributed run: a malformed report from rank %d", from);
    v->idle = idle != 0;
    v->asked = false; /* a report after a request answers it */
    v->states = v->t.states;
    /* the coverage the others found since it last heard (rank 0's own looked
     * for at most once a period: a look reads every branch and location) */
    double now = timer_now();
    if (now >= d->next_collect) {
        dist_collect_own_coverage(e, d);
        d->next_collect = now + DIST_STATUS_PERIOD;
    }
    if (v->cover_b < d->cover_b.len || v->cover_l < d->cover_l.len) {
        ByteBuf b = {0};
        dist_msg_put_ids(&b, d->cover_b.data + v->cover_b, (uint32_t)(d->cover_b.len - v->cover_b));
        dist_msg_put_ids(&b, d->cover_l.data + v->cover_l, (uint32_t)(d->cover_l.len - v->cover_l));
        v->cover_b = d->cover_b.len;
        v->cover_l = d->cover_l.len;
        dist_send(d, from, TAG_COVER, &b);
    }
}

static void dist_get_figures(const uint8_t **p, const uint8_t *end, RankFigures *f) {
    if (!dist_get_totals(p, end, &f->t) || !bytes_u64(p, end, &f->tests) || !bytes_u64(p, end, &f->given) ||
        !bytes_u64(p, end, &f->received) || !bytes_u64(p, end, &f->transfers_out) ||
        !bytes_u64(p, end, &f->transfers_in) || !bytes_u64(p, end, &f->bytes_out) ||
        !bytes_u64(p, end, &f->rebuilds) || !bytes_u64(p, end, &f->strayed) || !bytes_u64(p, end, &f->lost) ||
        !bytes_f64(p, end, &f->elapsed_s) || !bytes_f64(p, end, &f->idle_s) ||
        !bytes_f64(p, end, &f->test_wait_s))
        dist_fail("distributed run: a malformed final report");
}

static void dist_put_figures(ByteBuf *b, const RankFigures *f) {
    dist_put_totals(b, &f->t);
    bytebuf_u64(b, f->tests);
    bytebuf_u64(b, f->given);
    bytebuf_u64(b, f->received);
    bytebuf_u64(b, f->transfers_out);
    bytebuf_u64(b, f->transfers_in);
    bytebuf_u64(b, f->bytes_out);
    bytebuf_u64(b, f->rebuilds);
    bytebuf_u64(b, f->strayed);
    bytebuf_u64(b, f->lost);
    bytebuf_f64(b, f->elapsed_s);
    bytebuf_f64(b, f->idle_s);
    bytebuf_f64(b, f->test_wait_s);
}

static void dist_on_final(Engine *e, Dist *d, int from, const uint8_t *p, const uint8_t *end) {
    RankView *v = &d->view[from];
    dist_get_figures(&p, end, &v->final);
    if (!bytes_reasons(&p, end, &e->early) || !dist_get_coverage(e, d, &p, end))
        dist_fail("distributed run: a malformed final report");
    v->finished = v->idle = true;
    v->sent = v->final.transfers_out;
    v->recv = v->final.transfers_in;
    v->t = (DistTotals){0};
    d->finals++;
}

static void dist_on_test(Engine *e, Dist *d, int from, const uint8_t *p, const uint8_t *end) {
    DistTest t;
    if (!dist_msg_get_test(p, end, &t)) dist_fail("distributed run: a malformed test");
    /* its error may have been reported here since the other rank met it */
    const TestBundle *b = &t.b;
    bool seen = b->error_kind && !e->opt.emit_all_errors && engine_error_seen(e, b->error_kind, b->file, b->line);
    if (e->skip_tests) seen = true; /* no test wanted any more (--target's line reached): as one process */
    uint64_t before = e->tests;
    /* a path with a test already: written before a crash (counted now), or met again */
    if (!seen && !engine_test_known(e, b)) {
        uint32_t n = engine_test_write(e, b);
        if (n) e->tests++;
        /* the job's answer: rank 0 stops, and stops the others (dist_finish) */
        if (n && b->target && e->target) engine_target_reached_elsewhere(e, n);
    }
    d->remote_tests += e->tests - before;
    d->view[from].unacked++; /* written or refused (an error reported before), it is done with */
    if (out_failure(e->out) && !e->halt_reason) e->halt_reason = "output-error";
    dist_test_free(&t);
}

/* ---- receiving ---- */

/* Rank 0 wrote this many of the tests this rank shipped. */
static void dist_on_ack(Dist *d, const uint8_t *p, const uint8_t *end) {
    uint32_t n = 0;
    bytes_u32(&p, end, &n);
    d->in_flight -= n < d->in_flight ? n : d->in_flight;
}

static void dist_handle(Engine *e, Dist *d, int from, int tag, const uint8_t *p, const uint8_t *end) {
    switch (tag) {
    case TAG_STATUS: dist_on_status(e, d, from, p, end); break;
    case TAG_FINAL: dist_on_final(e, d, from, p, end); break;
    case TAG_TEST: dist_on_test(e, d, from, p, end); break;
    case TAG_WORK: dist_take(e, d, p, end); break;
    case TAG_GIVE: {
        uint32_t to = 0, mix = 0;
        bytes_u32(&p, end, &to);
        bytes_u32(&p, end, &mix);
        dist_give(e, d, (int)to, mix != 0);
        break;
    }
    case TAG_COVER: {
        if (!dist_get_coverage(e, d, &p, end)) dist_fail("distributed run: malformed coverage");
        break;
    }
    case TAG_DONE: d->done = true; break;
    case TAG_ACK: dist_on_ack(d, p, end); break;
    case TAG_BYE: d->done = true; break;
    case TAG_STOP: { /* copies: rank 0 has ended, so the job has */
        uint32_t no_tests = 0;
        bytes_u32(&p, end, &no_tests);
        if (!e->halt_reason) e->halt_reason = "rank 0 ended";
        if (no_tests) e->skip_tests = true;
        break;
    }
    case TAG_CKPT:
    case TAG_READY: dist_ckpt_receive(d, from, tag, p, end); break;
    }
}

/* Handles every message waiting; true if there was one. With `discard`,
 * only receives them (the run is over). */
bool dist_drain(Engine *e, Dist *d, bool discard, bool *bye) {
    bool any = false;
    for (;;) {
        int flag = 0, len = 0;
        MPI_Status st;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
        if (!flag) break;
        MPI_Get_count(&st, MPI_BYTE, &len);
        uint8_t *buf = util_malloc((size_t)len + 1);
        MPI_Recv(buf, len, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        any = true;
        if (st.MPI_TAG == TAG_BYE && bye) *bye = true;
        if (!discard) dist_handle(e, d, st.MPI_SOURCE, st.MPI_TAG, buf, buf + len);
        else if (st.MPI_TAG == TAG_WORK) dist_take(e, d, buf, buf + len); /* counted as lost */
        free(buf);
    }
    if (d->rank == 0)
        for (int r = 1; r < d->size; r++) {
            if (!d->view[r].unacked) continue;
            ByteBuf b = {0};
            bytebuf_u32(&b, d->view[r].unacked);
            d->view[r].unacked = 0;
            dist_send(d, r, TAG_ACK, &b);
        }
    dist_outbox_progress(d);
    return any;
}

/* ---- the engine's side ---- */

static void dist_poll(Engine *e, double now) {
    Dist *d = dist_of(e);
    dist_drain(e, d, false, NULL);
    if (d->ckpt_pause) dist_ckpt_pause(e, d);
    if (d->rank == 0) {
        dist_coordinate(e, d);
    } else if (now >= d->next_status) {
        dist_send_status(e, d);
        d->next_status = now + DIST_STATUS_PERIOD;
    }
}

static bool dist_wait_work(Engine *e) {
    Dist *d = dist_of(e);
    if (d->done || d->share != SHARE_TREE) return false;
    d->dry = true;
    double began = timer_now();
    if (d->rank != 0) dist_send_status(e, d);
    bool got = false;
    for (;;) {
        bool any = dist_drain(e, d, false, NULL);
        if (d->ckpt_pause) dist_ckpt_pause(e, d);
        if (d->rank == 0) dist_coordinate(e, d);
        if (e->pool.len) {
            d->dry = false;
            got = true;
            break;
        }
        if (d->done || engine_over_limits(e, timer_now())) break;
        if (!any) usleep(DIST_WAIT_US);
    }
    d->me.idle_s += timer_now() - began;
    return got;
}

/* Waits for rank 0's acknowledgements, receiving nothing else: this runs
 * inside a state's termination, where a transfer must not take states. */
static void dist_wait_acks(Dist *d) {
    double began = timer_now();
    while (d->in_flight >= DIST_TESTS_IN_FLIGHT) {
        int flag = 0;
        MPI_Status st;
        MPI_Iprobe(0, TAG_ACK, MPI_COMM_WORLD, &flag, &st);
        if (!flag) {
            dist_outbox_progress(d);
            usleep(DIST_WAIT_US);
            continue;
        }
        uint8_t x[4];
        MPI_Recv(x, 4, MPI_BYTE, 0, TAG_ACK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        dist_on_ack(d, x, x + 4);
    }
    d->ship_wait_s += timer_now() - began;
}

static void dist_ship_test(Engine *e, const TestBundle *b) {
    Dist *d = dist_of(e);
    dist_wait_acks(d);
    ByteBuf buf = {0};
    dist_msg_put_test(&buf, b);
    dist_send(d, 0, TAG_TEST, &buf);
    d->in_flight++;
}

static void dist_fill_figures(Engine *e, Dist *d) {
    d->me.t = dist_own_totals(e);
    d->me.tests = e->tests - d->remote_tests; /* rank 0: its own */
    d->me.rebuilds = e->ex->stats.rebuilds_done;
    d->me.strayed = e->ex->stats.rebuilds_strayed;
    d->me.elapsed_s = timer_now() - e->start;
    d->me.test_wait_s = d->ship_wait_s;
}

/* Every send complete, then every rank past the barrier, receiving (and
 * dropping) meanwhile, so no rank waits on one that stopped receiving. */
static void dist_quiesce(Engine *e, Dist *d) {
    while (d->outbox.len) {
        if (!dist_drain(e, d, true, NULL)) usleep(DIST_WAIT_US);
    }
    MPI_Request barrier;
    MPI_Ibarrier(MPI_COMM_WORLD, &barrier);
    for (int done = 0; !done;) {
        MPI_Test(&barrier, &done, MPI_STATUS_IGNORE);
        if (!done && !dist_drain(e, d, true, NULL)) usleep(DIST_WAIT_US);
    }
}

/* Rank 0: the ranks' figures added to the engine's, so the summary and the
 * last stats.csv row are the run's totals. */
static void dist_merge(Engine *e, Dist *d) {
    for (int r = 1; r < d->size; r++) {
        const RankFigures *f = &d->view[r].final;
        e->ex->stats.instructions += f->t.instructions;
        e->paths_completed += f->t.paths_completed;
        e->paths_early += f->t.paths_early;
        e->sstats->queries += f->t.queries;
        e->sstats->time_s += f->t.solver_time_s;
        e->ex->stats.rebuilds_done += f->rebuilds;
        e->ex->stats.rebuilds_strayed += f->strayed;
    }
    d->merged = true;
}

static void dist_finish(Engine *e) {
    Dist *d = dist_of(e);
    d->finished = true;
    dist_fill_figures(e, d);
    if (d->rank != 0) {
        ByteBuf b = {0};
        dist_put_figures(&b, &d->me);
        bytebuf_reasons(&b, &e->early);
        dist_put_new_coverage(e, d, &b);
        dist_send(d, 0, TAG_FINAL, &b);
        bool bye = false;
        while (!bye)
            if (!dist_drain(e, d, false, &bye)) usleep(DIST_WAIT_US);
    } else {
        d->view[0].final = d->me;
        /* copies: rank 0's end is the job's (--target reached or proved
         * unreachable, a limit, the tree explored whole); with the answer in,
         * or every path tested, the others write no more tests, and at a
         * limit they give their live states tests as it does */
        bool answered = e->skip_tests || engine_target_unreachable(e) || !e->halt_reason;
        if (d->share == SHARE_COPIES)
            for (int r = 1; r < d->size; r++) {
                if (d->view[r].finished) continue;
                ByteBuf b = {0};
                bytebuf_u32(&b, answered);
                dist_send(d, r, TAG_STOP, &b);
            }
        /* the others may still be exploring: rank 0 balances and writes until each has stopped */
        while (d->finals < (size_t)d->size - 1) {
            bool any = dist_drain(e, d, false, NULL);
            dist_coordinate(e, d);
            if (!any) usleep(DIST_WAIT_US);
        }
        dist_merge(e, d);
        for (int r = 1; r < d->size; r++) {
            ByteBuf b = {0};
            bytebuf_u32(&b, 0);
            dist_send(d, r, TAG_BYE, &b);
        }
    }
    dist_quiesce(e, d);
}

static void dist_remote_totals(const Engine *e, DistTotals *t) {
    const Dist *d = dist_of(e);
    memset(t, 0, sizeof *t);
    if (d->rank != 0 || d->merged) return;
    for (int r = 1; r < d->size; r++) {
        const DistTotals *x = &d->view[r].t;
        t->instructions += x->instructions;
        t->paths_completed += x->paths_completed;
        t->paths_early += x->paths_early;
        t->queries += x->queries;
        t->states += x->states;
        t->solver_time_s += x->solver_time_s;
    }
}

static void dist_summary(const Engine *e, FILE *f) {
    const Dist *d = dist_of(e);
    if (d->rank != 0) return;
    /* lost: given and never taken, which counts the states a rank dropped
     * after its final report too (its own count cannot) */
    uint64_t moved = 0, transfers = 0, bytes = 0, taken = 0;
    for (int r = 0; r < d->size; r++) {
        const RankFigures *x = &d->view[r].final;
        moved += x->given, transfers += x->transfers_out, bytes += x->bytes_out, taken += x->received;
    }
    uint64_t lost = moved > taken ? moved - taken : 0;
    fprintf(f, "  \"distributed\": {\"ranks\": %d, \"mode\": \"%s\", \"states_moved\": %llu, \"transfers\": %llu, \"transfer_bytes\": %llu, "
               "\"states_lost_after_stop\": %llu, \"per_rank\": [",
            d->size, d->share == SHARE_COPIES ? "copies" : "one tree",
            (unsigned long long)moved, (unsigned long long)transfers, (unsigned long long)bytes,
            (unsigned long long)lost);
    for (int r = 0; r < d->size; r++) {
        const RankFigures *x = &d->view[r].final;
        fprintf(f, "%s\n    {\"rank\": %d, \"instructions\": %llu, \"paths_completed\": %llu, \"paths_early\": %llu, "
                   "\"tests\": %llu, \"queries\": %llu, \"solver_time_s\": %.3f, \"states_given\": %llu, "
                   "\"states_received\": %llu, \"transfers_out\": %llu, \"transfers_in\": %llu, \"bytes_out\": %llu, "
                   "\"rebuilt\": %llu, \"elapsed_s\": %.3f, \"idle_s\": %.3f, \"test_wait_s\": %.3f}",
                r ? "," : "", r, (unsigned long long)x->t.instructions, (unsigned long long)x->t.paths_completed,
                (unsigned long long)x->t.paths_early, (unsigned long long)x->tests, (unsigned long long)x->t.queries,
                x->t.solver_time_s, (unsigned long long)x->given, (unsigned long long)x->received,
                (unsigned long long)x->transfers_out, (unsigned long long)x->transfers_in,
                (unsigned long long)x->bytes_out, (unsigned long long)x->rebuilds, x->elapsed_s, x->idle_s, x->test_wait_s);
    }
    fputs("]},\n", f);
}

/* ---- the job ---- */

bool dist_init(int *argc, char ***argv, char **err) {
    (void)err;
    /* started alone (not by mpirun): no MPI at all, so a plain run never
     * depends on the MPI runtime */
    if (!getenv("OMPI_COMM_WORLD_SIZE") && !getenv("PMI_SIZE") && !getenv("PMIX_RANK")) return true;
    int provided = 0;
    MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
    g_mpi = true;
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &g_size);
    return true;
}

int dist_rank(void) { return g_rank; }
int dist_size(void) { return g_size; }

static bool g_synced, g_writer_ok = true;

bool dist_ready(bool ok) {
    if (!g_mpi || g_synced) return ok;
    g_synced = true;
    int mine = ok;
    int *all = util_malloc((size_t)g_size * sizeof *all);
    MPI_Allgather(&mine, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD);
    g_writer_ok = all[0] != 0;
    bool every = true;
    for (int r = 0; r < g_size; r++) every = every && all[r];
    free(all);
    return every;
}

bool dist_writer_ready(void) {
    if (g_mpi && !g_synced) dist_ready(false);
    return g_writer_ok;
}

void dist_shutdown(void) {
    if (g_mpi && !g_synced) dist_ready(false);
    if (g_mpi) MPI_Finalize();
    g_mpi = false;
}

static void dist_destroy(Engine *e) {
    Dist *d = dist_of(e);
    for (size_t i = 0; i < d->outbox.len; i++) { /* complete by now (dist_quiesce) */
        VEC_FREE(d->outbox.data[i]->buf);
        free(d->outbox.data[i]);
    }
    VEC_FREE(d->outbox);
    VEC_FREE(d->cover_b);
    VEC_FREE(d->cover_l);
    free(d->known_b);
    free(d->known_l);
    free(d->view);
    free(d);
    e->dist = NULL;
}

/* Open MPI's mpirun, signalled (a Ctrl-C reaches it, not the ranks, which
 * are in process groups of their own), sends the ranks SIGTERM and, its
 * odls_base_sigkill_timeout later (1 s unless set), SIGKILL. */
static double dist_signal_grace(void) {
    const char *t = getenv("OMPI_MCA_odls_base_sigkill_timeout");
    double s = t ? atof(t) : 0;
    return s > 0 ? s : 1.0;
}

void dist_attach(Engine *e) {
    if (g_size < 2) return;
    Dist *d = util_calloc(1, sizeof *d);
    d->rank = g_rank;
    d->size = g_size;
    d->ops = (EngineDist){g_rank == 0, g_rank, g_size, dist_signal_grace(), dist_poll, dist_wait_work, dist_ship_test, dist_finish, dist_remote_totals,
                          dist_checkpoint, dist_summary, dist_destroy, d};
    d->known_b = util_calloc(e->ex->m->nbranches + 1, 1);
    d->known_l = util_calloc(e->ex->m->nlocs + 1, 1);
    if (g_rank == 0) d->view = util_calloc((size_t)g_size, sizeof *d->view);
    d->share = engine_share(e);
    rng_seed(&d->rng, e->opt.seed);
    e->dist = &d->ops;
}
