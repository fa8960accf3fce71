/* tlv_records.c -- type-length-value record stream with running totals.
 *
 * Models: the reader of a small telemetry file: an 8-byte header (magic
 * 0x54 0x4C, version, record count, total payload length as a little-endian
 * 16-bit field, header checksum) followed by records of one type byte, a
 * little-endian 16-bit length and that many value bytes. The reader checks
 * that the records fit the file and add up to the declared total, that the
 * header checksum is the sum of the other header bytes, and interprets each
 * record by type: a counter (2 bytes, added to a total), a temperature pair
 * (min and max as signed bytes, max >= min, mean within range), a scaled
 * reading (value * 3 - offset compared with limits), a string (printable
 * bytes) and an end marker. Totals are compared with thresholds at the end.
 *
 * Workload class: the MuSE paper's parsers: every byte of the input file
 * symbolic, decisions linear over multi-byte fields and over sums of them.
 *
 * Symbolic inputs:
 *   buf -- uint8_t[40], the whole file (no constraints).
 *
 * Planted bug:
 *   the temperature record counts its mean in hist[mean / 8 + 4], guarded by
 *   -40 < mean < 64, but hist has 11 entries: a mean of 56..63 increments
 *   hist[11] (out of bounds; the increment reads first, so it is reported as
 *   an out-of-bounds read). Needs a valid header checksum, a record layout
 *   whose lengths add up to the declared payload and a min/max pair whose
 *   mean is in 56..63: moderately deep.
 */
#include <stdint.h>
#include <symplex.h>

#define BUF_LEN 40
#define HDR_LEN 8

static uint32_t le16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }

typedef struct Totals { int32_t counter, readings, strings, hist[11]; } Totals;

static int check_header(const uint8_t *b, uint32_t *count, uint32_t *payload) {
    if (b[0] != 0x54 || b[1] != 0x4C) return 1;
    if (b[2] != 1 && b[2] != 2) return 2;
    *count = b[3];
    *payload = le16(b + 4);
    uint8_t sum = (uint8_t)(b[0] + b[1] + b[2] + b[3] + b[4] + b[5] + b[6]);
    if (sum != b[7]) return 3;
    if (*count == 0 || *count > 4) return 4;
    if (*payload > BUF_LEN - HDR_LEN) return 5;
    return 0;
}

static int temperature(const uint8_t *v, uint32_t len, Totals *t) {
    if (len != 2) return 30;
    int32_t lo = (int8_t)v[0], hi = (int8_t)v[1];
    if (hi < lo) return 31;
    int32_t mean = (lo + hi) / 2;
    if (mean <= -40 || mean >= 64) return 32;
    t->hist[mean / 8 + 4]++; /* BUG: means 56..63 index hist[11] */
    return hi - lo > 50 ? 33 : 0;
}

static int reading(const uint8_t *v, uint32_t len, Totals *t) {
    if (len != 3) return 40;
    int32_t value = (int32_t)le16(v), offset = v[2];
    int32_t scaled = value * 3 - offset;
    if (scaled < 0) return 41;
    if (scaled > 60000) return 42;
    t->readings += scaled > 30000 ? 2 : 1;
    return 0;
}

static int record(uint8_t type, const uint8_t *v, uint32_t len, Totals *t) {
    switch (type) {
    case 1:
        if (len != 2) return 20;
        t->counter += (int32_t)le16(v);
        return 0;
    case 2: return temperature(v, len, t);
    case 3: return reading(v, len, t);
    case 4:
        for (uint32_t i = 0; i < len; i++)
            if (v[i] < 0x20 || v[i] > 0x7E) return 50;
        t->strings++;
        return 0;
    case 5: return len == 0 ? -1 : 51;
    default: return 60;
    }
}

int main(void) {
    uint8_t buf[BUF_LEN];
    symplex_make_symbolic(buf, sizeof buf, "buf");
    uint32_t count, payload;
    int r = check_header(buf, &count, &payload);
    if (r) return r;
    Totals t = {0};
    uint32_t off = HDR_LEN, used = 0;
    for (uint32_t i = 0; i < count; i++) {
        if (off + 3 > BUF_LEN) return 6;
        uint8_t type = buf[off];
        uint32_t len = le16(buf + off + 1);
        if (off + 3 + len > BUF_LEN) return 7;
        r = record(type, buf + off + 3, len, &t);
        if (r < 0) break;
        if (r) return r;
        off += 3 + len;
        used += 3 + len;
    }
    if (used != payload) return 8;
    if (t.counter > 1000 && t.readings > 0) return 90;
    return t.strings > 1 ? 91 : 92;
}
