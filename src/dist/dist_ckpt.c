/* A distributed run's checkpoint (engine_checkpoint.h).
 *
 * The writer saves the whole run's frontier at one cut: it asks every rank
 * to pause between two quanta; a rank says it has paused, and says so again
 * whenever a transfer reaches it meanwhile. Messages between two ranks
 * arrive in the order they were sent, so the tests a rank shipped before it
 * paused are written before rank 0 reads that it has. Every transfer is set
 * going by rank 0 (a donor gives only when told to, and a request sent
 * before the pause reaches the donor before it), so when each paused rank
 * has received every transfer rank 0 set going to it, no state is between
 * ranks and no test is unwritten: each open path is in exactly one rank's
 * frontier. Each rank then sends its part and goes on; rank 0 receives
 * nothing but the parts until it has them all, so its own counts and
 * frontier are the cut's. */
#include "dist_mpi.h"
#include "../engine/engine_checkpoint.h"
#include "../util/util.h"
#include <stdlib.h>
#include <unistd.h>

static void dist_send_ckpt(Dist *d, int to, uint32_t what) {
    ByteBuf b = {0};
    bytebuf_u32(&b, what);
    bytebuf_u32(&b, d->ckpt_epoch);
    dist_send(d, to, TAG_CKPT, &b);
}

void dist_ckpt_pause(Engine *e, Dist *d) {
    d->ckpt_pause = false;
    bool said = false;
    uint64_t said_recv = 0;
    while (!d->ckpt_save) {
        bool any = dist_drain(e, d, false, NULL);
        if (!d->ckpt_save && (!said || said_recv != d->me.transfers_in)) {
            said = true;
            said_recv = d->me.transfers_in;
            ByteBuf b = {0};
            bytebuf_u32(&b, d->ckpt_epoch);
            bytebuf_u64(&b, said_recv);
            dist_send(d, 0, TAG_READY, &b);
        }
        if (!any) usleep(DIST_WAIT_US);
    }
    d->ckpt_save = false;
    ByteBuf b = {0};
    dist_put_new_coverage(e, d, &b);
    engine_checkpoint_part(e, &b);
    dist_send(d, 0, TAG_PART, &b);
}

static bool dist_ckpt_cut_ready(const Dist *d) {
    if (d->me.transfers_in != d->view[0].issued) return false;
    for (int r = 1; r < d->size; r++) {
        const RankView *v = &d->view[r];
        if (!v->finished && (!v->paused || v->paused_recv != v->issued)) return false;
    }
    return true;
}

void dist_checkpoint(Engine *e, void (*part)(void *ctx, const uint8_t *p, const uint8_t *end), void *ctx) {
    Dist *d = dist_of(e);
    d->ckpt_epoch++;
    for (int r = 1; r < d->size; r++) {
        d->view[r].paused = false;
        if (!d->view[r].finished) dist_send_ckpt(d, r, CKPT_PAUSE);
    }
    while (!dist_ckpt_cut_ready(d))
        if (!dist_drain(e, d, false, NULL)) usleep(DIST_WAIT_US);
    /* the cut: only the parts are received now (a test written here would be after it) */
    int expect = 0;
    for (int r = 1; r < d->size; r++)
        if (!d->view[r].finished) {
            dist_send_ckpt(d, r, CKPT_SAVE);
            expect++;
        }
    while (expect) {
        int flag = 0, len = 0;
        MPI_Status st;
        MPI_Iprobe(MPI_ANY_SOURCE, TAG_PART, MPI_COMM_WORLD, &flag, &st);
        if (!flag) {
            dist_outbox_progress(d);
            usleep(DIST_WAIT_US);
            continue;
        }
        MPI_Get_count(&st, MPI_BYTE, &len);
        uint8_t *buf = util_malloc((size_t)len + 1);
        MPI_Recv(buf, len, MPI_BYTE, st.MPI_SOURCE, TAG_PART, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        const uint8_t *p = buf, *end = buf + len;
        if (!dist_get_coverage(e, d, &p, end)) dist_fail("distributed run: a malformed checkpoint part");
        part(ctx, p, end);
        free(buf);
        expect--;
    }
}

void dist_ckpt_receive(Dist *d, int from, int tag, const uint8_t *p, const uint8_t *end) {
    switch (tag) {
    case TAG_CKPT: {
        uint32_t what = 0;
        if (!bytes_u32(&p, end, &what) || !bytes_u32(&p, end, &d->ckpt_epoch))
            dist_fail("distributed run: a malformed checkpoint message");
        if (what == CKPT_PAUSE) d->ckpt_pause = true;
        else d->ckpt_save = true;
        break;
    }
    case TAG_READY: {
        RankView *v = &d->view[from];
        uint32_t epoch;
        uint64_t recv;
        if (!bytes_u32(&p, end, &epoch) || !bytes_u64(&p, end, &recv))
            dist_fail("distributed run: a malformed checkpoint message");
        if (epoch != d->ckpt_epoch) break; /* said for a checkpoint already saved */
        v->paused = true;
        v->paused_recv = recv;
        break;
    }
    }
}
