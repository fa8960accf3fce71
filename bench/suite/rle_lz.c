/*
 * rle_lz.c -- a decoder for a small block-structured compression format
 *             combining stored blocks, run-length blocks and LZ77 blocks.
 *
 * Workload class: decompression (bit fields, back-references into an output
 * window, bounds arithmetic, integrity checks).
 *
 * Format (all sizes in bytes):
 *   magic 0xB7, flags (bit 0: a checksum trailer follows the end block,
 *   bit 1: a declared-length byte follows the flags; other bits must be 0),
 *   [declared length], then blocks. A block header byte is TT SSSS CC: type,
 *   a 4-bit sequence number that must count 0, 1, 2, ... (a dropped or
 *   reordered block is detected), and a small count:
 *     TT=00 END     CC must be 0
 *     TT=01 STORED  CC+1 literal bytes follow
 *     TT=10 RLE     one value byte follows; it is repeated CC+2 times
 *     TT=11 LZ      CC+1 tokens follow. Token bits 7..6 select:
 *                   00 literal run of (t&3)+1 bytes (bits 5..2 must be 0);
 *                   01 short match of (t&3)+2 bytes, distance ((t>>2)&15)+1;
 *                   10 long match of (t&3)+2 bytes, distance off+1 where off
 *                      (>= 12) is the next byte; 11 is reserved.
 *                   Matches may overlap their own output.
 *   The optional trailer is an 8-bit Fletcher-style sum of the output.
 *   Everything is decoded into a WIN-byte window; more output is an error.
 *
 * Symbolic input:
 *   src[24]  -- the compressed stream, unconstrained bytes.
 *
 * Planted bug:
 *   A long match is validated with "off > produced" where it must be
 *   "off >= produced": when the offset byte equals the number of bytes
 *   produced so far, the source index is -1 and copy_match() reads one byte
 *   before the window (out-of-bounds read on the stack). Long matches need
 *   off >= 12, and no block or token produces more than five bytes, so the
 *   stream must first produce at least 12 bytes through three or more
 *   correctly sequenced blocks or tokens, then carry an LZ block with a long
 *   match whose offset is exactly the output length. Short matches are
 *   validated correctly.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <symplex.h>

#define SRC_LEN 24
#define WIN 32
#define MAGIC 0xB7

enum status {
    ST_OK = 0,
    ST_BAD_MAGIC = 1,
    ST_BAD_FLAGS = 2,
    ST_TRUNCATED = 3,
    ST_BAD_BLOCK = 4,
    ST_OVERFLOW = 5,   /* output would not fit the window */
    ST_BAD_MATCH = 6,  /* back-reference before the start */
    ST_BAD_LENGTH = 7, /* declared length differs */
    ST_BAD_SUM = 8,
    ST_TRAILING = 9,   /* bytes after the end of the stream */
    ST_BAD_SEQUENCE = 10, /* a block is missing or out of order */
};

struct reader {
    const uint8_t *p;
    size_t n, pos;
};

struct decoder {
    uint8_t *win; /* WIN bytes */
    size_t produced;
    int blocks[4]; /* blocks seen by type (END is not counted) */
    int matches, literals;
    size_t longest_match;
};

static bool get_byte(struct reader *r, uint8_t *out) {
    if (r->pos >= r->n) return false;
    *out = r->p[r->pos++];
    return true;
}

static enum status emit(struct decoder *d, uint8_t b) {
    if (d->produced >= WIN) return ST_OVERFLOW;
    d->win[d->produced++] = b;
    return ST_OK;
}

static enum status stored_block(struct reader *r, struct decoder *d, unsigned count) {
    for (unsigned i = 0; i < count; i++) {
        uint8_t b;
        if (!get_byte(r, &b)) return ST_TRUNCATED;
        enum status s = emit(d, b);
        if (s != ST_OK) return s;
    }
    return ST_OK;
}

static enum status rle_block(struct reader *r, struct decoder *d, unsigned count) {
    uint8_t v;
    if (!get_byte(r, &v)) return ST_TRUNCATED;
    /* check the whole run up front: a run is all or nothing */
    if (d->produced + count > WIN) return ST_OVERFLOW;
    for (unsigned i = 0; i < count; i++) d->win[d->produced++] = v;
    return ST_OK;
}

/* Copy a match of len bytes starting dist bytes back; the source index has
 * been validated by the caller. Byte by byte: an overlapping match repeats
 * its own output. */
static enum status copy_match(struct decoder *d, ptrdiff_t from, unsigned len) {
    if (d->produced + len > WIN) return ST_OVERFLOW;
    for (unsigned i = 0; i < len; i++) {
        d->win[d->produced] = d->win[from + (ptrdiff_t)i];
        d->produced++;
    }
    d->matches++;
    if (len > d->longest_match) d->longest_match = len;
    return ST_OK;
}

static enum status lz_block(struct reader *r, struct decoder *d, unsigned tokens) {
    for (unsigned t = 0; t < tokens; t++) {
        uint8_t tok;
        if (!get_byte(r, &tok)) return ST_TRUNCATED;
        unsigned len = (tok & 3u) + 2;
        enum status s;
        switch (tok >> 6) {
        case 0: { /* literal run */
            if (tok & 0x3C) return ST_BAD_BLOCK; /* reserved bits */
            unsigned count = (tok & 3u) + 1;
            s = stored_block(r, d, count);
            d->literals += (int)count;
            break;
        }
        case 1: { /* short match: distance 1..16 in the token */
            unsigned dist = ((tok >> 2) & 0xFu) + 1;
            if (dist > d->produced) return ST_BAD_MATCH;
            s = copy_match(d, (ptrdiff_t)d->produced - (ptrdiff_t)dist, len);
            break;
        }
        case 2: { /* long match: offset byte follows, distance off+1 */
            uint8_t off;
            if (!get_byte(r, &off)) return ST_TRUNCATED;
            if (off < 12) return ST_BAD_MATCH; /* encoder must use the short form */
            if (off > d->produced) return ST_BAD_MATCH;
            s = copy_match(d, (ptrdiff_t)d->produced - off - 1, len);
            break;
        }
        default: return ST_BAD_BLOCK;
        }
        if (s != ST_OK) return s;
    }
    return ST_OK;
}

/* Fletcher-style sum over the output with 8-bit wrap-around (cheap on a
 * microcontroller: no division). */
static uint8_t output_sum(const struct decoder *d) {
    uint8_t a = 1, b = 0;
    for (size_t i = 0; i < d->produced; i++) {
        a = (uint8_t)(a + d->win[i]);
        b = (uint8_t)(b + a);
    }
    return (uint8_t)(a ^ b);
}

static enum status decode(struct reader *r, struct decoder *d) {
    uint8_t magic, flags, declared = 0;
    if (!get_byte(r, &magic) || magic != MAGIC) return ST_BAD_MAGIC;
    if (!get_byte(r, &flags)) return ST_TRUNCATED;
    if (flags & ~3u) return ST_BAD_FLAGS;
    bool has_sum = flags & 1, has_len = flags & 2;
    if (has_len && !get_byte(r, &declared)) return ST_TRUNCATED;
    if (has_len && declared > WIN) return ST_BAD_FLAGS;

    for (int seq = 0;; seq++) {
        uint8_t h;
        if (!get_byte(r, &h)) return ST_TRUNCATED;
        /* header: TT SSSS CC -- type, sequence number, small count */
        unsigned type = h >> 6, cc = h & 3u;
        if (((h >> 2) & 0xFu) != ((unsigned)seq & 0xFu)) return ST_BAD_SEQUENCE;
        enum status s;
        switch (type) {
        case 0:
            if (cc != 0) return ST_BAD_BLOCK;
            goto end;
        case 1:
            d->blocks[1]++;
            s = stored_block(r, d, cc + 1);
            break;
        case 2:
            d->blocks[2]++;
            s = rle_block(r, d, cc + 2);
            break;
        default:
            d->blocks[3]++;
            s = lz_block(r, d, cc + 1);
            break;
        }
        if (s != ST_OK) return s;
    }
end:
    if (has_len && declared != d->produced) return ST_BAD_LENGTH;
    if (has_sum) {
        uint8_t want;
        if (!get_byte(r, &want)) return ST_TRUNCATED;
        if (want != output_sum(d)) return ST_BAD_SUM;
    }
    /* the rest of the buffer must be zero padding */
    for (size_t i = r->pos; i < r->n; i++)
        if (r->p[i] != 0) return ST_TRAILING;
    return ST_OK;
}

/* Content sniffing on the decompressed data, as a server does before it
 * picks a content type. */
struct signature {
    const char *magic;
    size_t len;
};

static const struct signature signatures[] = {
    {"GIF8", 4},
    {"\x89PNG", 4},
    {"PK\x03\x04", 4},
    {"%PDF", 4},
    {"\x1f\x8b", 2},
};

static int sniff(const uint8_t *buf, size_t n) {
    for (size_t i = 0; i < sizeof signatures / sizeof signatures[0]; i++) {
        const struct signature *sg = &signatures[i];
        if (n >= sg->len && memcmp(buf, sg->magic, sg->len) == 0) return (int)i + 1;
    }
    /* plain text: printable ASCII and newlines only */
    size_t printable = 0;
    for (size_t i = 0; i < n; i++) printable += (buf[i] >= 0x20 && buf[i] < 0x7f) || buf[i] == '\n';
    if (printable == n && n >= 8) return 9;
    return 0;
}

static size_t longest_run(const uint8_t *buf, size_t n) {
    size_t best = 1, cur = 1;
    for (size_t i = 1; i < n; i++) {
        cur = buf[i] == buf[i - 1] ? cur + 1 : 1;
        if (cur > best) best = cur;
    }
    return best;
}

int main(void) {
    uint8_t src[SRC_LEN];
    symplex_make_symbolic(src, sizeof src, "src");

    uint8_t window[WIN];
    memset(window, 0, sizeof window);
    struct decoder d;
    memset(&d, 0, sizeof d);
    d.win = window;
    struct reader r = {src, sizeof src, 0};

    enum status s = decode(&r, &d);
    if (s != ST_OK) return (int)s;

    /* classify what a successful stream looked like */
    if (d.produced == 0) return 20;
    int kind = sniff(window, d.produced);
    if (kind > 0) return 30 + kind;
    size_t run = longest_run(window, d.produced);
    if (run >= 12) return 24;
    if (d.matches > 1 && d.longest_match == 5) return 21;
    if (d.blocks[1] > 0 && d.blocks[2] > 0 && d.blocks[3] > 0) return 22;
    if (d.produced == WIN) return 23;
    return 0;
}
