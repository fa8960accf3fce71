/* crc_checksum.c -- checksummed packet receiver with four check algorithms.
 *
 * Models: the link layer of a serial sensor bus.  A byte stream carries up to
 * two packets:
 *
 *   0x7E | type+flags | len | seq | check (16 bits, little endian) | payload
 *
 * The low two bits of `type` select the check algorithm -- CRC-16/CCITT
 * (bitwise, MSB first), CRC-32 (bitwise, reflected, folded to 16 bits),
 * Adler-32 (folded) or Fletcher-16 -- computed over the payload (0..4
 * bytes).  A packet is accepted only when its check field equals the
 * computed value, so reaching any code behind the check means solving the
 * checksum equation.  Accepted packets carry register commands; sequence
 * numbers are tracked and early packets are parked in a small reorder
 * window.  All bit loops are branch-free (mask from the low/high bit), as
 * embedded CRC code usually is.
 *
 * Workload class: integer numeric kernels (shift/xor/mask chains, modulo
 * 255/65521) guarding control flow; solver-heavy.
 *
 * Symbolic inputs:
 *   stream -- uint8_t[20], the received bytes (no constraints).
 *
 * Planted bugs:
 *   1. cmd_write() accepts register numbers up to and including N_REGS, so a
 *      valid packet carrying "write register 8" stores one element past
 *      regs[] (out-of-bounds write).  Needs one packet whose check field
 *      matches its checksum, with a specific command: moderate (every query
 *      on that path carries the whole checksum equation).
 *   2. deliver() parks early packets in pending[gap - 1] but its window test
 *      is off by one, so a packet exactly five sequence numbers ahead of the
 *      expected one is copied to pending[4], past the four-slot array
 *      (out-of-bounds write).  Needs two consecutive packets that both pass
 *      their checks, with related sequence numbers: deep.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <symplex.h>

#define STREAM_SIZE 20
#define HDR_SIZE 6
#define MAX_PAYLOAD 4
#define MAX_PACKETS 2
#define N_REGS 8
#define REORDER_WINDOW 4
#define MAGIC 0x7E

enum check_kind { CK_CRC16, CK_CRC32, CK_ADLER32, CK_FLETCHER16 };
enum { FLAG_ACK = 0x10, FLAG_URGENT = 0x20 };
enum cmd { CMD_WRITE = 1, CMD_READ = 2, CMD_RESET = 3, CMD_ECHO = 4 };

static uint16_t crc16_ccitt(const uint8_t *p, size_t n) {
    uint16_t crc = 0xFFFF;
    for (size_t i = 0; i < n; i++) {
        crc ^= (uint16_t)(p[i] << 8);
        for (int b = 0; b < 8; b++) {
            uint16_t mask = (uint16_t)-(uint16_t)((crc >> 15) & 1);
            crc = (uint16_t)((crc << 1) ^ (0x1021 & mask));
        }
    }
    return crc;
}

static uint32_t crc32(const uint8_t *p, size_t n) {
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        crc ^= p[i];
        for (int b = 0; b < 8; b++) crc = (crc >> 1) ^ (0xEDB88320u & -(crc & 1u));
    }
    return ~crc;
}

static uint32_t adler32(const uint8_t *p, size_t n) {
    uint32_t a = 1, b = 0;
    for (size_t i = 0; i < n; i++) {
        a = (a + p[i]) % 65521u;
        b = (b + a) % 65521u;
    }
    return b << 16 | a;
}

static uint16_t fletcher16(const uint8_t *p, size_t n) {
    uint16_t s1 = 0, s2 = 0;
    for (size_t i = 0; i < n; i++) {
        s1 = (uint16_t)((s1 + p[i]) % 255);
        s2 = (uint16_t)((s2 + s1) % 255);
    }
    return (uint16_t)(s2 << 8 | s1);
}

static uint16_t fold32(uint32_t v) { return (uint16_t)(v ^ (v >> 16)); }

/* The check covers the payload; the header is protected by the framing
 * rules only (magic, len range). */
static uint16_t packet_check(enum check_kind kind, const uint8_t *payload, size_t len) {
    switch (kind) {
    case CK_CRC16: return crc16_ccitt(payload, len);
    case CK_CRC32: return fold32(crc32(payload, len));
    case CK_ADLER32: return fold32(adler32(payload, len));
    case CK_FLETCHER16: return fletcher16(payload, len);
    }
    return 0;
}

/* Payloads of packets that arrived early: slot g-1 holds the packet g ahead
 * of the expected one. */
static uint8_t pending[REORDER_WINDOW][MAX_PAYLOAD];

/* The device's register file. */
static uint8_t regs[N_REGS];

struct receiver {
    bool have_seq;
    uint8_t expected;            /* next in-order sequence number */
    int parked, duplicates, stale, dropped_far;
    int accepted, bad_check, bad_framing, acks, urgent;
    int per_kind[4];
    uint8_t last_read;
    int writes;
};

static int cmd_write(struct receiver *rx, const uint8_t *pl, size_t len) {
    if (len < 3) return -1;
    /* BUG: '>' lets register N_REGS through; must be '>='. */
    if (pl[1] > N_REGS) return -1;
    regs[pl[1]] = pl[2];
    rx->writes++;
    return 0;
}

static int cmd_read(struct receiver *rx, const uint8_t *pl, size_t len) {
    if (len < 2 || pl[1] >= N_REGS) return -1;
    rx->last_read = regs[pl[1]];
    return 0;
}

static int execute(struct receiver *rx, const uint8_t *pl, size_t len) {
    if (len == 0) return 0; /* keep-alive */
    switch (pl[0]) {
    case CMD_WRITE: return cmd_write(rx, pl, len);
    case CMD_READ: return cmd_read(rx, pl, len);
    case CMD_RESET: memset(regs, 0, sizeof regs); return 0;
    case CMD_ECHO: return len > 1 ? 0 : -1;
    default: return -1;
    }
}

/* Sequence handling: in-order packets run now, early ones are parked,
 * a repeat of the last one is counted as a duplicate. */
static void deliver(struct receiver *rx, uint8_t seq, const uint8_t *pl, size_t len) {
    if (!rx->have_seq) {
        rx->have_seq = true;
        rx->expected = seq;
    }
    int gap = (int)seq - (int)rx->expected;
    if (gap == 0) {
        execute(rx, pl, len);
        rx->expected = (uint8_t)(seq + 1);
        return;
    }
    if (gap < 0) {
        if (gap == -1) rx->duplicates++;
        else rx->stale++;
        return;
    }
    /* BUG: off by one, must be gap > REORDER_WINDOW; a packet exactly
     * REORDER_WINDOW + 1 ahead is parked in pending[REORDER_WINDOW]. */
    if (gap > REORDER_WINDOW + 1) {
        rx->dropped_far++;
        return;
    }
    for (size_t i = 0; i < len; i++) pending[gap - 1][i] = pl[i];
    rx->parked++;
}

int main(void) {
    uint8_t stream[STREAM_SIZE];
    symplex_make_symbolic(stream, sizeof stream, "stream");

    struct receiver rx;
    memset(&rx, 0, sizeof rx);
    size_t pos = 0;
    for (int k = 0; k < MAX_PACKETS && pos + HDR_SIZE <= sizeof stream; k++) {
        const uint8_t *h = stream + pos;
        if (h[0] != MAGIC) {
            /* Resynchronise on the next byte. */
            rx.bad_framing++;
            pos++;
            continue;
        }
        size_t len = h[2];
        if (len > MAX_PAYLOAD || pos + HDR_SIZE + len > sizeof stream) {
            rx.bad_framing++;
            pos++;
            continue;
        }
        const uint8_t *payload = h + HDR_SIZE;
        uint16_t want = (uint16_t)(h[4] | h[5] << 8);
        if (packet_check((enum check_kind)(h[1] & 3), payload, len) != want) {
            rx.bad_check++;
            pos += HDR_SIZE + len; /* framing was fine: skip the packet */
            continue;
        }
        rx.accepted++;
        rx.per_kind[h[1] & 3]++;
        if (h[1] & FLAG_ACK) rx.acks++;
        if (h[1] & FLAG_URGENT) rx.urgent++;
        deliver(&rx, h[3], payload, len);
        pos += HDR_SIZE + len;
    }

    if (rx.accepted == 0) return rx.bad_check > 0 ? 5 : 1;
    if (rx.parked > 0) return 6;
    if (rx.duplicates > 0) return 7;
    if (rx.per_kind[CK_ADLER32] > 0 || rx.per_kind[CK_FLETCHER16] > 0) return 8;
    if (rx.writes > 0) return 9;
    return 0;
}
