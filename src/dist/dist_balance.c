/* Balancing a distributed run (dist.h): states move from the rank holding
 * the most to a rank that ran dry, and are mixed between ranks as the run
 * goes; rank 0 sets every transfer going, and sees when the exploration is
 * over. */
#include "dist_mpi.h"
#include "../util/util.h"
#include <stdlib.h>
#include <string.h>

#define DIST_GIVE_MAX 256       /* states one transfer moves at most */
#define DIST_MIX_MIN 8          /* states a rank must hold to be mixed */
/* Seconds between two mixes (dist_mix). Chosen on five path-bound suite
 * programs other than the four bench/results/dist reports (lexer_c,
 * stack_vm, regex_lite, tlv_records, csv_fields; -n 2, 15 s, seeds 1-3):
 * against no mixing, paths per second 0.81-1.66 (geometric mean 1.10),
 * branches covered never fewer, on three more. */
#define DIST_MIX_PERIOD 0.5

/* ---- moving states ---- */

static int dist_by_decisions(const void *a, const void *b) {
    uint64_t x = (*(State *const *)a)->decisions, y = (*(State *const *)b)->decisions;
    return x < y ? -1 : x > y;
}

/* Half of this rank's states (the fewest decisions first) to rank `to`, or
 * with `mix` a quarter of them drawn at random, as records; an empty
 * transfer when there is nothing to give. */
void dist_give(Engine *e, Dist *d, int to, bool mix) {
    ByteBuf b = {0};
    bytebuf_u32(&b, 0);
    uint32_t n = 0;
    size_t want = e->pool.len / (mix ? 4 : 2);
    if (want > DIST_GIVE_MAX) want = DIST_GIVE_MAX;
    if (want && !e->halt_reason) {
        State **v = util_malloc(e->pool.len * sizeof *v);
        memcpy(v, e->pool.data, e->pool.len * sizeof *v);
        if (!mix) {
            qsort(v, e->pool.len, sizeof *v, dist_by_decisions);
        } else {
            for (size_t i = 0; i + 1 < e->pool.len; i++) { /* a random order */
                size_t j = i + (size_t)rng_below(&d->rng, e->pool.len - i);
                State *t = v[i];
                v[i] = v[j], v[j] = t;
            }
        }
        for (size_t i = 0; i < e->pool.len && n < want; i++) {
            StateRecord r;
            if (!engine_record_of(e, v[i], &r)) continue;
            engine_record_encode(&r, &b);
            engine_record_drop(&r);
            engine_discard(e, v[i]); /* it goes on there: no path ends here */
            n++;
        }
        free(v);
    }
    bytebuf_set_u32(&b, 0, n);
    d->me.given += n;
    d->me.transfers_out++;
    d->me.bytes_out += b.len;
    dist_send(d, to, TAG_WORK, &b);
    /* a dry rank reports no more on its own: rank 0 must see this transfer
     * counted, or it waits for it to arrive for ever */
    if (dist_idle(e, d) && d->rank != 0 && !d->finished) dist_send_status(e, d);
}

void dist_take(Engine *e, Dist *d, const uint8_t *p, const uint8_t *end) {
    uint32_t n = 0;
    d->me.transfers_in++;
    if (!bytes_u32(&p, end, &n)) dist_fail("distributed run: a malformed transfer");
    for (uint32_t i = 0; i < n; i++) {
        StateRecord r;
        if (!engine_record_decode(&p, end, &r)) dist_fail("distributed run: a malformed transfer");
        if (d->finished) { /* this rank has stopped (its limits): the state is lost, and counted */
            engine_record_drop(&r);
            d->me.lost++;
            continue;
        }
        engine_record_adopt(e, &r);
        d->me.received++;
    }
    /* an empty transfer answers the request too: a dry rank asks again */
    if (d->rank == 0) d->view[0].asked = false;
    else if (!n && dist_idle(e, d) && !d->finished) dist_send_status(e, d);
}

/* ---- rank 0: balancing and the end of the exploration ---- */

bool dist_idle(const Engine *e, const Dist *d) {
    return d->dry && !e->pool.len;
}

static void dist_own_view(Engine *e, Dist *d) {
    RankView *v = &d->view[0];
    v->idle = dist_idle(e, d) || d->finished;
    v->finished = d->finished;
    v->states = e->pool.len;
    v->sent = d->me.transfers_out;
    v->recv = d->me.transfers_in;
    if (!d->dry) v->asked = false;
}

static int dist_pick_donor(Dist *d) {
    int best = -1;
    for (int r = 0; r < d->size; r++) {
        const RankView *v = &d->view[r];
        if (v->idle || v->finished || v->states < 2) continue;
        if (best < 0 || v->states > d->view[best].states) best = r;
    }
    return best;
}

/* Rank `donor` gives states to rank `to` (rank 0 sets every transfer going:
 * checkpoints count on it). */
static void dist_ask_give(Engine *e, Dist *d, int donor, int to, bool mix) {
    d->view[to].issued++;
    if (donor == 0) {
        dist_give(e, d, to, mix);
        return;
    }
    ByteBuf b = {0};
    bytebuf_u32(&b, (uint32_t)to);
    bytebuf_u32(&b, mix);
    dist_send(d, donor, TAG_GIVE, &b);
}

/* Every DIST_MIX_PERIOD, a random quarter of the states of the rank that
 * holds the most moves to another rank drawn at random: without it a rank
 * keeps the subtree its first transfer gave it, and where that subtree is
 * the expensive one (json_scan: queries 7 times as slow), it spends the run
 * there while one process's search would have left it. */
static void dist_mix(Engine *e, Dist *d) {
    double now = timer_now();
    if (now < d->next_mix) return;
    d->next_mix = now + DIST_MIX_PERIOD;
    int from = dist_pick_donor(d);
    if (from < 0 || d->view[from].states < DIST_MIX_MIN) return;
    int to = (int)rng_below(&d->rng, (uint64_t)d->size - 1);
    if (to >= from) to++;
    if (d->view[to].finished) return;
    d->view[from].states -= d->view[from].states / 4;
    dist_ask_give(e, d, from, to, true);
}

void dist_coordinate(Engine *e, Dist *d) {
    dist_own_view(e, d);
    /* nothing to balance: each rank ends when its own search does; and once
     * the end is declared no transfer may start, the others stop taking them */
    if (d->share != SHARE_TREE || d->done) return;
    for (int r = 0; r < d->size; r++) {
        RankView *v = &d->view[r];
        if (!v->idle || v->asked || v->finished) continue;
        int donor = dist_pick_donor(d);
        if (donor < 0) break;
        v->asked = true;
        d->view[donor].states -= d->view[donor].states / 2;
        dist_ask_give(e, d, donor, r, false);
    }
    dist_mix(e, d);
    dist_own_view(e, d);
    /* over: every rank dry (or stopped), none waiting on a transfer, and
     * every transfer sent received */
    uint64_t sent = 0, recv = 0;
    for (int r = 0; r < d->size; r++) {
        const RankView *v = &d->view[r];
        if (!v->finished && (!v->idle || v->asked)) return;
        sent += v->sent;
        recv += v->recv;
    }
    if (sent != recv) {
        if (getenv("SYMPLEX_DEBUG_DIST")) {
            static double last;
            if (timer_now() - last > 1) {
                last = timer_now();
                for (int r = 0; r < d->size; r++)
                    fprintf(stderr, "rank %d idle %d asked %d fin %d states %llu sent %llu recv %llu\n", r, d->view[r].idle,
                            d->view[r].asked, d->view[r].finished, (unsigned long long)d->view[r].states,
                            (unsigned long long)d->view[r].sent, (unsigned long long)d->view[r].recv);
            }
        }
        return;
    }
    d->done = true;
    for (int r = 1; r < d->size; r++) {
        if (d->view[r].finished) continue;
        ByteBuf b = {0};
        bytebuf_u32(&b, 0);
        dist_send(d, r, TAG_DONE, &b);
    }
}
