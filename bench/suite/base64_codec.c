/* base64_codec.c -- strict base64 decoder with a re-encode round-trip check.
 *
 * Models: the base64 layer of a PEM/MIME reader that must reject every
 * non-canonical encoding (so that one binary value has exactly one accepted
 * text form -- signatures are computed over the text).  The decoder supports
 * the standard and the URL-safe alphabets, optional padding, and line breaks
 * or spaces anywhere in the text.  Every accepted input is re-encoded, with
 * line wrapping at a caller-chosen width, and compared with the input (white
 * space ignored): for a strict decoder the two must be identical.
 *
 * Workload class: data encoding / bit manipulation (character ranges, shifts
 * and masks, 64-entry table lookups with symbolic indices in the encoder, a
 * length formula, modulo on a symbolic width).
 *
 * Symbolic inputs:
 *   text  -- char[12], the encoded text; it ends at the first NUL byte.
 *   flags -- uint8_t: bit 0 URL-safe alphabet, bit 1 padding optional,
 *            bit 2 wrap the re-encoded output; other bits ignored.
 *   width -- uint8_t, the line width used when wrapping; assumed 6..16.
 *
 * Planted bugs:
 *   1. decode() has a fast path that packs eight alphabet characters (48
 *      bits) into one accumulator, but the accumulator is 32 bits wide: the top
 *      16 bits are shifted out, so the first two decoded bytes are wrong
 *      unless they happen to be zero.  The re-encoded text then differs from
 *      the input and the round-trip assert in main() fails (assertion).  Needs
 *      eight consecutive alphabet characters whose first 16 bits are not all
 *      zero, and the rest of the text decoding strictly: deep.
 *   2. encoded_size() counts one line break per started line after the first,
 *      but encode() also ends the last line with a break when it is exactly
 *      full, so when the encoded length is a non-zero multiple of the width
 *      the terminating NUL is written one byte past the malloc'd buffer
 *      (out-of-bounds write).  Needs wrapping on and a text of 6+ characters
 *      with len % width == 0 that survives strict decoding: moderate.
 */
#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <symplex.h>

#define TEXT_SIZE 12
#define BIN_CAP 16

static const char alpha_std[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
static const char alpha_url[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/* Value of one character: 0..63, or one of the markers below.  Range tests
 * rather than a 256-entry table keep this code free of data-dependent memory
 * reads (the same shape as constant-time decoders). */
enum { INV = -1, PAD = -2, WS = -3 };

static int char_value(unsigned char c, bool url_safe) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == (url_safe ? '-' : '+')) return 62;
    if (c == (url_safe ? '_' : '/')) return 63;
    if (c == '=') return PAD;
    if (c == ' ' || c == '\n' || c == '\r') return WS;
    return INV;
}

struct opts {
    bool url_safe;
    bool pad_optional;
    bool wrap;
    unsigned width;
};

enum derr { D_OK = 0, D_BAD_CHAR, D_BAD_PAD, D_TRUNCATED, D_NONCANONICAL, D_TOO_LONG };

/* Decodes the NUL-terminated text (at most cap bytes) into bin in a single
 * pass.  *used receives the text length, *padded whether it used '='. */
static enum derr decode(const char *text, size_t cap, const struct opts *o,
                        uint8_t *bin, size_t *nbin, bool *padded, size_t *used) {
    uint8_t q[4];
    int nq = 0;
    size_t n = 0;
    int pads = 0;
    *padded = false;

    size_t i = 0;
    for (; i < cap && text[i] != '\0'; i++) {
        /* Fast path: at a group boundary, eight plain alphabet characters in
         * a row become six bytes through one accumulator.  A NUL is not an
         * alphabet character, so this never reads past the terminator. */
        if (nq == 0 && pads == 0 && cap - i >= 8 && n + 6 <= BIN_CAP) {
            unsigned acc = 0; /* BUG: 8 x 6 = 48 bits do not fit in 32 */
            size_t k = 0;
            for (; k < 8; k++) {
                int fv = char_value((unsigned char)text[i + k], o->url_safe);
                if (fv < 0) break;
                acc = acc << 6 | (unsigned)fv;
            }
            if (k == 8) {
                const uint64_t bits = acc; /* the 48 bits of six bytes */
                for (int b = 5; b >= 0; b--) bin[n++] = (uint8_t)(bits >> (8 * b));
                i += 7;
                continue;
            }
            /* Not eight plain characters: take the general path. */
        }
        int v = char_value((unsigned char)text[i], o->url_safe);
        if (v == WS) continue;
        if (v == INV) return D_BAD_CHAR;
        if (v == PAD) {
            /* '=' may only complete a group that has 2 or 3 characters. */
            if (pads == 0 && nq < 2) return D_BAD_PAD;
            pads++;
            if (nq + pads > 4) return D_BAD_PAD;
            continue;
        }
        if (pads > 0) return D_BAD_PAD; /* data after padding */
        q[nq++] = (uint8_t)v;
        if (nq == 4) {
            if (n + 3 > BIN_CAP) return D_TOO_LONG;
            bin[n++] = (uint8_t)(q[0] << 2 | q[1] >> 4);
            bin[n++] = (uint8_t)(q[1] << 4 | q[2] >> 2);
            bin[n++] = (uint8_t)(q[2] << 6 | q[3]);
            nq = 0;
        }
    }
    *used = i;
    if (pads > 0) {
        if (nq + pads != 4) return D_BAD_PAD;
        *padded = true;
    } else if (nq != 0 && !o->pad_optional) {
        return D_TRUNCATED;
    }
    if (nq == 1) return D_TRUNCATED; /* six bits cannot make a byte */
    if (nq == 2) {
        /* One byte: 8 of the 12 bits are used, the low 4 must be zero. */
        if (q[1] & 0x0F) return D_NONCANONICAL;
        if (n + 1 > BIN_CAP) return D_TOO_LONG;
        bin[n++] = (uint8_t)(q[0] << 2 | q[1] >> 4);
    } else if (nq == 3) {
        /* Two bytes: 16 of 18 bits used, the low 2 must be zero. */
        if (q[2] & 0x03) return D_NONCANONICAL;
        if (n + 2 > BIN_CAP) return D_TOO_LONG;
        bin[n++] = (uint8_t)(q[0] << 2 | q[1] >> 4);
        bin[n++] = (uint8_t)(q[1] << 4 | q[2] >> 2);
    }
    *nbin = n;
    return D_OK;
}

/* Characters of the encoding of n bytes, without line breaks. */
static size_t encoded_chars(size_t n, bool pad) {
    if (pad) return (n + 2) / 3 * 4;
    return n / 3 * 4 + (n % 3 ? n % 3 + 1 : 0);
}

/* Buffer size for encode(): characters, line breaks and the NUL.
 * BUG: encode() breaks after every full line, including the last one, so a
 * length that is a multiple of the width needs one more byte than this. */
static size_t encoded_size(size_t chars, const struct opts *o) {
    size_t breaks = 0;
    if (o->wrap && chars > 0) breaks = (chars - 1) / o->width;
    return chars + breaks + 1;
}

static char *encode(const uint8_t *bin, size_t n, const struct opts *o, bool pad) {
    const char *alpha = o->url_safe ? alpha_url : alpha_std;
    size_t chars = encoded_chars(n, pad);
    char *out = malloc(encoded_size(chars, o));
    if (!out) return NULL;
    size_t k = 0;
    unsigned col = 0;
    char group[4];
    for (size_t i = 0; i < n; i += 3) {
        uint32_t w = (uint32_t)bin[i] << 16;
        size_t take = n - i < 3 ? n - i : 3;
        if (take > 1) w |= (uint32_t)bin[i + 1] << 8;
        if (take > 2) w |= bin[i + 2];
        group[0] = alpha[(w >> 18) & 63];
        group[1] = alpha[(w >> 12) & 63];
        group[2] = take > 1 ? alpha[(w >> 6) & 63] : '=';
        group[3] = take > 2 ? alpha[w & 63] : '=';
        size_t emit = pad ? 4 : take + 1;
        for (size_t g = 0; g < emit; g++) {
            out[k++] = group[g];
            if (o->wrap && ++col == o->width) {
                out[k++] = '\n';
                col = 0;
            }
        }
    }
    out[k] = '\0';
    return out;
}

/* Compare ignoring the white space both sides may contain. */
static bool same_ignoring_ws(const char *a, size_t alen, const char *b) {
    size_t i = 0;
    for (;;) {
        while (i < alen && (a[i] == ' ' || a[i] == '\n' || a[i] == '\r')) i++;
        while (*b == '\n') b++;
        if (i == alen || *b == '\0') return i == alen && *b == '\0';
        if (a[i] != *b) return false;
        i++;
        b++;
    }
}

int main(void) {
    char text[TEXT_SIZE];
    uint8_t flags, width;
    symplex_make_symbolic(text, sizeof text, "text");
    symplex_make_symbolic(&flags, sizeof flags, "flags");
    symplex_make_symbolic(&width, sizeof width, "width");
    symplex_assume((width >= 6) & (width <= 16));

    struct opts o = {
        .url_safe = (flags & 1) != 0,
        .pad_optional = (flags & 2) != 0,
        .wrap = (flags & 4) != 0,
        .width = width,
    };
    size_t len = 0;
    uint8_t bin[BIN_CAP];
    size_t nbin = 0;
    bool padded;
    enum derr e = decode(text, sizeof text, &o, bin, &nbin, &padded, &len);
    if (e != D_OK) return 10 + (int)e;
    if (nbin == 0) return 1;

    /* Re-encode the way the input was written: padded unless it was not. */
    char *again = encode(bin, nbin, &o, padded || !o.pad_optional);
    if (!again) return 9;
    bool same = same_ignoring_ws(text, len, again);
    free(again);
    /* A strict decoder accepts exactly the canonical encodings. */
    assert(same);
    return nbin > 6 ? 5 : 0;
}
