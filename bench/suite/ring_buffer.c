/*
 * ring_buffer.c -- a message queue of variable-length, length-prefixed
 *                  records in a fixed byte ring, as used between an
 *                  interrupt handler and a main loop.
 *
 * Workload class: circular-buffer index arithmetic (wrap-around, free-space
 * accounting) under a symbolic operation sequence with symbolic sizes.
 *
 * Each record is stored as one length byte followed by its payload, and may
 * wrap around the end of the ring. Enqueue refuses a record that does not
 * fit (or, in overwrite mode, drops the oldest records to make room);
 * dequeue and peek copy the oldest record into a caller buffer of
 * MAX_REC bytes; skip drops the oldest record without copying. Payload byte
 * k of the n-th record is a function of (n, k), so every record read back is
 * checked byte by byte, and the queue's byte count is checked against a
 * shadow list of record lengths after every operation.
 *
 * Symbolic input:
 *   ops[16]  -- 8 operations of two bytes: ops[2i] % 5 selects enqueue (0),
 *               dequeue (1), peek (2), skip (3) or stop (4); for enqueue,
 *               (ops[2i+1] & 3) + 1 is the payload length (1..4).
 *   mode     -- one byte; bit 0 selects overwrite mode for the whole run
 *               (a full queue drops its oldest records instead of refusing).
 *
 * Planted bug:
 *   enqueue() writes the length byte at the tail and advances the tail by
 *   one without wrapping: the author assumed the header never sits in the
 *   last byte, forgetting that records themselves wrap. When a record starts
 *   exactly at the last byte of the ring, its first payload byte is written
 *   one past the end of the ring (out-of-bounds write). Getting the tail to
 *   CAP-1 (9) with room left takes enqueues whose sizes add up to 9 (e.g.
 *   payloads of 4 and 3 bytes, or 1, 2 and 3), then a dequeue or skip -- or
 *   overwrite mode -- to make space, and one more enqueue: three to five
 *   operations with constrained sizes.
 */
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <symplex.h>

#define CAP 10     /* ring size in bytes */
#define MAX_REC 4  /* largest payload */
#define NOPS 8
#define MAX_LIVE (CAP / 2) /* records in flight, at least two bytes each */

static uint8_t ring[CAP];

struct queue {
    unsigned head, tail; /* byte offsets: oldest record, next free byte */
    unsigned used;       /* bytes in use, headers included */
    unsigned records;
};

/* Shadow: lengths and sequence numbers of the records in order. */
struct shadow {
    unsigned len[MAX_LIVE];
    unsigned seq[MAX_LIVE];
    unsigned first, count;
};

static uint8_t payload_byte(unsigned seq, unsigned k) {
    return (uint8_t)(seq * 31u + k * 7u + 1u);
}

static unsigned next_index(unsigned i) {
    return i + 1 == CAP ? 0 : i + 1;
}

static bool enqueue(struct queue *q, const uint8_t *data, unsigned len) {
    if (len == 0 || len > MAX_REC) return false;
    if (CAP - q->used < len + 1) return false;
    /* header first; the payload may wrap */
    ring[q->tail] = (uint8_t)len;
    unsigned pos = q->tail + 1;
    for (unsigned k = 0; k < len; k++) {
        ring[pos] = data[k];
        pos = next_index(pos);
    }
    q->tail = pos;
    q->used += len + 1;
    q->records++;
    return true;
}

/* Length of the oldest record, or 0 when empty. */
static unsigned front_length(const struct queue *q) {
    return q->records ? ring[q->head] : 0;
}

/* Copy the oldest record out; consume it when `take`. */
static unsigned read_front(struct queue *q, uint8_t *out, bool take) {
    unsigned len = front_length(q);
    if (len == 0) return 0;
    assert(len <= MAX_REC); /* headers are written by enqueue only */
    unsigned pos = next_index(q->head);
    for (unsigned k = 0; k < len; k++) {
        if (out) out[k] = ring[pos];
        pos = next_index(pos);
    }
    if (take) {
        q->head = pos;
        q->used -= len + 1;
        q->records--;
    }
    return len;
}

static void shadow_push(struct shadow *s, unsigned len, unsigned seq) {
    unsigned at = (s->first + s->count) % MAX_LIVE;
    s->len[at] = len;
    s->seq[at] = seq;
    s->count++;
}

static void shadow_pop(struct shadow *s) {
    s->first = (s->first + 1) % MAX_LIVE;
    s->count--;
}

static void check_front(const struct shadow *s, const uint8_t *out, unsigned len) {
    assert(s->count > 0 && len == s->len[s->first]);
    for (unsigned k = 0; k < len; k++) assert(out[k] == payload_byte(s->seq[s->first], k));
}

static void check_accounting(const struct queue *q, const struct shadow *s) {
    unsigned bytes = 0;
    for (unsigned i = 0; i < s->count; i++) bytes += s->len[(s->first + i) % MAX_LIVE] + 1;
    assert(bytes == q->used && s->count == q->records);
    assert((q->head + q->used) % CAP == q->tail);
}

int main(void) {
    uint8_t ops[2 * NOPS], mode;
    symplex_make_symbolic(ops, sizeof ops, "ops");
    symplex_make_symbolic(&mode, sizeof mode, "mode");
    bool overwrite = (mode & 1) != 0; /* full queue: drop the oldest records */

    struct queue q = {0, 0, 0, 0};
    struct shadow sh;
    memset(&sh, 0, sizeof sh);
    unsigned seq = 0;
    int rejected = 0, overwritten = 0, reads = 0, empty_reads = 0;

    for (int i = 0; i < NOPS; i++) {
        unsigned op = ops[2 * i] % 5;
        unsigned arg = ops[2 * i + 1];
        uint8_t buf[MAX_REC];
        unsigned len;

        if (op == 4) break;
        switch (op) {
        case 0: { /* enqueue */
            len = (arg & 3) + 1;
            for (unsigned k = 0; k < len; k++) buf[k] = payload_byte(seq, k);
            while (overwrite && q.records > 0 && CAP - q.used < len + 1) {
                /* make room by dropping the oldest record */
                read_front(&q, NULL, true);
                shadow_pop(&sh);
                overwritten++;
            }
            if (enqueue(&q, buf, len)) {
                shadow_push(&sh, len, seq);
                seq++;
            } else {
                rejected++;
            }
            break;
        }
        case 1: /* dequeue */
        case 2: /* peek */
            len = read_front(&q, buf, op == 1);
            if (len == 0) {
                empty_reads++;
                break;
            }
            check_front(&sh, buf, len);
            if (op == 1) shadow_pop(&sh);
            reads++;
            break;
        default: /* skip */
            if (read_front(&q, NULL, true)) shadow_pop(&sh);
            else empty_reads++;
            break;
        }
        check_accounting(&q, &sh);
    }

    if (overwritten > 0) return 1;
    if (rejected > 1) return 2;
    if (q.head > q.tail && q.records > 0) return 3; /* data wraps at the end */
    if (reads >= 3) return 4;
    if (empty_reads > 2) return 5;
    return 0;
}
