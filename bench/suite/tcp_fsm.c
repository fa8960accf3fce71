/* tcp_fsm.c -- TCP connection state machine (RFC 793) with a transition
 * checker.
 *
 * Models: the per-connection control block of a small TCP stack.  User calls
 * (active/passive OPEN, SEND, CLOSE, ABORT), a coarse timer and incoming
 * segments (SYN/ACK/FIN/RST flags, sequence and acknowledgment numbers,
 * payload length) drive the eleven RFC 793 states.  Segment processing
 * follows the "SEGMENT ARRIVES" steps: the acceptability test on the sequence
 * number (modulo 2^32), RST, SYN in window, ACK (SND.UNA < SEG.ACK <=
 * SND.NXT), payload, FIN.  An independent checker encodes the state diagram
 * of RFC 793 figure 6 and validates every transition the stack makes.
 *
 * Workload class: protocol state machine (event sequence, modular 32-bit
 * sequence arithmetic, per-state dispatch, a global transition invariant).
 *
 * Symbolic inputs (SV-COMP API, one event per step, at most MAX_STEPS = 10):
 *   kind  -- __VERIFIER_nondet_uchar(), assumed < EVK_COUNT: a user call, a
 *            timer tick, an incoming segment, or QUIT (ends the run early).
 *   for a segment: flags (__VERIFIER_nondet_uchar, assumed < 16: SYN=1 ACK=2
 *            FIN=4 RST=8), seq and ack (__VERIFIER_nondet_uint, any value),
 *            len (__VERIFIER_nondet_uchar, assumed <= 4).
 *   for SEND: len (__VERIFIER_nondet_uchar, assumed 1..8).
 *
 * Planted bugs (both are illegal transitions caught by the checker's two
 * asserts in check_transition()):
 *   1. An RST in SYN-RECEIVED must return a passively opened connection to
 *      LISTEN and close an actively opened one; on_rst() goes to LISTEN for
 *      any connection that has retransmitted its SYN-ACK (assert on the
 *      passive flag).  Needs an active OPEN, a bare SYN (simultaneous open),
 *      a timer tick and an in-window RST: 4 steps with sequence-number
 *      constraints.
 *   2. The FIN transition table maps LAST-ACK to CLOSE-WAIT (copy-paste from
 *      the CLOSE-WAIT row) instead of staying in LAST-ACK (assert on the
 *      transition table).  Needs an established connection, the peer's FIN,
 *      a local CLOSE and a second, in-order FIN from the peer that does not
 *      acknowledge ours: at least 5 steps, each with exact sequence and
 *      acknowledgment numbers.
 */
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

extern unsigned char __VERIFIER_nondet_uchar(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int cond);

#define MAX_STEPS 10
#define ISS 1000u          /* our initial send sequence number */
#define RCV_WND 16u
#define SYN_RETRIES 3
#define TIME_WAIT_TICKS 2  /* 2*MSL in timer ticks */

enum tcp_state {
    CLOSED, LISTEN, SYN_SENT, SYN_RECEIVED, ESTABLISHED, FIN_WAIT_1,
    FIN_WAIT_2, CLOSE_WAIT, CLOSING, LAST_ACK, TIME_WAIT, N_STATES
};

enum { F_SYN = 1, F_ACK = 2, F_FIN = 4, F_RST = 8 };

enum ev_kind {
    EVK_ACTIVE_OPEN, EVK_PASSIVE_OPEN, EVK_SEND, EVK_CLOSE, EVK_ABORT,
    EVK_TICK, EVK_SEGMENT, EVK_QUIT, EVK_COUNT
};

struct segment {
    unsigned flags;
    uint32_t seq, ack;
    uint32_t len;
};

struct tcb {
    enum tcp_state st;
    bool passive;       /* reached SYN-RECEIVED from LISTEN */
    uint32_t snd_una, snd_nxt;
    uint32_t irs, rcv_nxt;
    bool fin_sent;
    uint32_t fin_seq;   /* sequence number of our FIN */
    int retries;        /* SYN retransmissions */
    int synack_retx;    /* SYN-ACK retransmissions */
    int tw_ticks;
    /* what went out on the wire, for the caller's statistics */
    int rst_sent, ack_sent, synack_sent;
    uint32_t bytes_in;
    int resets;         /* connection reset by peer */
};

/* ------------------------------------------------------------------ */
/* The checker: RFC 793 figure 6 plus "any state -> CLOSED" (ABORT, RST, */
/* timeouts).  Bit t of allowed[s] means s -> t is a legal transition.   */

#define B(s) (1u << (s))
static const unsigned allowed[N_STATES] = {
    [CLOSED] = B(LISTEN) | B(SYN_SENT),
    [LISTEN] = B(SYN_RECEIVED) | B(SYN_SENT),
    [SYN_SENT] = B(SYN_RECEIVED) | B(ESTABLISHED),
    [SYN_RECEIVED] = B(ESTABLISHED) | B(FIN_WAIT_1) | B(LISTEN) | B(CLOSE_WAIT),
    [ESTABLISHED] = B(FIN_WAIT_1) | B(CLOSE_WAIT),
    [FIN_WAIT_1] = B(FIN_WAIT_2) | B(CLOSING) | B(TIME_WAIT),
    [FIN_WAIT_2] = B(TIME_WAIT),
    [CLOSE_WAIT] = B(LAST_ACK),
    [CLOSING] = B(TIME_WAIT),
    [LAST_ACK] = 0,
    [TIME_WAIT] = 0,
};

static void check_transition(enum tcp_state from, enum tcp_state to, bool passive) {
    if (from == to || to == CLOSED) return;
    assert(allowed[from] & B(to));
    /* SYN-RECEIVED -> LISTEN exists only for passively opened connections. */
    assert(!(from == SYN_RECEIVED && to == LISTEN && !passive));
}

/* ------------------------------------------------------------------ */
/* Sequence-space helpers (RFC 793 section 3.3), all modulo 2^32.       */

static bool seq_lt(uint32_t a, uint32_t b) { return (int32_t)(a - b) < 0; }
static bool seq_le(uint32_t a, uint32_t b) { return (int32_t)(a - b) <= 0; }

static bool in_window(uint32_t rcv_nxt, uint32_t seq) { return seq - rcv_nxt < RCV_WND; }

/* The four-case acceptability test. */
static bool acceptable(const struct tcb *c, const struct segment *s) {
    if (s->len == 0) return s->seq == c->rcv_nxt || in_window(c->rcv_nxt, s->seq);
    return in_window(c->rcv_nxt, s->seq) || in_window(c->rcv_nxt, s->seq + s->len - 1);
}

static void send_rst(struct tcb *c) { c->rst_sent++; }
static void send_ack(struct tcb *c) { c->ack_sent++; }

/* Where a FIN takes each synchronized state (step 8 of SEGMENT ARRIVES).
 * FIN-WAIT-1 depends on whether our FIN is acknowledged; see on_fin(). */
static const unsigned char fin_next[N_STATES] = {
    [SYN_RECEIVED] = CLOSE_WAIT,
    [ESTABLISHED] = CLOSE_WAIT,
    [FIN_WAIT_1] = CLOSING,
    [FIN_WAIT_2] = TIME_WAIT,
    [CLOSE_WAIT] = CLOSE_WAIT,
    [CLOSING] = CLOSING,
    [LAST_ACK] = CLOSE_WAIT, /* BUG: must stay in LAST_ACK */
    [TIME_WAIT] = TIME_WAIT,
};

static enum tcp_state on_rst(struct tcb *c) {
    switch (c->st) {
    case SYN_RECEIVED:
        /* After a SYN-ACK retransmission this is treated as a half-open
         * attempt and the block is recycled for the listener.
         * BUG: an actively opened connection has no listener to go back to;
         * the passive test below must come first. */
        if (c->synack_retx > 0) return LISTEN;
        return c->passive ? LISTEN : CLOSED;
    case ESTABLISHED: case FIN_WAIT_1: case FIN_WAIT_2: case CLOSE_WAIT:
        c->resets++;
        return CLOSED;
    default:
        return CLOSED;
    }
}

static enum tcp_state on_fin(struct tcb *c) {
    c->rcv_nxt++;
    send_ack(c);
    if (c->st == FIN_WAIT_1 && c->fin_sent && seq_lt(c->fin_seq, c->snd_una)) return TIME_WAIT;
    enum tcp_state next = (enum tcp_state)fin_next[c->st];
    if (next == TIME_WAIT) c->tw_ticks = 0;
    return next;
}

/* States after the handshake share one path through the segment steps. */
static enum tcp_state synchronized_segment(struct tcb *c, const struct segment *s) {
    /* first: sequence number */
    if (!acceptable(c, s)) {
        if (!(s->flags & F_RST)) send_ack(c);
        return c->st;
    }
    /* second: RST */
    if (s->flags & F_RST) return on_rst(c);
    /* fourth: SYN in the window is an error */
    if (s->flags & F_SYN) {
        send_rst(c);
        return CLOSED;
    }
    /* fifth: ACK */
    if (!(s->flags & F_ACK)) return c->st;
    enum tcp_state st = c->st;
    if (st == SYN_RECEIVED) {
        if (seq_lt(c->snd_una, s->ack) && seq_le(s->ack, c->snd_nxt)) {
            c->snd_una = s->ack;
            st = ESTABLISHED;
        } else {
            send_rst(c);
            return st;
        }
    } else if (seq_lt(c->snd_nxt, s->ack)) {
        send_ack(c); /* acknowledges something not yet sent */
        return st;
    } else if (seq_lt(c->snd_una, s->ack)) {
        c->snd_una = s->ack;
    }
    bool fin_acked = c->fin_sent && seq_lt(c->fin_seq, c->snd_una);
    if (st == FIN_WAIT_1 && fin_acked) st = FIN_WAIT_2;
    else if (st == CLOSING && fin_acked) { st = TIME_WAIT; c->tw_ticks = 0; }
    else if (st == LAST_ACK && fin_acked) return CLOSED;
    else if (st == TIME_WAIT) c->tw_ticks = 0; /* retransmitted FIN: restart 2MSL */
    c->st = st;
    /* seventh: segment text, only in order and while we still receive */
    if (s->len > 0 && s->seq == c->rcv_nxt &&
        (st == ESTABLISHED || st == FIN_WAIT_1 || st == FIN_WAIT_2)) {
        c->rcv_nxt += s->len;
        c->bytes_in += s->len;
        send_ack(c);
    }
    /* eighth: FIN, if it is the next byte expected */
    if ((s->flags & F_FIN) && s->seq + s->len == c->rcv_nxt) return on_fin(c);
    return st;
}

static enum tcp_state segment_arrives(struct tcb *c, const struct segment *s) {
    switch (c->st) {
    case CLOSED:
        if (!(s->flags & F_RST)) send_rst(c);
        return CLOSED;
    case LISTEN:
        if (s->flags & F_RST) return LISTEN;
        if (s->flags & F_ACK) { send_rst(c); return LISTEN; }
        if (!(s->flags & F_SYN)) return LISTEN;
        c->irs = s->seq;
        c->rcv_nxt = s->seq + 1;
        c->snd_una = ISS;
        c->snd_nxt = ISS + 1;
        c->passive = true;
        c->synack_sent++;
        return SYN_RECEIVED;
    case SYN_SENT: {
        bool ack_ok = false;
        if (s->flags & F_ACK) {
            if (s->ack != c->snd_nxt) {
                if (!(s->flags & F_RST)) send_rst(c);
                return SYN_SENT;
            }
            ack_ok = true;
        }
        if (s->flags & F_RST) return ack_ok ? CLOSED : SYN_SENT;
        if (!(s->flags & F_SYN)) return SYN_SENT;
        c->irs = s->seq;
        c->rcv_nxt = s->seq + 1;
        if (ack_ok) {
            c->snd_una = s->ack;
            send_ack(c);
            return ESTABLISHED;
        }
        /* Simultaneous open. */
        c->synack_sent++;
        c->passive = false;
        return SYN_RECEIVED;
    }
    default:
        return synchronized_segment(c, s);
    }
}

static enum tcp_state user_call(struct tcb *c, enum ev_kind k) {
    switch (k) {
    case EVK_ACTIVE_OPEN:
        if (c->st != CLOSED && c->st != LISTEN) return c->st; /* "connection already exists" */
        c->snd_una = ISS;
        c->snd_nxt = ISS + 1;
        c->retries = 0;
        c->passive = false;
        return SYN_SENT;
    case EVK_PASSIVE_OPEN:
        return c->st == CLOSED ? LISTEN : c->st;
    case EVK_SEND: {
        unsigned char n = __VERIFIER_nondet_uchar();
        __VERIFIER_assume((n >= 1) & (n <= 8));
        if (c->st == ESTABLISHED || c->st == CLOSE_WAIT) c->snd_nxt += n;
        return c->st; /* elsewhere: "connection closing" or queued; no change */
    }
    case EVK_CLOSE:
        switch (c->st) {
        case LISTEN: case SYN_SENT:
            return CLOSED;
        case SYN_RECEIVED: case ESTABLISHED: case CLOSE_WAIT:
            c->fin_sent = true;
            c->fin_seq = c->snd_nxt;
            c->snd_nxt++;
            return c->st == CLOSE_WAIT ? LAST_ACK : FIN_WAIT_1;
        default:
            return c->st; /* "connection closing" */
        }
    case EVK_ABORT:
        if (c->st != CLOSED && c->st != LISTEN && c->st != SYN_SENT) send_rst(c);
        return CLOSED;
    default:
        return c->st;
    }
}

static enum tcp_state tick(struct tcb *c) {
    if (c->st == SYN_SENT && ++c->retries >= SYN_RETRIES) return CLOSED;
    if (c->st == SYN_RECEIVED) {
        /* Retransmit the SYN-ACK; give up after SYN_RETRIES. */
        c->synack_sent++;
        if (++c->synack_retx >= SYN_RETRIES) return c->passive ? LISTEN : CLOSED;
    }
    if (c->st == TIME_WAIT && ++c->tw_ticks >= TIME_WAIT_TICKS) return CLOSED;
    return c->st;
}

static void read_segment(struct segment *s) {
    unsigned char f = __VERIFIER_nondet_uchar();
    __VERIFIER_assume(f < 16);
    s->flags = f;
    s->seq = __VERIFIER_nondet_uint();
    s->ack = __VERIFIER_nondet_uint();
    unsigned char n = __VERIFIER_nondet_uchar();
    __VERIFIER_assume(n <= 4);
    s->len = n;
}

int main(void) {
    struct tcb c = { .st = CLOSED };
    int established_seen = 0;

    for (int step = 0; step < MAX_STEPS; step++) {
        unsigned char k = __VERIFIER_nondet_uchar();
        __VERIFIER_assume(k < EVK_COUNT);
        if (k == EVK_QUIT) break; /* the owning process exits */
        enum tcp_state from = c.st, to;
        if (k == EVK_SEGMENT) {
            struct segment s;
            read_segment(&s);
            to = segment_arrives(&c, &s);
        } else if (k == EVK_TICK) {
            to = tick(&c);
        } else {
            to = user_call(&c, (enum ev_kind)k);
        }
        check_transition(from, to, c.passive);
        if (to == CLOSED && from != CLOSED) {
            /* The control block is deleted: start over with a fresh one. */
            struct tcb fresh = { .st = CLOSED, .rst_sent = c.rst_sent, .ack_sent = c.ack_sent };
            c = fresh;
        }
        c.st = to;
        if (to == ESTABLISHED) established_seen++;
    }
    if (c.st == TIME_WAIT) return 5;
    if (established_seen > 0) return c.bytes_in > 0 ? 6 : 0;
    return 1;
}
